package emitutil

import (
	"github.com/llir/llvm/ir"
	"github.com/llir/llvm/ir/value"
)

// Uses counts how often each value is an operand of f's instructions and
// terminators.
func Uses(f *ir.Func) map[value.Value]int {
	uses := map[value.Value]int{}
	count := func(u any) {
		if u, ok := u.(value.User); ok {
			for _, op := range u.Operands() {
				if op != nil && *op != nil {
					uses[*op]++
				}
			}
		}
	}
	for _, b := range f.Blocks {
		for _, inst := range b.Insts {
			count(inst)
		}
		count(b.Term)
	}
	return uses
}
