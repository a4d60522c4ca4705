package codegen

// This file implements aggregates in private memory: structs (of scalars,
// fixed-size arrays and nested such structs), arrays of arrays
// ([3][3]float32) and arrays of structs, as local variables, helper
// arguments and results, and phis. The IR has no aggregate types beyond
// [N x T] of a scalar (docs/ir.md), so the front end splits an aggregate
// into its leaves: every scalar field path of the Go type gets one private
// array holding all its instances ("structure of arrays"), and a pointer
// to an aggregate is one offset into each leaf array. A field selects a
// run of leaves; element i of an array adds i times the element's count to
// each leaf's offset. Go values of these types are private copies (Go
// arrays and structs are values), made where go/ssa loads them.
//
// Plain arrays of scalars ([N]T) keep their own lowering (memory.go); the
// two meet only where an array value is copied, through asAggPtr.

import (
	"go/token"
	"go/types"

	"github.com/llir/llvm/ir"
	"github.com/llir/llvm/ir/constant"
	lltypes "github.com/llir/llvm/ir/types"
	"github.com/llir/llvm/ir/value"
	"golang.org/x/tools/go/ssa"
)

// maxEdgeCopy is the largest aggregate, in scalars, that may cross a
// branch as a value (a phi or several returns of a helper): the copy is
// unrolled on the edge.
const maxEdgeCopy = 256

// isAggregate reports whether t is lowered here: a struct, or an array
// whose elements are not scalars.
func isAggregate(t types.Type) bool {
	if d, _ := viewDims(t); d != 0 {
		return false // a kernel parameter's view (views.go)
	}
	switch u := t.Underlying().(type) {
	case *types.Struct:
		return true
	case *types.Array:
		return !isScalarMem(u.Elem())
	}
	return false
}

// isScalarMem reports whether t is a scalar that memory holds.
func isScalarMem(t types.Type) bool {
	if _, ok := t.Underlying().(*types.Array); ok {
		return false
	}
	return memType(t) != nil
}

// aggregateProblem names what keeps t (a struct or array) from being laid
// out on a device, or returns "" when every field is a scalar, a
// fixed-size array or a struct of those.
func aggregateProblem(t types.Type) string {
	switch u := t.Underlying().(type) {
	case *types.Struct:
		for i := 0; i < u.NumFields(); i++ {
			fl := u.Field(i)
			if p := aggregateProblem(fl.Type()); p != "" {
				return "field " + fl.Name() + " of " + types.TypeString(t, pkgName) + ": " + p
			}
		}
		return ""
	case *types.Array:
		return aggregateProblem(u.Elem())
	}
	if isItem(t) {
		return "ka.Item"
	}
	if isScalarMem(t) {
		return ""
	}
	return describeType(t)
}

// leafShape is one leaf of an aggregate type: a scalar memory type and how
// many instances of it one value holds.
type leafShape struct {
	mt lltypes.Type
	n  int64
}

// shapeOf lists the leaves of t in field order.
func shapeOf(t types.Type) []leafShape {
	switch u := t.Underlying().(type) {
	case *types.Struct:
		var s []leafShape
		for i := 0; i < u.NumFields(); i++ {
			s = append(s, shapeOf(u.Field(i).Type())...)
		}
		return s
	case *types.Array:
		s := shapeOf(u.Elem())
		for i := range s {
			s[i].n *= u.Len()
		}
		return s
	}
	return []leafShape{{mt: memType(t), n: 1}}
}

// scalarsOf is the number of scalars in a value of type t.
func scalarsOf(t types.Type) int64 {
	var n int64
	for _, s := range shapeOf(t) {
		n += s.n
	}
	return n
}

// aggLeaf is one leaf of an aggregate in private memory: the array of all
// its instances and the index of this value's first.
type aggLeaf struct {
	base value.Value // [M x T]*, private
	at   *lltypes.ArrayType
	off  value.Value // i64
}

// aggPtr is a pointer to an aggregate (or to a plain array inside one) in
// private memory.
type aggPtr struct {
	t      types.Type // the Go type it points to
	leaves []aggLeaf
}

