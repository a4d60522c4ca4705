package spirv

// This file creates comparisons and select: icmp (i1 operands through the
// logical comparisons or widened, pointers as addresses), fcmp and select.

import (
	"github.com/kago-dev/kago/codegen/internal/emitutil"
	"github.com/llir/llvm/ir"
	"github.com/llir/llvm/ir/enum"
	"github.com/llir/llvm/ir/types"
)

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
func (fe *funcEmitter) createICmp(inst *ir.InstICmp) {
	if fe.isLogical(inst.X.Type()) {
		fe.vkICmpLogical(inst)
		return
	}
	op := intPredicates[inst.Pred]
	x, y := fe.getValue(inst.X), fe.getValue(inst.Y)
	switch t := inst.X.Type(); {
	case emitutil.IsBool(t) && (op == opIEqual || op == opINotEqual):
		if op == opIEqual {
			op = opLogicalEqual
		} else {
			op = opLogicalNotEqual
		}
	case emitutil.IsBool(t):
		one := uint64(1)
		if inst.Pred == enum.IPredSGT || inst.Pred == enum.IPredSGE || inst.Pred == enum.IPredSLT || inst.Pred == enum.IPredSLE {
			one = 0xFFFFFFFF
		}
		x, y = fe.createBoolToInt(x, 32, one), fe.createBoolToInt(y, 32, one)
	default:
		if _, isPtr := t.(*types.PointerType); isPtr {
			x, y = fe.createPtrToInt(x), fe.createPtrToInt(y)
		}
	}
	fe.body.op(op, fe.getBoolType(), fe.getValueID(inst), x, y)
}

// createBoolToInt returns select(b, one, 0) as an integer of the given width.
func (fe *funcEmitter) createBoolToInt(b uint32, bits int, one uint64) uint32 {
	id := fe.newID()
	fe.body.op(opSelect, fe.getIntType(bits), id, b, fe.getIntConst(bits, one), fe.getIntConst(bits, 0))
	return id
}

// createPtrToInt converts a pointer to its 64-bit address.
func (fe *funcEmitter) createPtrToInt(p uint32) uint32 {
	id := fe.newID()
	fe.body.op(opConvertPtrToU, fe.getIntType(64), id, p)
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
func (fe *funcEmitter) createFCmp(inst *ir.InstFCmp) {
	switch inst.Pred {
	case enum.FPredTrue, enum.FPredFalse:
		fe.body.op(opCopyObject, fe.getBoolType(), fe.getValueID(inst), fe.getBoolConst(inst.Pred == enum.FPredTrue))
		return
	case enum.FPredORD, enum.FPredUNO:
		if fe.vk != nil {
			fe.vkOrdered(inst)
			return
		}
	}
	fe.body.op(floatPredicates[inst.Pred], fe.getBoolType(), fe.getValueID(inst), fe.getValue(inst.X), fe.getValue(inst.Y))
}

func (fe *funcEmitter) createSelect(inst *ir.InstSelect) {
	if fe.isLogical(inst.Type()) {
		fe.vkSelectLogical(inst)
		return
	}
	fe.body.op(opSelect, fe.typeOf(inst.Type()), fe.getValueID(inst), fe.getValue(inst.Cond), fe.getValue(inst.ValueTrue), fe.getValue(inst.ValueFalse))
}
