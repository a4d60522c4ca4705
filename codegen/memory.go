package codegen

// This file implements memory: local variables and fixed-size arrays
// (allocas in the entry block, zeroed where Go declares them), loads and
// stores of scalars, element addresses of slices and arrays, and slicing.

import (
	"go/types"

	"github.com/llir/llvm/ir"
	"github.com/llir/llvm/ir/constant"
	"github.com/llir/llvm/ir/enum"
	lltypes "github.com/llir/llvm/ir/types"
	"github.com/llir/llvm/ir/value"
	"golang.org/x/tools/go/ssa"
)

// createAlloc lowers a local variable whose address is taken (an array, or
// a scalar used through a pointer): an alloca in the entry block, zeroed
// here because go/ssa's Alloc means a fresh zero variable each time it runs.
func (f *frame) createAlloc(a *ssa.Alloc) lowered {
	elemT := a.Type().Underlying().(*types.Pointer).Elem()
	// A heap Alloc (go/ssa's choice for variables whose address escapes
	// the statement, new(T), &T{}) is private memory too: every call is
	// inlined and pointers cannot be stored in memory, so no pointer
	// outlives the kernel.
	if isItem(elemT) {
		f.unsupportedAt(a.Pos(), "taking the address of a ka.Item")
		return poison{}
	}
	if isAggregate(elemT) {
		if msg := aggregateProblem(elemT); msg != "" {
			f.unsupportedAt(a.Pos(), "local variable with "+msg)
			return poison{}
		}
		p := f.newAgg(elemT)
		f.zeroAgg(p)
		return p
	}
	mt := memType(elemT)
	if mt == nil {
		f.unsupportedAt(a.Pos(), "local variable of "+describeType(elemT))
		return poison{}
	}
	slot := ir.NewAlloca(mt)
	f.insertAlloca(slot)
	f.createZero(slot, mt)
	return slot
}

// insertAlloca puts an alloca at the start of the entry block.
func (f *frame) insertAlloca(a *ir.InstAlloca) {
	f.entry.Insts = append([]ir.Instruction{a}, f.entry.Insts...)
}

// createZero stores the zero value into ptr (of memory type mt): one store
// for a scalar, a store per element for an array (forEachElement).
func (f *frame) createZero(ptr value.Value, mt lltypes.Type) {
	at, ok := mt.(*lltypes.ArrayType)
	if !ok {
		f.cur.NewStore(zeroValue(mt), ptr)
		return
	}
	zero := zeroValue(at.ElemType)
	f.forEachElement(at, func(b *ir.Block, i value.Value) {
		b.NewStore(zero, b.NewGetElementPtr(at, ptr, constant.NewInt(lltypes.I64, 0), i))
	})
}

// forEachElement calls body once per element index of an array type, with
// the block to emit into: unrolled (constant indices) up to 16 elements, a
// loop beyond. Arrays of arrays are not supported.
func (f *frame) forEachElement(at *lltypes.ArrayType, body func(b *ir.Block, i value.Value)) {
	if _, nested := at.ElemType.(*lltypes.ArrayType); nested {
		f.unsupportedAt(f.fn.Pos(), "array of arrays")
		return
	}
	if at.Len <= 16 {
		for i := uint64(0); i < at.Len; i++ {
			body(f.cur, constant.NewInt(lltypes.I64, int64(i)))
		}
		return
	}
	// for i := 0; i < len; i++ { body(i) }
	pre := f.cur
	loop := f.fn2().NewBlock("")
	done := f.fn2().NewBlock("")
	pre.NewBr(loop)
	i := loop.NewPhi(ir.NewIncoming(constant.NewInt(lltypes.I64, 0), pre))
	body(loop, i)
	next := loop.NewAdd(i, constant.NewInt(lltypes.I64, 1))
	i.Incs = append(i.Incs, ir.NewIncoming(next, loop))
	loop.NewCondBr(loop.NewICmp(enum.IPredULT, next, constant.NewInt(lltypes.I64, int64(at.Len))), loop, done)
	f.cur = done
}

