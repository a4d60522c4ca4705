package openclc

// This file lowers integer and float arithmetic. Values live in unsigned C
// types; signed instructions (sdiv, srem, ashr) cast their operands to the
// signed type of the same width. 8- and 16-bit operations are computed in
// uint and truncated back, since C promotes them to int, where a
// multiplication could overflow (undefined in C). Without
// -cl-fast-relaxed-math or -cl-finite-math-only (backends must not pass
// them) OpenCL C keeps IEEE semantics for NaN, infinities and signed
// zeros.

import (
	"github.com/kago-dev/kago/codegen/internal/emitutil"
	"github.com/llir/llvm/ir"
	"github.com/llir/llvm/ir/value"
)

// xor. Shift counts need no masking here: the front end has already made
// counts ≥ the width harmless with a select (docs/ir.md), and OpenCL C
// itself masks shift counts instead of leaving them undefined.
func (fe *funcEmitter) createIntBinary(inst value.Value, x, y value.Value, op string, signed bool) {
	bits := emitutil.IntBits(x.Type())
	a, b := fe.operand(x), fe.operand(y)
	ut := fe.ctype(x.Type())
	switch {
	case bits == 1:
		switch op {
		case "&", "|", "^":
			fe.assign(inst, a+" "+op+" "+b)
		case "+", "-":
			fe.assign(inst, a+" ^ "+b) // addition mod 2
		case "*":
			fe.assign(inst, a+" & "+b)
		default:
			fe.assign(inst, "(bool)((("+fe.signedOr(a, 1, signed)+") "+op+" ("+fe.signedOr(b, 1, signed)+")) & 1)")
		}
	case signed && op == ">>":
		// The count stays unsigned; only the shifted value is signed.
		fe.assign(inst, "("+ut+")(("+signedType(bits)+")"+a+" >> "+b+")")
	case signed:
		st := signedType(bits)
		fe.assign(inst, "("+ut+")(("+st+")"+a+" "+op+" ("+st+")"+b+")")
	case bits < 32:
		fe.assign(inst, "("+ut+")((uint)"+a+" "+op+" (uint)"+b+")")
	default:
		fe.assign(inst, a+" "+op+" "+b)
	}
}

// signedOr returns operand a (of the given width) as a signed value when
// signed is set, else as uint. An i1 is -1 or 0 when signed, as in LLVM.
func (fe *funcEmitter) signedOr(a string, bits int, signed bool) string {
	if !signed {
		return "(uint)" + a
	}
	if bits == 1 {
		return "(-(int)" + a + ")"
	}
	return "(" + signedType(bits) + ")" + a
}

// createFloatBinary lowers fadd fsub fmul fdiv (C operators) and frem, which is
// C's fmod (both truncate the quotient).
func (fe *funcEmitter) createFloatBinary(inst value.Value, x, y value.Value, op string) {
	if m, ok := inst.(*ir.InstFMul); ok && fe.contraction.Fused(m) {
		return // written inside its fadd's expression
	}
	if add, ok := inst.(*ir.InstFAdd); ok {
		if mx, my, z, ok := fe.contraction.MulAdd(add); ok {
			// One C expression, which FP_CONTRACT ON lets the compiler fuse.
			fe.assign(inst, fe.operand(mx)+" * "+fe.operand(my)+" + "+fe.operand(z))
			return
		}
	}
	a, b := fe.operand(x), fe.operand(y)
	if op == "fmod" {
		fe.assign(inst, "fmod("+a+", "+b+")")
		return
	}
	fe.assign(inst, a+" "+op+" "+b)
}

// createFNeg flips the sign (also of zeros and NaNs, as LLVM's fneg does).
func (fe *funcEmitter) createFNeg(inst *ir.InstFNeg) {
	fe.assign(inst, "-("+fe.operand(inst.X)+")")
}
