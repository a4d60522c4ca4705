package corpus

import (
	"math"
	"math/rand/v2"

	"github.com/kago-dev/kago/ka"
)

// FusedMulAdd's operands: the two cases that float32(math.FMA(x, y, z))
// gets wrong (internal/fma's tests), then finite operands of every
// magnitude, products with their own rounding error as the addend, and
// subnormal results. No NaN: a NaN's payload is the device's.
func init() {
	cases = append(cases, corpusCase{"FusedMulAdd", 0, func(h *harness) {
		const n = 4096
		r := rand.New(rand.NewPCG(7, 8))
		finite := func() float32 {
			for {
				if f := math.Float32frombits(r.Uint32()); !math.IsNaN(float64(f)) && !math.IsInf(float64(f), 0) {
					return f
				}
			}
		}
		x, y, z := make([]float32, n), make([]float32, n), make([]float32, n)
		x[0], y[0], z[0] = 1+0x1p-12, 1+0x1p-12, 0x1p-60
		x[1], y[1], z[1] = 0x1.800006p-75, 0x1.fffff8p-75, 0x1p-129
		for i := 2; i < n; i++ {
			switch i % 4 {
			case 0:
				x[i], y[i], z[i] = finite(), finite(), finite()
			case 1:
				x[i], y[i] = float32(r.NormFloat64()), float32(r.NormFloat64())
				z[i] = -(x[i] * y[i])
			case 2:
				x[i], y[i], z[i] = float32(r.NormFloat64()), float32(r.NormFloat64()), float32(r.NormFloat64())*1e-30
			case 3:
				x[i], y[i], z[i] = float32(r.NormFloat64()*1e-20), float32(r.NormFloat64()*1e-20), float32(r.NormFloat64()*1e-38)
			}
		}
		a, b, c := make([]float64, n), make([]float64, n), make([]float64, n)
		for i := range a {
			a[i], b[i] = r.NormFloat64(), r.NormFloat64()
			c[i] = -(a[i] * b[i])
			if i%2 == 0 {
				c[i] = r.NormFloat64() * 1e-300
			}
		}
		h.launch(FusedMulAdd, ka.Range(n), []int{64}, in(h, x), in(h, y), in(h, z), out(h, make([]float32, n)),
			in(h, a), in(h, b), in(h, c), out(h, make([]float64, n)))
	}})
}
