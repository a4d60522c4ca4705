package openclc

// This file holds the entry point, the emitter's state and the one type
// switch that dispatches every instruction; each kind of instruction is
// lowered in the file named after it.

import (
	"errors"
	"fmt"
	"strings"

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

// Emit translates a kernel module in the form of docs/ir.md into one OpenCL
// C 1.2 source file defining one __kernel function of the same name. The
// kernel's parameters are the module's, followed by the three hidden
// parameters ulong ka_gsize0, ka_gsize1, ka_gsize2 that the backend sets to
// the launch's range.
//
// Every problem in the module is reported (up to a limit) as an *Error,
// joined with errors.Join; each wraps ErrBadIR (the module breaks the
// contract) or ErrUnsupported (the device lacks a feature, see Options).
// Emit never panics on a malformed module and never modifies it.
func Emit(m *ir.Module, opts Options) ([]byte, error) {
	e := &emitter{opts: opts, names: newNamer()}
	f, err := kernelOf(m)
	if err != nil {
		return nil, err
	}
	e.fn = f
	e.kernel = f.Name()
	e.vals = make(map[value.Value]string)
	e.labels = make(map[*ir.Block]string)
	e.cmpxchgs = make(map[*ir.InstCmpXchg]cmpxchgVars)
	e.helpers = make(map[string]string)

	e.declareLocalGlobals(m)
	e.declareParams()
	e.declareValues()
	for _, b := range f.Blocks {
		e.emitBlock(b)
	}
	e.curBlock, e.curInst = nil, nil
	e.checkFeatures()
	if len(e.errs) > 0 {
		return nil, errors.Join(e.errs...)
	}
	return e.assemble(), nil
}

// kernelOf returns the module's one function definition, checking the
// module-level rules of the contract.
func kernelOf(m *ir.Module) (*ir.Func, error) {
	var defs []*ir.Func
	for _, f := range m.Funcs {
		if len(f.Blocks) > 0 {
			defs = append(defs, f)
		}
	}
	if len(defs) != 1 {
		return nil, fmt.Errorf("%w: a module holds exactly one function definition, the kernel; this one has %d", ErrBadIR, len(defs))
	}
	return defs[0], nil
}

// emitter holds the state of one Emit call: one kernel, so there is no
// separate per-function state.
type emitter struct {
	opts   Options
	fn     *ir.Func
	kernel string
	names  *namer

	vals     map[value.Value]string          // C expression of each parameter, global and instruction result
	labels   map[*ir.Block]string            // goto label of each block that is a branch target
	cmpxchgs map[*ir.InstCmpXchg]cmpxchgVars // the two variables holding a cmpxchg's {T, i1} result
	helpers  map[string]string               // helper functions by name, emitted before the kernel

	params []string // "type name" of each kernel parameter, hidden ones included
	locals []string // __local array declarations, at kernel scope
	decls  []string // private variable declarations, at the top of the body
	body   strings.Builder

	need features // optional features the kernel uses, with where it first did

	curBlock *ir.Block
	curInst  ir.LLStringer
	errs     []error
}

// declareValues gives every instruction result a C variable, declared at the
// top of the kernel body, before any code is emitted: with goto-based
// control flow and phis assigned in predecessors, a value may be used in the
// text above its definition.
func (e *emitter) declareValues() {
	for _, b := range e.fn.Blocks {
		e.curBlock = b
		for _, inst := range b.Insts {
			e.curInst = inst
			e.declareInst(inst)
		}
	}
	e.curBlock, e.curInst = nil, nil
	for _, b := range e.fn.Blocks {
		for _, s := range successors(b.Term) {
			if _, ok := e.labels[s]; !ok {
				e.labels[s] = e.names.fresh(s.Name(), "L")
			}
		}
	}
}

// declareInst declares the variable(s) of one instruction result.
func (e *emitter) declareInst(inst ir.Instruction) {
	switch inst := inst.(type) {
	case *ir.InstStore:
		return
	case *ir.InstCall:
		if isVoid(inst.Typ) {
			return
		}
	case *ir.InstAlloca:
		e.declareAlloca(inst)
		return
	case *ir.InstCmpXchg:
		e.declareCmpXchg(inst)
		return
	}
	v, ok := inst.(value.Named)
	if !ok {
		return
	}
	ct := e.ctype(v.Type())
	name := e.names.fresh(v.Name(), "t")
	e.vals[v] = name
	e.decls = append(e.decls, declare(ct, name))
}

// emitBlock emits one basic block: its label, its instructions, and its
// terminator with the phi copies of each outgoing edge.
func (e *emitter) emitBlock(b *ir.Block) {
	e.curBlock = b
	if l, ok := e.labels[b]; ok {
		fmt.Fprintf(&e.body, "%s:\n", l)
	}
	for _, inst := range b.Insts {
		e.curInst = inst
		e.emitInst(inst)
	}
	e.curInst = b.Term
	e.emitTerm(b)
}

// emitInst is the dispatch: every instruction of the contract has a case,
// anything else is an error naming it.
func (e *emitter) emitInst(inst ir.Instruction) {
	switch inst := inst.(type) {
	// Integer arithmetic (integers.go).
	case *ir.InstAdd:
		e.intBinary(inst, inst.X, inst.Y, "+", false, inst.OverflowFlags)
	case *ir.InstSub:
		e.intBinary(inst, inst.X, inst.Y, "-", false, inst.OverflowFlags)
	case *ir.InstMul:
		e.intBinary(inst, inst.X, inst.Y, "*", false, inst.OverflowFlags)
	case *ir.InstUDiv:
		e.intBinary(inst, inst.X, inst.Y, "/", false, nil)
	case *ir.InstSDiv:
		e.intBinary(inst, inst.X, inst.Y, "/", true, nil)
	case *ir.InstURem:
		e.intBinary(inst, inst.X, inst.Y, "%", false, nil)
	case *ir.InstSRem:
		e.intBinary(inst, inst.X, inst.Y, "%", true, nil)
	case *ir.InstShl:
		e.intBinary(inst, inst.X, inst.Y, "<<", false, inst.OverflowFlags)
	case *ir.InstLShr:
		e.intBinary(inst, inst.X, inst.Y, ">>", false, nil)
	case *ir.InstAShr:
		e.intBinary(inst, inst.X, inst.Y, ">>", true, nil)
	case *ir.InstAnd:
		e.intBinary(inst, inst.X, inst.Y, "&", false, nil)
	case *ir.InstOr:
		e.intBinary(inst, inst.X, inst.Y, "|", false, nil)
	case *ir.InstXor:
		e.intBinary(inst, inst.X, inst.Y, "^", false, nil)
	case *ir.InstICmp:
		e.icmp(inst)

	// Floating point (floats.go).
	case *ir.InstFAdd:
		e.floatBinary(inst, inst.X, inst.Y, "+", inst.FastMathFlags)
	case *ir.InstFSub:
		e.floatBinary(inst, inst.X, inst.Y, "-", inst.FastMathFlags)
	case *ir.InstFMul:
		e.floatBinary(inst, inst.X, inst.Y, "*", inst.FastMathFlags)
	case *ir.InstFDiv:
		e.floatBinary(inst, inst.X, inst.Y, "/", inst.FastMathFlags)
	case *ir.InstFRem:
		e.floatBinary(inst, inst.X, inst.Y, "fmod", inst.FastMathFlags)
	case *ir.InstFNeg:
		e.fneg(inst)
	case *ir.InstFCmp:
		e.fcmp(inst)

	case *ir.InstSelect:
		e.sel(inst)

	// Conversions (conversions.go).
	case *ir.InstTrunc, *ir.InstZExt, *ir.InstSExt, *ir.InstFPTrunc, *ir.InstFPExt,
		*ir.InstFPToUI, *ir.InstFPToSI, *ir.InstUIToFP, *ir.InstSIToFP, *ir.InstBitCast:
		e.conversion(inst)

	// Memory (memory.go).
	case *ir.InstAlloca:
		e.alloca(inst)
	case *ir.InstLoad:
		e.load(inst)
	case *ir.InstStore:
		e.store(inst)
	case *ir.InstGetElementPtr:
		e.gep(inst)

	// Atomics (atomics.go).
	case *ir.InstAtomicRMW:
		e.atomicRMW(inst)
	case *ir.InstCmpXchg:
		e.cmpXchg(inst)
	case *ir.InstExtractValue:
		e.extractValue(inst)

	case *ir.InstPhi:
		// Assigned on the incoming edges (phi.go).
	case *ir.InstCall:
		e.call(inst) // intrinsics.go, math.go

	default:
		e.errorf(ErrBadIR, "instruction %T is not in the contract", inst)
	}
}

// emitTerm emits a block's terminator.
func (e *emitter) emitTerm(b *ir.Block) {
	switch t := b.Term.(type) {
	case *ir.TermRet:
		if t.X != nil {
			e.errorf(ErrBadIR, "a kernel returns void")
		}
		e.line("return;")
	case *ir.TermBr:
		e.edge(b, t.Target.(*ir.Block), "")
	case *ir.TermCondBr:
		c := e.operand(t.Cond)
		e.edge(b, t.TargetTrue.(*ir.Block), c)
		e.edge(b, t.TargetFalse.(*ir.Block), "")
	case *ir.TermUnreachable:
		// Only after @llvm.trap, which has returned already.
		e.line("return; /* unreachable */")
	default:
		e.errorf(ErrBadIR, "terminator %T is not in the contract", t)
	}
}

// successors returns the blocks a terminator may branch to.
func successors(t ir.Terminator) []*ir.Block {
	switch t := t.(type) {
	case *ir.TermBr:
		if b, ok := t.Target.(*ir.Block); ok {
			return []*ir.Block{b}
		}
	case *ir.TermCondBr:
		var bs []*ir.Block
		for _, v := range []value.Value{t.TargetTrue, t.TargetFalse} {
			if b, ok := v.(*ir.Block); ok {
				bs = append(bs, b)
			}
		}
		return bs
	}
	return nil
}

// assign emits "var = expr;" for an instruction's result.
func (e *emitter) assign(inst value.Value, expr string) {
	e.line(e.vals[inst] + " = " + expr + ";")
}

// line emits one statement, indented.
func (e *emitter) line(s string) {
	e.body.WriteString("\t")
	e.body.WriteString(s)
	e.body.WriteString("\n")
}

// operand returns the C expression of a value used as an operand: a
// variable, a parameter, a __local array or a literal. Every operand is an
// atom (no operator outside parentheses), so it can be used anywhere.
func (e *emitter) operand(v value.Value) string {
	if s, ok := e.vals[v]; ok {
		return s
	}
	return e.constant(v)
}

// declare formats a declaration of a variable of C type ct.
func declare(ct, name string) string {
	return ct + " " + name + ";"
}
