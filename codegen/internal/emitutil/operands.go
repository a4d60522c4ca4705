package emitutil

// This file reads the operands of the instruction families that llir
// gives a type each: the binary operations and the conversions.

import (
	"github.com/llir/llvm/ir"
	"github.com/llir/llvm/ir/types"
	"github.com/llir/llvm/ir/value"
)

// BinaryOperands returns the two operands of an integer or float binary
// instruction (add ... xor, fadd ... frem), nil for any other.
func BinaryOperands(inst value.Value) (x, y value.Value) {
	switch i := inst.(type) {
	case *ir.InstAdd:
		return i.X, i.Y
	case *ir.InstSub:
		return i.X, i.Y
	case *ir.InstMul:
		return i.X, i.Y
	case *ir.InstSDiv:
		return i.X, i.Y
	case *ir.InstUDiv:
		return i.X, i.Y
	case *ir.InstSRem:
		return i.X, i.Y
	case *ir.InstURem:
		return i.X, i.Y
	case *ir.InstShl:
		return i.X, i.Y
	case *ir.InstLShr:
		return i.X, i.Y
	case *ir.InstAShr:
		return i.X, i.Y
	case *ir.InstAnd:
		return i.X, i.Y
	case *ir.InstOr:
		return i.X, i.Y
	case *ir.InstXor:
		return i.X, i.Y
	case *ir.InstFAdd:
		return i.X, i.Y
	case *ir.InstFSub:
		return i.X, i.Y
	case *ir.InstFMul:
		return i.X, i.Y
	case *ir.InstFDiv:
		return i.X, i.Y
	case *ir.InstFRem:
		return i.X, i.Y
	}
	return nil, nil
}

// ConversionOperands returns the operand and the result type of a
// conversion (trunc ... bitcast), nil for any other instruction.
func ConversionOperands(inst value.Value) (from value.Value, to types.Type) {
	switch i := inst.(type) {
	case *ir.InstTrunc:
		return i.From, i.To
	case *ir.InstZExt:
		return i.From, i.To
	case *ir.InstSExt:
		return i.From, i.To
	case *ir.InstFPTrunc:
		return i.From, i.To
	case *ir.InstFPExt:
		return i.From, i.To
	case *ir.InstFPToUI:
		return i.From, i.To
	case *ir.InstFPToSI:
		return i.From, i.To
	case *ir.InstUIToFP:
		return i.From, i.To
	case *ir.InstSIToFP:
		return i.From, i.To
	case *ir.InstBitCast:
		return i.From, i.To
	}
	return nil, nil
}
