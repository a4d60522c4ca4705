// Package narrow is a value-range analysis over a kernel's portable IR
// (docs/ir.md) and the transformation it allows: 64-bit integer arithmetic
// whose operands and result provably fit in 32 bits (local ids, loop
// counters with small constant bounds, local-memory indices, values masked
// by or compared with small constants) is done in 32 bits.
//
// Go's int is i64 in the IR, and every result must be the one Go computes.
// A 64-bit add, sub, mul, and, or, xor, shl, division or remainder whose
// operands and exact result lie in [-2³¹, 2³¹) at that point of the kernel
// gives the same value computed in 32 bits and sign-extended; a comparison
// of two such values gives the same answer in 32 bits. So the pass only
// changes where the arithmetic is done, never a value: a narrowed
// instruction's 64-bit users read `sext i32 → i64` of the 32-bit result.
//
// The analysis is an interval abstract interpretation: constants,
// work-item queries (a local id is below driver.MaxGroupDim, which ka
// enforces at launch), extensions from narrower types, masks, remainders
// and shifts by constants give bounds; add, sub, mul and divisions by
// constants propagate them (a result that could wrap is unbounded);
// conditional branches on comparisons refine a value in the blocks that
// only the taken edge reaches (k < 16 bounds k in a loop's body). Loops
// reach a fixpoint by widening phis, then a few descending iterations
// recover the bounds the branches give.
package narrow

import (
	"math"
	"math/big"

	"github.com/llir/llvm/ir"
	"github.com/llir/llvm/ir/constant"
	"github.com/llir/llvm/ir/enum"
	"github.com/llir/llvm/ir/types"
	"github.com/llir/llvm/ir/value"

	"github.com/kago-dev/kago/ka/driver"
)

// interval is a closed range of signed values [lo, hi].
type interval struct{ lo, hi int64 }

func (a interval) join(b interval) interval { return interval{min(a.lo, b.lo), max(a.hi, b.hi)} }
func (a interval) meet(b interval) interval { return interval{max(a.lo, b.lo), min(a.hi, b.hi)} }
func (a interval) within(b interval) bool   { return a.lo >= b.lo && a.hi <= b.hi }
func (a interval) empty() bool              { return a.lo > a.hi }

var i32Range = interval{math.MinInt32, math.MaxInt32}

// full is the range of every value of an integer type of the given width.
func full(bits uint64) interval {
	if bits >= 64 || bits == 0 {
		return interval{math.MinInt64, math.MaxInt64}
	}
	if bits == 1 {
		return interval{0, 1}
	}
	return interval{-1 << (bits - 1), 1<<(bits-1) - 1}
}

// exact makes an interval of big bounds, or the type's full range when
// the bounds leave it (the operation could wrap).
func exact(lo, hi *big.Int, bits uint64) interval {
	f := full(bits)
	if !lo.IsInt64() || !hi.IsInt64() || lo.Int64() < f.lo || hi.Int64() > f.hi {
		return f
	}
	return interval{lo.Int64(), hi.Int64()}
}

func intBits(t types.Type) (uint64, bool) {
	it, ok := t.(*types.IntType)
	if !ok {
		return 0, false
	}
	return it.BitSize, true
}

// analysis holds the ranges of a function's integer values.
type analysis struct {
	f      *ir.Func
	rng    map[value.Value]interval // value → range at its definition
	facts  map[*ir.Block]map[value.Value]interval
	idom   map[*ir.Block]*ir.Block
	preds  map[*ir.Block][]*ir.Block
	defBlk map[value.Value]*ir.Block
	widen  bool
}

func analyze(f *ir.Func) *analysis {
	a := &analysis{f: f, rng: map[value.Value]interval{}, facts: map[*ir.Block]map[value.Value]interval{},
		preds: map[*ir.Block][]*ir.Block{}, defBlk: map[value.Value]*ir.Block{}}
	for _, b := range f.Blocks {
		for _, s := range b.Term.Succs() {
			a.preds[s] = append(a.preds[s], b)
		}
		for _, in := range b.Insts {
			if v, ok := in.(value.Value); ok {
				a.defBlk[v] = b
			}
		}
	}
	a.idom = dominators(f, a.preds)
	// Ascending iterations with widening, then descending ones.
	a.widen = true
	converged := false
	for range 200 {
		if !a.pass() {
			converged = true
			break
		}
	}
	if !converged {
		return nil // no bounds are known; nothing narrows
	}
	a.widen = false
	for range 6 {
		a.pass()
	}
	return a
}

