package spirv

import (
	"github.com/kago-dev/kago/codegen/internal/emitutil"
	"github.com/llir/llvm/ir"
)

// This file maps the math intrinsics of docs/ir.md to OpenCL.std extended
// instructions (doc.go lists each with its accuracy). llvm.minimum and
// llvm.maximum have Go's min/max semantics, which OpenCL's fmin/fmax lack
// (they return the number when one operand is NaN, and either zero for
// -0 vs +0), so they get a few more instructions; see createMinMax.

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

// createMath creates a math intrinsic's OpExtInst.
func (f *function) createMath(inst *ir.InstCall, name string) {
	m, ok := emitutil.ParseMath(name)
	clInst, known := mathInsts[m.Base]
	if !ok || !known {
		f.errorf("unsupported call of @%s (not an intrinsic of docs/ir.md)", name)
		return
	}
	bits := m.Bits
	if floatBits(inst.Type()) != bits || len(inst.Args) != m.Arity {
		f.errorf("@%s must take %d and return a float%d", name, m.Arity, bits)
		return
	}
	args := make([]uint32, len(inst.Args))
	for i, a := range inst.Args {
		if floatBits(a.Type()) != bits {
			f.errorf("@%s must take float%d arguments", name, bits)
			return
		}
		args[i] = f.value(a)
	}
	t := f.getFloatType(bits)
	if m.Base == "minimum" || m.Base == "maximum" {
		f.createMinMax(f.valueID(inst), t, bits, clInst, args[0], args[1])
		return
	}
	f.body.op(opExtInst, cat([]uint32{t, f.valueID(inst), f.getExtInst(), clInst}, args...)...)
}

// createMinMax gives Go's min/max from OpenCL's fmin/fmax:
//
//	m := fmin(a, b)                  // fmax for maximum
//	if a == b { m = bits(a) | bits(b) } // & for maximum: -0 < +0
//	if isnan(a) || isnan(b) { m = a + b } // NaN wins
func (f *function) createMinMax(result, t uint32, bits int, inst, a, b uint32) {
	it := f.getIntType(bits)
	bool_ := f.getBoolType()
	m, eq, ai, bi, zi, z, m2, nan, sum := f.newID(), f.newID(), f.newID(), f.newID(), f.newID(), f.newID(), f.newID(), f.newID(), f.newID()
	f.body.op(opExtInst, t, m, f.getExtInst(), inst, a, b)
	f.body.op(opFOrdEqual, bool_, eq, a, b)
	f.body.op(opBitcast, it, ai, a)
	f.body.op(opBitcast, it, bi, b)
	op := uint32(opBitwiseOr)
	if inst == clFmax {
		op = opBitwiseAnd
	}
	f.body.op(op, it, zi, ai, bi)
	f.body.op(opBitcast, t, z, zi)
	f.body.op(opSelect, t, m2, eq, z, m)
	f.body.op(opUnordered, bool_, nan, a, b)
	f.body.op(opFAdd, t, sum, a, b)
	f.body.op(opSelect, t, result, nan, sum, m2)
}