// createLoad lowers *p: a scalar load, or for an array a copy into a new
// private array (Go arrays are values).
func (f *frame) createLoad(u *ssa.UnOp) lowered {
	t := u.Type()
	switch p := f.getValue(u.X, u.Pos()).(type) {
	case *aggPtr:
		return f.createAggLoad(p)
	case *recPtr:
		return f.createRecLoad(p)
	}
	ptr := f.scalar(u.X, u.Pos())
	if ptr == nil {
		return poison{}
	}
	if _, ok := t.Underlying().(*types.Array); ok {
		at, _ := memType(t).(*lltypes.ArrayType)
		if at == nil || arrayPointee(ptr) == nil {
			f.unsupportedAt(u.Pos(), describeType(t))
			return poison{}
		}
		cp := ir.NewAlloca(at)
		f.insertAlloca(cp)
		f.createCopy(cp, ptr, at)
		return &arrayValue{ptr: cp, typ: at}
	}
	mt := memType(t)
	if mt == nil {
		f.unsupportedAt(u.Pos(), describeType(t))
		return poison{}
	}
	v := f.cur.NewLoad(mt, ptr)
	if isBool(t) {
		return f.memToBool(v)
	}
	return v
}

// createStore lowers *p = v for a scalar, and the zeroing of an array that
// go/ssa writes as a store of the array's zero constant.
func (f *frame) createStore(s *ssa.Store) {
	t := s.Val.Type()
	if f.isAggStore(s) {
		f.createAggStore(s)
		return
	}
	if _, ok := t.Underlying().(*types.Array); ok {
		if c, ok := s.Val.(*ssa.Const); ok && c.IsNil() || isZeroConst(s.Val) {
			ptr := f.scalar(s.Addr, s.Pos())
			if ptr != nil {
				f.createZero(ptr, memType(t))
			}
			return
		}
		ptr := f.scalar(s.Addr, s.Pos())
		switch v := f.getValue(s.Val, s.Pos()).(type) {
		case *arrayValue:
			if ptr != nil {
				f.createCopy(ptr, v.ptr, v.typ)
			}
		case poison:
		default:
			f.unsupportedAt(s.Pos(), "this array value")
		}
		return
	}
	ptr := f.scalar(s.Addr, s.Pos())
	v := f.scalar(s.Val, s.Pos())
	if ptr == nil || v == nil {
		return
	}
	if isBool(t) {
		v = f.boolToMem(v)
	}
	f.cur.NewStore(v, ptr)
}

func isZeroConst(v ssa.Value) bool {
	c, ok := v.(*ssa.Const)
	return ok && c.Value == nil
}

// createIndexAddr lowers &s[i] for a slice and &a[i] for a pointer to an
// array, with a bounds check when they are on.
func (f *frame) createIndexAddr(ia *ssa.IndexAddr) lowered {
	pos := ia.Pos()
	x := f.getValue(ia.X, pos)
	idx := f.scalar(ia.Index, pos)
	if idx == nil {
		return poison{}
	}
	i := f.i64(idx, ia.Index.Type())
	switch x := x.(type) {
	case poison:
		return poison{}
	case *aggPtr:
		return f.aggIndex(x, ia, ia.X, ia.Index, pos)
	case *recPtr:
		return f.recIndex(x, ia.Index, pos)
	case *sliceValue:
		var c checked
		if !f.inBounds(ia, ia.X, ia.Index) {
			c = f.indexCheck(ia, ia.Index, f.lenBound(ia.X), i, x.len, pos)
		}
		ptr := x.ptr
		if c.fail != nil && isGlobalPtr(ptr) {
			// A failing work-item of a kernel with barriers goes on with
			// the record's scratch memory (asserts.go).
			ptr = f.keep(c, ptr, f.scratchPtr(x.elem))
		}
		i = f.keep(c, i, constant.NewInt(lltypes.I64, 0))
		if x.rec != nil {
			return f.recElem(x, ptr, i)
		}
		return f.cur.NewGetElementPtr(x.elem, ptr, i)
	case value.Value:
		if at := arrayPointee(x); at != nil {
			if !f.arrayInBounds(ia, ia.X, ia.Index, int64(at.Len)) { // prove.go
				c := f.indexCheck(ia, ia.Index, lconst(int64(at.Len)), i, constant.NewInt(lltypes.I64, int64(at.Len)), pos)
				i = f.keep(c, i, constant.NewInt(lltypes.I64, 0))
			}
			return f.cur.NewGetElementPtr(at, x, constant.NewInt(lltypes.I64, 0), i)
		}
	}
	f.unsupportedAt(pos, "indexing "+describeType(ia.X.Type()))
	return poison{}
}

