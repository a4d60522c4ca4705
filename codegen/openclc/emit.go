package openclc

// This file holds the entry point, the emitter's state, the kernel's
// signature and the one type switch that dispatches every instruction;
// each kind of instruction is lowered in the file named after it.

import (
	"fmt"
	"sort"
	"strings"

	"github.com/kago-dev/kago/codegen/internal/emitutil"
	"github.com/kago-dev/kago/codegen/internal/ircheck"
	"github.com/llir/llvm/ir"
	"github.com/llir/llvm/ir/value"
)

// Options says what the target device has beyond core OpenCL C 1.2 (full
// profile). The zero value describes a device with none of the optional
// features: code that needs one is rejected with an error wrapping
// ErrUnsupported, so output made with the zero value builds on every
// OpenCL 1.2 device. Backends fill the fields from the device's
// CL_DEVICE_EXTENSIONS (and CL_DEVICE_DOUBLE_FP_CONFIG); tools that only
// print code can use AllFeatures.
type Options struct {
	// Float64 reports cl_khr_fp64 (CL_DEVICE_DOUBLE_FP_CONFIG != 0). When
	// false, a kernel that uses double anywhere (a parameter, a value, a
	// constant, memory) is rejected.
	Float64 bool

	// Int64Atomics reports cl_khr_int64_base_atomics: 64-bit atomic add,
	// sub, xchg and cmpxchg (atom_*), and float64 atomic add, which is a
	// cmpxchg loop on the bits. When false, 64-bit atomics are rejected.
	Int64Atomics bool

	// Int64ExtendedAtomics reports cl_khr_int64_extended_atomics: 64-bit
	// atomic min, max, and, or, xor. When false, those are rejected.
	Int64ExtendedAtomics bool
}

// AllFeatures returns Options that assume every optional feature the
// emitter can use, for printing code (kago clc) when no device is at hand.
func AllFeatures() Options {
	return Options{Float64: true, Int64Atomics: true, Int64ExtendedAtomics: true}
}

// Error is one problem found while emitting OpenCL C; see emitutil.Error
// for its fields and format.
type Error = emitutil.Error

var (
	// ErrBadIR is wrapped by every error about a module outside the
	// contract of docs/ir.md: it means a bug in the front end (or a
	// hand-written module).
	ErrBadIR = emitutil.ErrBadIR

	// ErrUnsupported is wrapped by every error about a kernel that needs a
	// device feature the Options say is missing (float64 without
	// cl_khr_fp64, 64-bit atomics without cl_khr_int64_base_atomics or
	// cl_khr_int64_extended_atomics) or that OpenCL C 1.2 cannot express
	// at all (8- and 16-bit atomics). The kernel is fine; the device is not
	// enough for it. Backends may fall back to another device or target.
	ErrUnsupported = emitutil.ErrUnsupported
)

// Emit translates a kernel module in the form of docs/ir.md into one OpenCL
// C 1.2 source file defining one __kernel function of the same name, with
// the module's parameters (the hidden ones, ulong ka_gsize0..2, included).
//
// Every problem in the module is reported (up to a limit) as an *Error,
// joined with errors.Join; each wraps ErrBadIR (the module breaks the
// contract) or ErrUnsupported (the device lacks a feature, see Options).
// Emit never panics on a malformed module and never modifies it.
func Emit(m *ir.Module, opts Options) ([]byte, error) {
	f, err := ircheck.Check("openclc", m)
	if err != nil {
		return nil, err
	}
	me := &moduleEmitter{opts: opts, kernel: f.Name(), names: newNamer(), helpers: map[string]string{}}
	fe := &funcEmitter{
		moduleEmitter: me,
		fn:            f,
		vals:          map[value.Value]string{},
		gotos:         map[*ir.Block]string{},
		cmpxchgs:      map[*ir.InstCmpXchg]cmpxchgVars{},
		contraction:   emitutil.Contractions(f),
	}
	fe.createGlobals(m)
	fe.createParams()
	fe.createDecls()
	fe.createBody()
	fe.block, fe.inst = nil, nil
	fe.checkFeatures()
	if err := me.errs.Err(); err != nil {
		return nil, err
	}
	return fe.assemble(), nil
}

// moduleEmitter holds what belongs to the whole source file: the options,
// the names in use, the helper functions and __local arrays, the optional
// features used and the errors found. It holds nothing about one function.
type moduleEmitter struct {
	opts    Options
	kernel  string            // the kernel's name
	names   *namer            // every C identifier of the file
	helpers map[string]string // helper functions by name, emitted before the kernel
	locals  []string          // __local array declarations, at kernel scope
	need    features          // optional features the kernel uses, with where it first did
	errs    emitutil.ErrorList
}

