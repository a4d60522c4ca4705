package unroll

// This file holds the caps, the driver (Func), the checks that make a
// loop unrollable (analyze, usesOutside) and the transformation
// (transform, rewire, replaceBlocks, mergeChains).

import (
	"github.com/kago-dev/kago/codegen/internal/cfg"
	"github.com/kago-dev/kago/codegen/internal/ircheck"
	"github.com/llir/llvm/ir"
	"github.com/llir/llvm/ir/value"
)

// MaxTrips is the most turns of a loop that is unrolled. 32 covers the
// short loops of kernels: tiles of up to 32 (the tiled matmul's product
// has 16 turns), a reduction tree over a group (at most 1024 work-items,
// 10 halvings) and loops over a warp's 32 lanes. A longer loop's branch
// costs little next to its body, and its copies would crowd the
// instruction cache.
const MaxTrips = 32

// MaxSize caps the code a loop becomes: its turns times the instructions
// of its blocks (terminators included) may not exceed it. 1024 keeps the
// unchecked tiled matmul's product (16 × 16) and a reduction tree (the
// unchecked Sum's 8 × 17, the checked one's 8 × 113) inside, and a
// kernel's PTX within a few thousand instructions, which ptxas compiles
// quickly and the instruction cache holds. The checked tiled matmul's
// product, whose two bounds checks bring their fault paths into the
// loop, is 16 × 80 and stays a loop.
const MaxSize = 1024

// Func fully unrolls f's loops with a constant trip count (see the
// package comment) and returns how many it unrolled. f's blocks are laid
// out again (ircheck.Layout); the copies' values are unnamed, with ID 0:
// the caller numbers them (ircheck.Renumber and AssignIDs, as after every pass).
func Func(f *ir.Func) int {
	return rounds(f, func(g *cfg.Graph, l *cfg.Loop) bool {
		p, ok := analyze(f, g, l)
		if ok {
			p.transform()
		}
		return ok
	})
}

// rounds transforms f's innermost loops one per round, each round
// trying them in g.Loops' order with try until one reports that it
// transformed it, then laying f out and finding its loops again: a
// transformed loop may leave a constant behind for a loop tried before
// it (one bounded by the first's last counter) or make its parent
// innermost. It returns how many try transformed.
func rounds(f *ir.Func, try func(g *cfg.Graph, l *cfg.Loop) bool) int {
	n := 0
	for {
		g := cfg.New(f)
		if g == nil {
			return n
		}
		done := false
		for _, l := range g.Loops() {
			if len(l.Children) == 0 && try(g, l) {
				n++
				done = true
				break
			}
		}
		if !done {
			return n
		}
		f.Blocks = ircheck.Layout(f)
	}
}

// plan is a loop that can be unrolled, and what its transformation needs.
type plan struct {
	f        *ir.Func                  // the function
	g        *cfg.Graph                // its control flow before the transformation
	l        *cfg.Loop                 // the loop
	pre      *ir.Block                 // the header's one predecessor outside the loop
	latch    *ir.Block                 // the header's one predecessor inside the loop
	next     *ir.Block                 // the header's successor inside the loop
	exit     *ir.Block                 // the header's successor outside the loop
	cond     value.Value               // the header's condition
	exitWhen bool                      // the condition's value that leaves the loop
	trips    int                       // how many times the body runs
	defs     map[value.Value]*ir.Block // the loop's values and their blocks
	order    []*ir.Block               // the loop's blocks but the header, dominators first
}

// header returns the plan of loop l as far as its shape goes: the
// header is not the entry and is the loop's one entry, with one
// preheader and one latch, and it leaves the loop on a conditional br;
// false when l is not of that shape.
func header(f *ir.Func, g *cfg.Graph, l *cfg.Loop) (*plan, bool) {
	h := l.Header
	if h == f.Blocks[0] || len(l.Latches) != 1 || !l.SingleEntry(g) {
		return nil, false
	}
	p := &plan{f: f, g: g, l: l, latch: l.Latches[0], defs: map[value.Value]*ir.Block{}}
	for _, q := range g.Preds[h] {
		if !l.In[q] {
			if p.pre != nil {
				return nil, false
			}
			p.pre = q
		}
	}
	if p.pre == nil {
		return nil, false
	}
	// The header leaves the loop: br i1 %c, one target in, one out.
	br, ok := h.Term.(*ir.TermCondBr)
	if !ok {
		return nil, false
	}
	p.cond = br.Cond
	t, e := br.TargetTrue.(*ir.Block), br.TargetFalse.(*ir.Block)
	switch {
	case l.In[t] && !l.In[e]:
		p.next, p.exit = t, e
	case l.In[e] && !l.In[t]:
		p.next, p.exit, p.exitWhen = e, t, true
	default:
		return nil, false
	}
	return p, true
}