// aggValue is a Go struct or array value: a private copy that nothing
// writes after it is made.
type aggValue struct{ p *aggPtr }

// newAgg allocates private memory for a value of type t, not zeroed.
func (f *frame) newAgg(t types.Type) *aggPtr {
	p := &aggPtr{t: t}
	for _, s := range shapeOf(t) {
		at := lltypes.NewArray(uint64(s.n), s.mt)
		slot := ir.NewAlloca(at)
		f.insertAlloca(slot)
		p.leaves = append(p.leaves, aggLeaf{base: slot, at: at, off: constant.NewInt(lltypes.I64, 0)})
	}
	return p
}

// asAggPtr views the lowered address or array value l of Go type t (the
// pointee's) as an aggPtr: a plain [N]T array is one leaf.
func asAggPtr(l lowered, t types.Type) *aggPtr {
	switch l := l.(type) {
	case *aggPtr:
		return l
	case *aggValue:
		return l.p
	case *arrayValue:
		return &aggPtr{t: t, leaves: []aggLeaf{{base: l.ptr, at: l.typ, off: constant.NewInt(lltypes.I64, 0)}}}
	case value.Value:
		if at := arrayPointee(l); at != nil {
			return &aggPtr{t: t, leaves: []aggLeaf{{base: l, at: at, off: constant.NewInt(lltypes.I64, 0)}}}
		}
	}
	return nil
}

// leafPtr is the address of instance k (an i64) of leaf l, in block b.
func leafPtr(b *ir.Block, l aggLeaf, k value.Value) value.Value {
	return b.NewGetElementPtr(l.at, l.base, constant.NewInt(lltypes.I64, 0), addI64(b, l.off, k))
}

// addI64 is a+b, folded when both are constants.
func addI64(b *ir.Block, x, y value.Value) value.Value {
	cx, okx := x.(*constant.Int)
	cy, oky := y.(*constant.Int)
	switch {
	case okx && oky:
		return constant.NewInt(lltypes.I64, cx.X.Int64()+cy.X.Int64())
	case okx && cx.X.Sign() == 0:
		return y
	case oky && cy.X.Sign() == 0:
		return x
	}
	return b.NewAdd(x, y)
}

// forEachLeaf calls body for every scalar of the aggregate, with its leaf
// and instance index: unrolled up to 16 instances of a leaf (always when
// unrolled is set), a loop beyond.
func (f *frame) forEachLeaf(t types.Type, unrolled bool, body func(b *ir.Block, leaf int, k value.Value)) {
	for li, s := range shapeOf(t) {
		if unrolled || s.n <= 16 {
			for k := int64(0); k < s.n; k++ {
				body(f.cur, li, constant.NewInt(lltypes.I64, k))
			}
			continue
		}
		f.forEachElement(lltypes.NewArray(uint64(s.n), s.mt), func(b *ir.Block, k value.Value) { body(b, li, k) })
	}
}

// zeroAgg stores the zero value into every scalar of p.
func (f *frame) zeroAgg(p *aggPtr) {
	shape := shapeOf(p.t)
	f.forEachLeaf(p.t, false, func(b *ir.Block, li int, k value.Value) {
		b.NewStore(zeroValue(shape[li].mt), leafPtr(b, p.leaves[li], k))
	})
}

// copyAgg copies src to dst (both of dst.t) in the current block, or
// unrolled at the end of block at (before its terminator) when at is set.
func (f *frame) copyAgg(dst, src *aggPtr, at *ir.Block) {
	shape := shapeOf(dst.t)
	if at != nil {
		cur := f.cur
		f.cur = at
		defer func() { f.cur = cur }()
	}
	f.forEachLeaf(dst.t, at != nil, func(b *ir.Block, li int, k value.Value) {
		v := b.NewLoad(shape[li].mt, leafPtr(b, src.leaves[li], k))
		b.NewStore(v, leafPtr(b, dst.leaves[li], k))
	})
}

