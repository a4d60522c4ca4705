package codegen

// This file implements Compile: one IR module per kernel, with the kernel's
// signature (slices as pointer and length, bool as i8) and the flags the
// runtime needs (Barrier, Needs).

import (
	"go/token"
	"go/types"
	"strings"

	"github.com/kago-dev/kago/ka/driver"
	"github.com/llir/llvm/ir"
	"github.com/llir/llvm/ir/constant"
	"github.com/llir/llvm/ir/enum"
	lltypes "github.com/llir/llvm/ir/types"
	"github.com/llir/llvm/ir/value"
	"golang.org/x/tools/go/ssa"
)

// Kernel is one compiled kernel (one instance of a generic kernel).
type Kernel struct {
	// Name is the Go name, with type arguments for instances
	// ("Saxpy", "Scale[float32]"); it is also how generated code refers to
	// the function.
	Name string
	// Entry is the kernel's symbol in device code ("Scale_float32").
	Entry string
	// Params are the parameters after the ka.Item.
	Params []driver.Param
	// DeviceParams are the parameters of the kernel's IR function and so
	// of its device code: Params laid out by driver.LayoutOf, the hidden
	// parameters last (docs/ir.md, "Kernel ABI").
	DeviceParams driver.DeviceParams
	// GoTypes are the Go types of Params as the package writes them
	// ("float32", "[]float32", "MyFloat"), for generated code.
	GoTypes []string
	// Barrier: the kernel (or an inlined helper) calls Item.Barrier or
	// ka.LocalArray.
	Barrier bool
	// Faults are the kernel's fault sites (checks and panics), which its
	// fault record names by index; nil when it has none, and then the
	// IR has no fault-record parameters.
	Faults driver.FaultSites
	// MaxGroup is the largest work-group the kernel's code handles (the
	// collectives' local arrays hold driver.MaxCollectiveGroup elements);
	// 0 when only the device limits it.
	MaxGroup int
	// Needs are the optional device features the kernel uses:
	// driver.FP64 when it computes with float64, driver.Int64Atomics when
	// it uses atomics on 64-bit elements.
	Needs driver.Features
	// Module is the kernel's portable IR (docs/ir.md).
	Module *ir.Module
	// Pos is the position of the kernel's declaration.
	Pos token.Position
}

// Compile compiles every kernel of the package. Its error, when not nil, is
// an ErrorList with every unsupported construct of every kernel; kernels
// without errors are returned even then.
func (p *Package) Compile() ([]*Kernel, error) {
	errs := append(ErrorList(nil), p.errs...)
	var out []*Kernel
	for _, fn := range p.kernels {
		k, kerrs := compileKernel(p, fn)
		errs = append(errs, kerrs...)
		if len(kerrs) == 0 && k != nil {
			out = append(out, k)
		}
	}
	return out, errs.err()
}

// CompileKernel compiles the kernel whose Go name is name ("Saxpy",
// "Scale[float32]"); spaces in the type arguments do not matter
// ("Pair[int32,float64]").
func (p *Package) CompileKernel(name string) (*Kernel, error) {
	want := strings.ReplaceAll(name, " ", "")
	for _, fn := range p.kernels {
		if strings.ReplaceAll(p.kernelName(fn), " ", "") == want {
			k, errs := compileKernel(p, fn)
			if err := errs.err(); err != nil {
				return nil, err
			}
			return k, nil
		}
	}
	return nil, &Error{Msg: "no kernel " + name + " in package " + p.Path + " (kernels: " + strings.Join(p.KernelNames(), ", ") + ")"}
}

// compiler is the state of one kernel's compilation: its module, the
// intrinsics it declared, its diagnostics and flags. The state of each
// inlined Go function lives in a frame.
type compiler struct {
	pkg    *Package
	fset   *token.FileSet
	kernel struct {
		name string
		fn   *ssa.Function
	}
	pos token.Pos // fallback position for diagnostics

	mod        *ir.Module
	fn         *ir.Func
	entry      *ir.Block // parameter conversions and allocas
	intrinsics map[string]*ir.Func
	faults     faultState // fault sites and the record (asserts.go)
	nlocal     int        // LocalArray globals made so far
	inlining   []*ssa.Function
	callSites  []*ssa.BasicBlock // blocks of the calls being inlined, outermost first

	collLocal map[string]*ir.Global // the collectives' local arrays by element type (collectives.go)

	barrier, float64, int64Atomics bool
	errs                           ErrorList
}

