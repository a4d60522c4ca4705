package corpus

import (
	"context"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kago-dev/kago/ka"
	"github.com/kago-dev/kago/ka/katest"
)

// mathGammaArgs are the edge cases and 10,000 random arguments over
// Gamma's and Lgamma's intervals, negative non-integers included.
func mathGammaArgs() []float64 {
	x := []float64{0, math.Copysign(0, -1), math.Inf(1), math.Inf(-1), math.NaN(), 1, 2, 3, -1, -2, 0.5, -0.5, 1.5, -2.5, 33, 33.5,
		-33.5, -34.25, 143, 171.6, 172, 1e-300, -1e-300, 1e-10, 0x1p-71, 7.99, 8, 1e17, -1e17, 0x1p58, 1e300}
	r := rand.New(rand.NewPCG(14, 62))
	for range 10000 {
		var v float64
		switch r.IntN(4) {
		case 0:
			v = r.Float64() * 10
		case 1:
			v = (r.Float64() - 0.5) * 80
		case 2:
			v = r.Float64() * 175
		default:
			v = math.Ldexp(r.Float64()+0.5, r.IntN(200)-100) * float64(1-2*r.IntN(2))
		}
		x = append(x, v)
	}
	return x
}

// gammaBound is the bound of Gamma and Lgamma against package math per
// route: ULP, for Lgamma results below 1 in magnitude (near its zeros,
// where it is a difference of larger terms) units of 2^-52. Gamma's error
// above 33 is mostly the target's Pow.
var gammaBound = map[string][2]uint64{"native": {0, 0}, "pocl": {128, 8}, "pocl-spirv": {128, 8}, "cuda-sim": {16, 4}}

func init() {
	// The corpus's one bound per case is PoCL's Gamma (its pow); Lgamma
	// near its zeros is far in ULPs too. TestMathGammaULP holds the
	// bounds per route.
	cases = append(cases, corpusCase{"MathGamma", 128, func(h *harness) {
		x := mathGammaArgs()
		o := out(h, make([]float64, 2*len(x)))
		s := out(h, make([]int64, len(x)))
		h.launch(MathGamma, ka.Range(len(x)), []int{64}, in(h, x), o, s)
	}})
}

// TestMathGammaULP measures Gamma's and Lgamma's error on each route
// against package math and asserts gammaBound; Lgamma's sign is exact.
func TestMathGammaULP(t *testing.T) {
	x := mathGammaArgs()
	for _, backend := range []string{"native", "pocl", "pocl-spirv", "cuda-sim"} {
		t.Run(backend, func(t *testing.T) {
			dev := katest.Open(t, backend)
			h := &harness{t: t, ctx: context.Background(), dev: dev}
			o := out(h, make([]float64, 2*len(x)))
			s := out(h, make([]int64, len(x)))
			h.launch(MathGamma, ka.Range(len(x)), []int{64}, in(h, x), o, s)
			got, signs := h.outs[0]().([]float64), h.outs[1]().([]int64)
			var worst [2]uint64
			var at [2]float64
			for i, v := range x {
				lg, sg := math.Lgamma(v)
				for k, want := range []float64{math.Gamma(v), lg} {
					d := ulpDiff(got[2*i+k], want, false)
					if k == 1 && math.Abs(want) < 1 {
						// Below 1 (near Lgamma's zeros, where it is a
						// difference of larger terms): units of 2^-52.
						d = min(d, uint64(math.Abs(got[2*i+k]-want)/0x1p-52))
					}
					if d > worst[k] {
						worst[k], at[k] = d, v
					}
				}
				require.Equal(t, int64(sg), signs[i], "Lgamma(%v)'s sign", v)
			}
			t.Logf("%s: max ULP Gamma %d (at %v), Lgamma %d (at %v)", backend, worst[0], at[0], worst[1], at[1])
			assert.LessOrEqual(t, worst[0], gammaBound[backend][0], "Gamma")
			assert.LessOrEqual(t, worst[1], gammaBound[backend][1], "Lgamma")
		})
	}
}
