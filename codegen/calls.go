package codegen

// This file implements calls: Go's builtins, the kernel-side API of package
// ka and the math functions (intrinsics.go, atomics.go, math.go), and plain
// Go helper functions of the kernel's package, which are inlined.

import (
	"go/types"

	"github.com/llir/llvm/ir"
	"github.com/llir/llvm/ir/constant"
	"github.com/llir/llvm/ir/enum"
	lltypes "github.com/llir/llvm/ir/types"
	"github.com/llir/llvm/ir/value"
	"golang.org/x/tools/go/ssa"
)

// funcObject returns the declared (generic, for instances) function
// object of fn, or nil.
func funcObject(fn *ssa.Function) *types.Func {
	obj, ok := fn.Object().(*types.Func)
	if !ok {
		return nil
	}
	return obj.Origin()
}

// isKaFunc reports whether fn is the package-level function ka.name.
func isKaFunc(fn *ssa.Function, name string) bool {
	obj := funcObject(fn)
	return obj != nil && obj.Pkg() != nil && obj.Pkg().Path() == kaPath && obj.Name() == name &&
		fn.Signature.Recv() == nil
}

// createCall lowers a call.
func (f *frame) createCall(call *ssa.Call) lowered {
	pos := call.Pos()
	common := call.Common()
	if common.IsInvoke() {
		f.unsupportedAt(pos, "interface method call")
		return poison{}
	}
	switch callee := common.Value.(type) {
	case *ssa.Builtin:
		return f.createBuiltin(call, callee.Name())
	case *ssa.Function:
		obj := funcObject(callee)
		if obj != nil && obj.Pkg() != nil {
			switch obj.Pkg().Path() {
			case kaPath:
				if l, ok := f.createViewCall(call, callee, obj); ok {
					return l
				}
				if l, ok := f.createLocalCall(call, callee, obj); ok {
					return l
				}
				return f.createKaCall(call, callee, obj)
			case "math":
				return f.createMathCall(call, obj.Name(), goMath, lltypes.Double)
			case "fmt":
				if l, ok := f.createFmtPrint(call, obj.Name()); ok {
					return l
				}
			}
		}
		if callee.Signature.Recv() != nil && len(common.Args) > 0 && isItem(common.Args[0].Type()) {
			return f.createKaCall(call, callee, obj)
		}
		return f.createInlinedCall(call, callee)
	case *ssa.MakeClosure:
		// The closure itself: one mistake with its literal, reported
		// once (at the literal, which comes first).
		f.unsupportedAt(pos, "closure")
	default:
		f.unsupportedAt(pos, "call of a function value")
	}
	return poison{}
}

// args lowers the arguments of a call that must all be scalars.
func (f *frame) args(call *ssa.Call) ([]value.Value, bool) {
	args := call.Common().Args
	out := make([]value.Value, len(args))
	for i, a := range args {
		out[i] = f.scalar(a, call.Pos())
		if out[i] == nil {
			return nil, false
		}
	}
	return out, true
}

// createBuiltin lowers len, cap, min and max; other builtins are errors.
func (f *frame) createBuiltin(call *ssa.Call, name string) lowered {
	pos := call.Pos()
	args := call.Common().Args
	switch name {
	case "len", "cap":
		switch x := f.getValue(args[0], pos).(type) {
		case *sliceValue:
			return x.len
		case poison:
			return poison{}
		case value.Value:
			if at := arrayPointee(x); at != nil {
				return constant.NewInt(lltypes.I64, int64(at.Len))
			}
		}
		f.unsupportedAt(pos, name+" of "+describeType(args[0].Type()))
		return poison{}
	case "min", "max":
		vs, ok := f.args(call)
		if !ok {
			return poison{}
		}
		t := call.Type()
		r := vs[0]
		for _, v := range vs[1:] {
			r = f.createMinMax(name, r, v, t)
		}
		return r
	case "append":
		f.unsupportedAt(pos, "append")
	case "copy":
		f.unsupportedAt(pos, "copy")
	case "recover":
		f.unsupportedAt(pos, "recover")
	case "print", "println":
		return f.createPrint(call, name == "println")
	case "delete":
		f.unsupportedAt(pos, "map")
	case "close":
		f.unsupportedAt(pos, "channel")
	case "complex", "real", "imag":
		f.unsupportedAt(pos, "complex number")
	case "clear":
		f.unsupportedAt(pos, "clear")
	default:
		f.unsupportedAt(pos, "builtin "+name)
	}
	return poison{}
}

// createMinMax is Go's min or max of two scalars of type t: llvm.minimum
// and llvm.maximum for floats (NaN wins, -0 < +0, as in Go), a compare
// and select for integers.
func (f *frame) createMinMax(name string, x, y value.Value, t types.Type) value.Value {
	if isFloat(t) {
		llname := "llvm.minimum"
		if name == "max" {
			llname = "llvm.maximum"
		}
		return f.createMath(llname, x.Type(), x, y)
	}
	pred := enum.IPredSLT
	if isUnsigned(t) {
		pred = enum.IPredULT
	}
	less := f.cur.NewICmp(pred, x, y)
	if name == "min" {
		return f.cur.NewSelect(less, x, y)
	}
	return f.cur.NewSelect(less, y, x)
}

