package codegen

// This file implements a kernel's parameters after its ka.Item: what kind
// each Go parameter is (paramKindOf), the IR parameters that carry it in the
// order of driver.LayoutOf (docs/ir.md, "Kernel ABI"), and the value the
// kernel's body sees for it, which each kind binds in its own method.

import (
	"go/types"

	"github.com/kago-dev/kago/ka/driver"
	"github.com/llir/llvm/ir"
	"github.com/llir/llvm/ir/constant"
	"github.com/llir/llvm/ir/enum"
	lltypes "github.com/llir/llvm/ir/types"
	"golang.org/x/tools/go/ssa"
)

// kernelParam is one Go parameter of the kernel being compiled.
type kernelParam struct {
	ssa    *ssa.Parameter
	name   string // the base name of its IR parameters
	kind   paramKind
	elem   lltypes.Type   // a scalar's type; a slice's, view's or ka.Local's element type (i8 for a []struct)
	goT    types.Type     // a struct's type; a []struct's element type
	fields []lltypes.Type // a struct's field parameters' types
	dims   int            // a view's dimensions
	ir     []*ir.Param    // its IR parameters, in driver.LayoutOf's order
}

// paramKind is how a Go parameter is passed: driver.LayoutOf gives its
// device parameters, bind the value the body sees, made from them.
type paramKind interface {
	bind(fr *frame, p *kernelParam) lowered
}

// The kinds of parameters.
type (
	scalarParam struct{} // a scalar other than bool: its one IR parameter
	boolParam   struct{} // a bool: an i8 that is 0 or 1
	sliceParam  struct{} // a []T (records.go for []struct): its buffer and length
	viewParam   struct{} // a ka.Matrix[T] or ka.Volume[T] (views.go)
	structParam struct{} // a struct, by value (structparams.go)
	localParam  struct{} // a ka.Local[T] (localmem.go)
)

func (scalarParam) bind(fr *frame, p *kernelParam) lowered { return p.ir[0] }

func (boolParam) bind(fr *frame, p *kernelParam) lowered {
	return fr.entry.NewICmp(enum.IPredNE, p.ir[0], constant.NewInt(lltypes.I8, 0))
}

func (sliceParam) bind(fr *frame, p *kernelParam) lowered {
	return &sliceValue{ptr: p.ir[0], len: p.ir[1], elem: p.elem, rec: p.goT}
}

// bind makes the view's first element from its buffer and offset; its
// extents and strides follow (driver.LayoutOf).
func (viewParam) bind(fr *frame, p *kernelParam) lowered {
	return &viewValue{ptr: fr.entry.NewGetElementPtr(p.elem, p.ir[0], p.ir[1]),
		shape: paramValues(p.ir[2 : 2+p.dims]), strides: paramValues(p.ir[2+p.dims:]), elem: p.elem}
}

func (structParam) bind(fr *frame, p *kernelParam) lowered { return fr.bindStructParam(p.goT, p.ir) }

func (localParam) bind(fr *frame, p *kernelParam) lowered {
	return &localValue{ptr: p.ir[0], len: p.ir[1], elem: p.elem}
}

// newKernelParam classifies the kernel's Go parameter sp, its i-th after
// the Item, and describes it for KernelSpec.Params. ok is false when sp's
// type is not one kernels take (reported).
func (c *compiler) newKernelParam(i int, sp *ssa.Parameter) (kp *kernelParam, dp driver.Param, ok bool) {
	t := sp.Type()
	kp = &kernelParam{ssa: sp, name: sp.Name()}
	if kp.name == "_" || kp.name == "" {
		kp.name = "p" + itoa(i+1)
	}
	dp = driver.Param{Name: sp.Name()}
	bad := func(what string) (*kernelParam, driver.Param, bool) {
		c.errorf(sp.Pos(), "parameter %s: %s", sp.Name(), unsupported(what))
		return nil, dp, false
	}
	// scalarElem sets the element (or scalar) type et, false if kernels
	// do not take it.
	scalarElem := func(et types.Type) bool {
		dp.Type, kp.elem = paramScalar(et), memType(et)
		c.float64 = c.float64 || dp.Type == driver.Float64
		return dp.Type != driver.Invalid && kp.elem != nil
	}
	if isItem(t) {
		c.errorf(sp.Pos(), "only the first parameter may be ka.Item")
		return nil, dp, false
	}
	if et := localElem(t); et != nil {
		kp.kind, dp.Local = localParam{}, true
		if !scalarElem(et) {
			return bad(describeType(t) + " parameter")
		}
		return kp, dp, true
	}
	if _, isStruct := t.Underlying().(*types.Struct); isStruct && isAggregate(t) {
		if msg := aggregateProblem(t); msg != "" {
			return bad(msg)
		}
		kp.kind, kp.goT = structParam{}, t
		dp, kp.fields = structParamOf(sp.Name(), t)
		return kp, dp, true
	}
	if dims, et := viewDims(t); dims != 0 {
		kp.kind, kp.dims, dp.Dims = viewParam{}, dims, dims
		if !scalarElem(et) {
			return bad(describeType(t) + " parameter")
		}
		return kp, dp, true
	}
	if s, isSlice := t.Underlying().(*types.Slice); isSlice {
		kp.kind, dp.Slice = sliceParam{}, true
		if isAggregate(s.Elem()) {
			if msg := aggregateProblem(s.Elem()); msg != "" {
				return bad(msg)
			}
			kp.elem, kp.goT, dp.StructSize = lltypes.I8, s.Elem(), int(goSizes.Sizeof(s.Elem()))
			return kp, dp, true
		}
		if !scalarElem(s.Elem()) {
			return bad(describeType(t) + " parameter")
		}
		return kp, dp, true
	}
	if dp.Type = paramScalar(t); dp.Type == driver.Invalid {
		return bad(describeType(t) + " parameter")
	}
	c.float64 = c.float64 || dp.Type == driver.Float64
	kp.kind, kp.elem = scalarParam{}, scalarType(t)
	if dp.Type == driver.Bool {
		kp.kind, kp.elem = boolParam{}, lltypes.I8
	}
	return kp, dp, true
}

// newIRParam makes the IR parameter of device parameter dp, which carries
// part of p (driver.LayoutOf's order), and appends it to p's.
func (p *kernelParam) newIRParam(dp driver.DeviceParam) *ir.Param {
	var prm *ir.Param
	switch dp.Kind {
	case driver.ParamField:
		prm = ir.NewParam(p.name+"."+itoa(len(p.ir)), p.fields[len(p.ir)])
	case driver.ParamBuffer:
		prm = ir.NewParam(p.name+".ptr", pointerTo(p.elem, spaceGlobal))
	case driver.ParamLocalBuffer:
		prm = ir.NewParam(p.name+".ptr", pointerTo(p.elem, spaceLocal))
	case driver.ParamLength, driver.ParamLocalLength:
		prm = ir.NewParam(p.name+".len", lltypes.I64)
	case driver.ParamOffset:
		prm = ir.NewParam(p.name+".off", lltypes.I64)
	case driver.ParamShape:
		shape, _ := viewParamNames(p.dims)
		prm = ir.NewParam(p.name+"."+shape[dp.Dim], lltypes.I64)
	case driver.ParamStride:
		_, strides := viewParamNames(p.dims)
		prm = ir.NewParam(p.name+"."+strides[dp.Dim], lltypes.I64)
	default: // ParamScalar
		prm = ir.NewParam(p.name, p.elem)
	}
	p.ir = append(p.ir, prm)
	return prm
}
