package devmath

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"
)

// A format of the reference: a binary floating-point format with mant
// stored mantissa bits and exponent bias, which the reference rounds to
// in float64 arithmetic (exact for every float32 input), independently
// of the bit manipulations under test.
type format struct{ mant, bias int }

var (
	binary16 = format{mant: 10, bias: 15}
	bfloat16 = format{mant: 7, bias: 127}
)

// decode is the value of a finite encoding h of format f, as float64.
func (f format) decode(h uint16) float64 {
	e := int(h>>f.mant) & (1<<(15-f.mant) - 1)
	m := float64(h & (1<<f.mant - 1))
	v := math.Ldexp(m, 1-f.bias-f.mant) // subnormal
	if e != 0 {
		v = math.Ldexp(m+math.Ldexp(1, f.mant), e-f.bias-f.mant)
	}
	if h&0x8000 != 0 {
		v = -v
	}
	return v
}

// round is the encoding of the value of format f nearest to x, ties to
// even, or of ±Inf beyond the largest finite value; x is not NaN.
func (f format) round(x float64) uint16 {
	sign := uint16(0)
	if math.Signbit(x) {
		sign, x = 0x8000, -x
	}
	maxExp := 1<<(15-f.mant) - 2 - f.bias
	inf := uint16(1<<(15-f.mant)-1) << f.mant
	minNormal := math.Ldexp(1, 1-f.bias)
	q := math.Ldexp(1, 1-f.bias-f.mant) // the subnormals' quantum
	if x >= minNormal {
		_, e := math.Frexp(x) // x = frac·2^e, frac in [0.5, 1)
		q = math.Ldexp(1, e-1-f.mant)
	}
	v := math.RoundToEven(x/q) * q // exact: x/q has at most 24 significant bits
	if math.IsInf(x, 1) || v >= math.Ldexp(1, maxExp+1) {
		return sign | inf
	}
	if v < minNormal {
		return sign | uint16(v/math.Ldexp(1, 1-f.bias-f.mant))
	}
	frac, e := math.Frexp(v)
	m := uint16(math.Ldexp(frac, f.mant+1)) & (1<<f.mant - 1)
	return sign | uint16(e-1+f.bias)<<f.mant | m
}

// inputs are the float32 values the rounding tests convert: every value
// of the format, the midpoints between neighbours and a float32 ulp on
// each side, and random bit patterns, NaNs and subnormals among them.
func (f format) inputs(toF32 func(uint16) float32) []float32 {
	var in []float32
	for h := range 1 << 16 {
		if x := toF32(uint16(h)); !math.IsNaN(float64(x)) {
			in = append(in, x)
			if up := toF32(uint16(h + 1)); h&0x7fff < 0x7fff && !math.IsNaN(float64(up)) && !math.IsInf(float64(x), 0) {
				mid := float32((float64(x) + float64(up)) / 2) // exact: one more bit than the format
				in = append(in, mid, math.Nextafter32(mid, float32(math.Inf(1))), math.Nextafter32(mid, float32(math.Inf(-1))))
			}
		}
	}
	r := rand.New(rand.NewPCG(1, 2))
	for range 1 << 18 {
		in = append(in, math.Float32frombits(r.Uint32()))
	}
	return append(in, 0, float32(math.Copysign(0, -1)), float32(math.Inf(1)), float32(math.Inf(-1)),
		math.MaxFloat32, -math.MaxFloat32, math.SmallestNonzeroFloat32, 65504, 65519.996, 65520, 65536)
}

// TestHalfToFloat32 checks F16ToF32 and BF16ToF32 on every one of the
// 65,536 encodings against the reference's decoding; NaNs keep their
// sign and payload.
func TestHalfToFloat32(t *testing.T) {
	for h := range 1 << 16 {
		h := uint16(h)
		for _, c := range []struct {
			f    format
			got  float32
			nan  bool
			bits uint32
		}{
			{binary16, F16ToF32(h), h&0x7c00 == 0x7c00 && h&0x3ff != 0, uint32(h&0x8000)<<16 | 0x7f800000 | uint32(h&0x3ff)<<13},
			{bfloat16, BF16ToF32(h), h&0x7f80 == 0x7f80 && h&0x7f != 0, uint32(h) << 16},
		} {
			got := math.Float32bits(c.got)
			if c.nan {
				require.Equal(t, c.bits, got, "NaN %#04x (mantissa bits %d)", h, c.f.mant)
				continue
			}
			inf := uint16(1<<(15-c.f.mant)-1) << c.f.mant
			want := float32(c.f.decode(h))
			if h&0x7fff == inf {
				want = float32(math.Inf(1 - 2*int(h>>15)))
			}
			require.Equal(t, math.Float32bits(want), got, "%#04x (mantissa bits %d)", h, c.f.mant)
		}
	}
}

// TestFloat32ToHalf checks F32ToF16 and F32ToBF16 against the reference's
// rounding: every value of the format, the ties between neighbours (to
// even) and their float32 neighbours (away from the tie), overflow to
// Inf, underflow to zero, random bit patterns; a NaN becomes a quiet NaN
// with f's sign and the top of its payload.
func TestFloat32ToHalf(t *testing.T) {
	for _, c := range []struct {
		name  string
		f     format
		toF32 func(uint16) float32
		conv  func(float32) uint16
		nan   func(b uint32) uint16
	}{
		{"binary16", binary16, F16ToF32, F32ToF16, func(b uint32) uint16 { return uint16(b>>16)&0x8000 | 0x7e00 | uint16(b>>13)&0x3ff }},
		{"bfloat16", bfloat16, BF16ToF32, F32ToBF16, func(b uint32) uint16 { return uint16(b>>16) | 0x40 }},
	} {
		t.Run(c.name, func(t *testing.T) {
			in := c.f.inputs(c.toF32)
			require.Greater(t, len(in), 1<<18)
			for _, x := range in {
				got := c.conv(x)
				if b := math.Float32bits(x); math.IsNaN(float64(x)) {
					require.Equal(t, c.nan(b), got, "NaN %#08x", b)
					require.True(t, math.IsNaN(float64(c.toF32(got))), "NaN %#08x stays NaN", b)
					continue
				}
				require.Equal(t, c.f.round(float64(x)), got, "%v (%#08x)", x, math.Float32bits(x))
			}
		})
	}
}
