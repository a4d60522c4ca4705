package opt

// This file finds a function's natural loops: for every back edge, an
// edge latch → header to a block that dominates its source, the blocks
// that reach the latch without passing through the header. Back edges to
// the same header make one loop. Two natural loops with different headers
// are disjoint or nested, so the loops form a forest, which LICM walks
// innermost first and a loop unroller will too. Retreating edges to a
// block that does not dominate their source (irreducible control flow,
// which go/ssa can produce from gotos) make no loop: nothing is hoisted
// out of such a cycle.

import (
	"sort"

	"github.com/llir/llvm/ir"
	"github.com/llir/llvm/ir/value"
)

// loop is one natural loop.
type loop struct {
	header   *ir.Block
	blocks   map[*ir.Block]bool // the header, the latches and everything between
	latches  []*ir.Block        // the sources of the back edges, in reverse postorder
	parent   *loop              // the innermost loop around this one; nil at the top
	children []*loop            // the loops directly inside, by header in reverse postorder
	depth    int                // 1 for a loop at the top, 2 inside it, ...
}

// contains reports whether b is one of l's blocks (so in a loop inside l
// too).
func (l *loop) contains(b *ir.Block) bool { return l.blocks[b] }

// outsidePreds returns the predecessors of l's header that are not in l:
// the edges that enter the loop, in g's order.
func (l *loop) outsidePreds(g *cfg) []*ir.Block {
	var out []*ir.Block
	for _, p := range g.preds[l.header] {
		if !l.blocks[p] {
			out = append(out, p)
		}
	}
	return out
}

// preheader returns l's preheader: the header's only predecessor outside
// l when it ends in an unconditional branch to the header, so that code
// put at its end runs exactly once each time the loop is entered; nil if
// there is none (ensurePreheader makes one).
func (l *loop) preheader(g *cfg) *ir.Block {
	out := l.outsidePreds(g)
	if len(out) != 1 {
		return nil
	}
	if br, ok := out[0].Term.(*ir.TermBr); ok && br.Target == value.Value(l.header) {
		return out[0]
	}
	return nil
}

// exits returns the blocks outside l that a block of l branches to, each
// once, in g's block order.
func (l *loop) exits(g *cfg) []*ir.Block {
	seen := map[*ir.Block]bool{}
	var out []*ir.Block
	for _, b := range g.f.Blocks {
		if !l.blocks[b] {
			continue
		}
		for _, s := range g.succs[b] {
			if !l.blocks[s] && !seen[s] {
				seen[s] = true
				out = append(out, s)
			}
		}
	}
	return out
}

// blockIndex is b's position in f's list.
func blockIndex(f *ir.Func, b *ir.Block) int {
	for i, c := range f.Blocks {
		if c == b {
			return i
		}
	}
	return -1
}

// loopForest is a function's natural loops.
type loopForest struct {
	top       []*loop             // the outermost loops, by header in reverse postorder
	innermost map[*ir.Block]*loop // the innermost loop around each block in a loop
}

