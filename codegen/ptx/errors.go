package ptx

// This file implements the emitter's errors: every unsupported construct is
// reported as an *Error naming the function, the block and the LLVM
// instruction, and emission goes on so that one run reports them all.

import (
	"fmt"
	"strings"
)

// Error is one problem found while emitting PTX. The portable IR carries no
// source positions, so the position is the kernel, the basic block and the
// offending instruction's LLVM text (what `kago ir` prints).
type Error struct {
	Func  string // kernel name, without '@'
	Block string // block name as LLVM prints it, e.g. "%0" or "%loop"; empty outside blocks
	Inst  string // the LLVM text of the instruction; empty for module-level problems
	Msg   string // what is wrong, naming the unsupported instruction or type
}

// Error formats the problem as "ptx: @Func: block: inst: msg".
func (e *Error) Error() string {
	var b strings.Builder
	b.WriteString("ptx: ")
	if e.Func != "" {
		fmt.Fprintf(&b, "@%s: ", e.Func)
	}
	if e.Block != "" {
		fmt.Fprintf(&b, "%s: ", e.Block)
	}
	if e.Inst != "" {
		fmt.Fprintf(&b, "%s: ", strings.TrimSpace(e.Inst))
	}
	b.WriteString(e.Msg)
	return b.String()
}