// at is v's range in block b: its range refined by b's facts.
func (a *analysis) at(v value.Value, b *ir.Block) interval {
	r := a.base(v)
	if b != nil {
		if f, ok := a.facts[b][v]; ok {
			r = r.meet(f)
		}
	}
	return r
}

func (a *analysis) base(v value.Value) interval {
	bits, _ := intBits(v.Type())
	switch v := v.(type) {
	case *constant.Int:
		if v.X.IsInt64() {
			x := v.X.Int64()
			return interval{x, x}
		}
		return full(bits)
	}
	if r, ok := a.rng[v]; ok {
		return r
	}
	return full(bits)
}

// pass recomputes every block's facts and every value's range once; it
// reports whether anything changed.
func (a *analysis) pass() bool {
	changed := false
	for _, b := range a.f.Blocks {
		a.facts[b] = a.blockFacts(b)
		for _, in := range b.Insts {
			v, ok := in.(value.Value)
			if !ok {
				continue
			}
			bits, ok := intBits(v.Type())
			if !ok {
				continue
			}
			r := a.eval(in, b, bits)
			old, had := a.rng[v]
			if a.widen && had {
				if _, phi := in.(*ir.InstPhi); phi {
					f := full(bits)
					nr := old
					if r.lo < old.lo {
						nr.lo = f.lo
					}
					if r.hi > old.hi {
						nr.hi = f.hi
					}
					r = nr
				} else {
					r = r.join(old)
				}
			}
			if !had || r != old {
				a.rng[v] = r
				changed = true
			}
		}
	}
	return changed
}

// blockFacts are the ranges that hold in b: its immediate dominator's,
// and, when b has one predecessor ending in a conditional branch on a
// comparison, what the edge to b implies.
func (a *analysis) blockFacts(b *ir.Block) map[value.Value]interval {
	m := map[value.Value]interval{}
	if d := a.idom[b]; d != nil {
		for k, v := range a.facts[d] {
			m[k] = v
		}
	}
	ps := a.preds[b]
	if len(ps) != 1 {
		return m
	}
	br, ok := ps[0].Term.(*ir.TermCondBr)
	if !ok || br.TargetTrue == br.TargetFalse {
		return m
	}
	cmp, ok := br.Cond.(*ir.InstICmp)
	if !ok {
		return m
	}
	if _, ok := intBits(cmp.X.Type()); !ok {
		return m
	}
	pred := cmp.Pred
	if br.TargetFalse == b {
		pred = negate(pred)
	}
	x, y := a.at(cmp.X, ps[0]), a.at(cmp.Y, ps[0])
	refine := func(v value.Value, r interval) {
		if _, c := v.(constant.Constant); c {
			return
		}
		old := a.at(v, ps[0])
		if f, ok := m[v]; ok {
			old = old.meet(f)
		}
		if nr := old.meet(r); !nr.empty() {
			m[v] = nr
		}
	}
	inf := full(64)
	switch pred {
	case enum.IPredSLT:
		refine(cmp.X, interval{inf.lo, sat(y.hi, -1)})
		refine(cmp.Y, interval{sat(x.lo, 1), inf.hi})
	case enum.IPredSLE:
		refine(cmp.X, interval{inf.lo, y.hi})
		refine(cmp.Y, interval{x.lo, inf.hi})
	case enum.IPredSGT:
		refine(cmp.X, interval{sat(y.lo, 1), inf.hi})
		refine(cmp.Y, interval{inf.lo, sat(x.hi, -1)})
	case enum.IPredSGE:
		refine(cmp.X, interval{y.lo, inf.hi})
		refine(cmp.Y, interval{inf.lo, x.hi})
	case enum.IPredULT: // x <u y with y ≥ 0: 0 ≤ x < y
		if y.lo >= 0 {
			refine(cmp.X, interval{0, sat(y.hi, -1)})
		}
	case enum.IPredULE:
		if y.lo >= 0 {
			refine(cmp.X, interval{0, y.hi})
		}
	case enum.IPredUGT: // y <u x
		if x.lo >= 0 {
			refine(cmp.Y, interval{0, sat(x.hi, -1)})
		}
	case enum.IPredUGE:
		if x.lo >= 0 {
			refine(cmp.Y, interval{0, x.hi})
		}
	case enum.IPredEQ:
		refine(cmp.X, y)
		refine(cmp.Y, x)
	}
	return m
}

// sat is x+d, saturated.
func sat(x, d int64) int64 {
	if (d > 0 && x > math.MaxInt64-d) || (d < 0 && x < math.MinInt64-d) {
		return x
	}
	return x + d
}

