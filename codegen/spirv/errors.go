package spirv

import (
	"fmt"

	"github.com/llir/llvm/ir"
)

// Error is one thing in a module that the emitter cannot translate: an
// instruction, type or intrinsic outside docs/ir.md. The IR carries no
// source positions, so an Error names the kernel, the block and the
// instruction as printed by `kago ir`.
type Error struct {
	Func  string // the kernel, without '@'; empty for module-level errors
	Block string // the block's name, empty when not inside one
	Inst  string // the instruction's LLVM text, empty when not inside one
	Msg   string // what is wrong
}

// Error implements error.
func (e *Error) Error() string {
	s := "spirv: "
	if e.Func != "" {
		s += "@" + e.Func + ": "
	}
	if e.Block != "" {
		s += "block %" + e.Block + ": "
	}
	s += e.Msg
	if e.Inst != "" {
		s += ": " + e.Inst
	}
	return s
}

// errorf records an error in the current context and lets emission go on, so
// that one run reports every problem of a module.
func (f *function) errorf(format string, args ...any) {
	e := &Error{Msg: fmt.Sprintf(format, args...)}
	if f.fn != nil {
		e.Func = f.fn.Name()
	}
	if f.block != nil {
		e.Block = blockName(f.block)
	}
	if f.inst != nil {
		e.Inst = llString(f.inst)
	}
	f.errs = append(f.errs, e)
}

// blockName returns a block's name without '%', its number if unnamed.
func blockName(b *ir.Block) string {
	id := b.Ident()
	if len(id) > 0 && id[0] == '%' {
		return id[1:]
	}
	return id
}

// llString prints an instruction or terminator as LLVM text.
func llString(v any) string {
	if s, ok := v.(interface{ LLString() string }); ok {
		return s.LLString()
	}
	return fmt.Sprint(v)
}
