package spirv

// This file creates the conversions of docs/ir.md. SPIR-V has no conversion
// from or to OpTypeBool, so those involving i1 are selects and comparisons:
// trunc to i1 tests the low bit, zext/uitofp of i1 select 1 or 0, sext/sitofp
// select -1 or 0.

import (
	"math"

	"github.com/kago-dev/kago/codegen/internal/emitutil"
	"github.com/llir/llvm/ir"
	"github.com/llir/llvm/ir/types"
	"github.com/llir/llvm/ir/value"
)

func (fe *funcEmitter) createConversion(inst ir.Instruction) {
	if bc, ok := inst.(*ir.InstBitCast); ok && fe.vk != nil {
		if _, isPtr := bc.To.(*types.PointerType); isPtr {
			fe.vkBitcastPointer(bc)
			return
		}
	}
	var from value.Value
	var to types.Type
	var op uint32
	switch inst := inst.(type) {
	case *ir.InstTrunc:
		from, to, op = inst.From, inst.To, opUConvert
	case *ir.InstZExt:
		from, to, op = inst.From, inst.To, opUConvert
	case *ir.InstSExt:
		from, to, op = inst.From, inst.To, opSConvert
	case *ir.InstFPTrunc:
		from, to, op = inst.From, inst.To, opFConvert
	case *ir.InstFPExt:
		from, to, op = inst.From, inst.To, opFConvert
	case *ir.InstFPToUI:
		from, to, op = inst.From, inst.To, opConvertFToU
	case *ir.InstFPToSI:
		from, to, op = inst.From, inst.To, opConvertFToS
	case *ir.InstUIToFP:
		from, to, op = inst.From, inst.To, opConvertUToF
	case *ir.InstSIToFP:
		from, to, op = inst.From, inst.To, opConvertSToF
	case *ir.InstBitCast:
		from, to, op = inst.From, inst.To, opBitcast
	}
	result := fe.getValueID(inst.(value.Value))
	x := fe.getValue(from)
	rt := fe.typeOf(to)
	signed := op == opSConvert || op == opConvertSToF
	switch {
	case emitutil.IsBool(to) && op == opUConvert: // trunc iN to i1: the low bit
		bits := emitutil.IntBits(from.Type())
		low := fe.newID()
		fe.body.op(opBitwiseAnd, fe.getIntType(bits), low, x, fe.getIntConst(bits, 1))
		fe.body.op(opINotEqual, rt, result, low, fe.getIntConst(bits, 0))
	case emitutil.IsBool(from.Type()) && emitutil.IntBits(to) > 0: // zext, sext of i1
		one := uint64(1)
		if signed {
			one = math.MaxUint64
		}
		fe.body.op(opSelect, rt, result, x, fe.getIntConst(emitutil.IntBits(to), one), fe.getIntConst(emitutil.IntBits(to), 0))
	case emitutil.IsBool(from.Type()) && emitutil.FloatBits(to) > 0: // uitofp, sitofp of i1
		bits := emitutil.FloatBits(to)
		one := math.Float64bits(1)
		if bits == 32 {
			one = uint64(math.Float32bits(1))
		}
		if signed {
			one |= 1 << uint(bits-1) // -1.0
		}
		fe.body.op(opSelect, rt, result, x, fe.getFloatConst(bits, one), fe.getFloatConst(bits, 0))
	default: // no other conversion of i1 passes ircheck
		fe.body.op(op, rt, result, x)
	}
}
