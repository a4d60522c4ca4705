package openclc

// This file lowers integer arithmetic and comparisons. Values live in
// unsigned C types; signed instructions (sdiv, srem, ashr, icmp s*) cast
// their operands to the signed type of the same width. 8- and 16-bit
// operations are computed in uint and truncated back, since C promotes them
// to int, where a multiplication could overflow (undefined in C).

import (
	"github.com/llir/llvm/ir"
	"github.com/llir/llvm/ir/enum"
	"github.com/llir/llvm/ir/value"
)

// intBinary lowers add sub mul udiv sdiv urem srem shl lshr ashr and or
// xor. Shift counts need no masking here: the front end has already made
// counts ≥ the width harmless with a select (docs/ir.md), and OpenCL C
// itself masks shift counts instead of leaving them undefined.
func (e *emitter) intBinary(inst value.Value, x, y value.Value, op string, signed bool, flags []enum.OverflowFlag) {
	if len(flags) > 0 {
		e.errorf(ErrBadIR, "nsw/nuw flags: Go integers wrap")
	}
	bits := intBits(x.Type())
	if bits == 0 || !x.Type().Equal(y.Type()) {
		e.errorf(ErrBadIR, "integer operation on %s and %s", x.Type(), y.Type())
		return
	}
	a, b := e.operand(x), e.operand(y)
	ut := e.ctype(x.Type())
	switch {
	case bits == 1:
		switch op {
		case "&", "|", "^":
			e.assign(inst, a+" "+op+" "+b)
		case "+", "-":
			e.assign(inst, a+" ^ "+b) // addition mod 2
		case "*":
			e.assign(inst, a+" & "+b)
		default:
			e.assign(inst, "(bool)((("+e.signedOr(a, 1, signed)+") "+op+" ("+e.signedOr(b, 1, signed)+")) & 1)")
		}
	case signed && op == ">>":
		// The count stays unsigned; only the shifted value is signed.
		e.assign(inst, "("+ut+")(("+signedType(bits)+")"+a+" >> "+b+")")
	case signed:
		st := signedType(bits)
		e.assign(inst, "("+ut+")(("+st+")"+a+" "+op+" ("+st+")"+b+")")
	case bits < 32:
		e.assign(inst, "("+ut+")((uint)"+a+" "+op+" (uint)"+b+")")
	default:
		e.assign(inst, a+" "+op+" "+b)
	}
}

// signedOr returns operand a (of the given width) as a signed value when
// signed is set, else as uint. An i1 is -1 or 0 when signed, as in LLVM.
func (e *emitter) signedOr(a string, bits uint64, signed bool) string {
	if !signed {
		return "(uint)" + a
	}
	if bits == 1 {
		return "(-(int)" + a + ")"
	}
	return "(" + signedType(bits) + ")" + a
}

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

// icmp lowers an integer (or, for eq/ne, pointer) comparison.
func (e *emitter) icmp(inst *ir.InstICmp) {
	p, ok := icmpOps[inst.Pred]
	if !ok {
		e.errorf(ErrBadIR, "icmp predicate %s", inst.Pred)
		return
	}
	a, b := e.operand(inst.X), e.operand(inst.Y)
	bits := intBits(inst.X.Type())
	if bits == 0 && !(isPointer(inst.X.Type()) && (inst.Pred == enum.IPredEQ || inst.Pred == enum.IPredNE)) {
		e.errorf(ErrBadIR, "icmp on %s", inst.X.Type())
		return
	}
	if p.signed {
		a, b = e.signedOr(a, bits, true), e.signedOr(b, bits, true)
	}
	e.assign(inst, a+" "+p.op+" "+b)
}