// createSlice lowers s[lo:hi] and a[lo:hi] (a an array variable).
func (f *frame) createSlice(s *ssa.Slice) lowered {
	pos := s.Pos()
	var base, length value.Value
	var elem lltypes.Type
	switch x := f.getValue(s.X, pos).(type) {
	case poison:
		return poison{}
	case *sliceValue:
		if x.rec != nil {
			return f.createRecSlice(s, x)
		}
		base, length, elem = x.ptr, x.len, x.elem
	case *aggPtr:
		at, ok := x.t.Underlying().(*types.Array)
		if !ok || !isScalarMem(at.Elem()) {
			f.unsupportedAt(pos, "slicing "+describeType(s.X.Type()))
			return poison{}
		}
		base = leafPtr(f.cur, x.leaves[0], constant.NewInt(lltypes.I64, 0))
		length, elem = constant.NewInt(lltypes.I64, at.Len()), memType(at.Elem())
	case value.Value:
		at := arrayPointee(x)
		if at == nil {
			f.unsupportedAt(pos, "slicing "+describeType(s.X.Type()))
			return poison{}
		}
		zero := constant.NewInt(lltypes.I64, 0)
		base = f.cur.NewGetElementPtr(at, x, zero, zero)
		length, elem = constant.NewInt(lltypes.I64, int64(at.Len)), at.ElemType
	default:
		f.unsupportedAt(pos, "slicing "+describeType(s.X.Type()))
		return poison{}
	}
	lo, hi := value.Value(constant.NewInt(lltypes.I64, 0)), length
	intT := types.Typ[types.Int]
	lt, ht := types.Type(intT), types.Type(intT)
	if s.Low != nil {
		v := f.scalar(s.Low, pos)
		if v == nil {
			return poison{}
		}
		lo, lt = f.i64(v, s.Low.Type()), s.Low.Type()
	}
	if s.High != nil {
		v := f.scalar(s.High, pos)
		if v == nil {
			return poison{}
		}
		hi, ht = f.i64(v, s.High.Type()), s.High.Type()
	}
	// Go's checks, in Go's order and words; capacity is not tracked (it is
	// the length), and an array's is its length. A failing work-item of a
	// kernel with barriers goes on with an empty slice (asserts.go).
	capWord := "capacity"
	if _, ok := s.X.Type().Underlying().(*types.Pointer); ok {
		capWord = "length"
	}
	zero := constant.NewInt(lltypes.I64, 0)
	empty := func(c checked) {
		lo0, hi0 := f.keep(c, lo, zero), f.keep(c, hi, zero)
		lo, hi = lo0, hi0
	}
	if s.Max != nil {
		v := f.scalar(s.Max, pos)
		if v == nil {
			return poison{}
		}
		capEnd, mt := f.i64(v, s.Max.Type()), s.Max.Type()
		c := f.createSliceCheck(capEnd, length, mt, intT, pos, "slice bounds out of range [::%d] with "+capWord+" %d")
		capEnd = f.keep(c, capEnd, zero)
		empty(c)
		empty(f.createSliceCheck(hi, capEnd, ht, mt, pos, "slice bounds out of range [:%d:%d]"))
		empty(f.createSliceCheck(lo, hi, lt, ht, pos, "slice bounds out of range [%d:%d:]"))
	} else {
		empty(f.createSliceCheck(hi, length, ht, intT, pos, "slice bounds out of range [:%d] with "+capWord+" %d"))
		empty(f.createSliceCheck(lo, hi, lt, ht, pos, "slice bounds out of range [%d:%d]"))
	}
	ptr, n := base, hi
	if c, ok := lo.(*constant.Int); !ok || c.X.Sign() != 0 {
		ptr = f.cur.NewGetElementPtr(elem, base, lo)
		n = f.cur.NewSub(hi, lo)
	}
	return &sliceValue{ptr: ptr, len: n, elem: elem}
}

