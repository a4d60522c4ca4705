// Package fma is the float32 fused multiply-add, x*y + z rounded once to
// float32 (IEEE 754 round-to-nearest-even), in pure Go: what the native
// backend's ka.FMA computes and the PTX simulator's fma.rn.f32, so that
// both give the bits a device's fma gives. Go's math.FMA is float64 only,
// and float32(math.FMA(x, y, z)) rounds twice, which differs from one
// rounding where the float64 result falls on a float32 midpoint.
package fma

import "math"

// Float32 returns x*y + z rounded once to float32.
//
// The product of two float32 is exact in float64 (48 significant bits of
// 53, within float64's exponent range), so s = x*y + z in float64 is the
// exact value rounded once, and TwoSum gives its error e exactly.
// Rounding s to float32 could round twice where s is a float32 midpoint
// the exact value is not on; rounding s to odd first (where e is not 0,
// the float64 neighbour with an odd last bit on e's side) makes the
// second rounding correct, since float64 has more than 24+1 bits. It
// has no calls, but is still over Go's inlining budget (cost 91 of 80:
// go build -gcflags=-m=2 ./internal/fma).
func Float32(x, y, z float32) float32 {
	p, c := float64(x)*float64(y), float64(z)
	s := p + c
	bb := s - p
	e := (p - (s - bb)) + (c - bb) // NaN where s is Inf or NaN: no adjustment
	if b := math.Float64bits(s); b&1 == 0 && (e > 0 || e < 0) {
		// One step away from zero where e has s's sign, toward it where
		// not (s is not 0: e is 0 where p + c rounds to 0).
		s = math.Float64frombits(b + 1 - (math.Float64bits(e)^b)>>63<<1)
	}
	return float32(s)
}
