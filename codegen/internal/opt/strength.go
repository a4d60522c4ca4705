package opt

// This file is strength reduction of addresses: in a loop counted by a
// basic induction variable k (a header phi that starts at init and whose
// latch value is k + s, s invariant), an element address p[a*k + b + c]
// with p, a and b invariant and c a constant is p + (a*k + b + c)*size,
// recomputed every turn by a multiply, adds and a multiply-add. It
// becomes a pointer phi Q that starts at p[a*init + b] and steps by
// a*s elements at the latch, and the address Q[c]: one add per turn,
// and the constant offset goes into the access's [reg+imm] (gepsplit.go,
// codegen/ptx/offsets.go). Addresses that differ only in c share one Q:
// the naive matmul's a[row*n + k] and, unrolled, a[row*n + k+1]; its
// b[k*n + col] steps by n. nvcc and LLVM's loop-strength-reduce do the
// same.
//
// It is exact: Go's index arithmetic wraps at 64 bits and so do
// addresses, so p + (a*k + b + c)*size is the same pointer however the
// sum is grouped, for every k, overflow or not. Only i64 add, sub, mul
// and shl by a constant are followed (sext and zext are not linear
// modulo 2^64), and nothing but pure instructions is made, in the
// preheader and the latch: the barrier rule holds. An address is reduced
// only in a block that runs every turn (it dominates the latch), so the
// one add replaces at least the work it saves. The index computations
// left unused are removed by the fold that follows.

import (
	"github.com/llir/llvm/ir"
	"github.com/llir/llvm/ir/constant"
	"github.com/llir/llvm/ir/types"
	"github.com/llir/llvm/ir/value"
)

// affine is an i64 value a*iv + b + c of a loop: iv one of its basic
// induction variables (nil when the value is invariant), a and b
// invariant values (nil for 0), c a constant.
type affine struct {
	iv   *ir.InstPhi
	a, b value.Value
	c    int64
}

// reducer reduces the addresses of one loop.
type reducer struct {
	l    *loop
	pre  *ir.Block                   // the loop's preheader, where the invariants go
	def  map[value.Value]*ir.Block   // every instruction's block, the new ones too
	ivs  map[*ir.InstPhi]value.Value // the basic induction variables and their steps
	memo map[value.Value]*affine     // aff's results; nil: not affine
}

// reduceStrength reduces the addresses of f's loops, innermost first,
// and reports whether it changed f. The loops must have preheaders
// (licm makes them); a loop without one, or with several latches, is
// left alone.
func reduceStrength(f *ir.Func) bool {
	if len(f.Blocks) == 0 {
		return false
	}
	g := newCFG(f)
	d := newDomTree(g)
	lf := findLoops(g, d)
	def := map[value.Value]*ir.Block{}
	for _, b := range f.Blocks {
		for _, inst := range b.Insts {
			if v, ok := inst.(value.Value); ok {
				def[v] = b
			}
		}
	}
	changed := false
	for _, l := range lf.postorder() {
		pre := l.preheader(g)
		if pre == nil || len(l.latches) != 1 {
			continue
		}
		r := &reducer{l: l, pre: pre, def: def, ivs: map[*ir.InstPhi]value.Value{}, memo: map[value.Value]*affine{}}
		r.findIVs()
		if len(r.ivs) > 0 && r.reduce(d, lf) {
			changed = true
		}
	}
	return changed
}

// invariant reports whether v is defined outside the loop.
func (r *reducer) invariant(v value.Value) bool {
	b, ok := r.def[v]
	return !ok || !r.l.contains(b)
}