// compileKernel lowers one kernel function to a module.
func compileKernel(p *Package, fn *ssa.Function) (*Kernel, ErrorList) {
	c := &compiler{pkg: p, fset: p.Fset, intrinsics: map[string]*ir.Func{}, pos: fn.Pos()}
	c.kernel.name = p.kernelName(fn)
	c.kernel.fn = fn
	k := &Kernel{Name: c.kernel.name, Entry: mangle(c.kernel.name), Pos: p.Fset.Position(fn.Pos())}
	c.mod = ir.NewModule()

	sig := fn.Signature
	if sig.Results().Len() != 0 {
		c.errorf(fn.Pos(), "kernels return nothing")
	}
	if sig.Params().Len() == 0 || !isItem(sig.Params().At(0).Type()) {
		c.errorf(fn.Pos(), "the first parameter of a kernel must be ka.Item")
		return nil, c.errs
	}
	// The signature: the Go parameters, then the device parameters of
	// driver.LayoutOf (a slice is its pointer and its length, and the
	// hidden parameters come last), which KernelSpec.DeviceParams records.
	type binding struct {
		ssa  *ssa.Parameter
		name string
		kind int // 0 scalar, 1 slice, 2 bool, 3 matrix or volume (views.go), 4 struct (structparams.go), 5 ka.Local (localmem.go)
		p    []*ir.Param
		lt   lltypes.Type   // a scalar's type, a slice's element type
		goT  types.Type     // a struct's type
		ft   []lltypes.Type // a struct's field parameters' types
	}
	var binds []binding
	qual := func(other *types.Package) string {
		if other.Path() == kaPath {
			return "ka" // ka.Matrix[T], as generated code imports it
		}
		return types.RelativeTo(p.ssa.Pkg)(other)
	}
	for i, sp := range fn.Params[1:] {
		t := sp.Type()
		name := sp.Name()
		if name == "_" || name == "" {
			name = "p" + itoa(i+1)
		}
		if isItem(t) {
			c.errorf(sp.Pos(), "only the first parameter may be ka.Item")
			continue
		}
		if et := localElem(t); et != nil {
			st := paramScalar(et)
			elem := memType(et)
			if st == driver.Invalid || elem == nil {
				c.errorf(sp.Pos(), "parameter %s: %s", sp.Name(), unsupported(describeType(t)+" parameter"))
				continue
			}
			binds = append(binds, binding{ssa: sp, name: name, kind: 5, lt: elem})
			k.Params = append(k.Params, driver.Param{Name: sp.Name(), Type: st, Local: true})
			k.GoTypes = append(k.GoTypes, types.TypeString(t, qual))
			if st == driver.Float64 {
				c.float64 = true
			}
			continue
		}
		if _, ok := t.Underlying().(*types.Struct); ok && !isItem(t) && isAggregate(t) {
			if msg := aggregateProblem(t); msg != "" {
				c.errorf(sp.Pos(), "parameter %s: %s", sp.Name(), unsupported(msg))
				continue
			}
			prm, ft := structParam(sp.Name(), t)
			binds = append(binds, binding{ssa: sp, name: name, kind: 4, goT: t, ft: ft})
			k.Params = append(k.Params, prm)
			k.GoTypes = append(k.GoTypes, types.TypeString(t, qual))
			continue
		}
		if dims, et := viewDims(t); dims != 0 {
			st := paramScalar(et)
			elem := memType(et)
			if st == driver.Invalid || elem == nil {
				c.errorf(sp.Pos(), "parameter %s: %s", sp.Name(), unsupported(describeType(t)+" parameter"))
				continue
			}
			binds = append(binds, binding{ssa: sp, name: name, kind: 3, lt: elem})
			k.Params = append(k.Params, driver.Param{Name: sp.Name(), Type: st, Dims: dims})
			k.GoTypes = append(k.GoTypes, types.TypeString(t, qual))
			if st == driver.Float64 {
				c.float64 = true
			}
			continue
		}
		if s, ok := t.Underlying().(*types.Slice); ok && isAggregate(s.Elem()) {
			if msg := aggregateProblem(s.Elem()); msg != "" {
				c.errorf(sp.Pos(), "parameter %s: %s", sp.Name(), unsupported(msg))
				continue
			}
			binds = append(binds, binding{ssa: sp, name: name, kind: 1, lt: lltypes.I8, goT: s.Elem()})
			k.Params = append(k.Params, driver.Param{Name: sp.Name(), Slice: true, StructSize: int(goSizes.Sizeof(s.Elem()))})
			k.GoTypes = append(k.GoTypes, types.TypeString(t, qual))
			continue
		}
		if s, ok := t.Underlying().(*types.Slice); ok {
			st := paramScalar(s.Elem())
			elem := memType(s.Elem())
			if st == driver.Invalid || elem == nil {
				c.errorf(sp.Pos(), "parameter %s: %s", sp.Name(), unsupported(describeType(t)+" parameter"))
				continue
			}
			binds = append(binds, binding{ssa: sp, name: name, kind: 1, lt: elem})
			k.Params = append(k.Params, driver.Param{Name: sp.Name(), Type: st, Slice: true})
			k.GoTypes = append(k.GoTypes, types.TypeString(t, qual))
			if st == driver.Float64 {
				c.float64 = true
			}
			continue
		}
		st := paramScalar(t)
		if st == driver.Invalid {
			c.errorf(sp.Pos(), "parameter %s: %s", sp.Name(), unsupported(describeType(t)+" parameter"))
			continue
		}
		kind := 0
		lt := scalarType(t)
		if st == driver.Bool {
			kind, lt = 2, lltypes.I8
		}
		if st == driver.Float64 {
			c.float64 = true
		}
		binds = append(binds, binding{ssa: sp, name: name, kind: kind, lt: lt})
		k.Params = append(k.Params, driver.Param{Name: sp.Name(), Type: st})
		k.GoTypes = append(k.GoTypes, types.TypeString(t, qual))
	}
	k.DeviceParams = driver.LayoutOf(k.Params)
	var llParams []*ir.Param
	hidden := driver.HiddenParams
	for _, dp := range k.DeviceParams {
		var prm *ir.Param
		switch dp.Kind {
		case driver.ParamField:
			b := &binds[dp.Arg]
			prm = ir.NewParam(b.name+"."+itoa(len(b.p)), b.ft[len(b.p)])
			b.p = append(b.p, prm)
		case driver.ParamLocalBuffer, driver.ParamLocalLength:
			b := &binds[dp.Arg]
			if dp.Kind == driver.ParamLocalBuffer {
				prm = ir.NewParam(b.name+".ptr", pointerTo(b.lt, spaceLocal))
			} else {
				prm = ir.NewParam(b.name+".len", lltypes.I64)
			}
			b.p = append(b.p, prm)
		case driver.ParamBuffer, driver.ParamLength, driver.ParamScalar, driver.ParamOffset, driver.ParamShape, driver.ParamStride:
			b := &binds[dp.Arg]
			shape, strides := viewParamNames(k.Params[dp.Arg].Dims)
			switch dp.Kind {
			case driver.ParamBuffer:
				prm = ir.NewParam(b.name+".ptr", pointerTo(b.lt, spaceGlobal))
			case driver.ParamOffset:
				prm = ir.NewParam(b.name+".off", lltypes.I64)
			case driver.ParamShape:
				prm = ir.NewParam(b.name+"."+shape[dp.Dim], lltypes.I64)
			case driver.ParamStride:
				prm = ir.NewParam(b.name+"."+strides[dp.Dim], lltypes.I64)
			case driver.ParamLength:
				prm = ir.NewParam(b.name+".len", lltypes.I64)
			default:
				prm = ir.NewParam(b.name, b.lt)
			}
			b.p = append(b.p, prm)
		default: // hidden, in the order of driver.HiddenParams
			prm = ir.NewParam(hidden[0].Name, lltypes.NewInt(uint64(8*dp.Size)))
			hidden = hidden[1:]
		}
		llParams = append(llParams, prm)
	}
	// The fault record's parameters, which the function keeps only if
	// the kernel has fault sites.
	c.faults.rec = ir.NewParam(driver.FaultParams[0].Name, pointerTo(lltypes.I32, spaceGlobal))
	c.faults.launch = ir.NewParam(driver.FaultParams[1].Name, lltypes.I32)
	c.faults.checks = !p.cfg.NoChecks && !p.nocheck[funcObject(fn)]
	c.faults.barrier = usesBarrier(fn)
	c.fn = c.mod.NewFunc(k.Entry, lltypes.Void, llParams...)
	c.fn.CallingConv = enum.CallingConvSPIRKernel
	c.entry = c.fn.NewBlock("entry")

	c.markContract(fn)
	// The kernel's body, as the outermost frame.
	fr := c.newFrame(fn)
	fr.values[fn.Params[0]] = itemValue{}
	for _, b := range binds {
		switch b.kind {
		case 0:
			fr.values[b.ssa] = b.p[0]
		case 1:
			fr.values[b.ssa] = &sliceValue{ptr: b.p[0], len: b.p[1], elem: b.lt, rec: b.goT}
		case 2:
			fr.values[b.ssa] = c.entry.NewICmp(enum.IPredNE, b.p[0], constant.NewInt(lltypes.I8, 0))
		case 4:
			fr.values[b.ssa] = fr.bindStructParam(b.goT, b.p)
		case 5:
			fr.values[b.ssa] = &localValue{ptr: b.p[0], len: b.p[1], elem: b.lt}
		case 3:
			// buffer, offset, extents, strides (driver.LayoutOf)
			dims := (len(b.p) - 1) / 2
			fr.values[b.ssa] = &viewValue{ptr: c.entry.NewGetElementPtr(b.lt, b.p[0], b.p[1]),
				shape: paramValues(b.p[2 : 2+dims]), strides: paramValues(b.p[2+dims:]), elem: b.lt}
		}
	}
	for _, sp := range fn.Params[1:] {
		if _, ok := fr.values[sp]; !ok {
			fr.values[sp] = poison{}
		}
	}
	if len(fn.Blocks) == 0 {
		c.errorf(fn.Pos(), "kernel has no body")
		return nil, c.errs
	}
	c.inlining = append(c.inlining, fn)
	first := fr.createBody(nil)
	c.enterBody(first)
	k.Barrier = c.barrier
	if len(c.collLocal) > 0 {
		k.MaxGroup = driver.MaxCollectiveGroup
	}
	stops := len(c.errs) == 0 && p.cancel[funcObject(fn)]
	if len(c.faults.sites) > 0 || stops {
		c.fn.Params = append(c.fn.Params, c.faults.rec, c.faults.launch)
		for _, fp := range driver.FaultParams {
			k.DeviceParams = append(k.DeviceParams, fp.Param)
		}
		k.Faults = c.faults.sites
	}
	if c.float64 {
		k.Needs |= driver.FP64
	}
	if c.int64Atomics {
		k.Needs |= driver.Int64Atomics
	}
	k.Module = c.mod
	if len(c.errs) == 0 {
		c.runPasses(fn.Pos(), stops) // passes.go: stop checks, each pass verified
		if usesDouble(c.fn) {
			k.Needs |= driver.FP64
		}
	}
	return k, c.errs
}

