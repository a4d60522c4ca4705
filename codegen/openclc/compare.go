package openclc

// This file lowers comparisons and select: icmp (signed predicates cast to
// the signed type), fcmp (C's relational operators are ordered, the
// unordered predicates their negations) and select.

import (
	"github.com/kago-dev/kago/codegen/internal/emitutil"
	"github.com/llir/llvm/ir"
	"github.com/llir/llvm/ir/enum"
)

// icmpOps maps each predicate to its C operator and signedness.
var icmpOps = map[enum.IPred]struct {
	op     string
	signed bool
}{
	enum.IPredEQ: {"==", false}, enum.IPredNE: {"!=", false},
	enum.IPredUGT: {">", false}, enum.IPredUGE: {">=", false},
	enum.IPredULT: {"<", false}, enum.IPredULE: {"<=", false},
	enum.IPredSGT: {">", true}, enum.IPredSGE: {">=", true},
	enum.IPredSLT: {"<", true}, enum.IPredSLE: {"<=", true},
}

// createICmp lowers an integer (or, for eq/ne, pointer) comparison.
func (fe *funcEmitter) createICmp(inst *ir.InstICmp) {
	p := icmpOps[inst.Pred]
	a, b := fe.operand(inst.X), fe.operand(inst.Y)
	bits := emitutil.IntBits(inst.X.Type())
	if p.signed {
		a, b = fe.signedOr(a, bits, true), fe.signedOr(b, bits, true)
	}
	fe.assign(inst, a+" "+p.op+" "+b)
}

// createFCmp lowers a float comparison. C's relational operators are ordered
// (false on NaN) and != is unordered, so the unordered predicates are the
// negations of the opposite ordered ones.
func (fe *funcEmitter) createFCmp(inst *ir.InstFCmp) {
	a, b := fe.operand(inst.X), fe.operand(inst.Y)
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
	default: // false
		s = "false"
	}
	fe.assign(inst, s)
}

// createSelect lowers select with a scalar i1 condition.
func (fe *funcEmitter) createSelect(inst *ir.InstSelect) {
	fe.assign(inst, fe.operand(inst.Cond)+" ? "+fe.operand(inst.ValueTrue)+" : "+fe.operand(inst.ValueFalse))
}