func negate(p enum.IPred) enum.IPred {
	switch p {
	case enum.IPredEQ:
		return enum.IPredNE
	case enum.IPredNE:
		return enum.IPredEQ
	case enum.IPredSLT:
		return enum.IPredSGE
	case enum.IPredSGE:
		return enum.IPredSLT
	case enum.IPredSLE:
		return enum.IPredSGT
	case enum.IPredSGT:
		return enum.IPredSLE
	case enum.IPredULT:
		return enum.IPredUGE
	case enum.IPredUGE:
		return enum.IPredULT
	case enum.IPredULE:
		return enum.IPredUGT
	case enum.IPredUGT:
		return enum.IPredULE
	}
	return p
}

func constOf(v value.Value) (int64, bool) {
	c, ok := v.(*constant.Int)
	if !ok || !c.X.IsInt64() {
		return 0, false
	}
	return c.X.Int64(), true
}

func bigOf(x int64) *big.Int { return big.NewInt(x) }

// eval is the range of in's result in block b.
func (a *analysis) eval(in ir.Instruction, b *ir.Block, bits uint64) interval {
	f := full(bits)
	bin := func(x, y value.Value) (interval, interval) { return a.at(x, b), a.at(y, b) }
	switch in := in.(type) {
	case *ir.InstAdd:
		x, y := bin(in.X, in.Y)
		return exact(new(big.Int).Add(bigOf(x.lo), bigOf(y.lo)), new(big.Int).Add(bigOf(x.hi), bigOf(y.hi)), bits)
	case *ir.InstSub:
		x, y := bin(in.X, in.Y)
		return exact(new(big.Int).Sub(bigOf(x.lo), bigOf(y.hi)), new(big.Int).Sub(bigOf(x.hi), bigOf(y.lo)), bits)
	case *ir.InstMul:
		x, y := bin(in.X, in.Y)
		var lo, hi *big.Int
		for _, p := range [][2]int64{{x.lo, y.lo}, {x.lo, y.hi}, {x.hi, y.lo}, {x.hi, y.hi}} {
			v := new(big.Int).Mul(bigOf(p[0]), bigOf(p[1]))
			if lo == nil || v.Cmp(lo) < 0 {
				lo = v
			}
			if hi == nil || v.Cmp(hi) > 0 {
				hi = v
			}
		}
		return exact(lo, hi, bits)
	case *ir.InstSDiv:
		x := a.at(in.X, b)
		if c, ok := constOf(in.Y); ok && c > 0 {
			return interval{x.lo / c, x.hi / c}
		}
	case *ir.InstUDiv:
		x := a.at(in.X, b)
		if c, ok := constOf(in.Y); ok && c > 0 && x.lo >= 0 {
			return interval{x.lo / c, x.hi / c}
		}
	case *ir.InstSRem:
		x := a.at(in.X, b)
		if c, ok := constOf(in.Y); ok && c > 0 {
			r := interval{-(c - 1), c - 1}
			if x.lo >= 0 {
				r.lo = 0
			}
			if x.hi <= 0 {
				r.hi = 0
			}
			return r.meet(interval{min(x.lo, 0), max(x.hi, 0)})
		}
	case *ir.InstURem:
		x := a.at(in.X, b)
		if c, ok := constOf(in.Y); ok && c > 0 {
			r := interval{0, c - 1}
			if x.lo >= 0 {
				r.hi = min(r.hi, x.hi)
			}
			return r
		}
	case *ir.InstAnd:
		x, y := bin(in.X, in.Y)
		switch {
		case x.lo >= 0 && y.lo >= 0:
			return interval{0, min(x.hi, y.hi)}
		case x.lo >= 0:
			return interval{0, x.hi}
		case y.lo >= 0:
			return interval{0, y.hi}
		}
	case *ir.InstOr, *ir.InstXor:
		ops := in.(value.User).Operands()
		x, y := a.at(*ops[0], b), a.at(*ops[1], b)
		if x.lo >= 0 && y.lo >= 0 {
			m := uint64(max(x.hi, y.hi))
			hi := int64(math.MaxInt64)
			if n := bitLen(m); n < 63 {
				hi = 1<<n - 1
			}
			return interval{0, hi}.meet(f)
		}
	case *ir.InstShl:
		x := a.at(in.X, b)
		if c, ok := constOf(in.Y); ok && c >= 0 && c < int64(bits) && x.lo >= 0 {
			return exact(new(big.Int).Lsh(bigOf(x.lo), uint(c)), new(big.Int).Lsh(bigOf(x.hi), uint(c)), bits)
		}
	case *ir.InstLShr:
		x := a.at(in.X, b)
		if c, ok := constOf(in.Y); ok && c > 0 && c < int64(bits) {
			if x.lo >= 0 {
				return interval{x.lo >> c, x.hi >> c}
			}
			if bits == 64 {
				return interval{0, int64(uint64(math.MaxUint64) >> uint64(c))}
			}
			return interval{0, int64((uint64(1)<<bits - 1) >> uint64(c))}
		}
	case *ir.InstAShr:
		x := a.at(in.X, b)
		if c, ok := constOf(in.Y); ok && c >= 0 && c < int64(bits) {
			return interval{x.lo >> c, x.hi >> c}
		}
	case *ir.InstZExt:
		from, _ := intBits(in.From.Type())
		x := a.at(in.From, b)
		if x.lo >= 0 {
			return x
		}
		if from < 64 {
			return interval{0, int64(uint64(1)<<from - 1)}
		}
	case *ir.InstSExt:
		return a.at(in.From, b)
	case *ir.InstTrunc:
		x := a.at(in.From, b)
		if x.within(f) {
			return x
		}
	case *ir.InstSelect:
		return a.at(in.ValueTrue, b).join(a.at(in.ValueFalse, b))
	case *ir.InstPhi:
		var r interval
		seen := false
		for _, inc := range in.Incs {
			pb, _ := inc.Pred.(*ir.Block)
			x := a.at(inc.X, pb)
			if _, known := a.rng[inc.X]; !known {
				if _, c := inc.X.(constant.Constant); !c {
					if _, isIn := inc.X.(ir.Instruction); isIn {
						continue // not yet evaluated: ascending start
					}
				}
			}
			if !seen {
				r, seen = x, true
			} else {
				r = r.join(x)
			}
		}
		if seen {
			return r
		}
	case *ir.InstCall:
		return callRange(in, f)
	}
	return f
}