// arrayPointee is the array type x points to, or nil.
func arrayPointee(x value.Value) *lltypes.ArrayType {
	if pt, ok := x.Type().(*lltypes.PointerType); ok {
		at, _ := pt.ElemType.(*lltypes.ArrayType)
		return at
	}
	return nil
}

// arrayValue is a Go array value: a private copy of its elements.
type arrayValue struct {
	ptr value.Value // [N x T]*
	typ *lltypes.ArrayType
}

// createCopy copies the array at src to dst, element by element.
func (f *frame) createCopy(dst, src value.Value, at *lltypes.ArrayType) {
	zero := constant.NewInt(lltypes.I64, 0)
	f.forEachElement(at, func(b *ir.Block, i value.Value) {
		v := b.NewLoad(at.ElemType, b.NewGetElementPtr(at, src, zero, i))
		b.NewStore(v, b.NewGetElementPtr(at, dst, zero, i))
	})
}

// createIndex lowers a[i] of an array value.
func (f *frame) createIndex(ix *ssa.Index) lowered {
	pos := ix.Pos()
	if av, ok := f.getValue(ix.X, pos).(*aggValue); ok {
		switch p := f.aggIndex(av.p, ix, ix.X, ix.Index, pos).(type) {
		case *aggPtr:
			return &aggValue{p: p}
		case value.Value:
			return f.loadScalar(p, ix.Type())
		default:
			return p
		}
	}
	a, ok := f.getValue(ix.X, pos).(*arrayValue)
	idx := f.scalar(ix.Index, pos)
	if !ok || idx == nil {
		if _, p := f.getValue(ix.X, pos).(poison); !p && !ok {
			f.unsupportedAt(pos, "indexing "+describeType(ix.X.Type()))
		}
		return poison{}
	}
	i := f.i64(idx, ix.Index.Type())
	c := f.createBoundsCheck(i, constant.NewInt(lltypes.I64, int64(a.typ.Len)), ix.Index.Type(), pos)
	i = f.keep(c, i, constant.NewInt(lltypes.I64, 0))
	v := f.cur.NewLoad(a.typ.ElemType, f.cur.NewGetElementPtr(a.typ, a.ptr, constant.NewInt(lltypes.I64, 0), i))
	if isBool(ix.Type()) {
		return f.memToBool(v)
	}
	return v
}

// isGlobalPtr reports whether v is a pointer to global memory.
func isGlobalPtr(v value.Value) bool {
	pt, ok := v.Type().(*lltypes.PointerType)
	return ok && pt.AddrSpace == spaceGlobal
}

// isAggStore reports whether s stores or copies an aggregate, or a plain
// array to or from one (aggregates.go).
func (f *frame) isAggStore(s *ssa.Store) bool {
	if isAggregate(s.Val.Type()) {
		return true
	}
	if _, ok := s.Val.Type().Underlying().(*types.Array); !ok {
		return false
	}
	switch f.getValue(s.Addr, s.Pos()).(type) {
	case *aggPtr, *recPtr:
		return true
	}
	if _, ok := s.Val.(*ssa.Const); ok {
		return false
	}
	_, ok := f.getValue(s.Val, s.Pos()).(*aggValue)
	return ok
}