// findLoops finds the natural loops of the function that g and d
// describe.
func findLoops(g *cfg, d *domTree) *loopForest {
	lf := &loopForest{innermost: map[*ir.Block]*loop{}}
	var loops []*loop
	byHeader := map[*ir.Block]*loop{}
	for _, b := range d.rpo { // headers in reverse postorder
		for _, p := range g.preds[b] {
			if !d.reachable(p) || !d.dominates(b, p) {
				continue // not a back edge
			}
			l := byHeader[b]
			if l == nil {
				l = &loop{header: b, blocks: map[*ir.Block]bool{b: true}}
				byHeader[b] = l
				loops = append(loops, l)
			}
			l.latches = append(l.latches, p)
			// Walk back from the latch to the header. Every block that
			// reaches the latch from the header is dominated by the
			// header, so the walk stays inside it.
			work := []*ir.Block{p}
			for len(work) > 0 {
				x := work[len(work)-1]
				work = work[:len(work)-1]
				if l.blocks[x] {
					continue
				}
				l.blocks[x] = true
				for _, q := range g.preds[x] {
					if d.reachable(q) && !l.blocks[q] {
						work = append(work, q)
					}
				}
			}
		}
	}
	for _, l := range loops {
		sort.Slice(l.latches, func(i, j int) bool { return d.num[l.latches[i]] < d.num[l.latches[j]] })
	}
	// The parent of a loop is the smallest other loop holding its header;
	// sorting by size makes the first such loop found the smallest.
	bySize := append([]*loop(nil), loops...)
	sort.SliceStable(bySize, func(i, j int) bool { return len(bySize[i].blocks) < len(bySize[j].blocks) })
	for i, l := range bySize {
		for _, o := range bySize[i+1:] {
			if o.blocks[l.header] {
				l.parent = o
				break
			}
		}
	}
	for _, l := range loops { // in header order, so children are too
		if l.parent == nil {
			lf.top = append(lf.top, l)
		} else {
			l.parent.children = append(l.parent.children, l)
		}
	}
	for _, l := range loops {
		for p := l.parent; p != nil; p = p.parent {
			l.depth++
		}
		l.depth++
	}
	// Largest first, so that smaller (inner) loops overwrite.
	for i := len(bySize) - 1; i >= 0; i-- {
		for b := range bySize[i].blocks {
			lf.innermost[b] = bySize[i]
		}
	}
	return lf
}

// postorder returns every loop, inner loops before the loops around them:
// the order in which an invariant value climbs out one level at a time.
func (lf *loopForest) postorder() []*loop {
	var out []*loop
	var walk func(l *loop)
	walk = func(l *loop) {
		for _, c := range l.children {
			walk(c)
		}
		out = append(out, l)
	}
	for _, l := range lf.top {
		walk(l)
	}
	return out
}

// ensurePreheader gives l a preheader, making one when it has none: a new
// block that the edges entering l now go to and that branches to the
// header, whose phis take the entering values through it (a new phi in
// the preheader where they differ). It returns the preheader; g is stale
// afterwards when a block was made (made reports it).
func ensurePreheader(g *cfg, l *loop) (pre *ir.Block, made bool) {
	if p := l.preheader(g); p != nil {
		return p, false
	}
	out := l.outsidePreds(g)
	if len(out) == 0 {
		return nil, false // the header is the entry: docs/ir.md forbids it
	}
	f := g.f
	pre = ir.NewBlock("")
	pre.Parent = f
	isOut := map[value.Value]bool{}
	for _, p := range out {
		isOut[p] = true
		// Retarget the entering edges.
		switch t := p.Term.(type) {
		case *ir.TermBr:
			t.Target = pre
		case *ir.TermCondBr:
			if t.TargetTrue == value.Value(l.header) {
				t.TargetTrue = pre
			}
			if t.TargetFalse == value.Value(l.header) {
				t.TargetFalse = pre
			}
		}
	}
	for _, phi := range phis(l.header) {
		var entering []*ir.Incoming
		kept := phi.Incs[:0:0]
		for _, inc := range phi.Incs {
			if isOut[inc.Pred] {
				entering = append(entering, inc)
			} else {
				kept = append(kept, inc)
			}
		}
		x := entering[0].X
		for _, inc := range entering[1:] {
			if !sameValue(inc.X, x) {
				np := ir.NewPhi(entering...)
				pre.Insts = append(pre.Insts, np)
				x = np
				break
			}
		}
		phi.Incs = append([]*ir.Incoming{ir.NewIncoming(x, pre)}, kept...)
	}
	pre.Term = ir.NewBr(l.header)
	// Put the preheader just before the header; the pipeline lays the
	// blocks out again at the end.
	i := blockIndex(f, l.header)
	f.Blocks = append(f.Blocks[:i], append([]*ir.Block{pre}, f.Blocks[i:]...)...)
	return pre, true
}