// field is the address of field k of the struct p points to: a scalar
// pointer or an aggPtr.
func (p *aggPtr) field(b *ir.Block, k int) lowered {
	st := p.t.Underlying().(*types.Struct)
	start := 0
	for i := 0; i < k; i++ {
		start += len(shapeOf(st.Field(i).Type()))
	}
	ft := st.Field(k).Type()
	leaves := p.leaves[start : start+len(shapeOf(ft))]
	if isScalarMem(ft) {
		return leafPtr(b, leaves[0], constant.NewInt(lltypes.I64, 0))
	}
	return &aggPtr{t: ft, leaves: leaves}
}

// elem is the address of element i (an i64, already checked) of the array
// p points to.
func (p *aggPtr) elem(b *ir.Block, i value.Value) lowered {
	et := p.t.Underlying().(*types.Array).Elem()
	shape := shapeOf(et)
	if isScalarMem(et) {
		return leafPtr(b, p.leaves[0], i)
	}
	q := &aggPtr{t: et}
	for li, l := range p.leaves {
		var k value.Value
		if c, ok := i.(*constant.Int); ok {
			k = constant.NewInt(lltypes.I64, c.X.Int64()*shape[li].n)
		} else if shape[li].n == 1 {
			k = i
		} else {
			k = b.NewMul(i, constant.NewInt(lltypes.I64, shape[li].n))
		}
		q.leaves = append(q.leaves, aggLeaf{base: l.base, at: l.at, off: addI64(b, l.off, k)})
	}
	return q
}

// loadScalar loads a scalar of Go type t from ptr (bool as i8 in memory).
func (f *frame) loadScalar(ptr value.Value, t types.Type) value.Value {
	v := f.cur.NewLoad(memType(t), ptr)
	if isBool(t) {
		return f.memToBool(v)
	}
	return v
}

// createFieldAddr lowers &x.f.
func (f *frame) createFieldAddr(fa *ssa.FieldAddr) lowered {
	switch x := f.getValue(fa.X, fa.Pos()).(type) {
	case poison:
		return poison{}
	case *aggPtr:
		return x.field(f.cur, fa.Field)
	case *recPtr:
		return f.recField(x, fa.Field)
	}
	f.unsupportedAt(fa.Pos(), "field of "+describeType(fa.X.Type()))
	return poison{}
}

// createField lowers x.f of a struct value.
func (f *frame) createField(fl *ssa.Field) lowered {
	switch x := f.getValue(fl.X, fl.Pos()).(type) {
	case poison:
		return poison{}
	case *aggValue:
		switch p := x.p.field(f.cur, fl.Field).(type) {
		case *aggPtr:
			return &aggValue{p: p}
		case value.Value:
			return f.loadScalar(p, fl.Type())
		}
	}
	f.unsupportedAt(fl.Pos(), "field of "+describeType(fl.X.Type()))
	return poison{}
}

// aggIndex is element i of the array p points to, bounds-checked.
func (f *frame) aggIndex(p *aggPtr, at ssa.Instruction, arr, index ssa.Value, pos token.Pos) lowered {
	idx := f.scalar(index, pos)
	if idx == nil {
		return poison{}
	}
	i := f.i64(idx, index.Type())
	n := p.t.Underlying().(*types.Array).Len()
	if !f.arrayInBounds(at, arr, index, n) { // prove.go
		c := f.createBoundsCheck(i, constant.NewInt(lltypes.I64, n), index.Type(), pos)
		i = f.keep(c, i, constant.NewInt(lltypes.I64, 0))
	}
	return p.elem(f.cur, i)
}

// createAggLoad lowers *p of an aggregate or of a plain array inside one:
// a private copy.
func (f *frame) createAggLoad(src *aggPtr) lowered {
	dst := f.newAgg(src.t)
	f.copyAgg(dst, src, nil)
	return &aggValue{p: dst}
}

