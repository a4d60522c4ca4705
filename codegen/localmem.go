package codegen

// This file lowers ka.Local[T], local memory whose length the launch
// chooses (docs/kernel-language.md, "Local memory sized at launch"): the
// parameter is two device parameters (driver.ParamLocalBuffer and
// ParamLocalLength), an addrspace(3) pointer and an i64 length
// (docs/ir.md, "Kernel ABI"), and l.Slice(it) is the slice of the two.

import (
	"go/types"

	"github.com/llir/llvm/ir/value"
	"golang.org/x/tools/go/ssa"

	lltypes "github.com/llir/llvm/ir/types"
)

// localValue is a ka.Local[T] parameter: the group's memory and its length.
type localValue struct {
	ptr  value.Value // elem addrspace(3)*
	len  value.Value // i64
	elem lltypes.Type
}

// localElem returns T of a ka.Local[T] type, nil for other types.
func localElem(t types.Type) types.Type {
	n, ok := types.Unalias(t).(*types.Named)
	if !ok || n.Obj().Pkg() == nil || n.Obj().Pkg().Path() != kaPath || n.Obj().Name() != "Local" || n.TypeArgs().Len() != 1 {
		return nil
	}
	return n.TypeArgs().At(0)
}

// isLocalMethod reports whether fn is a method of ka.Local.
func isLocalMethod(fn *ssa.Function) bool {
	recv := fn.Signature.Recv()
	return recv != nil && localElem(recv.Type()) != nil
}

// createLocalCall lowers the methods of ka.Local; ok is false for any other
// call of package ka.
func (f *frame) createLocalCall(call *ssa.Call, callee *ssa.Function, obj *types.Func) (l lowered, ok bool) {
	if obj == nil || !isLocalMethod(callee) {
		return nil, false
	}
	pos := call.Pos()
	v, isLocal := f.getValue(call.Common().Args[0], pos).(*localValue)
	if !isLocal {
		if _, p := f.getValue(call.Common().Args[0], pos).(poison); !p {
			f.unsupportedAt(pos, "a ka.Local that is not the kernel's parameter")
		}
		return poison{}, true
	}
	switch obj.Name() {
	case "Slice":
		// Like LocalArray: every work-item of the group shares it, so the
		// kernel runs whole groups.
		f.barrier = true
		return &sliceValue{ptr: v.ptr, len: v.len, elem: v.elem}, true
	case "Len":
		return v.len, true
	}
	f.unsupportedAt(pos, "ka.Local."+obj.Name())
	return poison{}, true
}
