package emitutil

// This file implements the emitters' diagnostics: one error type, two
// sentinels, one message format, and a bounded list that one Emit call
// fills so that one run reports every problem.

import (
	"errors"
	"fmt"
	"strings"

	"github.com/llir/llvm/ir"
)

var (
	// ErrBadIR is wrapped by every error about a module outside the
	// contract of docs/ir.md: an instruction, type, constant or call the
	// front end must not emit. It means a bug in the front end (or a
	// hand-written module).
	ErrBadIR = errors.New("IR outside the contract of docs/ir.md")

	// ErrUnsupported is wrapped by every error about a kernel inside the
	// contract that the target (or the device the options describe)
	// cannot run: float64 without cl_khr_fp64, 8-bit atomics, an options
	// value the emitter refuses. Backends may fall back to another target.
	ErrUnsupported = errors.New("unsupported by the target")
)

// Error is one problem an emitter found. The portable IR carries no source
// positions, so the position is the kernel, the block and the instruction
// as `kago ir` prints them.
type Error struct {
	Target string // the emitter: "openclc", "spirv", "ptx"
	Kernel string // the kernel, without '@'; empty for module-level problems
	Block  string // the block as LLVM names it ("%entry", "%3"); empty outside blocks
	Inst   string // the instruction's LLVM text; empty outside instructions
	Msg    string // what is wrong
	Kind   error  // ErrBadIR or ErrUnsupported
}

// Error formats the problem as "target: kernel K: block b: instruction:
// message", leaving out the parts that are empty.
func (e *Error) Error() string {
	var b strings.Builder
	b.WriteString(e.Target)
	b.WriteString(": ")
	if e.Kernel != "" {
		fmt.Fprintf(&b, "kernel %s: ", e.Kernel)
	}
	if e.Block != "" {
		fmt.Fprintf(&b, "block %s: ", e.Block)
	}
	if e.Inst != "" {
		fmt.Fprintf(&b, "%s: ", e.Inst)
	}
	b.WriteString(e.Msg)
	return b.String()
}

// Unwrap returns the error's kind, ErrBadIR or ErrUnsupported.
func (e *Error) Unwrap() error { return e.Kind }

// Errorf makes an *Error of kind at a position: the kernel, the block and
// the instruction or terminator, each of which may be nil.
func Errorf(target string, kernel *ir.Func, block *ir.Block, inst ir.LLStringer, kind error, format string, args ...any) *Error {
	e := &Error{Target: target, Msg: fmt.Sprintf(format, args...), Kind: kind}
	if kernel != nil {
		e.Kernel = kernel.Name()
	}
	if block != nil {
		e.Block = block.Ident()
	}
	if inst != nil {
		e.Inst = strings.TrimSpace(inst.LLString())
	}
	return e
}

// MaxErrors bounds how many errors one ErrorList keeps: enough to show a
// pattern, few enough to read.
const MaxErrors = 10

// ErrorList collects the errors of one Emit call. Its zero value is empty.
type ErrorList struct {
	errs []error
}

// Add records e, unless the list holds MaxErrors already.
func (l *ErrorList) Add(e *Error) {
	if len(l.errs) < MaxErrors {
		l.errs = append(l.errs, e)
	}
}

// Len returns how many errors the list holds.
func (l *ErrorList) Len() int { return len(l.errs) }

// Err returns the errors joined with errors.Join, or nil when there are
// none.
func (l *ErrorList) Err() error { return errors.Join(l.errs...) }
