package openclc

// This file lowers conversions. Sign lives in the instruction: sext, fptosi
// and sitofp go through the signed C type of their integer operand or
// result; the others use the unsigned storage types. bitcast between an
// integer and a float of the same width is OpenCL's as_<type>().

import (
	"github.com/kago-dev/kago/codegen/internal/emitutil"
	"github.com/llir/llvm/ir"
	"github.com/llir/llvm/ir/value"
)

// createConversion lowers trunc zext sext fptrunc fpext fptoui fptosi uitofp
// sitofp bitcast.
func (fe *funcEmitter) createConversion(inst ir.Instruction) {
	res := inst.(value.Value)
	from, to := emitutil.ConversionOperands(res)
	a := fe.operand(from)
	fi, ti := emitutil.IntBits(from.Type()), emitutil.IntBits(to)
	ct := fe.ctype(to)

	switch inst.(type) {
	case *ir.InstTrunc:
		if ti == 1 {
			fe.assign(res, "(bool)("+a+" & 1)")
			return
		}
		fe.assign(res, "("+ct+")"+a)
	case *ir.InstSExt:
		fe.assign(res, "("+ct+")("+signedType(ti)+")"+fe.signedOr(a, fi, true))
	case *ir.InstFPToSI:
		fe.assign(res, "("+ct+")("+signedType(ti)+")"+a)
	case *ir.InstSIToFP:
		fe.assign(res, "("+ct+")"+fe.signedOr(a, fi, true))
	case *ir.InstBitCast:
		if emitutil.IsPointer(to) {
			// A pointer viewed as a pointer to another scalar in its
			// space (docs/ir.md): a plain C cast.
			fe.assign(res, "("+ct+")"+a)
			return
		}
		fe.assign(res, "as_"+ct+"("+a+")") // an integer and a float of one width
	default: // zext, fptrunc, fpext, fptoui, uitofp: C's conversions
		fe.assign(res, "("+ct+")"+a)
	}
}
