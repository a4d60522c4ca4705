package codegen

// This file implements the functions of package math that are exact bit
// manipulations or exact sequences of IR operations, so that every target
// computes them as Go does, bit for bit, with no intrinsic: RoundToEven,
// Signbit, IsInf, Inf, Mod (frem), Remainder, Nextafter, Nextafter32,
// Ldexp, Frexp, Modf, Dim, Logb and Ilogb. Each follows package math's own Go code, with
// selects for its branches (docs/kernel-language.md, the math table).

import (
	"math"

	"github.com/llir/llvm/ir/constant"
	"github.com/llir/llvm/ir/enum"
	lltypes "github.com/llir/llvm/ir/types"
	"github.com/llir/llvm/ir/value"
)

// goNaN is the NaN package math returns.
const goNaN = 0x7FF8000000000001

// createExactMath lowers package math's function name on the lowered
// arguments vs, or returns false when it is not one of this file's.
func (f *frame) createExactMath(name string, vs []value.Value) (lowered, bool) {
	b := f.cur
	dbl := lltypes.Double
	fc := func(x float64) value.Value { return constant.NewFloat(dbl, x) }
	i64 := func(x int64) value.Value { return constant.NewInt(lltypes.I64, x) }
	bitsOf := func(x value.Value) value.Value { return b.NewBitCast(x, lltypes.I64) }
	fromBits := func(x value.Value) value.Value { return b.NewBitCast(x, dbl) }
	nan := func() value.Value { return fromBits(i64(goNaN)) }
	isNaN := func(x value.Value) value.Value { return b.NewFCmp(enum.FPredUNO, x, x) }
	isInf := func(x value.Value) value.Value {
		return b.NewFCmp(enum.FPredOEQ, f.createMath("llvm.fabs", dbl, x), fc(math.Inf(1)))
	}
	sel := func(c, x, y value.Value) value.Value { return b.NewSelect(c, x, y) }
	or := func(x, y value.Value) value.Value { return b.NewOr(x, y) }
	and := func(x, y value.Value) value.Value { return b.NewAnd(x, y) }
	switch name {
	case "Signbit":
		return b.NewICmp(enum.IPredSLT, bitsOf(vs[0]), i64(0)), true
	case "Inf":
		return sel(b.NewICmp(enum.IPredSGE, vs[0], i64(0)), fc(math.Inf(1)), fc(math.Inf(-1))), true
	case "IsInf":
		x, sign := vs[0], vs[1]
		pos := and(b.NewICmp(enum.IPredSGE, sign, i64(0)), b.NewFCmp(enum.FPredOEQ, x, fc(math.Inf(1))))
		neg := and(b.NewICmp(enum.IPredSLE, sign, i64(0)), b.NewFCmp(enum.FPredOEQ, x, fc(math.Inf(-1))))
		return or(pos, neg), true
	case "RoundToEven":
		// Halfway cases go to the even neighbour of trunc(x); the others
		// round as Round does. x - trunc(x) and t*0.5 are exact.
		x := vs[0]
		t := f.createMath("llvm.trunc", dbl, x)
		half := b.NewFCmp(enum.FPredOEQ, f.createMath("llvm.fabs", dbl, b.NewFSub(x, t)), fc(0.5))
		h := b.NewFMul(t, fc(0.5))
		even := b.NewFCmp(enum.FPredOEQ, f.createMath("llvm.trunc", dbl, h), h)
		away := b.NewFAdd(t, f.createMath("llvm.copysign", dbl, fc(1), x))
		return sel(half, sel(even, t, away), f.createMath("llvm.round", dbl, x)), true
	case "Mod":
		return b.NewFRem(vs[0], vs[1]), true
	case "Remainder":
		return f.createRemainder(vs[0], vs[1]), true
	case "Nextafter":
		x, y := vs[0], vs[1]
		bits := bitsOf(x)
		up := b.NewICmp(enum.IPredEQ, b.NewFCmp(enum.FPredOGT, y, x), b.NewFCmp(enum.FPredOGT, x, fc(0)))
		step := sel(up, fromBits(b.NewAdd(bits, i64(1))), fromBits(b.NewSub(bits, i64(1))))
		r := sel(b.NewFCmp(enum.FPredOEQ, x, fc(0)), f.createMath("llvm.copysign", dbl, fromBits(i64(1)), y), step)
		r = sel(b.NewFCmp(enum.FPredOEQ, x, y), x, r)
		return sel(or(isNaN(x), isNaN(y)), nan(), r), true
	case "Nextafter32":
		x, y := vs[0], vs[1]
		flt := lltypes.Float
		ff := func(v float32) value.Value { return constant.NewFloat(flt, float64(v)) }
		bits := b.NewBitCast(x, lltypes.I32)
		one := constant.NewInt(lltypes.I32, 1)
		up := b.NewICmp(enum.IPredEQ, b.NewFCmp(enum.FPredOGT, y, x), b.NewFCmp(enum.FPredOGT, x, ff(0)))
		step := sel(up, b.NewBitCast(b.NewAdd(bits, one), flt), b.NewBitCast(b.NewSub(bits, one), flt))
		r := sel(b.NewFCmp(enum.FPredOEQ, x, ff(0)), f.createMath("llvm.copysign", flt, b.NewBitCast(one, flt), y), step)
		r = sel(b.NewFCmp(enum.FPredOEQ, x, y), x, r)
		// float32(NaN()) as package math computes it.
		nan32 := b.NewBitCast(constant.NewInt(lltypes.I32, int64(math.Float32bits(float32(math.NaN())))), flt)
		return sel(or(isNaN(x), isNaN(y)), nan32, r), true
	case "Ldexp":
		return f.createLdexp(vs[0], vs[1]), true
	case "Erf": // matherf.go
		return f.createErf(vs[0]), true
	case "Erfc":
		return f.createErfc(vs[0]), true
	case "Erfinv":
		return f.createErfinv(vs[0]), true
	case "Erfcinv":
		return f.createErfinv(b.NewFSub(fc(1), vs[0])), true
	case "Frexp":
		// f, exp = normalize(f); exp += exponent(f) - bias + 1; the
		// exponent field set to bias-1. 0, ±Inf and NaN are (f, 0).
		x := vs[0]
		nx, e := f.normalize(x)
		bits := bitsOf(nx)
		e = b.NewAdd(e, b.NewSub(b.NewAnd(b.NewLShr(bits, i64(52)), i64(0x7FF)), i64(1022)))
		frac := fromBits(b.NewOr(b.NewAnd(bits, i64(^(0x7FF<<52))), i64(1022<<52)))
		special := or(b.NewFCmp(enum.FPredOEQ, x, fc(0)), or(isInf(x), isNaN(x)))
		return tupleValue{sel(special, x, frac), sel(special, i64(0), e)}, true
	case "Dim":
		// v = x - y; v <= 0 gives 0 (NaN stays NaN, Inf-Inf is NaN).
		v := b.NewFSub(vs[0], vs[1])
		return sel(b.NewFCmp(enum.FPredOLE, v, fc(0)), fc(0), v), true
	case "Ilogb", "Logb":
		// The exponent of normalize(x): 0 is MinInt32 (Logb -Inf), ±Inf
		// and NaN MaxInt32 (Logb +Inf and NaN).
		x := vs[0]
		nx, e := f.normalize(x)
		e = b.NewAdd(e, b.NewSub(b.NewAnd(b.NewLShr(bitsOf(nx), i64(52)), i64(0x7FF)), i64(1023)))
		if name == "Logb" {
			r := sel(isInf(x), fc(math.Inf(1)), b.NewSIToFP(e, dbl))
			r = sel(b.NewFCmp(enum.FPredOEQ, x, fc(0)), fc(math.Inf(-1)), r)
			return sel(isNaN(x), x, r), true
		}
		r := sel(or(isInf(x), isNaN(x)), i64(math.MaxInt32), e)
		return sel(b.NewFCmp(enum.FPredOEQ, x, fc(0)), i64(math.MinInt32), r), true
	case "Modf":
		// int = trunc(f), frac = f - int with f's sign; ±Inf gives
		// (±Inf, NaN), NaN (NaN, NaN).
		x := vs[0]
		t := f.createMath("llvm.trunc", dbl, x)
		frac := f.createMath("llvm.copysign", dbl, b.NewFSub(x, t), x)
		return tupleValue{t, sel(isInf(x), nan(), frac)}, true
	}
	return nil, false
}

