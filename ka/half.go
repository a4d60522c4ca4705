package ka

// This file holds the 16-bit floating-point element types. Go has no
// 16-bit float, so each is its bits, a named uint16, and converts to and
// from float32 by method and function; arithmetic is written in float32
// between the conversions. The conversions are Go code in
// ka/internal/devmath that the host calls and the front end inlines into
// kernels, so every backend and target computes the same bits.

import "github.com/kago-dev/kago/ka/internal/devmath"

// Float16 is an IEEE 754 binary16 ("half") value, held as its bits: 1
// sign bit, 5 exponent bits and 10 mantissa bits, finite values up to
// 65504, subnormals down to 2⁻²⁴. Use it as the element type of arrays,
// matrices, volumes, struct fields and local memory to halve the memory a
// float32 takes; compute in float32 (Float32, ToFloat16). A Float16
// conversion of a number, Float16(x), reinterprets bits: it does not
// convert x's value.
type Float16 uint16

// BFloat16 is a bfloat16 ("brain float") value, held as its bits: the
// upper half of a float32, with float32's range and 8 bits of precision.
// Use it as Float16 is used: as an element type, computing in float32
// (Float32, ToBFloat16).
type BFloat16 uint16

// Float32 returns h's value, exactly. A NaN keeps its sign and payload.
// It works in kernels.
func (h Float16) Float32() float32 { return devmath.F16ToF32(uint16(h)) }

// Float32 returns b's value, exactly. It works in kernels.
func (b BFloat16) Float32() float32 { return devmath.BF16ToF32(uint16(b)) }

// ToFloat16 returns the Float16 nearest to f, ties to even (IEEE 754's
// default rounding): beyond ±65504 it rounds to ±Inf, below 2⁻²⁵ in
// magnitude to ±0. A NaN becomes a quiet NaN with f's sign and the top of
// its payload. It works in kernels, with the same result on every target.
func ToFloat16(f float32) Float16 { return Float16(devmath.F32ToF16(f)) }

// ToBFloat16 returns the BFloat16 nearest to f, ties to even; values that
// round beyond the largest finite BFloat16 become ±Inf. A NaN becomes a
// quiet NaN with f's sign and the top of its payload. It works in
// kernels, with the same result on every target.
func ToBFloat16(f float32) BFloat16 { return BFloat16(devmath.F32ToBF16(f)) }

// ToFloat16s returns src converted element by element with ToFloat16, for
// FromSlice or Array.Write.
func ToFloat16s(src []float32) []Float16 {
	out := make([]Float16, len(src))
	for i, f := range src {
		out[i] = ToFloat16(f)
	}
	return out
}

// ToBFloat16s returns src converted element by element with ToBFloat16.
func ToBFloat16s(src []float32) []BFloat16 {
	out := make([]BFloat16, len(src))
	for i, f := range src {
		out[i] = ToBFloat16(f)
	}
	return out
}

// Float32s returns the values of src, a slice of Float16 or BFloat16
// (what Array.Read gave), as float32.
func Float32s[T Float16 | BFloat16](src []T) []float32 {
	conv := devmath.F16ToF32
	if _, ok := any(*new(T)).(BFloat16); ok {
		conv = devmath.BF16ToF32
	}
	out := make([]float32, len(src))
	for i, h := range src {
		out[i] = conv(uint16(h))
	}
	return out
}