// mangle turns a Go name with type arguments into an identifier:
// "Pair[int32,float64]" becomes "Pair_int32_float64".
func mangle(name string) string {
	var b strings.Builder
	under := false
	for _, r := range name {
		ok := r == '_' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9'
		if !ok {
			if !under {
				b.WriteByte('_')
			}
			under = true
			continue
		}
		b.WriteRune(r)
		under = false
	}
	return strings.TrimRight(b.String(), "_")
}

// declare returns the intrinsic name, declaring it on first use.
func (c *compiler) declare(name string, ret lltypes.Type, params ...lltypes.Type) *ir.Func {
	if f, ok := c.intrinsics[name]; ok {
		return f
	}
	ps := make([]*ir.Param, len(params))
	for i, t := range params {
		ps[i] = ir.NewParam("", t)
	}
	f := c.mod.NewFunc(name, ret, ps...)
	c.intrinsics[name] = f
	return f
}

func itoa(i int) string {
	if i < 10 {
		return string(rune('0' + i))
	}
	return itoa(i/10) + string(rune('0'+i%10))
}

// usesDouble reports whether any instruction of fn makes or stores a
// double: the kernel then needs a device with fp64.
func usesDouble(fn *ir.Func) bool {
	for _, b := range fn.Blocks {
		for _, inst := range b.Insts {
			if v, ok := inst.(value.Value); ok && v.Type().Equal(lltypes.Double) {
				return true
			}
			if st, ok := inst.(*ir.InstStore); ok && st.Src.Type().Equal(lltypes.Double) {
				return true
			}
		}
	}
	return false
}

// paramValues are IR parameters as values.
func paramValues(ps []*ir.Param) []value.Value {
	vs := make([]value.Value, len(ps))
	for i, p := range ps {
		vs[i] = p
	}
	return vs
}
