package cfg

// This file finds a function's natural loops.

import (
	"sort"

	"github.com/llir/llvm/ir"
	"github.com/llir/llvm/ir/value"
)

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
func (l *Loop) SingleEntry(g *Graph) bool {
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
func (g *Graph) Loops() []*Loop {
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

// IsHeaderPhi reports whether p is one of the header's phis.
func (l *Loop) IsHeaderPhi(p *ir.InstPhi) bool {
	for _, inst := range l.Header.Insts {
		if inst == p {
			return true
		}
	}
	return false
}

// Defines reports whether v is an instruction of one of the loop's
// blocks.
func (l *Loop) Defines(v value.Value) bool {
	if _, ok := v.(ir.Instruction); !ok {
		return false
	}
	for _, b := range l.Blocks {
		for _, inst := range b.Insts {
			if any(inst) == any(v) {
				return true
			}
		}
	}
	return false
}
