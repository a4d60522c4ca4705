package openclc

// This file lowers conversions. Sign lives in the instruction: sext, fptosi
// and sitofp go through the signed C type of their integer operand or
// result; the others use the unsigned storage types. bitcast between an
// integer and a float of the same width is OpenCL's as_<type>().

import (
	"github.com/kago-dev/kago/codegen/internal/emitutil"
	"github.com/llir/llvm/ir"
	"github.com/llir/llvm/ir/types"
	"github.com/llir/llvm/ir/value"
)

// createConversion lowers trunc zext sext fptrunc fpext fptoui fptosi uitofp
// sitofp bitcast.
func (fe *funcEmitter) createConversion(inst ir.Instruction) {
	var from value.Value
	var to types.Type
	switch c := inst.(type) {
	case *ir.InstTrunc:
		from, to = c.From, c.To
	case *ir.InstZExt:
		from, to = c.From, c.To
	case *ir.InstSExt:
		from, to = c.From, c.To
	case *ir.InstFPTrunc:
		from, to = c.From, c.To
	case *ir.InstFPExt:
		from, to = c.From, c.To
	case *ir.InstFPToUI:
		from, to = c.From, c.To
	case *ir.InstFPToSI:
		from, to = c.From, c.To
	case *ir.InstUIToFP:
		from, to = c.From, c.To
	case *ir.InstSIToFP:
		from, to = c.From, c.To
	case *ir.InstBitCast:
		from, to = c.From, c.To
	}
	res := inst.(value.Value)
	a := fe.operand(from)
	fi, ti := emitutil.IntBits(from.Type()), emitutil.IntBits(to)
	ff, tf := emitutil.FloatBits(from.Type()), emitutil.FloatBits(to)
	ct := fe.ctype(to)
	bad := func() { fe.errorf(ErrBadIR, "conversion from %s to %s", from.Type(), to) }

	switch inst.(type) {
	case *ir.InstTrunc:
		if fi == 0 || ti == 0 || ti >= fi {
			bad()
			return
		}
		if ti == 1 {
			fe.assign(res, "(bool)("+a+" & 1)")
			return
		}
		fe.assign(res, "("+ct+")"+a)
	case *ir.InstZExt:
		if fi == 0 || ti == 0 || ti <= fi {
			bad()
			return
		}
		fe.assign(res, "("+ct+")"+a)
	case *ir.InstSExt:
		if fi == 0 || ti == 0 || ti <= fi {
			bad()
			return
		}
		fe.assign(res, "("+ct+")("+signedType(ti)+")"+fe.signedOr(a, fi, true))
	case *ir.InstFPTrunc, *ir.InstFPExt:
		if ff == 0 || tf == 0 || ff == tf {
			bad()
			return
		}
		fe.assign(res, "("+ct+")"+a)
	case *ir.InstFPToUI:
		if ff == 0 || ti == 0 {
			bad()
			return
		}
		if ti == 1 {
			fe.assign(res, "(bool)((uint)"+a+" & 1)")
			return
		}
		fe.assign(res, "("+ct+")"+a)
	case *ir.InstFPToSI:
		if ff == 0 || ti == 0 {
			bad()
			return
		}
		if ti == 1 {
			fe.assign(res, "(bool)((int)"+a+" & 1)")
			return
		}
		fe.assign(res, "("+ct+")("+signedType(ti)+")"+a)
	case *ir.InstUIToFP:
		if fi == 0 || tf == 0 {
			bad()
			return
		}
		fe.assign(res, "("+ct+")"+a)
	case *ir.InstSIToFP:
		if fi == 0 || tf == 0 {
			bad()
			return
		}
		fe.assign(res, "("+ct+")"+fe.signedOr(a, fi, true))
	case *ir.InstBitCast:
		switch {
		case fi != 0 && fi == tf:
			fe.assign(res, "as_"+ct+"("+a+")")
		case ff != 0 && ff == ti:
			fe.assign(res, "as_"+ct+"("+a+")")
		case emitutil.IsPointer(from.Type()) && emitutil.IsPointer(to) && spaceOf(from.Type()) == spaceOf(to):
			// A float pointer viewed as an integer pointer (docs/ir.md),
			// for CAS loops on a float's bits: a plain C cast.
			fe.assign(res, "("+ct+")"+a)
		default:
			bad()
		}
	}
}
