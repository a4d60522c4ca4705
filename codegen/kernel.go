package codegen

// This file implements Compile: one IR module per kernel, with the kernel's
// signature (slices as pointer and length, bool as i8) and the flags the
// runtime needs (Barrier, Needs).

import (
	"go/token"
	"go/types"
	"strings"

	"github.com/kago-dev/kago/ka/driver"
	"github.com/kago-dev/kago/ka/kernel"
	"github.com/llir/llvm/ir"
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
	// Entry is the kernel's symbol in device code: its name, with the
	// device types of an instance's type arguments ("Scale_float32" for
	// Scale[float32] and Scale[MyFloat], "Copy_int64" for Copy[int] and
	// Copy[int64]: entries.go).
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
	// IR has no fault-record parameters unless the kernel has stop checks
	// (//ka:cancel), which read the stop flag through the record.
	Faults driver.FaultSites
	// MaxGroup is the largest work-group the kernel's code handles (the
	// collectives' local arrays hold kernel.MaxCollectiveGroup elements);
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
	// Lean is the kernel's lean variant, without the checks that a
	// launch decides (launchfacts.go), or nil when it has none; its Facts
	// are what a launch must satisfy to run it (driver.Lean). It has the
	// kernel's parameters, device parameters and fault sites.
	Lean  *Kernel
	Facts []string
	// Exact is a lean variant's copy without the range test, for
	// launches whose range is a whole number of groups in every
	// dimension (exact.go), or nil when the variant has barriers (and so
	// no range test) or is none. Only its PTX is written.
	Exact *Kernel
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
	distinctEntries(out)
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
	reported                       map[string]bool // constructs reported (unsupportedAt)

	// The checks decided at launch (launchfacts.go): lean is set when this
	// compilation is the kernel's lean variant, which leaves them out and
	// records their facts; leanable says that there are some.
	lean, leanable bool
	dims           int // the dimensions the kernel names (dims.go)
	facts          []string
	factSet        map[string]bool
	constFacts     map[string]int   // facts c ≤ e by e: their index in facts
	constBound     map[string]int64 // and their c
}

// compileKernel lowers one kernel function to a module and, when some of
// its checks can be decided at launch, to its lean variant's too
// (launchfacts.go).
func compileKernel(p *Package, fn *ssa.Function) (*Kernel, ErrorList) {
	k, leanable, errs := compileVariant(p, fn, false)
	if len(errs) == 0 && k != nil && leanable {
		lean, _, lerrs := compileVariant(p, fn, true)
		if len(lerrs) != 0 {
			return k, lerrs // the same source compiled once: cannot happen
		}
		k.Lean = lean
		if !lean.Barrier {
			exact, err := exactVariant(lean) // exact.go
			if err != nil {
				return k, ErrorList{&Error{Pos: k.Pos, Msg: err.Error()}}
			}
			lean.Exact = exact
		}
	}
	return k, errs
}

// compileVariant lowers fn: the checked kernel, or with lean its lean
// variant, whose entry ends in LeanSuffix. leanable says whether the
// kernel has checks that the lean variant leaves out.
func compileVariant(p *Package, fn *ssa.Function, lean bool) (*Kernel, bool, ErrorList) {
	c := &compiler{pkg: p, fset: p.Fset, intrinsics: map[string]*ir.Func{}, pos: fn.Pos(), lean: lean,
		factSet: map[string]bool{}, constFacts: map[string]int{}, constBound: map[string]int64{}}
	c.kernel.name = p.kernelName(fn)
	c.kernel.fn = fn
	c.dims = kernelDims(fn)
	k := &Kernel{Name: c.kernel.name, Entry: p.entryName(fn), Pos: p.Fset.Position(fn.Pos())}
	if lean {
		k.Entry += LeanSuffix
	}
	c.mod = ir.NewModule()
	if !c.checkSignature(fn) {
		return nil, false, c.errs
	}
	params := c.kernelParams(k, fn)
	c.createFunc(k, params)
	c.markContract(fn)
	if !c.lowerBody(fn, params) {
		return nil, false, c.errs
	}
	c.finish(k, fn)
	k.Facts = c.facts
	return k, c.leanable, c.errs
}

