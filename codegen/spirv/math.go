package spirv

import (
	"strings"

	"github.com/llir/llvm/ir"
)

// This file maps the math intrinsics of docs/ir.md to OpenCL.std extended
// instructions (doc.go lists each with its accuracy). llvm.minimum and
// llvm.maximum have Go's min/max semantics, which OpenCL's fmin/fmax lack
// (they return the number when one operand is NaN, and either zero for
// -0 vs +0), so they get a few more instructions; see createMinMax.

// mathFuncs maps an intrinsic's base name (without `llvm.`/`ka.math.` and
// the `.f32`/`.f64` suffix) to its OpenCL.std instruction and arity.
var mathFuncs = map[string]struct {
	inst  uint32
	arity int
}{
	// llvm.*
	"sqrt": {clSqrt, 1}, "exp": {clExp, 1}, "exp2": {clExp2, 1}, "log": {clLog, 1},
	"log2": {clLog2, 1}, "log10": {clLog10, 1}, "sin": {clSin, 1}, "cos": {clCos, 1},
	"pow": {clPow, 2}, "fabs": {clFabs, 1}, "fma": {clFma, 3}, "floor": {clFloor, 1},
	"ceil": {clCeil, 1}, "trunc": {clTrunc, 1}, "round": {clRound, 1},
	"copysign": {clCopysign, 2}, "minimum": {clFmin, 2}, "maximum": {clFmax, 2},
	// ka.math.*
	"tan": {clTan, 1}, "asin": {clAsin, 1}, "acos": {clAcos, 1}, "atan": {clAtan, 1},
	"atan2": {clAtan2, 2}, "sinh": {clSinh, 1}, "cosh": {clCosh, 1}, "tanh": {clTanh, 1},
	"asinh": {clAsinh, 1}, "acosh": {clAcosh, 1}, "atanh": {clAtanh, 1}, "cbrt": {clCbrt, 1},
	"hypot": {clHypot, 2}, "expm1": {clExpm1, 1}, "log1p": {clLog1p, 1},
}

// kagoMath lists the names that are kago's (`ka.math.`), the others being
// LLVM's (`llvm.`), so that a wrong prefix (llvm.tan, ka.math.sqrt) is
// reported, not guessed.
var kagoMath = map[string]bool{
	"tan": true, "asin": true, "acos": true, "atan": true, "atan2": true, "sinh": true,
	"cosh": true, "tanh": true, "asinh": true, "acosh": true, "atanh": true, "cbrt": true,
	"hypot": true, "expm1": true, "log1p": true,
}

// createMath creates a math intrinsic's OpExtInst.
func (f *function) createMath(inst *ir.InstCall, name string) {
	base, kago := strings.CutPrefix(name, "ka.math.")
	if !kago {
		base = strings.TrimPrefix(name, "llvm.")
	}
	var bits int
	switch {
	case strings.HasSuffix(base, ".f32"):
		bits = 32
	case strings.HasSuffix(base, ".f64"):
		bits = 64
	}
	base = base[:max(len(base)-4, 0)]
	fn, ok := mathFuncs[base]
	if bits == 0 || !ok || kagoMath[base] != kago {
		f.errorf("unsupported call of @%s (not an intrinsic of docs/ir.md)", name)
		return
	}
	if floatBits(inst.Type()) != bits || len(inst.Args) != fn.arity {
		f.errorf("@%s must take %d and return a float%d", name, fn.arity, bits)
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
	if base == "minimum" || base == "maximum" {
		f.createMinMax(f.valueID(inst), t, bits, fn.inst, args[0], args[1])
		return
	}
	f.body.op(opExtInst, cat([]uint32{t, f.valueID(inst), f.getExtInst(), fn.inst}, args...)...)
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
