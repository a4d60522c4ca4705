package codegen

// This file implements struct kernel parameters, passed by value: each
// scalar field (every element of an array field) is one device parameter
// of kind driver.ParamField, which the backends fill from the bytes of the
// Go value at the field's offset in Go's layout for 64-bit platforms (the
// gc compiler's on amd64 and arm64, which the host's values have), so a
// host struct reaches the device bit for bit. On entry the kernel stores
// the fields into the private copy that aggregates.go works on.

import (
	"go/types"

	"github.com/kago-dev/kago/ka/driver"
	"github.com/llir/llvm/ir"
	"github.com/llir/llvm/ir/constant"
	lltypes "github.com/llir/llvm/ir/types"
)

// goSizes is Go's layout on 64-bit platforms.
var goSizes = types.SizesFor("gc", "amd64")

// leafOffsets lists, for each leaf of shapeOf(t), the byte offsets of its
// instances in a value of type t, in the leaf's instance order.
func leafOffsets(t types.Type) [][]int64 {
	switch u := t.Underlying().(type) {
	case *types.Struct:
		fields := make([]*types.Var, u.NumFields())
		for i := range fields {
			fields[i] = u.Field(i)
		}
		offs := goSizes.Offsetsof(fields)
		var out [][]int64
		for i, f := range fields {
			for _, l := range leafOffsets(f.Type()) {
				shifted := make([]int64, len(l))
				for k, o := range l {
					shifted[k] = o + offs[i]
				}
				out = append(out, shifted)
			}
		}
		return out
	case *types.Array:
		inner := leafOffsets(u.Elem())
		size := goSizes.Sizeof(u.Elem())
		out := make([][]int64, len(inner))
		for li, l := range inner {
			for i := int64(0); i < u.Len(); i++ {
				for _, o := range l {
					out[li] = append(out[li], i*size+o)
				}
			}
		}
		return out
	}
	return [][]int64{{0}}
}

// structParamOf describes the struct parameter name of type t and returns
// the IR types of its field parameters.
func structParamOf(name string, t types.Type) (driver.Param, []lltypes.Type) {
	p := driver.Param{Name: name, StructSize: int(goSizes.Sizeof(t)), Fields: []driver.Field{}}
	var ft []lltypes.Type
	offs := leafOffsets(t)
	for li, s := range shapeOf(t) {
		for _, o := range offs[li] {
			p.Fields = append(p.Fields, driver.Field{Offset: int(o), Size: bitWidth(s.mt) / 8})
			ft = append(ft, s.mt)
		}
	}
	return p, ft
}

// bindStructParam stores the field parameters ps of a struct parameter of
// type t into a private copy, in the entry block, and returns it.
func (f *frame) bindStructParam(t types.Type, ps []*ir.Param) lowered {
	p := f.newAgg(t)
	i := 0
	for li, s := range shapeOf(t) {
		for k := int64(0); k < s.n; k++ {
			f.entry.NewStore(ps[i], leafPtr(f.entry, p.leaves[li], constant.NewInt(lltypes.I64, k)))
			i++
		}
	}
	return &aggValue{p: p}
}