func bitLen(x uint64) uint64 {
	n := uint64(0)
	for x != 0 {
		x >>= 1
		n++
	}
	return n
}

// callRange bounds the work-item queries (docs/ir.md's intrinsics).
func callRange(c *ir.InstCall, f interval) interval {
	fn, ok := c.Callee.(*ir.Func)
	if !ok {
		return f
	}
	const g = driver.MaxGroupDim
	switch fn.Name() {
	case "ka.local_id":
		return interval{0, g - 1}
	case "ka.group_size":
		return interval{1, g}
	case "ka.global_id", "ka.group_id":
		return interval{0, math.MaxInt64}
	case "ka.global_size", "ka.num_groups":
		return interval{0, math.MaxInt64}
	}
	return f
}

// dominators computes immediate dominators (Cooper, Harvey and Kennedy)
// of the blocks reachable from the entry.
func dominators(f *ir.Func, preds map[*ir.Block][]*ir.Block) map[*ir.Block]*ir.Block {
	if len(f.Blocks) == 0 {
		return nil
	}
	// Reverse postorder from the entry.
	var order []*ir.Block
	seen := map[*ir.Block]bool{}
	var dfs func(b *ir.Block)
	dfs = func(b *ir.Block) {
		seen[b] = true
		for _, s := range b.Term.Succs() {
			if !seen[s] {
				dfs(s)
			}
		}
		order = append(order, b)
	}
	dfs(f.Blocks[0])
	num := map[*ir.Block]int{}
	for i, j := 0, len(order)-1; i < j; i, j = i+1, j-1 {
		order[i], order[j] = order[j], order[i]
	}
	for i, b := range order {
		num[b] = i
	}
	idom := map[*ir.Block]*ir.Block{order[0]: order[0]}
	intersect := func(x, y *ir.Block) *ir.Block {
		for x != y {
			for num[x] > num[y] {
				x = idom[x]
			}
			for num[y] > num[x] {
				y = idom[y]
			}
		}
		return x
	}
	for changed := true; changed; {
		changed = false
		for _, b := range order[1:] {
			var nd *ir.Block
			for _, p := range preds[b] {
				if _, ok := idom[p]; !ok {
					continue
				}
				if nd == nil {
					nd = p
				} else {
					nd = intersect(p, nd)
				}
			}
			if nd != nil && idom[b] != nd {
				idom[b] = nd
				changed = true
			}
		}
	}
	idom[order[0]] = nil
	return idom
}
