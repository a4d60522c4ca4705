package opt

// This file computes a function's control flow graph and dominator tree,
// which CSE walks, LICM and the loop finder (loops.go) read, and a loop
// unroller will too. Cooper, Harvey and Kennedy's iterative algorithm
// ("A Simple, Fast Dominance Algorithm", 2001) over reverse postorder is
// enough for kernels of a few hundred blocks.

import (
	"github.com/llir/llvm/ir"
)

// cfg is a function's control flow: every block's successors (in
// terminator order, a block listed twice when both targets of a
// conditional branch are the same) and predecessors (each once), as the
// terminators' operands say.
type cfg struct {
	f     *ir.Func
	succs map[*ir.Block][]*ir.Block
	preds map[*ir.Block][]*ir.Block
}

// newCFG reads f's control flow.
func newCFG(f *ir.Func) *cfg {
	g := &cfg{f: f, succs: map[*ir.Block][]*ir.Block{}, preds: map[*ir.Block][]*ir.Block{}}
	for _, b := range f.Blocks {
		ss := succs(b)
		g.succs[b] = ss
		for i, s := range ss {
			if i == 1 && ss[0] == s {
				continue // both targets the same block: one predecessor
			}
			g.preds[s] = append(g.preds[s], b)
		}
	}
	return g
}

// domTree is the dominator tree of a function's blocks reachable from its
// entry. Unreachable blocks are in none of its maps: nothing dominates
// them and they dominate nothing.
type domTree struct {
	g *cfg
	// rpo is the reachable blocks in reverse postorder (successors in
	// terminator order, as ircheck.Layout orders them): every block comes
	// after its dominators, and a loop's header before its body.
	rpo      []*ir.Block
	num      map[*ir.Block]int // position in rpo
	idom     map[*ir.Block]*ir.Block
	children map[*ir.Block][]*ir.Block // in rpo order
	// pre and post number the tree's depth-first walk, so that a
	// dominates b when a's interval [pre, post] holds b's.
	pre, post map[*ir.Block]int
}

// newDomTree computes the dominator tree of g's function.
func newDomTree(g *cfg) *domTree {
	d := &domTree{g: g, num: map[*ir.Block]int{}, idom: map[*ir.Block]*ir.Block{},
		children: map[*ir.Block][]*ir.Block{}, pre: map[*ir.Block]int{}, post: map[*ir.Block]int{}}
	if len(g.f.Blocks) == 0 {
		return d
	}
	d.rpo = reversePostorder(g)
	for i, b := range d.rpo {
		d.num[b] = i
	}
	entry := d.rpo[0]
	d.idom[entry] = entry
	for changed := true; changed; {
		changed = false
		for _, b := range d.rpo[1:] {
			var nu *ir.Block
			for _, p := range g.preds[b] {
				if _, done := d.idom[p]; !done {
					continue // unreachable, or not reached yet in this round
				}
				if nu == nil {
					nu = p
				} else {
					nu = d.intersect(p, nu)
				}
			}
			if d.idom[b] != nu {
				d.idom[b] = nu
				changed = true
			}
		}
	}
	delete(d.idom, entry) // the entry has no immediate dominator
	for _, b := range d.rpo[1:] {
		p := d.idom[b]
		d.children[p] = append(d.children[p], b)
	}
	n := 0
	var walk func(b *ir.Block)
	walk = func(b *ir.Block) {
		d.pre[b] = n
		n++
		for _, c := range d.children[b] {
			walk(c)
		}
		d.post[b] = n
		n++
	}
	walk(entry)
	return d
}

// intersect is the nearest common dominator of a and b while the tree is
// being built (Cooper, Harvey and Kennedy's two-finger walk).
func (d *domTree) intersect(a, b *ir.Block) *ir.Block {
	for a != b {
		for d.num[a] > d.num[b] {
			a = d.idom[a]
		}
		for d.num[b] > d.num[a] {
			b = d.idom[b]
		}
	}
	return a
}

// reversePostorder numbers the blocks reachable from the entry: a
// depth-first walk, successors in terminator order.
func reversePostorder(g *cfg) []*ir.Block {
	type frame struct {
		b    *ir.Block
		next int
	}
	entry := g.f.Blocks[0]
	seen := map[*ir.Block]bool{entry: true}
	var post []*ir.Block
	stack := []frame{{b: entry}}
	for len(stack) > 0 {
		top := &stack[len(stack)-1]
		if ss := g.succs[top.b]; top.next < len(ss) {
			s := ss[top.next]
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
	for i, j := 0, len(post)-1; i < j; i, j = i+1, j-1 {
		post[i], post[j] = post[j], post[i]
	}
	return post
}

// reachable reports whether b is reachable from the entry.
func (d *domTree) reachable(b *ir.Block) bool {
	_, ok := d.num[b]
	return ok
}

// dominates reports whether a dominates b (every block dominates itself);
// false when either is unreachable.
func (d *domTree) dominates(a, b *ir.Block) bool {
	pa, ok1 := d.pre[a]
	pb, ok2 := d.pre[b]
	return ok1 && ok2 && pa <= pb && d.post[b] <= d.post[a]
}

// parent returns b's immediate dominator, nil for the entry and
// unreachable blocks.
func (d *domTree) parent(b *ir.Block) *ir.Block { return d.idom[b] }

// preorder returns the reachable blocks in a depth-first preorder of the
// tree, children in reverse postorder: every block after its dominators,
// which is the order of a scoped walk such as CSE's.
func (d *domTree) preorder() []*ir.Block {
	out := make([]*ir.Block, 0, len(d.rpo))
	if len(d.rpo) == 0 {
		return out
	}
	var walk func(b *ir.Block)
	walk = func(b *ir.Block) {
		out = append(out, b)
		for _, c := range d.children[b] {
			walk(c)
		}
	}
	walk(d.rpo[0])
	return out
}
