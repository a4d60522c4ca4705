package spirv

import (
	"math"

	"github.com/llir/llvm/ir"
	"github.com/llir/llvm/ir/types"
	"github.com/llir/llvm/ir/value"
)

// This file creates the conversions of docs/ir.md. SPIR-V has no conversion
// from or to OpTypeBool, so those involving i1 are selects and comparisons:
// trunc to i1 tests the low bit, zext/uitofp of i1 select 1 or 0, sext/sitofp
// select -1 or 0.

func (f *function) createConversion(inst ir.Instruction) {
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
	result := f.valueID(inst.(value.Value))
	x := f.value(from)
	rt := f.typeOf(to)
	signed := op == opSConvert || op == opConvertSToF
	switch {
	case isBool(to) && op == opUConvert: // trunc iN to i1: the low bit
		bits := intBits(from.Type())
		low := f.newID()
		f.body.op(opBitwiseAnd, f.getIntType(bits), low, x, f.getIntConst(bits, 1))
		f.body.op(opINotEqual, rt, result, low, f.getIntConst(bits, 0))
	case isBool(from.Type()) && intBits(to) > 0: // zext, sext of i1
		one := uint64(1)
		if signed {
			one = math.MaxUint64
		}
		f.body.op(opSelect, rt, result, x, f.getIntConst(intBits(to), one), f.getIntConst(intBits(to), 0))
	case isBool(from.Type()) && floatBits(to) > 0: // uitofp, sitofp of i1
		bits := floatBits(to)
		one := math.Float64bits(1)
		if bits == 32 {
			one = uint64(math.Float32bits(1))
		}
		if signed {
			one |= 1 << uint(bits-1) // -1.0
		}
		f.body.op(opSelect, rt, result, x, f.getFloatConst(bits, one), f.getFloatConst(bits, 0))
	case isBool(from.Type()) || isBool(to):
		f.errorf("unsupported conversion of i1")
	default:
		f.body.op(op, rt, result, x)
	}
}
