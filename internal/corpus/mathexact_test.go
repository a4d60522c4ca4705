package corpus

import (
	"math"
	"math/rand/v2"

	"github.com/kago-dev/kago/ka"
)

// mathExactArgs are 10,000 random arguments of every magnitude, subnormals
// and halfway cases included, after the edge cases.
func mathExactArgs() (x, y []float64, n []int64) {
	edges := []float64{0, math.Copysign(0, -1), math.Inf(1), math.Inf(-1), math.NaN(), 5e-324, -5e-324,
		2.2250738585072014e-308, -2.225073858507201e-308, math.MaxFloat64, -math.MaxFloat64, 0.5, -0.5,
		1.5, 2.5, -2.5, 3.5, 4503599627370495.5, -4503599627370495.5, 1 << 52, 1 << 53, 1e300, 1e-300, 7, -7, 1, -1}
	for _, a := range edges {
		for _, b := range edges {
			x, y = append(x, a), append(y, b)
		}
	}
	exps := []int64{0, 1, -1, 52, -52, 1023, 1024, -1022, -1074, -1075, -1076, 2000, -2000, 1 << 40, -1 << 40}
	for i := range x {
		n = append(n, exps[i%len(exps)])
	}
	r := rand.New(rand.NewPCG(14, 6))
	val := func() float64 {
		switch r.IntN(4) {
		case 0:
			return (r.Float64() - 0.5) * 2000
		case 1:
			return float64(r.IntN(2001)-1000) + 0.5
		case 2:
			return math.Ldexp(r.Float64()+0.5, r.IntN(2098)-1074) * float64(1-2*r.IntN(2))
		}
		return math.Float64frombits(r.Uint64())
	}
	for range 10000 {
		x, y = append(x, val()), append(y, val())
		n = append(n, int64(r.IntN(4401)-2200))
	}
	return x, y, n
}

func init() {
	cases = append(cases, corpusCase{"MathExact", 0, func(h *harness) {
		x, y, n := mathExactArgs()
		o := out(h, make([]uint64, MathExactN*len(x)))
		h.launch(MathExact, ka.Range(len(x)), []int{64}, in(h, x), in(h, y), in(h, n), o)
	}})
}
