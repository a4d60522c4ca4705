package corpus

import (
	"math"

	"github.com/kago-dev/kago/ka"
)

// MathExactN is how many results MathExact writes per work-item.
const MathExactN = 19

// canon is v's bits, with every NaN as package math's NaN: targets need
// not agree on NaN payloads.
func canon(v float64) uint64 {
	if v != v {
		return math.Float64bits(math.NaN())
	}
	return math.Float64bits(v)
}

// MathExact computes package math's exact functions (codegen/mathexact.go)
// of x[i], y[i] and n[i]: bit for bit as Go does on every target.
//
//ka:kernel
func MathExact(it ka.Item, x, y []float64, n []int64, out []uint64) {
	i := it.Global()
	a, b, e := x[i], y[i], n[i]
	o := out[MathExactN*i : MathExactN*i+MathExactN]
	o[0] = canon(math.RoundToEven(a))
	o[1] = 0
	if math.Signbit(a) {
		o[1] = 1
	}
	o[2] = 0
	if math.IsInf(a, 1) {
		o[2] |= 1
	}
	if math.IsInf(a, -1) {
		o[2] |= 2
	}
	if math.IsInf(a, 0) {
		o[2] |= 4
	}
	if math.IsInf(a, int(e)) {
		o[2] |= 8
	}
	o[3] = canon(math.Inf(int(e)))
	o[4] = canon(math.Mod(a, b))
	o[5] = canon(math.Remainder(a, b))
	o[6] = canon(math.Nextafter(a, b))
	o[7] = canon(float64(math.Nextafter32(float32(a), float32(b))))
	o[8] = canon(math.Ldexp(a, int(e)))
	fr, ex := math.Frexp(a)
	o[9] = canon(fr)
	o[10] = uint64(ex)
	ip, fp := math.Modf(a)
	o[11] = canon(ip)
	o[12] = canon(fp)
	o[13] = canon(math.Ldexp(fr, ex)) // a again
	o[14] = canon(math.RoundToEven(b))
	o[15] = canon(math.Remainder(b, a))
	o[16] = canon(math.Dim(a, b))
	o[17] = canon(math.Logb(a))
	o[18] = uint64(math.Ilogb(a))
}
