package devmath

// The 16-bit floating-point conversions behind ka.Float16 and
// ka.BFloat16: the host's (package ka calls them) and every device's (the
// front end inlines them where a kernel converts), so that each target
// computes the same bits by construction. They are bit manipulations of
// math.Float32bits, written for kernels: no tables, no package-level
// variables, loops bounded by 10 turns.

import "math"

// F16ToF32 returns the float32 value of the IEEE 754 binary16 value with
// bits h: exact, since every binary16 value is a float32. A NaN keeps its
// sign and payload (shifted into the float32 payload's top bits), so a
// signaling NaN stays signaling.
func F16ToF32(h uint16) float32 {
	sign := uint32(h&0x8000) << 16
	exp := uint32(h>>10) & 0x1f
	man := uint32(h & 0x3ff)
	switch {
	case exp == 0x1f: // infinity or NaN
		return math.Float32frombits(sign | 0x7f800000 | man<<13)
	case exp != 0: // normal: rebias 15 to 127
		return math.Float32frombits(sign | (exp+112)<<23 | man<<13)
	case man == 0: // ±0
		return math.Float32frombits(sign)
	}
	// Subnormal, man·2⁻²⁴: normalize (at most 10 shifts).
	e := uint32(113) // the float32 exponent field of 2⁻¹⁴
	for man&0x400 == 0 {
		man <<= 1
		e--
	}
	return math.Float32frombits(sign | e<<23 | (man&0x3ff)<<13)
}

// F32ToF16 returns the bits of the IEEE 754 binary16 value nearest to f,
// ties to even (roundTiesToEven, IEEE 754's default): values beyond the
// largest finite binary16 (65504) round to ±Inf, those below half the
// smallest subnormal (2⁻²⁵) to ±0, keeping the sign. A NaN becomes a
// quiet NaN of the same sign with the top 9 bits of f's payload.
func F32ToF16(f float32) uint16 {
	b := math.Float32bits(f)
	sign := uint16(b>>16) & 0x8000
	exp := int32(b>>23) & 0xff
	man := b & 0x7fffff
	if exp == 0xff {
		if man == 0 {
			return sign | 0x7c00
		}
		return sign | 0x7e00 | uint16(man>>13)
	}
	e := exp - 112 // the binary16 exponent field, if f is a normal binary16
	if e >= 0x1f {
		return sign | 0x7c00
	}
	if e <= 0 { // a binary16 subnormal or zero (a float32 subnormal too)
		if e < -10 {
			return sign
		}
		m := man | 0x800000
		shift := uint32(14 - e) // 14..24
		r := m >> shift
		rem, half := m&(1<<shift-1), uint32(1)<<(shift-1)
		if rem > half || rem == half && r&1 == 1 {
			r++ // may become 0x400, the smallest normal: its encoding
		}
		return sign | uint16(r)
	}
	r := uint32(e)<<10 | man>>13
	if rem := man & 0x1fff; rem > 0x1000 || rem == 0x1000 && r&1 == 1 {
		r++ // a carry into the exponent is right, up to 0x7c00 (Inf)
	}
	return sign | uint16(r)
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