// checkSignature reports (and returns false for) a kernel without a
// ka.Item first parameter; a kernel with results is an error too.
func (c *compiler) checkSignature(fn *ssa.Function) bool {
	sig := fn.Signature
	if sig.Results().Len() != 0 {
		c.errorf(fn.Pos(), "kernels return nothing")
	}
	if sig.Params().Len() == 0 || !isItem(sig.Params().At(0).Type()) {
		c.errorf(fn.Pos(), "the first parameter of a kernel must be ka.Item")
		return false
	}
	return true
}

// kernelParams classifies the Go parameters after the Item and records
// them in k.Params and k.GoTypes; parameters kernels do not take are
// reported and left out.
func (c *compiler) kernelParams(k *Kernel, fn *ssa.Function) []*kernelParam {
	qual := func(other *types.Package) string {
		if other.Path() == kaPath {
			return "ka" // ka.Matrix[T], as generated code imports it
		}
		return types.RelativeTo(c.pkg.ssa.Pkg)(other)
	}
	var params []*kernelParam
	for i, sp := range fn.Params[1:] {
		kp, dp, ok := c.newKernelParam(i, sp)
		if !ok {
			continue
		}
		params = append(params, kp)
		k.Params = append(k.Params, dp)
		k.GoTypes = append(k.GoTypes, types.TypeString(sp.Type(), qual))
	}
	return params
}

// createFunc creates the kernel's IR function: its signature is the device
// parameters of driver.LayoutOf (a slice is its pointer and its length, and
// the hidden parameters come last), which k.DeviceParams records. The fault
// record's parameters are made too; finish appends them if the kernel has
// fault sites.
func (c *compiler) createFunc(k *Kernel, params []*kernelParam) {
	k.DeviceParams = driver.LayoutOf(k.Params)
	var llParams []*ir.Param
	hidden := driver.HiddenParams
	for _, dp := range k.DeviceParams {
		switch dp.Kind {
		case driver.ParamGlobalSize: // in the order of driver.HiddenParams
			llParams = append(llParams, ir.NewParam(hidden[0].Name, lltypes.NewInt(uint64(8*dp.Size))))
			hidden = hidden[1:]
		default:
			llParams = append(llParams, params[dp.Arg].newIRParam(dp))
		}
	}
	c.faults.rec = ir.NewParam(driver.FaultParams[0].Name, pointerTo(lltypes.I32, spaceGlobal))
	c.faults.launch = ir.NewParam(driver.FaultParams[1].Name, lltypes.I32)
	c.faults.checks = !c.pkg.cfg.NoChecks && !c.pkg.nocheck[funcObject(c.kernel.fn)]
	c.faults.barrier = usesBarrier(c.kernel.fn)
	c.fn = c.mod.NewFunc(k.Entry, lltypes.Void, llParams...)
	c.fn.CallingConv = enum.CallingConvSPIRKernel
	c.entry = c.fn.NewBlock("entry")
}

// lowerBody lowers the kernel's body as the outermost frame, its
// parameters bound by their kinds. It returns false for a function without
// a body (reported).
func (c *compiler) lowerBody(fn *ssa.Function, params []*kernelParam) bool {
	fr := c.newFrame(fn)
	fr.values[fn.Params[0]] = itemValue{}
	for _, p := range params {
		fr.values[p.ssa] = p.kind.bind(fr, p)
	}
	for _, sp := range fn.Params[1:] {
		if _, ok := fr.values[sp]; !ok {
			fr.values[sp] = poison{} // a parameter kernels do not take, reported
		}
	}
	if len(fn.Blocks) == 0 {
		c.errorf(fn.Pos(), "kernel has no body")
		return false
	}
	c.inlining = append(c.inlining, fn)
	first := fr.createBody(nil)
	c.enterBody(first)
	return true
}

// finish records what the lowered body found in k (barriers, the
// collectives' group limit, fault sites and their parameters, stop checks,
// the features it needs) and, when there were no errors, runs the passes
// (passes.go: stop checks, layout, numbering, each verified).
func (c *compiler) finish(k *Kernel, fn *ssa.Function) {
	k.Barrier = c.barrier
	if len(c.collLocal) > 0 {
		k.MaxGroup = kernel.MaxCollectiveGroup
	}
	stops := len(c.errs) == 0 && c.pkg.cancel[funcObject(fn)]
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
	if len(c.errs) != 0 {
		return
	}
	c.runPasses(fn.Pos(), stops) // passes.go: stop checks, each pass verified
	if usesDouble(c.fn) {
		k.Needs |= driver.FP64
	}
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