// analyze returns the plan of loop l, or false when l is not one that
// Func unrolls.
func analyze(f *ir.Func, g *cfg.Graph, l *cfg.Loop) (*plan, bool) {
	p, ok := header(f, g, l)
	if !ok {
		return nil, false
	}
	size, ok := p.measure()
	if !ok {
		return nil, false
	}
	p.trips, ok = tripCount(l, p.cond, p.exitWhen, p.pre, p.latch)
	if !ok || p.trips*size > MaxSize {
		return nil, false
	}
	if !p.usesOutside() {
		return nil, false
	}
	// The body's blocks, dominators first: the function's reverse
	// postorder restricted to the loop.
	p.order = l.Blocks[1:]
	return p, true
}

// measure checks that every instruction and terminator of the loop can
// be copied, records the loop's values in p.defs and returns the loop's
// size: its instructions and terminators.
func (p *plan) measure() (size int, ok bool) {
	for _, b := range p.l.Blocks {
		for _, inst := range b.Insts {
			if !copyable(inst) {
				return 0, false
			}
			if v, ok := inst.(value.Value); ok {
				p.defs[v] = b
			}
		}
		switch b.Term.(type) {
		case *ir.TermBr, *ir.TermCondBr, *ir.TermRet, *ir.TermUnreachable:
		default:
			return 0, false
		}
		size += len(b.Insts) + 1
	}
	return size, true
}

// usesOutside checks the uses of the loop's values outside it. A phi of
// an exit block may take any of them from a block of the loop (each copy
// of that block brings its own). Otherwise only the header's values may
// be used outside, where every path from the loop comes through the
// header's exit (they then read the last copy's), so not in a block that
// a body block's exit reaches.
func (p *plan) usesOutside() bool {
	// The blocks reached from the exits of body blocks.
	side := map[*ir.Block]bool{}
	var work []*ir.Block
	for _, b := range p.l.Blocks[1:] {
		for _, s := range p.g.Succs[b] {
			if !p.l.In[s] {
				work = append(work, s)
			}
		}
	}
	for len(work) > 0 {
		b := work[len(work)-1]
		work = work[:len(work)-1]
		if side[b] || p.l.In[b] {
			continue
		}
		side[b] = true
		work = append(work, p.g.Succs[b]...)
	}
	h := p.l.Header
	ok := func(v value.Value, at *ir.Block) bool {
		d, in := p.defs[v]
		return !in || (d == h && !side[at])
	}
	for _, b := range p.f.Blocks {
		if p.l.In[b] {
			continue
		}
		for _, inst := range b.Insts {
			if phi, isPhi := inst.(*ir.InstPhi); isPhi {
				for _, inc := range phi.Incs {
					pred := inc.Pred.(*ir.Block)
					if !p.l.In[pred] && !ok(inc.X, pred) {
						return false
					}
				}
				continue
			}
			for _, op := range inst.(value.User).Operands() {
				if !ok(*op, b) {
					return false
				}
			}
		}
		if u, isUser := b.Term.(value.User); isUser {
			for _, op := range u.Operands() {
				if !ok(*op, b) {
					return false
				}
			}
		}
	}
	return true
}

// copyOf maps the values of one copy of the loop: the header's phis to
// that turn's values, the loop's instructions and blocks to their copies
// (or to the constants they folded to).
type copyOf map[value.Value]value.Value

// get returns v's value in the copy: v itself when defined outside the
// loop.
func (m copyOf) get(v value.Value) value.Value {
	if c, ok := m[v]; ok {
		return c
	}
	return v
}

