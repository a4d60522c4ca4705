package unroll

// This file finds a function's natural loops. It is self-contained (it
// reads the control flow from the terminators' operands, computes the
// dominators and the loop forest) so that it can move into a shared
// optimizing package with the rest of the loop passes.

import (
	"sort"

	"github.com/llir/llvm/ir"
)

// CFG is a function's control flow, read from the terminators' operands
// (llir's Succs caches the targets, and a pass that retargets a branch may
// leave the cache stale). Only the blocks reachable from the entry have a
// reverse postorder number and a dominator.
type CFG struct {
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

// NewCFG reads f's control flow and computes its dominators. It returns
// nil when a block has no terminator or one that Successors cannot
// follow.
func NewCFG(f *ir.Func) *CFG {
	g := &CFG{
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
func (g *CFG) number(entry *ir.Block) {
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
func (g *CFG) dominators() {
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
func (g *CFG) intersect(a, b *ir.Block) *ir.Block {
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

// Reachable reports whether b is reachable from the entry.
func (g *CFG) Reachable(b *ir.Block) bool {
	_, ok := g.rpo[b]
	return ok
}

// Dominates reports whether a dominates b (every block dominates
// itself); false when either is unreachable.
func (g *CFG) Dominates(a, b *ir.Block) bool {
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

// Loop is a natural loop: a header H and the back edges L→H of the
// latches L that H dominates; its blocks are H and the blocks that reach
// a latch without passing through H.
type Loop struct {
	// Header is the loop's header.
	Header *ir.Block
	// Latches are the blocks with a back edge to the header, in block
	// order.
	Latches []*ir.Block
	// Blocks are the loop's blocks, the header first, then in the
	// reverse postorder of the function.
	Blocks []*ir.Block
	// In holds the loop's blocks.
	In map[*ir.Block]bool
	// Parent is the innermost loop that contains this one, nil if none.
	Parent *Loop
	// Children are the loops whose parent this one is.
	Children []*Loop
}

// SingleEntry reports whether the header is the loop's only entry: every
// other block of the loop has all its predecessors inside the loop (a
// predecessor that is not reachable from the entry counts as outside).
func (l *Loop) SingleEntry(g *CFG) bool {
	for _, b := range l.Blocks[1:] {
		for _, p := range g.Preds[b] {
			if !l.In[p] {
				return false
			}
		}
	}
	return true
}

// Loops returns g's natural loops, innermost first (a loop comes after
// every loop it contains), loops of one size in the order of their
// headers in the reverse postorder. Back edges to one header make one
// loop. Irreducible cycles (a retreating edge to a block that does not
// dominate its source) are not loops here.
func (g *CFG) Loops() []*Loop {
	byHeader := map[*ir.Block]*Loop{}
	var loops []*Loop
	for _, h := range g.RPO {
		for _, l := range g.Preds[h] {
			if !g.Dominates(h, l) {
				continue
			}
			lp := byHeader[h]
			if lp == nil {
				lp = &Loop{Header: h, In: map[*ir.Block]bool{h: true}}
				byHeader[h] = lp
				loops = append(loops, lp)
			}
			lp.Latches = append(lp.Latches, l)
			// Walk backwards from the latch, stopping at the header.
			work := []*ir.Block{l}
			for len(work) > 0 {
				b := work[len(work)-1]
				work = work[:len(work)-1]
				if lp.In[b] || !g.Reachable(b) {
					continue
				}
				lp.In[b] = true
				work = append(work, g.Preds[b]...)
			}
		}
	}
	for _, lp := range loops {
		lp.Blocks = []*ir.Block{lp.Header}
		for _, b := range g.RPO {
			if b != lp.Header && lp.In[b] {
				lp.Blocks = append(lp.Blocks, b)
			}
		}
	}
	sort.SliceStable(loops, func(i, j int) bool { return len(loops[i].Blocks) < len(loops[j].Blocks) })
	// A loop's parent is the smallest other loop holding its header.
	for i, lp := range loops {
		for _, outer := range loops[i+1:] {
			if outer.In[lp.Header] {
				lp.Parent = outer
				outer.Children = append(outer.Children, lp)
				break
			}
		}
	}
	return loops
}