// funcEmitter holds the state of the kernel being emitted: its values,
// declarations and body. It embeds the module's state.
type funcEmitter struct {
	*moduleEmitter
	fn *ir.Func

	vals     map[value.Value]string          // C expression of each parameter, global and instruction result
	gotos    map[*ir.Block]string            // the label of each block a goto emitted so far jumps to (control.go)
	loops    []*loopScope                    // the for (;;) statements being emitted, innermost last
	depth    int                             // nesting of the statement being emitted
	cmpxchgs map[*ir.InstCmpXchg]cmpxchgVars // the two variables holding a cmpxchg's {T, i1} result

	contraction emitutil.Contraction // the fmul/fadd pairs written as one expression (//ka:contract)

	params []string // "type name" of each kernel parameter
	decls  []string // private variable declarations, at the top of the body
	body   strings.Builder

	block *ir.Block     // block being emitted, for errors
	inst  ir.LLStringer // instruction being emitted, for errors
}

// errorf records a problem of kind (ErrBadIR or ErrUnsupported) at the
// current instruction. Emission goes on (with a placeholder where a value
// was expected) so that one run reports every problem.
func (fe *funcEmitter) errorf(kind error, format string, args ...any) {
	fe.errs.Add(emitutil.Errorf("openclc", fe.fn, fe.block, fe.inst, kind, format, args...))
}

// createParams names the kernel's parameters. The kernel keeps its name,
// which must not be one of OpenCL C's reserved names (reservedKernel).
func (fe *funcEmitter) createParams() {
	if reservedKernel(fe.kernel) {
		fe.errorf(ErrUnsupported, "kernel name %q is reserved in OpenCL C", fe.kernel)
	}
	for _, p := range fe.fn.Params {
		name := fe.names.param(p.Name())
		fe.vals[p] = name
		fe.params = append(fe.params, fe.ctype(p.Typ)+" "+name)
	}
}

// createDecls gives every instruction result a C variable, declared at the
// top of the kernel body, before any code is emitted: with phis assigned
// on the edges into their blocks (a loop's back edge among them), a value
// may be used in the text above its definition, and in another C scope.
func (fe *funcEmitter) createDecls() {
	for _, b := range fe.fn.Blocks {
		fe.block = b
		for _, inst := range b.Insts {
			fe.inst = inst
			fe.createDecl(inst)
		}
	}
	fe.block, fe.inst = nil, nil
}

// createDecl declares the variable(s) of one instruction result.
func (fe *funcEmitter) createDecl(inst ir.Instruction) {
	switch inst := inst.(type) {
	case *ir.InstStore:
		return
	case *ir.InstCall:
		if emitutil.IsVoid(inst.Typ) {
			return
		}
	case *ir.InstAlloca:
		fe.createAllocaDecl(inst)
		return
	case *ir.InstCmpXchg:
		fe.createCmpXchgDecl(inst)
		return
	}
	v, ok := inst.(value.Named)
	if !ok {
		return
	}
	ct := fe.ctype(v.Type())
	name := fe.names.fresh(v.Name(), "t")
	fe.vals[v] = name
	fe.decls = append(fe.decls, declare(ct, name))
}

