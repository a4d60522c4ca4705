package devmath

// The 16-bit floating-point conversions behind ka.Float16 and
// ka.BFloat16: the host's (package ka calls them) and every device's (the
// front end inlines them where a kernel converts), so that each target
// computes the same bits by construction. They are bit manipulations of
// math.Float32bits, written for kernels: no tables, no package-level
// variables, no loops (a loop in a kernel keeps PoCL from vectorizing
// the work-items: F16ToF32's normalizing loop for subnormals made a
// float16 kernel 4× slower than its float32 form).

import "math"

// F16ToF32 returns the float32 value of the IEEE 754 binary16 value with
// bits h: exact, since every binary16 value is a float32. A NaN keeps its
// sign and payload (shifted into the float32 payload's top bits), so a
// signaling NaN stays signaling.
func F16ToF32(h uint16) float32 {
	o := uint32(h&0x7fff) << 13 // exponent and mantissa in float32's places
	exp := o & 0x0f800000
	o += (127 - 15) << 23  // rebias 15 to 127
	if exp == 0x0f800000 { // infinity or NaN: the exponent all ones
		o += (128 - 16) << 23
	} else if exp == 0 { // ±0 or subnormal, man·2⁻²⁴: 2⁻¹⁴·(1+man/1024) − 2⁻¹⁴, exact
		o = math.Float32bits(math.Float32frombits(o+1<<23) - math.Float32frombits(113<<23))
	}
	return math.Float32frombits(o | uint32(h&0x8000)<<16)
}

// F32ToF16 returns the bits of the IEEE 754 binary16 value nearest to f,
// ties to even (roundTiesToEven, IEEE 754's default): values beyond the
// largest finite binary16 (65504) round to ±Inf, those below half the
// smallest subnormal (2⁻²⁵) to ±0, keeping the sign. A NaN becomes a
// quiet NaN of the same sign with the top 9 bits of f's payload.
//
// The three cases are each a few operations with no loop, so that a CPU
// compiler can compute all of them and select (Fabian Giesen's
// float_to_half_fast3_rtne): a binary16 subnormal is rounded by the float
// addition to 0.5, whose unit in the last place is binary16's 2⁻²⁴ (a
// float32 subnormal flushed to zero there rounds to 0 anyway); a normal
// is rounded to even by adding 0xfff and its last kept bit before the
// shift, the carry running into the exponent and up to Inf.
func F32ToF16(f float32) uint16 {
	b := math.Float32bits(f)
	sign := uint16(b>>16) & 0x8000
	a := b & 0x7fffffff
	var o uint32
	if a >= (127+16)<<23 { // beyond binary16's range (2¹⁶ and up), Inf, NaN
		o = 0x7c00
		if a > 0x7f800000 {
			o = 0x7e00 | a>>13&0x3ff
		}
	} else if a < 113<<23 { // below 2⁻¹⁴: a subnormal or zero
		o = math.Float32bits(math.Float32frombits(a)+0.5) - 126<<23
	} else {
		o = (a - (127-15)<<23 + 0xfff + a>>13&1) >> 13
	}
	return sign | uint16(o)
}

// BF16ToF32 returns the float32 value of the bfloat16 value with bits h:
// its upper half. Exact.
func BF16ToF32(h uint16) float32 { return math.Float32frombits(uint32(h) << 16) }

// F32ToBF16 returns the bits of the bfloat16 value nearest to f, ties to
// even: f's upper 16 bits, rounded on the lower 16; values that round
// beyond the largest finite bfloat16 become ±Inf. A NaN becomes a quiet
// NaN of the same sign with the top 6 bits of f's payload.
func F32ToBF16(f float32) uint16 {
	b := math.Float32bits(f)
	if b&0x7fffffff > 0x7f800000 {
		return uint16(b>>16) | 0x40
	}
	b += 0x7fff + (b>>16)&1
	return uint16(b >> 16)
}