// copyInsts appends to nb the copies of b's instructions, their
// operands mapped by m (which learns each copy), folding those whose
// operands have become constants; a header's phis (skipPhis) are left
// out, m holding their values. It returns the copied phis, whose entries
// mapPhis maps once every block of the copy exists.
func copyInsts(m copyOf, b, nb *ir.Block, skipPhis bool) []*ir.InstPhi {
	var phis []*ir.InstPhi
	for _, inst := range b.Insts {
		if _, ok := inst.(*ir.InstPhi); ok && skipPhis {
			continue // replaced by this turn's values, in m
		}
		c := copyInst(inst)
		if phi, ok := c.(*ir.InstPhi); ok {
			phis = append(phis, phi) // its operands once all are copied
			nb.Insts = append(nb.Insts, c)
			m[inst.(value.Value)] = phi
			continue
		}
		for _, op := range c.(value.User).Operands() {
			*op = m.get(*op)
		}
		nv, isValue := c.(value.Value)
		if isValue {
			if r := fold(nv); r != nil {
				m[inst.(value.Value)] = r
				continue
			}
		}
		canonicalize(c)
		nb.Insts = append(nb.Insts, c)
		if isValue {
			m[inst.(value.Value)] = nv
		}
	}
	return phis
}

// mapPhis maps the entries of a copy's phis by m: their values and their
// predecessors (the header's edge: this turn's header copy).
func mapPhis(m copyOf, phis []*ir.InstPhi) {
	for _, phi := range phis {
		for _, inc := range phi.Incs {
			inc.X = m.get(inc.X)
			inc.Pred = m.get(inc.Pred)
		}
	}
}

// copyBody copies the loop's body blocks (p.order) into their copies in
// m, branches mapped by target, appends them to blocks and returns it;
// then it maps the entries of the copy's phis, phis (the header copy's)
// and the body's.
func (p *plan) copyBody(m copyOf, target func(value.Value) value.Value, phis []*ir.InstPhi, blocks []*ir.Block) []*ir.Block {
	for _, b := range p.order {
		nb := m[b].(*ir.Block)
		phis = append(phis, copyInsts(m, b, nb, false)...)
		nb.Term = copyTerm(b.Term, m, target)
		blocks = append(blocks, nb)
	}
	mapPhis(m, phis)
	return blocks
}

// transform unrolls the loop: trips copies of the header and the body
// (each header copy branching to its body copy, each latch copy to the
// next header copy), then a last header copy branching to the exit.
func (p *plan) transform() {
	h, n := p.l.Header, p.trips
	heads := make([]*ir.Block, n+1)
	for i := range heads {
		heads[i] = p.newBlock()
	}
	copies := make([]copyOf, n+1)
	var blocks []*ir.Block // the new blocks, in order
	for i := 0; i <= n; i++ {
		m := copyOf{}
		copies[i] = m
		// This turn's header phis.
		for _, inst := range h.Insts {
			phi, ok := inst.(*ir.InstPhi)
			if !ok {
				break
			}
			if i == 0 {
				m[phi] = incoming(phi, p.pre)
			} else {
				m[phi] = copies[i-1].get(incoming(phi, p.latch))
			}
		}
		m[h] = heads[i]
		if i < n {
			for _, b := range p.order {
				m[b] = p.newBlock()
			}
		}
		// A branch to the header goes to the next turn's header.
		target := func(t value.Value) value.Value {
			if t == h {
				return heads[i+1]
			}
			return m.get(t)
		}
		phis := copyInsts(m, h, heads[i], true)
		if i == n {
			heads[i].Term = ir.NewBr(p.exit)
			blocks = append(blocks, heads[i])
			break
		}
		heads[i].Term = ir.NewBr(target(p.next).(*ir.Block))
		blocks = p.copyBody(m, target, phis, append(blocks, heads[i]))
	}
	p.rewire(heads, copies)
	p.replaceBlocks(blocks)
	fresh := map[*ir.Block]bool{}
	for _, b := range blocks {
		fresh[b] = true
	}
	mergeChains(p.f, fresh)
}

