package spirv

import (
	"github.com/llir/llvm/ir"
	"github.com/llir/llvm/ir/enum"
	"github.com/llir/llvm/ir/types"
	"github.com/llir/llvm/ir/value"
)

// This file creates integer and float arithmetic, comparisons and select.
// LLVM's integer instructions map one to one (srem → OpSRem, whose result
// takes the dividend's sign as LLVM's does; urem → OpUMod). Operations on i1
// become the logical instructions of OpTypeBool.

// createIntBinary creates an integer (or i1) binary operation.
func (f *function) createIntBinary(inst value.Value, op uint32, x, y value.Value) {
	if intBits(inst.Type()) == 0 {
		f.errorf("integer operation on %s", inst.Type().LLString())
		return
	}
	if isBool(inst.Type()) {
		switch op {
		case opBitwiseAnd, opIMul:
			op = opLogicalAnd
		case opBitwiseOr:
			op = opLogicalOr
		case opBitwiseXor, opIAdd, opISub:
			op = opLogicalNotEqual
		default:
			f.errorf("unsupported operation on i1")
			return
		}
	}
	f.body.op(op, f.typeOf(inst.Type()), f.valueID(inst), f.value(x), f.value(y))
}

// createFloatBinary creates a float binary operation. Fast-math flags are
// outside the contract: a kernel's float results must not depend on them.
func (f *function) createFloatBinary(inst value.Value, op uint32, x, y value.Value, nflags int) {
	if nflags > 0 {
		f.errorf("unsupported fast-math flags")
		return
	}
	if floatBits(inst.Type()) == 0 {
		f.errorf("float operation on %s", inst.Type().LLString())
		return
	}
	f.body.op(op, f.typeOf(inst.Type()), f.valueID(inst), f.value(x), f.value(y))
}

func (f *function) createFNeg(inst *ir.InstFNeg) {
	if len(inst.FastMathFlags) > 0 {
		f.errorf("unsupported fast-math flags")
		return
	}
	f.body.op(opFNegate, f.typeOf(inst.Typ), f.valueID(inst), f.value(inst.X))
}

// intPredicates maps icmp predicates to SPIR-V comparisons.
var intPredicates = map[enum.IPred]uint32{
	enum.IPredEQ:  opIEqual,
	enum.IPredNE:  opINotEqual,
	enum.IPredUGT: opUGreaterThan,
	enum.IPredUGE: opUGreaterThanEqual,
	enum.IPredULT: opULessThan,
	enum.IPredULE: opULessThanEqual,
	enum.IPredSGT: opSGreaterThan,
	enum.IPredSGE: opSGreaterThanEqual,
	enum.IPredSLT: opSLessThan,
	enum.IPredSLE: opSLessThanEqual,
}

// createICmp creates an integer comparison. i1 operands use the logical
// comparisons for eq/ne and are widened to i32 (true = 1 unsigned, -1
// signed) for the ordering predicates; pointers are compared as addresses.
func (f *function) createICmp(inst *ir.InstICmp) {
	op, ok := intPredicates[inst.Pred]
	if !ok {
		f.errorf("unsupported icmp predicate %s", inst.Pred)
		return
	}
	x, y := f.value(inst.X), f.value(inst.Y)
	switch t := inst.X.Type(); {
	case isBool(t) && (op == opIEqual || op == opINotEqual):
		if op == opIEqual {
			op = opLogicalEqual
		} else {
			op = opLogicalNotEqual
		}
	case isBool(t):
		one := uint64(1)
		if inst.Pred == enum.IPredSGT || inst.Pred == enum.IPredSGE || inst.Pred == enum.IPredSLT || inst.Pred == enum.IPredSLE {
			one = 0xFFFFFFFF
		}
		x, y = f.boolToInt(x, 32, one), f.boolToInt(y, 32, one)
	default:
		if _, isPtr := t.(*types.PointerType); isPtr {
			x, y = f.ptrToInt(x), f.ptrToInt(y)
		}
	}
	f.body.op(op, f.getBoolType(), f.valueID(inst), x, y)
}

// boolToInt returns select(b, one, 0) as an integer of the given width.
func (f *function) boolToInt(b uint32, bits int, one uint64) uint32 {
	id := f.newID()
	f.body.op(opSelect, f.getIntType(bits), id, b, f.getIntConst(bits, one), f.getIntConst(bits, 0))
	return id
}

// ptrToInt converts a pointer to its 64-bit address.
func (f *function) ptrToInt(p uint32) uint32 {
	id := f.newID()
	f.body.op(opConvertPtrToU, f.getIntType(64), id, p)
	return id
}

// floatPredicates maps fcmp predicates to SPIR-V comparisons.
var floatPredicates = map[enum.FPred]uint32{
	enum.FPredOEQ: opFOrdEqual,
	enum.FPredONE: opFOrdNotEqual,
	enum.FPredOGT: opFOrdGreaterThan,
	enum.FPredOGE: opFOrdGreaterThanEqual,
	enum.FPredOLT: opFOrdLessThan,
	enum.FPredOLE: opFOrdLessThanEqual,
	enum.FPredUEQ: opFUnordEqual,
	enum.FPredUNE: opFUnordNotEqual,
	enum.FPredUGT: opFUnordGreaterThan,
	enum.FPredUGE: opFUnordGreaterThanEqual,
	enum.FPredULT: opFUnordLessThan,
	enum.FPredULE: opFUnordLessThanEqual,
	enum.FPredORD: opOrdered,
	enum.FPredUNO: opUnordered,
}

// createFCmp creates a float comparison; `fcmp true/false` is a copy of the
// constant.
func (f *function) createFCmp(inst *ir.InstFCmp) {
	if len(inst.FastMathFlags) > 0 {
		f.errorf("unsupported fast-math flags")
		return
	}
	switch inst.Pred {
	case enum.FPredTrue, enum.FPredFalse:
		f.body.op(opCopyObject, f.getBoolType(), f.valueID(inst), f.getBoolConst(inst.Pred == enum.FPredTrue))
		return
	}
	op, ok := floatPredicates[inst.Pred]
	if !ok {
		f.errorf("unsupported fcmp predicate %s", inst.Pred)
		return
	}
	f.body.op(op, f.getBoolType(), f.valueID(inst), f.value(inst.X), f.value(inst.Y))
}

func (f *function) createSelect(inst *ir.InstSelect) {
	f.body.op(opSelect, f.typeOf(inst.Type()), f.valueID(inst), f.value(inst.Cond), f.value(inst.ValueTrue), f.value(inst.ValueFalse))
}
