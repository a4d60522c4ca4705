package spirv

// This file maps the math intrinsics to GLSL.std.450 in the shader
// dialect. Vulkan has fewer of them than OpenCL.std, and most only for
// 16- and 32-bit floats, so:
//
//	intrinsic             float (.f32)                        double (.f64)
//	sqrt fabs fma         Sqrt FAbs Fma                       the same
//	floor ceil trunc      Floor Ceil Trunc                    the same
//	round                 away from zero: t = Trunc(x),       the same
//	                      |x-t| >= 0.5 ? t + copysign(1, x) : t
//	                      (GLSL's Round leaves halves to the implementation)
//	copysign              the bits: x &^ sign | y & sign      the same
//	minimum maximum       FMin FMax with Go's NaN and ±0 rules the same
//	exp exp2 log log2     Exp Exp2 Log Log2                   *Error
//	log10                 Log2(x) * log10(2)                  *Error
//	sin cos pow           Sin Cos Pow                         *Error
//	tan asin acos atan    Tan Asin Acos Atan                  *Error
//	atan2 sinh cosh tanh  Atan2 Sinh Cosh Tanh                *Error
//	asinh acosh atanh     Asinh Acosh Atanh                   *Error
//	cbrt hypot expm1 log1p *Error (no instruction; pow, sqrt of squares,
//	                      exp-1 and log(1+x) would be wrong near 0, for
//	                      negative cubes or large operands)   *Error
//
// The accuracy is Vulkan's ("Precision and Operation of SPIR-V
// Instructions" in the Vulkan specification), far below OpenCL's: exp and
// exp2 3+2|x| ULP, log and log2 3 ULP outside [0.5, 2] and an absolute
// error of 2^-21 inside, sin and cos an absolute error of 2^-11 in
// [-π, π], pow and the others inherited from their definitions; sqrt is
// inherited from 1/InverseSqrt, fma may round twice. docs/ir.md,
// "Vulkan SPIR-V", repeats the table.

import (
	"math"

	"github.com/kago-dev/kago/codegen/internal/emitutil"
	"github.com/llir/llvm/ir"
	"github.com/llir/llvm/ir/enum"
)

// GLSL.std.450 instructions ("GLSL.std.450 Extended Instruction Set").
const (
	glslTrunc = 3
	glslFAbs  = 4
	glslFloor = 8
	glslCeil  = 9
	glslSin   = 13
	glslCos   = 14
	glslTan   = 15
	glslAsin  = 16
	glslAcos  = 17
	glslAtan  = 18
	glslSinh  = 19
	glslCosh  = 20
	glslTanh  = 21
	glslAsinh = 22
	glslAcosh = 23
	glslAtanh = 24
	glslAtan2 = 25
	glslPow   = 26
	glslExp   = 27
	glslLog   = 28
	glslExp2  = 29
	glslLog2  = 30
	glslSqrt  = 31
	glslFMin  = 37
	glslFMax  = 40
	glslFma   = 50

	opIsNan      = 156
	opLogicalNot = 168
)

// glslAny are the instructions of every float width; glsl32 those of 16
// and 32 bits only.
var (
	glslAny = map[string]uint32{"sqrt": glslSqrt, "fabs": glslFAbs, "fma": glslFma, "floor": glslFloor, "ceil": glslCeil, "trunc": glslTrunc}
	glsl32  = map[string]uint32{
		"exp": glslExp, "exp2": glslExp2, "log": glslLog, "log2": glslLog2,
		"sin": glslSin, "cos": glslCos, "pow": glslPow, "tan": glslTan,
		"asin": glslAsin, "acos": glslAcos, "atan": glslAtan, "atan2": glslAtan2,
		"sinh": glslSinh, "cosh": glslCosh, "tanh": glslTanh,
		"asinh": glslAsinh, "acosh": glslAcosh, "atanh": glslAtanh,
	}
)

// vulkanMathRefused reports whether the shader dialect refuses a math
// intrinsic (emitutil.Math's base name and width) with an *Error wrapping
// ErrUnsupported: the *Error cells of the file comment's table.
func vulkanMathRefused(base string, bits int) bool {
	switch base {
	case "cbrt", "hypot", "expm1", "log1p":
		return true
	case "log10":
		return bits == 64
	}
	_, only32 := glsl32[base]
	return only32 && bits == 64
}

// vkMath creates a math intrinsic.
func (fe *funcEmitter) vkMath(inst *ir.InstCall, m emitutil.Math) {
	name := "math function " + m.Base
	if f, ok := inst.Callee.(*ir.Func); ok {
		name = "@" + f.GlobalName
	}
	if vulkanMathRefused(m.Base, m.Bits) {
		fe.errorf(ErrUnsupported, "%s has no Vulkan SPIR-V form: GLSL.std.450 has no such instruction for %d-bit floats", name, m.Bits)
		return
	}
	args := make([]uint32, len(inst.Args))
	for i, a := range inst.Args {
		args[i] = fe.getValue(a)
	}
	t := fe.getFloatType(m.Bits)
	id := fe.getValueID(inst)
	ext := func(result, op uint32, xs ...uint32) {
		fe.body.op(opExtInst, cat([]uint32{t, result, fe.getExtInst(), op}, xs...)...)
	}
	if op, ok := glslAny[m.Base]; ok {
		ext(id, op, args...)
		return
	}
	if op, ok := glsl32[m.Base]; ok {
		ext(id, op, args...)
		return
	}
	switch m.Base {
	case "log10":
		l := fe.newID()
		ext(l, glslLog2, args[0])
		fe.body.op(opFMul, t, id, l, fe.getFloatConst(32, uint64(math.Float32bits(float32(math.Log10(2))))))
	case "copysign":
		fe.vkCopySign(id, m.Bits, args[0], args[1])
	case "round":
		fe.vkRound(id, m.Bits, args[0])
	case "minimum", "maximum":
		fe.vkMinMax(id, t, m.Bits, m.Base == "maximum", args[0], args[1])
	default:
		fe.errorf(ErrUnsupported, "%s has no Vulkan SPIR-V form", name)
	}
}

