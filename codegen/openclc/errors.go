package openclc

// This file defines the errors the emitter reports: two sentinels for
// errors.Is, and Error, which says where in the module the problem is.

import (
	"errors"
	"fmt"
)

// ErrUnsupported is wrapped by every error about a kernel that needs a
// device feature the Options say is missing (float64 without cl_khr_fp64,
// 64-bit atomics without cl_khr_int64_base_atomics or
// cl_khr_int64_extended_atomics) or that OpenCL C 1.2 cannot express at all
// (8- and 16-bit atomics, atomicrmw nand). The kernel is fine; the device
// is not enough for it. Backends may fall back to another device or target.
var ErrUnsupported = errors.New("openclc: unsupported by the device")

// ErrBadIR is wrapped by every error about a module outside the contract of
// docs/ir.md: an instruction, type, constant or call the front end must not
// emit. It always means a bug in the front end (or a hand-written module).
var ErrBadIR = errors.New("openclc: IR outside the kago contract")

// Error is one problem found in a module, with its position: the kernel,
// the basic block and the instruction (in LLVM assembly). Block and Inst are
// empty for problems with the kernel's signature or the module as a whole.
// Err wraps ErrUnsupported or ErrBadIR.
type Error struct {
	Kernel string
	Block  string
	Inst   string
	Err    error
}

// Error formats the position and the message on one line.
func (e *Error) Error() string {
	s := "openclc: kernel " + e.Kernel
	if e.Block != "" {
		s += ", block %" + e.Block
	}
	if e.Inst != "" {
		s += ", `" + e.Inst + "`"
	}
	return s + ": " + e.Err.Error()
}

// Unwrap returns the underlying error (which wraps one of the sentinels).
func (e *Error) Unwrap() error { return e.Err }

// maxErrors bounds how many errors one Emit call collects before it stops
// looking: enough to show a pattern, few enough to read.
const maxErrors = 10

// errorf records an error at the current position; sentinel is ErrBadIR or
// ErrUnsupported. Emission goes on (with a placeholder where a value was
// expected) so that one run reports every problem.
func (e *emitter) errorf(sentinel error, format string, args ...any) {
	if len(e.errs) >= maxErrors {
		return
	}
	err := &Error{Kernel: e.kernel, Err: fmt.Errorf("%w: "+format, append([]any{sentinel}, args...)...)}
	if e.curBlock != nil {
		err.Block = e.curBlock.Name()
	}
	if e.curInst != nil {
		err.Inst = e.curInst.LLString()
	}
	e.errs = append(e.errs, err)
}
