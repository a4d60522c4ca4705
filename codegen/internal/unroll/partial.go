package unroll

// This file unrolls counted loops partially: a loop for k := init;
// k < n; k++ whose bound is known only at run time (the naive matmul's
// product over k) runs Factor copies of its body per turn of a new main
// loop while Factor turns remain, then the original loop for the rest
// (at most Factor-1 turns). The main loop tests its counter once per
// Factor turns, and its copies' addresses differ by constants that the
// PTX emitter folds into [reg+imm], so its loads are issued together, as
// nvcc's and LLVM's unrolled loops are.
//
// # What is unrolled
//
// An innermost natural loop of the shape that Func unrolls (one entry,
// one preheader, one latch other than the header, the header leaving the
// loop on a conditional br), with:
//
//   - no other exit: every block but the header branches only within the
//     loop (a bounds check's fault path, a stop check or a break keeps
//     the loop as it is);
//   - a header of phis and pure instructions (integer arithmetic, icmp,
//     select, getelementptr), which may run once more than before;
//   - an exit condition k < n (signed, i64, written icmp slt k, n or
//     sgt n, k, or the negations that leave on true), k a header phi
//     whose latch value is k + 1 and n defined outside the loop;
//   - Factor × (its instructions) within MaxPartialSize.
//
// # The transformation
//
// The preheader's edge goes to a new block that computes the main
// loop's bound, lim = init < n ? init + ((n - init) &^ (Factor-1)) :
// init, exact with wrapping arithmetic (n - init is below 2^64 as an
// unsigned number when init < n, and lim ≤ n), then to the main loop's
// header: a phi per header phi (from the preheader's values, then from
// the last copy's latch), the header's instructions, and k' < lim. Its
// body is Factor copies of the header and body, each copy's header
// phis replaced by the previous copy's latch values, each header copy
// after the first branching straight to its body (k'+j < lim ≤ n: the
// original condition holds). The main loop leaves to a block that enters
// the original loop, whose phis take the main loop's values from it; the
// original loop, unchanged, runs the remaining turns and is left where
// its exits lead, so the uses after the loop are unchanged.
//
// Every copy runs what one turn of the original ran, in the same order:
// loads, stores, atomics and barriers keep their sequence (a barrier's
// loop has a uniform bound, so the whole group takes the main loop and
// the remainder alike).

import (
	"github.com/kago-dev/kago/codegen/internal/cfg"
	"github.com/llir/llvm/ir"
	"github.com/llir/llvm/ir/constant"
	"github.com/llir/llvm/ir/enum"
	"github.com/llir/llvm/ir/types"
	"github.com/llir/llvm/ir/value"
)

// Factor is how many copies of its body a partially unrolled loop's main
// loop runs per turn: 4 puts four loads of each array in flight per
// test of the counter, what LLVM's unroller gives the naive matmul's
// loop (kagobench -ptxcount's optllc column).
const Factor = 4

// MaxPartialSize caps Factor × (a loop's instructions, terminators
// included): 256 admits bodies of up to 64 instructions, a matmul's or
// a dot product's with room to spare, and keeps the copies small next to
// the instruction cache.
const MaxPartialSize = 256

// Partial unrolls f's counted loops partially (see the file comment) and
// returns how many it unrolled. f's blocks are laid out again; the new
// values are unnamed with ID 0, for the caller to number.
func Partial(f *ir.Func) int {
	seen := map[*ir.Block]bool{} // headers tried: remainders and main loops are not unrolled again
	return rounds(f, func(g *cfg.Graph, l *cfg.Loop) bool {
		if seen[l.Header] {
			return false
		}
		seen[l.Header] = true
		c, ok := analyzeCounted(f, g, l)
		if ok {
			seen[c.transform()] = true
		}
		return ok
	})
}

// counted is a loop that Partial unrolls: its plan, the counter k and
// the bound n of its condition k < n.
type counted struct {
	*plan
	k *ir.InstPhi
	n value.Value
}

// analyzeCounted returns loop l as a counted loop, false when Partial
// leaves it alone.
func analyzeCounted(f *ir.Func, g *cfg.Graph, l *cfg.Loop) (*counted, bool) {
	p, ok := header(f, g, l)
	if !ok || p.latch == l.Header {
		return nil, false
	}
	size, ok := p.measure()
	if !ok || Factor*size > MaxPartialSize {
		return nil, false
	}
	for _, inst := range l.Header.Insts {
		if _, isPhi := inst.(*ir.InstPhi); !isPhi {
			if _, isGEP := inst.(*ir.InstGetElementPtr); !isGEP && !pure(inst.(value.Value)) {
				return nil, false // the header runs once more than before
			}
		}
	}
	for _, b := range l.Blocks[1:] {
		for _, s := range g.Succs[b] {
			if !l.In[s] {
				return nil, false // another exit
			}
		}
	}
	c := &counted{plan: p}
	if !c.condition() {
		return nil, false
	}
	p.order = l.Blocks[1:]
	return c, true
}

