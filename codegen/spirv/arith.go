package spirv

// This file creates integer and float arithmetic. LLVM's integer
// instructions map one to one (srem → OpSRem, whose result takes the
// dividend's sign as LLVM's does; urem → OpUMod). Operations on i1 become
// the logical instructions of OpTypeBool.

import (
	"github.com/kago-dev/kago/codegen/internal/emitutil"
	"github.com/llir/llvm/ir"
	"github.com/llir/llvm/ir/value"
)

// createIntBinary creates an integer (or i1) binary operation.
func (fe *funcEmitter) createIntBinary(inst value.Value, op uint32, x, y value.Value) {
	if emitutil.IsBool(inst.Type()) { // add sub mul and or xor (ircheck)
		switch op {
		case opBitwiseAnd, opIMul:
			op = opLogicalAnd
		case opBitwiseOr:
			op = opLogicalOr
		default: // xor, add, sub
			op = opLogicalNotEqual
		}
	}
	fe.body.op(op, fe.typeOf(inst.Type()), fe.getValueID(inst), fe.getValue(x), fe.getValue(y))
}

// createFloatBinary creates a float binary operation.
func (fe *funcEmitter) createFloatBinary(inst value.Value, op uint32, x, y value.Value) {
	if fe.vk != nil {
		fe.vkFloatBinary(inst, op, x, y)
		return
	}
	if m, ok := inst.(*ir.InstFMul); ok && fe.contraction.Fused(m) {
		return // computed by its fadd's fma
	}
	if add, ok := inst.(*ir.InstFAdd); ok {
		if mx, my, z, ok := fe.contraction.MulAdd(add); ok {
			// OpenCL.std fma: one rounding, exact whatever the driver's
			// contraction mode (ContractionOff stays on).
			fe.body.op(opExtInst, fe.typeOf(inst.Type()), fe.getValueID(inst), fe.getExtInst(), clFma,
				fe.getValue(mx), fe.getValue(my), fe.getValue(z))
			return
		}
	}
	fe.body.op(op, fe.typeOf(inst.Type()), fe.getValueID(inst), fe.getValue(x), fe.getValue(y))
}

func (fe *funcEmitter) createFNeg(inst *ir.InstFNeg) {
	fe.body.op(opFNegate, fe.typeOf(inst.Typ), fe.getValueID(inst), fe.getValue(inst.X))
}