// createInlinedCall inlines a plain Go function of the kernel's package.
func (f *frame) createInlinedCall(call *ssa.Call, callee *ssa.Function) lowered {
	pos := call.Pos()
	origin := callee
	if o := callee.Origin(); o != nil {
		origin = o
	}
	if origin.Pkg != f.pkg.ssa && !isDevmath(origin) || len(callee.Blocks) == 0 {
		name := callee.Name()
		if obj := funcObject(callee); obj != nil && obj.Pkg() != nil {
			name = obj.Pkg().Path() + "." + callee.Name()
		}
		f.unsupportedAt(pos, "call of "+name+" (kernels may call only functions of their own package, package ka and package math)")
		return poison{}
	}
	if callee.Parent() != nil || len(callee.FreeVars) > 0 {
		f.unsupportedAt(pos, "closure")
		return poison{}
	}
	for _, active := range f.inlining {
		if active == callee {
			f.unsupportedAt(pos, "recursion (a call of "+callee.Name()+" from itself)")
			return poison{}
		}
	}
	for r := range callee.Signature.Results().Variables() {
		if !f.representable(r.Type()) {
			f.unsupportedAt(pos, "result of "+describeType(r.Type()))
			return poison{}
		}
	}
	g := f.newFrame(callee)
	g.caller, g.call = f, call
	for i, p := range callee.Params {
		g.values[p] = f.getValue(call.Common().Args[i], pos)
	}
	f.inlining = append(f.inlining, callee)
	f.callSites = append(f.callSites, call.Block())
	cont := f.fn2().NewBlock("")
	first := g.createBody(cont)
	f.inlining = f.inlining[:len(f.inlining)-1]
	f.callSites = f.callSites[:len(f.callSites)-1]
	f.cur.NewBr(first)
	f.cur = cont
	n := callee.Signature.Results().Len()
	if n == 0 {
		return nil
	}
	results := make(tupleValue, n)
	for i := range results {
		results[i] = f.mergeResults(g.rets, i, callee.Signature.Results().At(i).Type())
	}
	if n == 1 {
		return results[0]
	}
	return results
}

// representable reports whether a value of type t can pass between Go
// functions in a kernel: scalars, pointers, slices and ka.Item.
func (f *frame) representable(t types.Type) bool {
	switch u := t.Underlying().(type) {
	case *types.Slice:
		return memType(u.Elem()) != nil
	case *types.Pointer:
		return memType(u.Elem()) != nil || isAggregate(u.Elem()) && aggregateProblem(u.Elem()) == ""
	case *types.Array, *types.Struct:
		return aggregateProblem(t) == ""
	}
	if d, _ := viewDims(t); d != 0 {
		return true
	}
	return isItem(t) || scalarType(t) != nil
}

// mergeResults makes result i of an inlined call: the value itself when
// there is one return, else a phi (two for a slice) in the continuation.
func (f *frame) mergeResults(rets []returnEdge, i int, t types.Type) lowered {
	if len(rets) == 0 {
		return poison{} // the helper never returns
	}
	first := rets[0].results[i]
	if len(rets) == 1 {
		return first
	}
	for _, r := range rets {
		if _, ok := r.results[i].(poison); ok {
			return poison{}
		}
	}
	if isAggregate(t) {
		return f.mergeAggResults(rets, i, t)
	}
	switch first := first.(type) {
	case itemValue:
		return first
	case *arrayValue:
		f.unsupportedAt(f.fn.Pos(), "returning an array from several return statements")
		return poison{}
	case *sliceValue:
		var ptrs, lens []*ir.Incoming
		for _, r := range rets {
			s, ok := r.results[i].(*sliceValue)
			if !ok {
				return poison{}
			}
			ptrs = append(ptrs, ir.NewIncoming(s.ptr, r.from))
			lens = append(lens, ir.NewIncoming(s.len, r.from))
		}
		ptr := &ir.InstPhi{Typ: first.ptr.Type(), Incs: ptrs}
		ln := &ir.InstPhi{Typ: lltypes.I64, Incs: lens}
		f.cur.Insts = append(f.cur.Insts, ptr, ln)
		for _, inc := range ptrs {
			inc.X = f.retype(inc.X, ptr.Typ)
		}
		return &sliceValue{ptr: ptr, len: ln, elem: first.elem}
	case value.Value:
		var incs []*ir.Incoming
		for _, r := range rets {
			v, ok := r.results[i].(value.Value)
			if !ok {
				return poison{}
			}
			incs = append(incs, ir.NewIncoming(f.retype(v, first.Type()), r.from))
		}
		phi := &ir.InstPhi{Typ: first.Type(), Incs: incs}
		f.cur.Insts = append(f.cur.Insts, phi)
		return phi
	}
	return poison{}
}
