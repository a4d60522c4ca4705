package ptx

// This file implements the conversions: trunc zext sext fptrunc fpext
// fptoui fptosi uitofp sitofp, and bitcast between an integer and a float of
// the same width.
//
// Float-to-integer conversions truncate (cvt.rzi); PTX saturates out-of-range
// values and turns NaN into 0, which Go leaves implementation-defined.
// Integer-to-float and f64-to-f32 round to nearest even (cvt.rn), as Go does.
// A bitcast between pointers of one address space (which the front end
// emits for float CAS loops, beyond docs/ir.md) is a no-op.

import (
	"fmt"
	"github.com/kago-dev/kago/codegen/internal/emitutil"

	"github.com/llir/llvm/ir"
	"github.com/llir/llvm/ir/value"
)

func (fe *funcEmitter) createConversion(inst value.Named) {
	from, to := emitutil.ConversionOperands(inst)
	fc, _ := classOf(from.Type())
	tc, _ := classOf(to)
	fb, tb := emitutil.IntBits(from.Type()), emitutil.IntBits(to)
	switch inst.(type) {
	case *ir.InstTrunc:
		fe.createTrunc(inst, from, fb, tb)
	case *ir.InstZExt, *ir.InstSExt:
		if fe.mads.wide[inst] {
			return // its address's mad.wide computes it (mad.go)
		}
		_, signed := inst.(*ir.InstSExt)
		fe.createExt(inst, from, fb, tb, signed)
	case *ir.InstFPTrunc:
		fe.ins("cvt.rn.f32.f64 %s, %s", fe.def(inst), fe.reg(from))
	case *ir.InstFPExt:
		fe.ins("cvt.f64.f32 %s, %s", fe.def(inst), fe.reg(from))
	case *ir.InstFPToSI, *ir.InstFPToUI:
		_, signed := inst.(*ir.InstFPToSI)
		fe.ins("cvt.rzi.%s.%s %s, %s", intCvtType(tb, signed), fc.ptxType(), fe.def(inst), fe.reg(from))
	case *ir.InstSIToFP, *ir.InstUIToFP:
		_, signed := inst.(*ir.InstSIToFP)
		var src string
		switch {
		case fb == 1:
			src = fe.createBoolToInt(from, signed)
		case fb < 32:
			src = fe.createExtend(from, signed)
			if src[0] != '%' {
				src = fe.createMovImm(classB32, src)
			}
		default:
			src = fe.reg(from)
		}
		fe.ins("cvt.rn.%s.%s %s, %s", tc.ptxType(), intCvtType(max(fb, 32), signed), fe.def(inst), src)
	case *ir.InstBitCast:
		if emitutil.IsPointer(to) {
			// A pointer viewed as a pointer to another scalar in its
			// space (docs/ir.md): same address, no code.
			fe.alias(inst, fe.reg(from))
			return
		}
		w := "b32" // an integer and a float of one width
		if tc == classB64 || tc == classF64 {
			w = "b64"
		}
		fe.ins("mov.%s %s, %s", w, fe.def(inst), fe.reg(from))
	}
}

// intCvtType is the cvt type of an integer of the given width ("s32", "u64").
func intCvtType(bits int, signed bool) string {
	w := 32
	if bits == 64 {
		w = 64
	}
	if signed {
		return fmt.Sprintf("s%d", w)
	}
	return fmt.Sprintf("u%d", w)
}

func (fe *funcEmitter) createMovImm(c regClass, imm string) string {
	r := fe.newReg(c)
	fe.ins("mov.%s %s, %s", c.movType(), r, imm)
	return r
}

func (fe *funcEmitter) createTrunc(inst value.Named, from value.Value, fb, tb int) {
	src := fe.reg(from)
	switch {
	case tb == 1:
		if fb == 64 {
			t := fe.newReg(classB64)
			fe.ins("and.b64 %s, %s, 1", t, src)
			fe.ins("setp.ne.u64 %s, %s, 0", fe.def(inst), t)
			return
		}
		t := fe.newReg(classB32)
		fe.ins("and.b32 %s, %s, 1", t, src)
		fe.ins("setp.ne.u32 %s, %s, 0", fe.def(inst), t)
	case fb == 64 && fe.low32[from] != "":
		fe.alias(inst, fe.low32[from]) // a special register's own 32 bits
	case fb == 64:
		fe.ins("cvt.u32.u64 %s, %s", fe.def(inst), src)
	default:
		// i32 -> i16/i8, i16 -> i8: same register, upper bits unspecified.
		fe.alias(inst, src)
	}
}

func (fe *funcEmitter) createExt(inst value.Named, from value.Value, fb, tb int, signed bool) {
	if fb == 1 {
		one := "1"
		if signed {
			one = "-1"
		}
		w := "b32"
		if tb == 64 {
			w = "b64"
		}
		fe.ins("selp.%s %s, %s, 0, %s", w, fe.def(inst), one, fe.reg(from))
		return
	}
	src := fe.createExtend(from, signed)
	if src[0] != '%' {
		src = fe.createMovImm(classB32, src)
	}
	if tb == 64 {
		fe.ins("cvt.%s.%s %s, %s", intCvtType(64, signed), intCvtType(32, signed), fe.def(inst), src)
		return
	}
	fe.alias(inst, src)
}