// condition matches the header's condition with k < n, k a header phi
// stepping by 1 and n defined outside the loop.
func (c *counted) condition() bool {
	ic, ok := c.cond.(*ir.InstICmp)
	if !ok || !c.l.Defines(ic) {
		return false
	}
	var k, n value.Value
	switch {
	case !c.exitWhen && ic.Pred == enum.IPredSLT, c.exitWhen && ic.Pred == enum.IPredSGE:
		k, n = ic.X, ic.Y
	case !c.exitWhen && ic.Pred == enum.IPredSGT, c.exitWhen && ic.Pred == enum.IPredSLE:
		k, n = ic.Y, ic.X
	default:
		return false
	}
	phi, ok := k.(*ir.InstPhi)
	if !ok || width(phi.Type()) != 64 || !c.l.IsHeaderPhi(phi) || c.l.Defines(n) {
		return false
	}
	next, ok := incoming(phi, c.latch).(*ir.InstAdd)
	if !ok {
		return false
	}
	one := func(v value.Value) bool { x, ok := constInt(v); return ok && x == 1 }
	if !(next.X == value.Value(phi) && one(next.Y) || next.Y == value.Value(phi) && one(next.X)) {
		return false
	}
	c.k, c.n = phi, n
	return true
}

// transform builds the bound's block, the main loop and its exit into
// the original loop, and returns the main loop's header.
func (c *counted) transform() *ir.Block {
	h, f := c.l.Header, c.f
	i64 := types.I64
	init := incoming(c.k, c.pre)
	bound := c.newBlock()
	d := ir.NewSub(c.n, init)
	whole := ir.NewAnd(d, constant.NewInt(i64, -Factor))
	end := ir.NewAdd(init, whole)
	some := ir.NewICmp(enum.IPredSLT, init, c.n)
	lim := ir.NewSelect(some, end, init)
	bound.Insts = []ir.Instruction{d, whole, end, some, lim}

	heads := make([]*ir.Block, Factor)
	for j := range heads {
		heads[j] = c.newBlock()
	}
	main, leave := heads[0], c.newBlock()
	bound.Term = ir.NewBr(main)
	for _, op := range c.pre.Term.(value.User).Operands() {
		if *op == h {
			*op = bound
		}
	}
	clearSuccs(c.pre.Term)

	var hphis, mphis []*ir.InstPhi
	for _, inst := range h.Insts {
		if phi, ok := inst.(*ir.InstPhi); ok {
			hphis = append(hphis, phi)
			mp := ir.NewPhi(ir.NewIncoming(incoming(phi, c.pre), bound))
			mphis = append(mphis, mp)
			main.Insts = append(main.Insts, mp)
		}
	}
	blocks := []*ir.Block{bound}
	copies := make([]copyOf, Factor)
	for j := range Factor {
		m := copyOf{}
		copies[j] = m
		for i, phi := range hphis {
			if j == 0 {
				m[phi] = mphis[i]
			} else {
				m[phi] = copies[j-1].get(incoming(phi, c.latch))
			}
		}
		m[h] = heads[j]
		for _, b := range c.order {
			m[b] = c.newBlock()
		}
		target := func(t value.Value) value.Value {
			switch {
			case t != h:
				return m.get(t)
			case j+1 < Factor:
				return heads[j+1]
			}
			return main
		}
		phis := copyInsts(m, h, heads[j], true)
		if j == 0 {
			more := ir.NewICmp(enum.IPredSLT, m.get(c.k), lim)
			main.Insts = append(main.Insts, more)
			main.Term = ir.NewCondBr(more, m[c.next].(*ir.Block), leave)
		} else {
			heads[j].Term = ir.NewBr(m[c.next].(*ir.Block))
		}
		blocks = c.copyBody(m, target, phis, append(blocks, heads[j]))
	}
	last := copies[Factor-1]
	for i, phi := range hphis {
		mphis[i].Incs = append(mphis[i].Incs, ir.NewIncoming(last.get(incoming(phi, c.latch)), last[c.latch].(*ir.Block)))
	}
	// The remainder: the original loop, entered with the main loop's
	// values.
	leave.Term = ir.NewBr(h)
	blocks = append(blocks, leave)
	for i, phi := range hphis {
		for _, inc := range phi.Incs {
			if inc.Pred == value.Value(c.pre) {
				inc.Pred, inc.X = leave, mphis[i]
			}
		}
	}
	at := 0
	for i, b := range f.Blocks {
		if b == h {
			at = i
		}
	}
	f.Blocks = append(f.Blocks[:at], append(blocks, f.Blocks[at:]...)...)
	fresh := map[*ir.Block]bool{}
	for _, b := range blocks {
		fresh[b] = true
	}
	mergeChains(f, fresh)
	return main
}
