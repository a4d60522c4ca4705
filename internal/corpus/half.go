package corpus

import (
	"math"

	"github.com/kago-dev/kago/ka"
)

// HalfBits converts every encoding h[i] of both 16-bit float types to
// float32, as bits (a NaN's payload included), and x[i] to both types.
//
//ka:kernel
func HalfBits(it ka.Item, h []uint16, x []float32, f16 []uint32, bf16 []uint32, xh []ka.Float16, xb []ka.BFloat16) {
	i := it.Global()
	if i < len(h) {
		f16[i] = math.Float32bits(ka.Float16(h[i]).Float32())
		bf16[i] = math.Float32bits(ka.BFloat16(h[i]).Float32())
	}
	if i < len(x) {
		xh[i], xb[i] = ka.ToFloat16(x[i]), ka.ToBFloat16(x[i])
	}
}

// HalfMatVec computes y = A·v in float32 for a BFloat16 matrix A and a
// Float16 vector v, rounding y to Float16: the shape of a layer of a model
// stored in 16 bits.
//
//ka:kernel
func HalfMatVec(it ka.Item, a ka.Matrix[ka.BFloat16], v []ka.Float16, y []ka.Float16) {
	r := it.Global()
	if r >= a.Rows() {
		return
	}
	var sum float32
	for c := 0; c < a.Cols(); c++ {
		sum += a.At(r, c).Float32() * v[c].Float32()
	}
	y[r] = ka.ToFloat16(sum)
}