// vkUnordered writes isnan(a) || isnan(b) (OpUnordered is the Kernel
// capability's).
func (fe *funcEmitter) vkUnordered(result, a, b uint32) {
	na, nb := fe.newID(), fe.newID()
	fe.body.op(opIsNan, fe.getBoolType(), na, a)
	fe.body.op(opIsNan, fe.getBoolType(), nb, b)
	fe.body.op(opLogicalOr, fe.getBoolType(), result, na, nb)
}

// signMask returns the sign bit of a float width as an integer constant.
func (fe *funcEmitter) signMask(bits int) uint32 {
	return fe.getIntConst(bits, 1<<uint(bits-1))
}

// vkCopySign writes the magnitude of x with the sign of y, on the bits.
func (fe *funcEmitter) vkCopySign(result uint32, bits int, x, y uint32) {
	t, it := fe.getFloatType(bits), fe.getIntType(bits)
	xi, yi, mag, sign, r := fe.newID(), fe.newID(), fe.newID(), fe.newID(), fe.newID()
	fe.body.op(opBitcast, it, xi, x)
	fe.body.op(opBitcast, it, yi, y)
	fe.body.op(opBitwiseAnd, it, mag, xi, fe.getIntConst(bits, 1<<uint(bits-1)-1))
	fe.body.op(opBitwiseAnd, it, sign, yi, fe.signMask(bits))
	fe.body.op(opBitwiseOr, it, r, mag, sign)
	fe.body.op(opBitcast, t, result, r)
}

// vkRound rounds half away from zero, exactly: t = trunc(x) keeps x's
// sign (and -0), x - t is exact, and t ± 1 is exact where x has a
// fraction.
func (fe *funcEmitter) vkRound(result uint32, bits int, x uint32) {
	t := fe.getFloatType(bits)
	tr, d, ad, ge, one, up := fe.newID(), fe.newID(), fe.newID(), fe.newID(), fe.newID(), fe.newID()
	half, unit := uint64(math.Float64bits(0.5)), uint64(math.Float64bits(1))
	if bits == 32 {
		half, unit = uint64(math.Float32bits(0.5)), uint64(math.Float32bits(1))
	}
	fe.body.op(opExtInst, t, tr, fe.getExtInst(), glslTrunc, x)
	fe.body.op(opFSub, t, d, x, tr)
	fe.body.op(opExtInst, t, ad, fe.getExtInst(), glslFAbs, d)
	fe.body.op(opFOrdGreaterThanEqual, fe.getBoolType(), ge, ad, fe.getFloatConst(bits, half))
	fe.vkCopySign(one, bits, fe.getFloatConst(bits, unit), x)
	fe.body.op(opFAdd, t, up, tr, one)
	fe.body.op(opSelect, t, result, ge, up, tr)
}

// vkMinMax gives Go's min/max from GLSL's FMin/FMax, as createMinMax does
// from OpenCL's (math.go): equal operands or-ed (min) or and-ed (max) for
// -0 < +0, a NaN operand wins.
func (fe *funcEmitter) vkMinMax(result, t uint32, bits int, isMax bool, a, b uint32) {
	it := fe.getIntType(bits)
	bool_ := fe.getBoolType()
	m, eq, ai, bi, zi, z, m2, nan, sum := fe.newID(), fe.newID(), fe.newID(), fe.newID(), fe.newID(), fe.newID(), fe.newID(), fe.newID(), fe.newID()
	op, bitOp := uint32(glslFMin), uint32(opBitwiseOr)
	if isMax {
		op, bitOp = glslFMax, opBitwiseAnd
	}
	fe.body.op(opExtInst, t, m, fe.getExtInst(), op, a, b)
	fe.body.op(opFOrdEqual, bool_, eq, a, b)
	fe.body.op(opBitcast, it, ai, a)
	fe.body.op(opBitcast, it, bi, b)
	fe.body.op(bitOp, it, zi, ai, bi)
	fe.body.op(opBitcast, t, z, zi)
	fe.body.op(opSelect, t, m2, eq, z, m)
	fe.vkUnordered(nan, a, b)
	fe.body.op(opFAdd, t, sum, a, b)
	fe.body.op(opSelect, t, result, nan, sum, m2)
}

// vkOrdered writes fcmp ord (neither is NaN) and uno (either is).
func (fe *funcEmitter) vkOrdered(inst *ir.InstFCmp) {
	x, y := fe.getValue(inst.X), fe.getValue(inst.Y)
	if inst.Pred == enum.FPredUNO {
		fe.vkUnordered(fe.getValueID(inst), x, y)
		return
	}
	u := fe.newID()
	fe.vkUnordered(u, x, y)
	fe.body.op(opLogicalNot, fe.getBoolType(), fe.getValueID(inst), u)
}
