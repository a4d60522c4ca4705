package codegen

import "github.com/llir/llvm/ir"

// layout orders a function's blocks so that every block comes after the
// blocks that dominate it: reverse postorder from the entry, then any
// unreachable blocks. Blocks are created in go/ssa's order, which may put a
// loop's exit before the loop; docs/ir.md promises emitters dominators
// first (SPIR-V requires it, and emitters that assign a value's register
// where it is defined rely on it).
func layout(fn *ir.Func) []*ir.Block {
	if len(fn.Blocks) == 0 {
		return nil
	}
	seen := make(map[*ir.Block]bool, len(fn.Blocks))
	post := make([]*ir.Block, 0, len(fn.Blocks))
	// Iterative depth-first search, successors in terminator order.
	type frame struct {
		b    *ir.Block
		next int
	}
	stack := []frame{{b: fn.Blocks[0]}}
	seen[fn.Blocks[0]] = true
	for len(stack) > 0 {
		top := &stack[len(stack)-1]
		succs := top.b.Term.Succs()
		if top.next < len(succs) {
			s := succs[top.next]
			top.next++
			if !seen[s] {
				seen[s] = true
				stack = append(stack, frame{b: s})
			}
			continue
		}
		post = append(post, top.b)
		stack = stack[:len(stack)-1]
	}
	order := make([]*ir.Block, 0, len(fn.Blocks))
	for i := len(post) - 1; i >= 0; i-- {
		order = append(order, post[i])
	}
	for _, b := range fn.Blocks {
		if !seen[b] {
			order = append(order, b)
		}
	}
	return order
}