// normalize is package math's normalize: a subnormal x scaled by 2^52,
// with -52 as its exponent; others unchanged, with 0.
func (f *frame) normalize(x value.Value) (value.Value, value.Value) {
	b := f.cur
	dbl := lltypes.Double
	sub := b.NewFCmp(enum.FPredOLT, f.createMath("llvm.fabs", dbl, x), constant.NewFloat(dbl, 2.2250738585072014e-308))
	return b.NewSelect(sub, b.NewFMul(x, constant.NewFloat(dbl, 1<<52)), x),
		b.NewSelect(sub, constant.NewInt(lltypes.I64, -52), constant.NewInt(lltypes.I64, 0))
}

// createLdexp is package math's ldexp: the exponent field set directly,
// a subnormal result made by one multiplication by 2^-53.
func (f *frame) createLdexp(frac, exp value.Value) value.Value {
	b := f.cur
	dbl := lltypes.Double
	i64 := func(x int64) value.Value { return constant.NewInt(lltypes.I64, x) }
	nf, e := f.normalize(frac)
	bits := b.NewBitCast(nf, lltypes.I64)
	exp = b.NewAdd(b.NewAdd(exp, e), b.NewSub(b.NewAnd(b.NewLShr(bits, i64(52)), i64(0x7FF)), i64(1023)))
	denormal := b.NewICmp(enum.IPredSLT, exp, i64(-1022))
	exp = b.NewSelect(denormal, b.NewAdd(exp, i64(53)), exp)
	m := b.NewSelect(denormal, constant.NewFloat(dbl, 1.0/(1<<53)), constant.NewFloat(dbl, 1))
	nb := b.NewOr(b.NewAnd(bits, i64(^(0x7FF<<52))), b.NewShl(b.NewAdd(exp, i64(1023)), i64(52)))
	var r value.Value = b.NewFMul(m, b.NewBitCast(nb, dbl))
	// exp is now at least -1022+53 where it was not below -1075.
	under := b.NewICmp(enum.IPredSLT, exp, i64(-1075+53))
	over := b.NewICmp(enum.IPredSGT, exp, i64(1023))
	r = b.NewSelect(under, f.createMath("llvm.copysign", dbl, constant.NewFloat(dbl, 0), frac), r)
	r = b.NewSelect(over, f.createMath("llvm.copysign", dbl, constant.NewFloat(dbl, math.Inf(1)), frac), r)
	// 0, ±Inf and NaN are returned unchanged.
	keep := b.NewOr(b.NewFCmp(enum.FPredOEQ, frac, constant.NewFloat(dbl, 0)),
		b.NewFCmp(enum.FPredUNO, b.NewFSub(frac, frac), constant.NewFloat(dbl, 0)))
	return b.NewSelect(keep, frac, r)
}

