package spirv

// This file maps the math intrinsics of docs/ir.md to OpenCL.std extended
// instructions (doc.go lists each with its accuracy). llvm.minimum and
// llvm.maximum have Go's min/max semantics, which OpenCL's fmin/fmax lack
// (they return the number when one operand is NaN, and either zero for
// -0 vs +0), so they get a few more instructions; see createMinMax.

import (
	"github.com/kago-dev/kago/codegen/internal/emitutil"
	"github.com/llir/llvm/ir"
)

// mathInsts maps a math intrinsic's base name (emitutil.Math.Base) to its
// OpenCL.std instruction.
var mathInsts = map[string]uint32{
	// llvm.*
	"sqrt": clSqrt, "exp": clExp, "exp2": clExp2, "log": clLog,
	"log2": clLog2, "log10": clLog10, "sin": clSin, "cos": clCos,
	"pow": clPow, "fabs": clFabs, "fma": clFma, "floor": clFloor,
	"ceil": clCeil, "trunc": clTrunc, "round": clRound,
	"copysign": clCopysign, "minimum": clFmin, "maximum": clFmax,
	// ka.math.*
	"tan": clTan, "asin": clAsin, "acos": clAcos, "atan": clAtan,
	"atan2": clAtan2, "sinh": clSinh, "cosh": clCosh, "tanh": clTanh,
	"asinh": clAsinh, "acosh": clAcosh, "atanh": clAtanh, "cbrt": clCbrt,
	"hypot": clHypot, "expm1": clExpm1, "log1p": clLog1p,
}

// createMath creates a checked math intrinsic's OpExtInst.
func (fe *funcEmitter) createMath(inst *ir.InstCall, m emitutil.Math) {
	clInst, ok := mathInsts[m.Base]
	if !ok {
		fe.errorf(ErrUnsupported, "math function %s has no OpenCL.std instruction", m.Base)
		return
	}
	bits := m.Bits
	args := make([]uint32, len(inst.Args))
	for i, a := range inst.Args {
		args[i] = fe.getValue(a)
	}
	t := fe.getFloatType(bits)
	if m.Base == "minimum" || m.Base == "maximum" {
		fe.createMinMax(fe.getValueID(inst), t, bits, clInst, args[0], args[1])
		return
	}
	fe.body.op(opExtInst, cat([]uint32{t, fe.getValueID(inst), fe.getExtInst(), clInst}, args...)...)
}

// createMinMax gives Go's min/max from OpenCL's fmin/fmax:
//
//	m := fmin(a, b)                  // fmax for maximum
//	if a == b { m = bits(a) | bits(b) } // & for maximum: -0 < +0
//	if isnan(a) || isnan(b) { m = a + b } // NaN wins
func (fe *funcEmitter) createMinMax(result, t uint32, bits int, inst, a, b uint32) {
	it := fe.getIntType(bits)
	bool_ := fe.getBoolType()
	m, eq, ai, bi, zi, z, m2, nan, sum := fe.newID(), fe.newID(), fe.newID(), fe.newID(), fe.newID(), fe.newID(), fe.newID(), fe.newID(), fe.newID()
	fe.body.op(opExtInst, t, m, fe.getExtInst(), inst, a, b)
	fe.body.op(opFOrdEqual, bool_, eq, a, b)
	fe.body.op(opBitcast, it, ai, a)
	fe.body.op(opBitcast, it, bi, b)
	op := uint32(opBitwiseOr)
	if inst == clFmax {
		op = opBitwiseAnd
	}
	fe.body.op(op, it, zi, ai, bi)
	fe.body.op(opBitcast, t, z, zi)
	fe.body.op(opSelect, t, m2, eq, z, m)
	fe.body.op(opUnordered, bool_, nan, a, b)
	fe.body.op(opFAdd, t, sum, a, b)
	fe.body.op(opSelect, t, result, nan, sum, m2)
}