// findIVs finds the loop's basic induction variables: i64 header phis
// of two entries, the preheader's and the latch's, the latch's being the
// phi plus an invariant.
func (r *reducer) findIVs() {
	latch := r.l.latches[0]
	for _, phi := range phis(r.l.header) {
		if bits(phi.Type()) != 64 || len(phi.Incs) != 2 || entering(phi, r.pre) == nil {
			continue
		}
		add, ok := entering(phi, latch).(*ir.InstAdd)
		if !ok {
			continue
		}
		switch {
		case add.X == value.Value(phi) && r.invariant(add.Y):
			r.ivs[phi] = add.Y
		case add.Y == value.Value(phi) && r.invariant(add.X):
			r.ivs[phi] = add.X
		}
	}
}

// candidate is an address to reduce: gep T, src, (a*iv + b + c).
type candidate struct {
	gep *ir.InstGetElementPtr
	af  *affine
}

// groupKey identifies the addresses that differ only in c.
type groupKey struct {
	src, a, b any // operandKey's
	elem      string
	iv        *ir.InstPhi
}

// reduce reduces the loop's addresses and reports whether it did.
func (r *reducer) reduce(d *domTree, lf *loopForest) bool {
	latch := r.l.latches[0]
	groups := map[groupKey][]candidate{}
	var order []groupKey
	for _, b := range d.rpo {
		if lf.innermost[b] != r.l || !d.dominates(b, latch) {
			continue
		}
		for _, inst := range b.Insts {
			g, ok := inst.(*ir.InstGetElementPtr)
			if !ok || len(g.Indices) != 1 || !r.invariant(g.Src) {
				continue
			}
			af := r.aff(g.Indices[0])
			if af == nil || af.iv == nil {
				continue
			}
			k := groupKey{src: operandKey(g.Src), elem: g.ElemType.LLString(), iv: af.iv, a: operandKey(af.a), b: operandKey(af.b)}
			if _, seen := groups[k]; !seen {
				order = append(order, k)
			}
			groups[k] = append(groups[k], candidate{g, af})
		}
	}
	done := false
	for _, k := range order {
		cs := groups[k]
		first := cs[0]
		step := r.mul(first.af.a, r.ivs[k.iv])
		if step == nil {
			continue // a*s is 0: the address does not move
		}
		start := r.add(r.mul(first.af.a, entering(k.iv, r.pre)), first.af.b)
		if start == nil {
			start = constant.NewInt(types.I64, 0)
		}
		q0 := ir.NewGetElementPtr(first.gep.ElemType, first.gep.Src, start)
		r.emit(q0)
		q := ir.NewPhi(ir.NewIncoming(q0, r.pre))
		next := ir.NewGetElementPtr(first.gep.ElemType, q, step)
		q.Incs = append(q.Incs, ir.NewIncoming(next, latch))
		r.l.header.Insts = append([]ir.Instruction{q}, r.l.header.Insts...)
		latch.Insts = append(latch.Insts, next)
		r.def[q], r.def[next] = r.l.header, latch
		for _, c := range cs {
			c.gep.Src = q
			c.gep.Indices = []value.Value{constant.NewInt(types.I64, c.af.c)}
		}
		done = true
	}
	return done
}

// entering returns phi's value from pred.
func entering(phi *ir.InstPhi, pred *ir.Block) value.Value {
	for _, inc := range phi.Incs {
		if inc.Pred == value.Value(pred) {
			return inc.X
		}
	}
	return nil
}

// aff returns v as an affine value of the loop, nil when it is not one.
func (r *reducer) aff(v value.Value) *affine {
	if bits(v.Type()) != 64 {
		return nil
	}
	if c, _, ok := intConst(v); ok {
		return &affine{c: int64(c)}
	}
	if r.invariant(v) {
		return &affine{b: v}
	}
	if m, ok := r.memo[v]; ok {
		return m
	}
	r.memo[v] = nil // a cycle through a phi is not affine
	var res *affine
	switch inst := v.(type) {
	case *ir.InstPhi:
		if _, ok := r.ivs[inst]; ok {
			res = &affine{iv: inst, a: constant.NewInt(types.I64, 1)}
		}
	case *ir.InstAdd:
		res = r.sum(r.aff(inst.X), r.aff(inst.Y), false)
	case *ir.InstSub:
		res = r.sum(r.aff(inst.X), r.aff(inst.Y), true)
	case *ir.InstMul:
		res = r.product(r.aff(inst.X), r.aff(inst.Y))
	case *ir.InstShl:
		if k, _, ok := intConst(inst.Y); ok && k < 64 {
			res = r.product(r.aff(inst.X), &affine{c: 1 << k})
		}
	}
	r.memo[v] = res
	return res
}

