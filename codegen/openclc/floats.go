package openclc

// This file lowers floating-point arithmetic, comparisons and select.
// Without -cl-fast-relaxed-math or -cl-finite-math-only (backends must not
// pass them) OpenCL C keeps IEEE semantics for NaN, infinities and signed
// zeros, which the comparisons below rely on.

import (
	"github.com/llir/llvm/ir"
	"github.com/llir/llvm/ir/enum"
	"github.com/llir/llvm/ir/types"
	"github.com/llir/llvm/ir/value"
)

// floatBinary lowers fadd fsub fmul fdiv (C operators) and frem, which is
// C's fmod (both truncate the quotient).
func (e *emitter) floatBinary(inst value.Value, x, y value.Value, op string, flags []enum.FastMathFlag) {
	if len(flags) > 0 {
		e.errorf(ErrBadIR, "fast-math flags are not in the contract")
	}
	if floatBits(x.Type()) == 0 {
		e.errorf(ErrBadIR, "float operation on %s", x.Type())
		return
	}
	a, b := e.operand(x), e.operand(y)
	if op == "fmod" {
		e.assign(inst, "fmod("+a+", "+b+")")
		return
	}
	e.assign(inst, a+" "+op+" "+b)
}

// fneg flips the sign (also of zeros and NaNs, as LLVM's fneg does).
func (e *emitter) fneg(inst *ir.InstFNeg) {
	if floatBits(inst.X.Type()) == 0 {
		e.errorf(ErrBadIR, "fneg on %s", inst.X.Type())
		return
	}
	e.assign(inst, "-("+e.operand(inst.X)+")")
}

// fcmp lowers a float comparison. C's relational operators are ordered
// (false on NaN) and != is unordered, so the unordered predicates are the
// negations of the opposite ordered ones.
func (e *emitter) fcmp(inst *ir.InstFCmp) {
	if floatBits(inst.X.Type()) == 0 {
		e.errorf(ErrBadIR, "fcmp on %s", inst.X.Type())
		return
	}
	a, b := e.operand(inst.X), e.operand(inst.Y)
	var s string
	switch inst.Pred {
	case enum.FPredOEQ:
		s = a + " == " + b
	case enum.FPredOGT:
		s = a + " > " + b
	case enum.FPredOGE:
		s = a + " >= " + b
	case enum.FPredOLT:
		s = a + " < " + b
	case enum.FPredOLE:
		s = a + " <= " + b
	case enum.FPredONE:
		s = a + " < " + b + " || " + a + " > " + b
	case enum.FPredORD:
		s = "!isnan(" + a + ") && !isnan(" + b + ")"
	case enum.FPredUNO:
		s = "isnan(" + a + ") || isnan(" + b + ")"
	case enum.FPredUEQ:
		s = "!(" + a + " < " + b + " || " + a + " > " + b + ")"
	case enum.FPredUGT:
		s = "!(" + a + " <= " + b + ")"
	case enum.FPredUGE:
		s = "!(" + a + " < " + b + ")"
	case enum.FPredULT:
		s = "!(" + a + " >= " + b + ")"
	case enum.FPredULE:
		s = "!(" + a + " > " + b + ")"
	case enum.FPredUNE:
		s = a + " != " + b
	case enum.FPredTrue:
		s = "true"
	case enum.FPredFalse:
		s = "false"
	default:
		e.errorf(ErrBadIR, "fcmp predicate %s", inst.Pred)
		return
	}
	e.assign(inst, s)
}

// sel lowers select with a scalar i1 condition.
func (e *emitter) sel(inst *ir.InstSelect) {
	if intBits(inst.Cond.Type()) != 1 {
		e.errorf(ErrBadIR, "select condition of type %s", inst.Cond.Type())
		return
	}
	e.assign(inst, e.operand(inst.Cond)+" ? "+e.operand(inst.ValueTrue)+" : "+e.operand(inst.ValueFalse))
}

// isPointer reports whether t is a pointer type.
func isPointer(t types.Type) bool {
	_, ok := t.(*types.PointerType)
	return ok
}
