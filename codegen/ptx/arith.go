package ptx

// This file implements integer and float arithmetic.
//
// Integer ops wrap (Go semantics, no nsw/nuw). i8/i16 values sit in 32-bit
// registers with unspecified upper bits, so division, remainder and right
// shifts extend their operands first, and shift counts are zero-extended
// (a shift count >= the width is Go-handled by the front end's select; the
// shift itself may then produce anything). i64 shift counts are truncated to
// u32 (PTX wants a u32 count and clamps counts > 64).
//
// Float ops carry an explicit .rn rounding, which also forbids ptxas from
// contracting mul+add into fma: results match the native backend bit for
// bit. A kernel marked //ka:contract gets fma.rn for each fusable fmul/fadd
// pair that emitutil.Contractions finds, and .rn everywhere else. Subnormals are kept (no .ftz). fdiv is div.rn (IEEE, exact rounding);
// frem is frem.go.

import (
	"github.com/kago-dev/kago/codegen/internal/emitutil"
	"strconv"

	"github.com/llir/llvm/ir"
	"github.com/llir/llvm/ir/value"
)

// createExtend returns a 32-bit register holding v (an i8 or i16 in a b32
// register) sign- or zero-extended to 32 bits: a loaded one's register
// for zero extension, which its load did. Wider values are returned as
// they are.
func (fe *funcEmitter) createExtend(v value.Value, signed bool) string {
	bits := emitutil.IntBits(v.Type())
	op := fe.operand(v)
	if bits >= 32 || op[0] != '%' {
		if op[0] != '%' && bits < 32 {
			return extendImm(op, bits, signed)
		}
		return op
	}
	if _, isLoad := v.(*ir.InstLoad); isLoad && !signed {
		return op // ld.u8 and ld.u16 zero-extend into the register (createLoad)
	}
	r := fe.newReg(classB32)
	if signed {
		fe.ins("bfe.s32 %s, %s, 0, %d", r, op, bits)
	} else {
		fe.ins("and.b32 %s, %s, %d", r, op, uint32(1)<<bits-1)
	}
	return r
}

func (fe *funcEmitter) createIntBinary(inst value.Named) {
	x, y := emitutil.BinaryOperands(inst)
	bits := emitutil.IntBits(inst.Type())
	if bits == 1 {
		fe.createBoolBinary(inst, x, y)
		return
	}
	w := "32"
	if bits == 64 {
		w = "64"
	}
	var opc string
	signed, needExt := false, false
	switch inst := inst.(type) {
	case *ir.InstAdd:
		if mul := fe.mads.byAdd[inst]; mul != nil {
			fe.createMad(inst, mul, w) // mad.go
			return
		}
		opc = "add.s"
	case *ir.InstSub:
		opc = "sub.s"
	case *ir.InstMul:
		if fe.mads.fused[inst] {
			return // its add's mad computes it
		}
		opc = "mul.lo.s"
	case *ir.InstAnd:
		opc = "and.b"
	case *ir.InstOr:
		opc = "or.b"
	case *ir.InstXor:
		opc = "xor.b"
	case *ir.InstSDiv:
		opc, signed, needExt = "div.s", true, true
	case *ir.InstUDiv:
		opc, needExt = "div.u", true
	case *ir.InstSRem:
		opc, signed, needExt = "rem.s", true, true
	case *ir.InstURem:
		opc, needExt = "rem.u", true
	case *ir.InstShl:
		fe.createShift(inst, "shl.b"+w, x, y, false, false)
		return
	case *ir.InstLShr:
		fe.createShift(inst, "shr.u"+w, x, y, true, false)
		return
	case *ir.InstAShr:
		fe.createShift(inst, "shr.s"+w, x, y, true, true)
		return
	}
	var a, b string
	if needExt {
		a, b = fe.createExtend(x, signed), fe.createExtend(y, signed)
	} else {
		a, b = fe.operand(x), fe.operand(y)
	}
	fe.ins("%s%s %s, %s, %s", opc, w, fe.def(inst), a, b)
}

// createShift emits a shift; ext says whether the shifted value must be
// extended first (right shifts), signed how.
func (fe *funcEmitter) createShift(inst value.Named, opc string, x, y value.Value, ext, signed bool) {
	var a string
	if ext {
		a = fe.createExtend(x, signed)
	} else {
		a = fe.operand(x)
	}
	var n string
	switch emitutil.IntBits(y.Type()) {
	case 64:
		n = fe.operand(y)
		if n[0] == '%' {
			t := fe.newReg(classB32)
			fe.ins("cvt.u32.u64 %s, %s", t, n)
			n = t
		} else if len(n) > 0 && n[0] == '-' {
			n = "64" // a negative i64 count is >= the width as unsigned
		}
	default:
		n = fe.createExtend(y, false)
	}
	fe.ins("%s %s, %s, %s", opc, fe.def(inst), a, n)
}

// createBoolBinary implements the integer ops on i1 (ircheck allows add,
// sub, mul, and, or, xor) with predicate logic.
func (fe *funcEmitter) createBoolBinary(inst value.Named, x, y value.Value) {
	a, b := fe.reg(x), fe.reg(y)
	d := fe.def(inst)
	switch inst.(type) {
	case *ir.InstAnd, *ir.InstMul:
		fe.ins("and.pred %s, %s, %s", d, a, b)
	case *ir.InstOr:
		fe.ins("or.pred %s, %s, %s", d, a, b)
	default: // xor, add, sub
		fe.ins("xor.pred %s, %s, %s", d, a, b)
	}
}

func (fe *funcEmitter) createFloatBinary(inst value.Named) {
	x, y := emitutil.BinaryOperands(inst)
	c, _ := classOf(inst.Type())
	t := c.ptxType()
	if m, ok := inst.(*ir.InstFMul); ok && fe.contraction.Fused(m) {
		return // computed by its fadd's fma.rn
	}
	if add, ok := inst.(*ir.InstFAdd); ok {
		if mx, my, z, ok := fe.contraction.MulAdd(add); ok {
			fe.ins("fma.rn.%s %s, %s, %s, %s", t, fe.def(inst), fe.operand(mx), fe.operand(my), fe.operand(z))
			return
		}
	}
	var opc string
	switch inst.(type) {
	case *ir.InstFAdd:
		opc = "add.rn."
	case *ir.InstFSub:
		opc = "sub.rn."
	case *ir.InstFMul:
		opc = "mul.rn."
	case *ir.InstFDiv:
		opc = "div.rn."
	case *ir.InstFRem:
		fe.createFRem(inst, x, y, c)
		return
	}
	fe.ins("%s%s %s, %s, %s", opc, t, fe.def(inst), fe.operand(x), fe.operand(y))
}

func (fe *funcEmitter) createFNeg(inst *ir.InstFNeg) {
	c, _ := classOf(inst.Type())
	fe.ins("neg.%s %s, %s", c.ptxType(), fe.def(inst), fe.reg(inst.X))
}

// extendImm sign- or zero-extends an i8/i16 immediate to 32 bits.
func extendImm(op string, bits int, signed bool) string {
	v, err := strconv.ParseInt(op, 10, 64)
	if err != nil {
		return op
	}
	if signed {
		v = int64(int32(uint32(v)<<(32-bits)) >> (32 - bits))
	} else {
		v = int64(uint32(v) & (uint32(1)<<bits - 1))
	}
	return strconv.FormatInt(v, 10)
}
