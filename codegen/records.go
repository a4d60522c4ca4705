package codegen

// This file implements slices of structs in global memory ([]Particle
// kernel parameters, launched with a *ka.Array[Particle]): the buffer is
// bytes in Go's layout for 64-bit platforms (structparams.go's goSizes),
// so host slices are copied bit for bit. A struct element or field is a
// byte address (i8 addrspace(1)*) with its Go type; a scalar field is
// that address plus the field's offset, bitcast to a pointer to the
// field's type (loads, stores and atomics on &ps[i].X work as on any
// global pointer). Whole elements are copied field by field to and from
// the private copies of aggregates.go.

import (
	"go/token"
	"go/types"

	"github.com/llir/llvm/ir/constant"
	lltypes "github.com/llir/llvm/ir/types"
	"github.com/llir/llvm/ir/value"
	"golang.org/x/tools/go/ssa"
)

// recPtr is the address of a struct, or of an array inside one, in global
// memory.
type recPtr struct {
	base value.Value // i8 addrspace(1)*
	t    types.Type
}

// byteAt is base plus off bytes.
func (f *frame) byteAt(base value.Value, off value.Value) value.Value {
	if c, ok := off.(*constant.Int); ok && c.X.Sign() == 0 {
		return base
	}
	return f.cur.NewGetElementPtr(lltypes.I8, base, off)
}

// scalarAt is the address of a scalar of Go type t at base plus off bytes.
func (f *frame) scalarAt(base value.Value, off int64, t types.Type) value.Value {
	p := f.byteAt(base, constant.NewInt(lltypes.I64, off))
	space := base.Type().(*lltypes.PointerType).AddrSpace
	return f.cur.NewBitCast(p, pointerTo(memType(t), space))
}

// at is the address of a value of Go type t at base plus off bytes: a
// scalar pointer or a recPtr.
func (f *frame) at(base value.Value, off value.Value, t types.Type) lowered {
	if isScalarMem(t) {
		p := f.byteAt(base, off)
		return f.cur.NewBitCast(p, pointerTo(memType(t), base.Type().(*lltypes.PointerType).AddrSpace))
	}
	return &recPtr{base: f.byteAt(base, off), t: t}
}

// recElem is element i (checked) of a slice of structs whose first
// element is at ptr.
func (f *frame) recElem(s *sliceValue, ptr, i value.Value) lowered {
	size := goSizes.Sizeof(s.rec)
	return f.at(ptr, f.cur.NewMul(i, constant.NewInt(lltypes.I64, size)), s.rec)
}

// recField is the address of field k of the struct r points to.
func (f *frame) recField(r *recPtr, k int) lowered {
	st := r.t.Underlying().(*types.Struct)
	fields := make([]*types.Var, st.NumFields())
	for i := range fields {
		fields[i] = st.Field(i)
	}
	off := goSizes.Offsetsof(fields)[k]
	return f.at(r.base, constant.NewInt(lltypes.I64, off), fields[k].Type())
}

// recIndex is element i of the array r points to, bounds-checked.
func (f *frame) recIndex(r *recPtr, index ssa.Value, pos token.Pos) lowered {
	idx := f.scalar(index, pos)
	if idx == nil {
		return poison{}
	}
	at := r.t.Underlying().(*types.Array)
	i := f.i64(idx, index.Type())
	c := f.createBoundsCheck(i, constant.NewInt(lltypes.I64, at.Len()), index.Type(), pos)
	i = f.keep(c, i, constant.NewInt(lltypes.I64, 0))
	size := goSizes.Sizeof(at.Elem())
	return f.at(r.base, f.cur.NewMul(i, constant.NewInt(lltypes.I64, size)), at.Elem())
}

// createRecLoad copies the struct (or array) r points to into a private
// copy.
func (f *frame) createRecLoad(r *recPtr) lowered {
	p := f.newAgg(r.t)
	offs := leafOffsets(r.t)
	for li, s := range shapeOf(r.t) {
		for k, off := range offs[li] {
			ptr := f.scalarAt(r.base, off, nil2(s.mt))
			v := f.cur.NewLoad(s.mt, ptr)
			f.cur.NewStore(v, leafPtr(f.cur, p.leaves[li], constant.NewInt(lltypes.I64, int64(k))))
		}
	}
	return &aggValue{p: p}
}

// createRecStore lowers *r = v: field by field from v's private copy, or
// zeros.
func (f *frame) createRecStore(s *ssa.Store, r *recPtr) {
	pos := s.Pos()
	var src *aggPtr
	if c, ok := s.Val.(*ssa.Const); !ok || c.Value != nil {
		src = asAggPtr(f.getValue(s.Val, pos), r.t)
		if src == nil {
			if _, p := f.getValue(s.Val, pos).(poison); !p {
				f.unsupportedAt(pos, "this "+describeType(r.t)+" value")
			}
			return
		}
	}
	offs := leafOffsets(r.t)
	for li, sh := range shapeOf(r.t) {
		for k, off := range offs[li] {
			var v value.Value = zeroValue(sh.mt)
			if src != nil {
				v = f.cur.NewLoad(sh.mt, leafPtr(f.cur, src.leaves[li], constant.NewInt(lltypes.I64, int64(k))))
			}
			f.cur.NewStore(v, f.scalarAt(r.base, off, nil2(sh.mt)))
		}
	}
}

// createRecSlice lowers slicing a slice of structs, which kernels do not
// do yet.
func (f *frame) createRecSlice(s *ssa.Slice, _ *sliceValue) lowered {
	f.unsupportedAt(s.Pos(), "slicing a slice of structs")
	return poison{}
}

// nil2 is a Go scalar type with memory type mt, for scalarAt.
func nil2(mt lltypes.Type) types.Type {
	switch mt {
	case lltypes.I8:
		return types.Typ[types.Uint8]
	case lltypes.I16:
		return types.Typ[types.Uint16]
	case lltypes.I32:
		return types.Typ[types.Uint32]
	case lltypes.I64:
		return types.Typ[types.Uint64]
	case lltypes.Float:
		return types.Typ[types.Float32]
	}
	return types.Typ[types.Float64]
}
