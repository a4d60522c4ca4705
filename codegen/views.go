package codegen

// This file implements ka.Matrix[T] and ka.Volume[T] kernel parameters
// (docs/ir.md, "Kernel ABI"): a buffer's address, the view's offset in
// it, its extents and its strides but the last, as device parameters of
// kinds ParamBuffer, ParamOffset, ParamShape and ParamStride. In the
// kernel a view is its first element's address (the buffer's plus the
// offset, computed on entry) with its extents and strides; At, Set and Ptr
// check each index against its extent, as Go's index checks, and address
// the element i*stride0 + j (matrices) or i*stride0 + j*stride1 + k
// (volumes) with the two getelementptr forms of the IR. It also lowers
// it.Global2 and it.Global3.

import (
	"go/token"
	"go/types"

	"github.com/llir/llvm/ir/constant"
	lltypes "github.com/llir/llvm/ir/types"
	"github.com/llir/llvm/ir/value"
	"golang.org/x/tools/go/ssa"
)

// viewValue is a ka.Matrix or ka.Volume in a kernel.
type viewValue struct {
	ptr     value.Value   // the first element, T addrspace(1)*
	shape   []value.Value // i64 extents: rows, cols (matrix); depth, rows, cols (volume)
	strides []value.Value // i64 strides of all dimensions but the last
	elem    lltypes.Type
}

// viewDims is 2 for ka.Matrix[T], 3 for ka.Volume[T], 0 otherwise, with
// the element type.
func viewDims(t types.Type) (int, types.Type) {
	n, ok := types.Unalias(t).(*types.Named)
	if !ok || n.Obj().Pkg() == nil || n.Obj().Pkg().Path() != kaPath || n.TypeArgs().Len() != 1 {
		return 0, nil
	}
	switch n.Obj().Name() {
	case "Matrix":
		return 2, n.TypeArgs().At(0)
	case "Volume":
		return 3, n.TypeArgs().At(0)
	}
	return 0, nil
}

// viewParamNames are the IR names of a view's extents and strides, after
// the parameter's name.
func viewParamNames(dims int) (shape, strides []string) {
	if dims == 2 {
		return []string{"rows", "cols"}, []string{"stride"}
	}
	return []string{"depth", "rows", "cols"}, []string{"pstride", "stride"}
}

// createViewCall lowers the methods of ka.Matrix and ka.Volume and
// it.Global2 and it.Global3; ok is false for any other call of package ka.
func (f *frame) createViewCall(call *ssa.Call, callee *ssa.Function, obj *types.Func) (l lowered, ok bool) {
	recv := callee.Signature.Recv()
	if recv == nil || obj == nil {
		return nil, false
	}
	pos := call.Pos()
	args := call.Common().Args
	if isItem(recv.Type()) {
		n := map[string]int{"Global2": 2, "Global3": 3}[obj.Name()]
		if n == 0 {
			return nil, false
		}
		if _, ok := f.getValue(args[0], pos).(itemValue); !ok {
			f.unsupportedAt(pos, "this use of ka.Item")
			return poison{}, true
		}
		t := make(tupleValue, n)
		for d := range t {
			t[d] = f.createQuery("ka.global_id", int64(n-1-d)) // slowest first
		}
		return t, true
	}
	if d, _ := viewDims(recv.Type()); d == 0 {
		return nil, false
	}
	v, isView := f.getValue(args[0], pos).(*viewValue)
	if !isView {
		if _, p := f.getValue(args[0], pos).(poison); !p {
			f.unsupportedAt(pos, "this use of "+describeType(recv.Type()))
		}
		return poison{}, true
	}
	dims := len(v.shape)
	switch obj.Name() {
	case "Rows":
		return v.shape[dims-2], true
	case "Cols":
		return v.shape[dims-1], true
	case "Depth":
		return v.shape[0], true
	case "Stride":
		return v.strides[dims-2], true
	case "PlaneStride":
		return v.strides[0], true
	case "At", "Set", "Ptr":
		ptr := f.viewElem(v, call, args[0], args[1:1+dims], pos)
		if ptr == nil {
			return poison{}, true
		}
		switch obj.Name() {
		case "At":
			t := call.Type()
			return f.loadScalar(ptr, t), true
		case "Set":
			x := f.scalar(args[1+dims], pos)
			if x == nil {
				return poison{}, true
			}
			if isBool(args[1+dims].Type()) {
				x = f.boolToMem(x)
			}
			f.cur.NewStore(x, ptr)
			return nil, true
		}
		return ptr, true
	}
	f.unsupportedAt(pos, describeType(recv.Type())+"."+obj.Name())
	return poison{}, true
}

// viewElem is the address of the element of v at the indices idx of the
// call of one of its element methods on recv, each checked against its
// extent unless proven below it (prove.go).
func (f *frame) viewElem(v *viewValue, call *ssa.Call, recv ssa.Value, idx []ssa.Value, pos token.Pos) value.Value {
	var off value.Value
	for d, ix := range idx {
		x := f.scalar(ix, pos)
		if x == nil {
			return nil
		}
		i := f.i64(x, ix.Type())
		var c checked
		if !f.viewInBounds(call, recv, d, len(idx), ix) {
			var bound *lexpr
			if n := f.kernelParam(recv); n >= 0 {
				bound = &lexpr{op: "ext", k: int64(n), d: d}
			}
			c = f.indexCheck(call, ix, bound, i, v.shape[d], pos)
		}
		i = f.keep(c, i, constant.NewInt(lltypes.I64, 0))
		if d < len(v.strides) {
			i = f.cur.NewMul(i, v.strides[d])
		}
		if off == nil {
			off = i
		} else {
			off = f.cur.NewAdd(off, i)
		}
	}
	return f.cur.NewGetElementPtr(v.elem, v.ptr, off)
}