// createInst is the dispatch: every instruction of the contract, which
// ircheck has checked the module against, has a case; the default is the
// emitter's gap, which the completeness test (emittest.Complete) finds.
func (fe *funcEmitter) createInst(inst ir.Instruction) {
	switch inst := inst.(type) {
	// Integer arithmetic (arith.go) and comparison (compare.go).
	case *ir.InstAdd:
		fe.createIntBinary(inst, inst.X, inst.Y, "+", false)
	case *ir.InstSub:
		fe.createIntBinary(inst, inst.X, inst.Y, "-", false)
	case *ir.InstMul:
		fe.createIntBinary(inst, inst.X, inst.Y, "*", false)
	case *ir.InstUDiv:
		fe.createIntBinary(inst, inst.X, inst.Y, "/", false)
	case *ir.InstSDiv:
		fe.createIntBinary(inst, inst.X, inst.Y, "/", true)
	case *ir.InstURem:
		fe.createIntBinary(inst, inst.X, inst.Y, "%", false)
	case *ir.InstSRem:
		fe.createIntBinary(inst, inst.X, inst.Y, "%", true)
	case *ir.InstShl:
		fe.createIntBinary(inst, inst.X, inst.Y, "<<", false)
	case *ir.InstLShr:
		fe.createIntBinary(inst, inst.X, inst.Y, ">>", false)
	case *ir.InstAShr:
		fe.createIntBinary(inst, inst.X, inst.Y, ">>", true)
	case *ir.InstAnd:
		fe.createIntBinary(inst, inst.X, inst.Y, "&", false)
	case *ir.InstOr:
		fe.createIntBinary(inst, inst.X, inst.Y, "|", false)
	case *ir.InstXor:
		fe.createIntBinary(inst, inst.X, inst.Y, "^", false)
	case *ir.InstICmp:
		fe.createICmp(inst)

	// Floating point (arith.go, compare.go).
	case *ir.InstFAdd:
		fe.createFloatBinary(inst, inst.X, inst.Y, "+")
	case *ir.InstFSub:
		fe.createFloatBinary(inst, inst.X, inst.Y, "-")
	case *ir.InstFMul:
		fe.createFloatBinary(inst, inst.X, inst.Y, "*")
	case *ir.InstFDiv:
		fe.createFloatBinary(inst, inst.X, inst.Y, "/")
	case *ir.InstFRem:
		fe.createFloatBinary(inst, inst.X, inst.Y, "fmod")
	case *ir.InstFNeg:
		fe.createFNeg(inst)
	case *ir.InstFCmp:
		fe.createFCmp(inst)

	case *ir.InstSelect:
		fe.createSelect(inst)

	// Conversions (convert.go).
	case *ir.InstTrunc, *ir.InstZExt, *ir.InstSExt, *ir.InstFPTrunc, *ir.InstFPExt,
		*ir.InstFPToUI, *ir.InstFPToSI, *ir.InstUIToFP, *ir.InstSIToFP, *ir.InstBitCast:
		fe.createConversion(inst)

	// Memory (memory.go).
	case *ir.InstAlloca:
		fe.createAlloca(inst)
	case *ir.InstLoad:
		fe.createLoad(inst)
	case *ir.InstStore:
		fe.createStore(inst)
	case *ir.InstGetElementPtr:
		fe.createGEP(inst)

	// Atomics (atomics.go).
	case *ir.InstAtomicRMW:
		fe.createAtomicRMW(inst)
	case *ir.InstCmpXchg:
		fe.createCmpXchg(inst)
	case *ir.InstExtractValue:
		fe.createExtractValue(inst)

	case *ir.InstPhi:
		// Assigned on the incoming edges (control.go).
	case *ir.InstCall:
		fe.createCall(inst) // intrinsics.go, math.go

	default:
		fe.errorf(ErrUnsupported, "instruction %T has no OpenCL C mapping", inst)
	}
}

// assign emits "var = expr;" for an instruction's result.
func (fe *funcEmitter) assign(inst value.Value, expr string) {
	fe.line(fe.vals[inst] + " = " + expr + ";")
}

// line emits one statement, indented to its depth.
func (fe *funcEmitter) line(s string) {
	fe.body.WriteString(strings.Repeat("\t", 1+fe.depth))
	fe.body.WriteString(s)
	fe.body.WriteString("\n")
}

// operand returns the C expression of a value used as an operand: a
// variable, a parameter, a __local array or a literal. Every operand is an
// atom (no operator outside parentheses), so it can be used anywhere.
func (fe *funcEmitter) operand(v value.Value) string {
	if s, ok := fe.vals[v]; ok {
		return s
	}
	return fe.constant(v)
}

// declare formats a declaration of a variable of C type ct.
func declare(ct, name string) string {
	return ct + " " + name + ";"
}

// assemble puts the file together: a header, FP_CONTRACT OFF (LLVM's fmul
// and fadd without flags are separately rounded; ON for a kernel marked
// //ka:contract, whose fusable pairs are single expressions), the extension
// pragmas, the helpers, then the kernel.
func (fe *funcEmitter) assemble() []byte {
	var b strings.Builder
	fmt.Fprintf(&b, "// Code generated by kago codegen/openclc from kernel %s. DO NOT EDIT.\n\n", fe.kernel)
	if emitutil.Contracts(fe.fn) {
		b.WriteString("#pragma OPENCL FP_CONTRACT ON\n")
	} else {
		b.WriteString("#pragma OPENCL FP_CONTRACT OFF\n")
	}
	b.WriteString(fe.pragmas())
	b.WriteString("\n")
	names := make([]string, 0, len(fe.helpers))
	for n := range fe.helpers {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		b.WriteString(fe.helpers[n])
		b.WriteString("\n")
	}
	fmt.Fprintf(&b, "__kernel void %s(\n\t%s)\n{\n", fe.kernel, strings.Join(fe.params, ",\n\t"))
	for _, l := range fe.locals {
		b.WriteString("\t" + l + "\n")
	}
	for _, d := range fe.decls {
		b.WriteString("\t" + d + "\n")
	}
	if len(fe.locals)+len(fe.decls) > 0 {
		b.WriteString("\n")
	}
	b.WriteString(fe.body.String())
	b.WriteString("}\n")
	return []byte(b.String())
}