// rewire connects the copies to the rest of the function: the entry edge
// goes to the first header copy, the exit blocks' phis take a value per
// copy of each exiting block, and the uses of header values after the
// loop read the last copy's.
func (p *plan) rewire(heads []*ir.Block, copies []copyOf) {
	h, n := p.l.Header, p.trips
	// The entry edge.
	for _, op := range p.pre.Term.(value.User).Operands() {
		if *op == h {
			*op = heads[0]
		}
	}
	clearSuccs(p.pre.Term)
	last := copies[n]
	for _, b := range p.f.Blocks {
		if p.l.In[b] {
			continue
		}
		for _, inst := range b.Insts {
			phi, isPhi := inst.(*ir.InstPhi)
			if !isPhi {
				for _, op := range inst.(value.User).Operands() {
					*op = last.get(*op)
				}
				continue
			}
			var incs []*ir.Incoming
			for _, inc := range phi.Incs {
				pred := inc.Pred.(*ir.Block)
				switch {
				case pred == h:
					incs = append(incs, ir.NewIncoming(last.get(inc.X), heads[n]))
				case p.l.In[pred]:
					for i := 0; i < n; i++ {
						incs = append(incs, ir.NewIncoming(copies[i].get(inc.X), copies[i][pred].(*ir.Block)))
					}
				default:
					inc.X = last.get(inc.X)
					incs = append(incs, inc)
				}
			}
			phi.Incs = incs
		}
		if u, isUser := b.Term.(value.User); isUser {
			for _, op := range u.Operands() {
				if _, isBlock := (*op).(*ir.Block); !isBlock {
					*op = last.get(*op)
				}
			}
		}
	}
}

// replaceBlocks puts the copies where the loop's blocks were and drops
// the blocks that no longer have a predecessor (exit blocks that only a
// zero-trip loop's body reached), with their phis' entries downstream.
func (p *plan) replaceBlocks(copies []*ir.Block) {
	var blocks []*ir.Block
	for _, b := range p.f.Blocks {
		switch {
		case b == p.l.Header:
			blocks = append(blocks, copies...)
		case !p.l.In[b]:
			blocks = append(blocks, b)
		}
	}
	p.f.Blocks = blocks
	g := cfg.New(p.f)
	if g == nil {
		return
	}
	var keep []*ir.Block
	dropped := map[*ir.Block]bool{}
	for _, b := range p.f.Blocks {
		// Drop only what the unrolling cut off: blocks reachable before.
		if !g.Reachable(b) && p.g.Reachable(b) {
			dropped[b] = true
			continue
		}
		keep = append(keep, b)
	}
	if len(dropped) == 0 {
		return
	}
	for _, b := range keep {
		for _, inst := range b.Insts {
			phi, ok := inst.(*ir.InstPhi)
			if !ok {
				break
			}
			incs := phi.Incs[:0]
			for _, inc := range phi.Incs {
				if !dropped[inc.Pred.(*ir.Block)] {
					incs = append(incs, inc)
				}
			}
			phi.Incs = incs
		}
	}
	p.f.Blocks = keep
}

// newBlock returns an unnamed block of the function.
func (p *plan) newBlock() *ir.Block {
	b := ir.NewBlock("")
	b.Parent = p.f
	return b
}

// mergeChains joins each block S to its predecessor P where P ends in an
// unconditional br to S, S has no other predecessor, no phis and no name
// (docs/ir.md names entry, partial, outside and fault), and one of the
// two is a copy (in fresh) or has absorbed one: the header copies that
// only branch on, and the chain of a straight-line body. Instructions
// keep their order.
func mergeChains(f *ir.Func, fresh map[*ir.Block]bool) {
	g := cfg.New(f)
	if g == nil {
		return
	}
	gone := map[*ir.Block]bool{}
	for _, p := range f.Blocks {
		if gone[p] {
			continue
		}
		for {
			br, ok := p.Term.(*ir.TermBr)
			if !ok {
				break
			}
			s := br.Target.(*ir.Block)
			if s == p || s == f.Blocks[0] || !s.IsUnnamed() || len(g.Preds[s]) != 1 || !(fresh[p] || fresh[s]) {
				break
			}
			if len(s.Insts) > 0 {
				if _, isPhi := s.Insts[0].(*ir.InstPhi); isPhi {
					break
				}
			}
			p.Insts = append(p.Insts, s.Insts...)
			p.Term = s.Term
			fresh[p] = true
			for _, t := range g.Succs[s] {
				for _, inst := range t.Insts {
					phi, isPhi := inst.(*ir.InstPhi)
					if !isPhi {
						break
					}
					for _, inc := range phi.Incs {
						if inc.Pred == s {
							inc.Pred = p
						}
					}
				}
				for i, q := range g.Preds[t] {
					if q == s {
						g.Preds[t][i] = p
					}
				}
			}
			g.Succs[p] = g.Succs[s]
			gone[s] = true
		}
	}
	var keep []*ir.Block
	for _, b := range f.Blocks {
		if !gone[b] {
			keep = append(keep, b)
		}
	}
	f.Blocks = keep
}