// sum returns x + y, or x - y when neg.
func (r *reducer) sum(x, y *affine, neg bool) *affine {
	if x == nil || y == nil || x.iv != nil && y.iv != nil && x.iv != y.iv {
		return nil
	}
	s := &affine{iv: x.iv}
	if s.iv == nil {
		s.iv = y.iv
	}
	if neg {
		s.a, s.b, s.c = r.sub(x.a, y.a), r.sub(x.b, y.b), x.c-y.c
	} else {
		s.a, s.b, s.c = r.add(x.a, y.a), r.add(x.b, y.b), x.c+y.c
	}
	if s.a == nil {
		s.iv = nil // k - k
	}
	return s
}

// product returns x * y, one of them invariant.
func (r *reducer) product(x, y *affine) *affine {
	if x == nil || y == nil || x.iv != nil && y.iv != nil {
		return nil
	}
	if y.iv != nil {
		x, y = y, x
	}
	if y.b == nil { // times a constant
		k := constant.NewInt(types.I64, y.c)
		p := &affine{iv: x.iv, a: r.mul(x.a, k), b: r.mul(x.b, k), c: x.c * y.c}
		if p.a == nil {
			p.iv = nil
		}
		return p
	}
	yv := r.add(y.b, r.konst(y.c))
	p := &affine{iv: x.iv, a: r.mul(x.a, yv), b: r.add(r.mul(x.b, yv), r.mul(r.konst(x.c), yv))}
	if p.a == nil {
		p.iv = nil
	}
	return p
}

// konst is the i64 constant c, nil for 0.
func (r *reducer) konst(c int64) value.Value {
	if c == 0 {
		return nil
	}
	return constant.NewInt(types.I64, c)
}

// emit puts inst at the end of the preheader.
func (r *reducer) emit(inst ir.Instruction) {
	r.pre.Insts = append(r.pre.Insts, inst)
	r.def[inst.(value.Value)] = r.pre
}

// add returns x + y of two invariants (nil for 0), folding constants
// and made in the preheader otherwise.
func (r *reducer) add(x, y value.Value) value.Value {
	switch {
	case x == nil:
		return y
	case y == nil:
		return x
	}
	cx, _, xc := intConst(x)
	cy, _, yc := intConst(y)
	if xc && yc {
		return r.konst(int64(cx + cy))
	}
	if xc {
		x, y = y, x
	}
	s := ir.NewAdd(x, y)
	r.emit(s)
	return s
}

// sub returns x - y of two invariants (nil for 0).
func (r *reducer) sub(x, y value.Value) value.Value {
	switch {
	case y == nil:
		return x
	case x == nil:
		x = constant.NewInt(types.I64, 0)
	}
	cx, _, xc := intConst(x)
	cy, _, yc := intConst(y)
	if xc && yc {
		return r.konst(int64(cx - cy))
	}
	s := ir.NewSub(x, y)
	r.emit(s)
	return s
}

// mul returns x * y of two invariants (nil for 0).
func (r *reducer) mul(x, y value.Value) value.Value {
	if x == nil || y == nil {
		return nil
	}
	cx, _, xc := intConst(x)
	cy, _, yc := intConst(y)
	switch {
	case xc && yc:
		return r.konst(int64(cx * cy))
	case xc && cx == 1:
		return y
	case yc && cy == 1:
		return x
	}
	if xc {
		x, y = y, x
	}
	p := ir.NewMul(x, y)
	r.emit(p)
	return p
}
