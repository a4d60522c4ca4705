// Package cfg reads a kernel function's control flow: the successors and
// predecessors of its blocks (from the terminators' operands), their
// reverse postorder, dominators and natural loops. The loop unroller and
// the structurizer share it.
package cfg

import (
	"github.com/llir/llvm/ir"
)

// Graph is a function's control flow, read from the terminators' operands
// (llir's Succs caches the targets, and a pass that retargets a branch may
// leave the cache stale). Only the blocks reachable from the entry have a
// reverse postorder number and a dominator.
type Graph struct {
	// Blocks are the function's blocks, in its order.
	Blocks []*ir.Block
	// Succs are each block's successors, in terminator order (a target
	// named twice, as in br i1 %c, label %a, label %a, once).
	Succs map[*ir.Block][]*ir.Block
	// Preds are each block's predecessors, each once, in block order.
	Preds map[*ir.Block][]*ir.Block
	// RPO are the blocks reachable from the entry in reverse postorder.
	RPO []*ir.Block

	rpo  map[*ir.Block]int       // reverse postorder number
	idom map[*ir.Block]*ir.Block // immediate dominator; nil for the entry
}

// Successors returns the blocks a terminator branches to, read from its
// operands, each once, and false for a terminator other than br,
// conditional br, ret and unreachable, or a target that is not a block.
func Successors(t ir.Terminator) ([]*ir.Block, bool) {
	switch t := t.(type) {
	case *ir.TermRet, *ir.TermUnreachable:
		return nil, true
	case *ir.TermBr:
		b, ok := t.Target.(*ir.Block)
		return []*ir.Block{b}, ok
	case *ir.TermCondBr:
		b1, ok1 := t.TargetTrue.(*ir.Block)
		b2, ok2 := t.TargetFalse.(*ir.Block)
		if b1 == b2 {
			return []*ir.Block{b1}, ok1
		}
		return []*ir.Block{b1, b2}, ok1 && ok2
	}
	return nil, false
}

// New reads f's control flow and computes its dominators. It returns
// nil when a block has no terminator or one that Successors cannot
// follow.
func New(f *ir.Func) *Graph {
	g := &Graph{
		Blocks: f.Blocks,
		Succs:  make(map[*ir.Block][]*ir.Block, len(f.Blocks)),
		Preds:  make(map[*ir.Block][]*ir.Block, len(f.Blocks)),
		rpo:    map[*ir.Block]int{},
		idom:   map[*ir.Block]*ir.Block{},
	}
	in := make(map[*ir.Block]bool, len(f.Blocks))
	for _, b := range f.Blocks {
		in[b] = true
	}
	for _, b := range f.Blocks {
		if b.Term == nil {
			return nil
		}
		ss, ok := Successors(b.Term)
		if !ok {
			return nil
		}
		for _, s := range ss {
			if !in[s] {
				return nil
			}
		}
		g.Succs[b] = ss
	}
	for _, b := range f.Blocks { // predecessors in block order
		for _, s := range g.Succs[b] {
			g.Preds[s] = append(g.Preds[s], b)
		}
	}
	if len(f.Blocks) == 0 {
		return g
	}
	g.number(f.Blocks[0])
	g.dominators()
	return g
}

// number computes the reverse postorder from entry (a depth-first walk,
// successors in terminator order).
func (g *Graph) number(entry *ir.Block) {
	type frame struct {
		b    *ir.Block
		next int
	}
	seen := map[*ir.Block]bool{entry: true}
	stack := []frame{{entry, 0}}
	var post []*ir.Block
	for len(stack) > 0 {
		top := &stack[len(stack)-1]
		if ss := g.Succs[top.b]; top.next < len(ss) {
			s := ss[top.next]
			top.next++
			if !seen[s] {
				seen[s] = true
				stack = append(stack, frame{s, 0})
			}
			continue
		}
		post = append(post, top.b)
		stack = stack[:len(stack)-1]
	}
	g.RPO = make([]*ir.Block, len(post))
	for i, b := range post {
		n := len(post) - 1 - i
		g.RPO[n] = b
		g.rpo[b] = n
	}
}

// dominators computes the immediate dominators of the reachable blocks
// (Cooper, Harvey and Kennedy's iteration over the reverse postorder).
func (g *Graph) dominators() {
	entry := g.RPO[0]
	g.idom[entry] = entry
	for changed := true; changed; {
		changed = false
		for _, b := range g.RPO[1:] {
			var d *ir.Block
			for _, p := range g.Preds[b] {
				if _, ok := g.idom[p]; !ok {
					continue // unreachable, or not processed yet
				}
				if d == nil {
					d = p
				} else {
					d = g.intersect(d, p)
				}
			}
			if g.idom[b] != d {
				g.idom[b] = d
				changed = true
			}
		}
	}
	g.idom[entry] = nil
}

// intersect returns the nearest common dominator of a and b.
func (g *Graph) intersect(a, b *ir.Block) *ir.Block {
	for a != b {
		for g.rpo[a] > g.rpo[b] {
			a = g.idom[a]
		}
		for g.rpo[b] > g.rpo[a] {
			b = g.idom[b]
		}
	}
	return a
}

// Num returns b's reverse postorder number, -1 for a block not reachable
// from the entry.
func (g *Graph) Num(b *ir.Block) int {
	if n, ok := g.rpo[b]; ok {
		return n
	}
	return -1
}

// IDom returns b's immediate dominator: nil for the entry and for blocks
// not reachable from it.
func (g *Graph) IDom(b *ir.Block) *ir.Block { return g.idom[b] }

// Reachable reports whether b is reachable from the entry.
func (g *Graph) Reachable(b *ir.Block) bool {
	_, ok := g.rpo[b]
	return ok
}

// Dominates reports whether a dominates b (every block dominates
// itself); false when either is unreachable.
func (g *Graph) Dominates(a, b *ir.Block) bool {
	if !g.Reachable(a) || !g.Reachable(b) {
		return false
	}
	for ; b != nil; b = g.idom[b] {
		if b == a {
			return true
		}
	}
	return false
}