// createAggStore lowers *p = v where p or v is an aggregate.
func (f *frame) createAggStore(s *ssa.Store) {
	pos := s.Pos()
	t := s.Val.Type()
	if r, ok := f.getValue(s.Addr, pos).(*recPtr); ok {
		f.createRecStore(s, r)
		return
	}
	dst := asAggPtr(f.getValue(s.Addr, pos), t)
	if dst == nil {
		if _, p := f.getValue(s.Addr, pos).(poison); !p {
			f.unsupportedAt(pos, "storing "+describeType(t)+" there")
		}
		return
	}
	if c, ok := s.Val.(*ssa.Const); ok && (c.Value == nil || c.IsNil()) {
		f.zeroAgg(dst)
		return
	}
	src := asAggPtr(f.getValue(s.Val, pos), t)
	if src == nil {
		if _, p := f.getValue(s.Val, pos).(poison); !p {
			f.unsupportedAt(pos, "this "+describeType(t)+" value")
		}
		return
	}
	f.copyAgg(dst, src, nil)
}

// createAggConst is the zero value of an aggregate type, made where it is
// used (the caller does not keep it for other uses).
func (f *frame) createAggConst(t types.Type) lowered {
	p := f.newAgg(t)
	f.zeroAgg(p)
	return &aggValue{p: p}
}

// createAggPhi makes a phi of an aggregate value: a slot that each
// incoming edge copies its value into, and a copy of the slot made after
// the block's phis (so that phis that swap values see the old ones).
func (f *frame) createAggPhi(p *ssa.Phi) {
	t := p.Type()
	if msg := aggregateProblem(t); msg != "" {
		f.unsupportedAt(p.Pos(), msg)
		f.values[p] = poison{}
		return
	}
	if scalarsOf(t) > maxEdgeCopy {
		f.unsupportedAt(p.Pos(), "a value of "+types.TypeString(t, pkgName)+" (more than 256 scalars) that differs by path; use a variable")
		f.values[p] = poison{}
		return
	}
	slot := f.newAgg(t)
	val := f.newAgg(t)
	f.values[p] = &aggValue{p: val}
	f.aggPhis = append(f.aggPhis, pendingAggPhi{phi: p, slot: slot})
	f.phiCopies = append(f.phiCopies, func() { f.copyAgg(val, slot, nil) })
}

// pendingAggPhi is an aggregate phi whose edges copy into slot once every
// block of the frame is lowered.
type pendingAggPhi struct {
	phi  *ssa.Phi
	slot *aggPtr
}

// fillAggPhis emits the edge copies of the frame's aggregate phis.
func (f *frame) fillAggPhis() {
	for _, ap := range f.aggPhis {
		preds := ap.phi.Block().Preds
		for i, edge := range ap.phi.Edges {
			from := f.exits[preds[i]]
			if from == nil {
				from = f.blocks[preds[i]]
			}
			if c, ok := edge.(*ssa.Const); ok && c.Value == nil {
				cur := f.cur
				f.cur = from
				shape := shapeOf(ap.slot.t)
				f.forEachLeaf(ap.slot.t, true, func(b *ir.Block, li int, k value.Value) {
					b.NewStore(zeroValue(shape[li].mt), leafPtr(b, ap.slot.leaves[li], k))
				})
				f.cur = cur
				continue
			}
			if src := asAggPtr(f.getValue(edge, ap.phi.Pos()), ap.slot.t); src != nil {
				f.copyAgg(ap.slot, src, from)
			}
		}
	}
}

// flushPhiCopies emits the copies of the current block's aggregate phis,
// after its last phi.
func (f *frame) flushPhiCopies() {
	for _, c := range f.phiCopies {
		c()
	}
	f.phiCopies = nil
}

// mergeAggResults is an aggregate result of an inlined helper with several
// returns: each return copies its value into one slot.
func (f *frame) mergeAggResults(rets []returnEdge, i int, t types.Type) lowered {
	if scalarsOf(t) > maxEdgeCopy {
		f.unsupportedAt(f.fn.Pos(), "returning a value of "+types.TypeString(t, pkgName)+" (more than 256 scalars) from several return statements")
		return poison{}
	}
	slot := f.newAgg(t)
	for _, r := range rets {
		src := asAggPtr(r.results[i], t)
		if src == nil {
			return poison{}
		}
		f.copyAgg(slot, src, r.from)
	}
	return &aggValue{p: slot}
}

// pkgName qualifies a type by its package's name, for diagnostics.
func pkgName(p *types.Package) string { return p.Name() }