// createRemainder is package math's remainder (IEEE 754 remainder), its
// branches as selects.
func (f *frame) createRemainder(x0, y0 value.Value) value.Value {
	b := f.cur
	dbl := lltypes.Double
	fc := func(x float64) value.Value { return constant.NewFloat(dbl, x) }
	const tiny = 4.45014771701440276618e-308
	sign := b.NewFCmp(enum.FPredOLT, x0, fc(0))
	// Negated only when negative, as Go does: -0 stays -0 (and Mod keeps it).
	x := b.NewSelect(sign, b.NewFNeg(x0), x0)
	y := b.NewSelect(b.NewFCmp(enum.FPredOLT, y0, fc(0)), b.NewFNeg(y0), y0)
	x1 := b.NewSelect(b.NewFCmp(enum.FPredOLE, y, fc(math.MaxFloat64/2)), b.NewFRem(x, b.NewFAdd(y, y)), x)
	x2 := b.NewFSub(x1, y)
	x3 := b.NewFSub(x2, y)
	// y < Tiny: compare doubled values; else with y/2.
	rt := b.NewSelect(b.NewFCmp(enum.FPredOGT, b.NewFAdd(x1, x1), y),
		b.NewSelect(b.NewFCmp(enum.FPredOGE, b.NewFAdd(x2, x2), y), x3, x2), x1)
	yh := b.NewFMul(y, fc(0.5))
	rn := b.NewSelect(b.NewFCmp(enum.FPredOGT, x1, yh),
		b.NewSelect(b.NewFCmp(enum.FPredOGE, x2, yh), x3, x2), x1)
	r := b.NewSelect(b.NewFCmp(enum.FPredOLT, y, fc(tiny)), rt, rn)
	r = b.NewSelect(sign, b.NewFNeg(r), r)
	zero := b.NewSelect(sign, fc(math.Copysign(0, -1)), fc(0))
	r = b.NewSelect(b.NewFCmp(enum.FPredOEQ, x, y), zero, r)
	r = b.NewSelect(b.NewFCmp(enum.FPredOEQ, y, fc(math.Inf(1))), x0, r)
	bad := b.NewOr(b.NewFCmp(enum.FPredUNO, x0, y0),
		b.NewOr(b.NewFCmp(enum.FPredOEQ, x, fc(math.Inf(1))), b.NewFCmp(enum.FPredOEQ, y0, fc(0))))
	return b.NewSelect(bad, b.NewBitCast(constant.NewInt(lltypes.I64, goNaN), dbl), r)
}
