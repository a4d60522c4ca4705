package ircheck

import "github.com/llir/llvm/ir"

// Renumber clears the numbers of f's unnamed values (parameters, blocks,
// instructions), so that f.AssignIDs numbers them afresh in block order
// after a pass has added, removed or moved some: AssignIDs refuses
// numbers out of order. Every pass of codegen's is followed by Layout,
// Renumber and AssignIDs, so that emitters' messages and kago ir agree on
// names.
func Renumber(f *ir.Func) {
	type numbered interface {
		IsUnnamed() bool
		SetID(int64)
	}
	clear := func(v any) {
		if n, ok := v.(numbered); ok && n.IsUnnamed() {
			n.SetID(0)
		}
	}
	for _, p := range f.Params {
		clear(p)
	}
	for _, b := range f.Blocks {
		clear(b)
		for _, in := range b.Insts {
			clear(in)
		}
	}
}
