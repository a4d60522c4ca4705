package corpus

import (
	"context"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/kago-dev/kago/ka"
	"github.com/kago-dev/kago/ka/katest"
)

// mathErfArgs are the edge cases and 10,000 random arguments: x for Erf
// and Erfc over every interval of their algorithms, p in (-1, 1) for
// Erfinv, near ±1 too.
func mathErfArgs() (x, p []float64) {
	x = []float64{0, math.Copysign(0, -1), math.Inf(1), math.Inf(-1), math.NaN(), 5e-324, -1e-300, 1e-20, 0.25, 0.84375, -0.84375,
		1.25, -1.25, 2.857142857142857, 6, -6, 27.9, 28, -28, 1e300}
	p = []float64{0, math.Copysign(0, -1), 1, -1, math.NaN(), 2, -1.5, 0.85, -0.85, 1 - 1e-16, -1 + 1e-16, 1e-300, 0.5, -0.999999,
		0.9999999999, 1 - 0x1p-53, -1 + 0x1p-53, 0x1p-60, 0.1, -0.3}
	r := rand.New(rand.NewPCG(14, 61))
	for range 10000 {
		v := (r.Float64()*2 - 1) * 7
		if r.IntN(3) == 0 {
			v = math.Ldexp(r.Float64()+0.5, -r.IntN(80)) * float64(1-2*r.IntN(2))
		}
		q := r.Float64()*2 - 1
		if r.IntN(3) == 0 {
			q = (1 - math.Ldexp(r.Float64(), -r.IntN(52))) * float64(1-2*r.IntN(2))
		}
		x, p = append(x, v), append(p, q)
	}
	return x, p
}

// erfBound is the ULP bound of each output of MathErf on every target
// against native (package math); see docs/kernel-language.md.
var erfBound = [4]float64{4, 8, 8, 8}

func init() {
	cases = append(cases, corpusCase{"MathErf", 8, func(h *harness) {
		x, p := mathErfArgs()
		o := out(h, make([]float64, 4*len(x)))
		h.launch(MathErf, ka.Range(len(x)), []int{64}, in(h, x), in(h, p), o)
	}})
}

// TestMathErfULP measures the error of MathErf's four functions on each
// route against package math and asserts erfBound.
func TestMathErfULP(t *testing.T) {
	x, p := mathErfArgs()
	ref := make([]float64, 4*len(x))
	for i := range x {
		ref[4*i], ref[4*i+1], ref[4*i+2], ref[4*i+3] = math.Erf(x[i]), math.Erfc(x[i]), math.Erfinv(p[i]), math.Erfcinv(1-p[i])
	}
	for _, backend := range []string{"native", "pocl", "pocl-spirv", "cuda-sim"} {
		t.Run(backend, func(t *testing.T) {
			dev := katest.Open(t, backend)
			h := &harness{t: t, ctx: context.Background(), dev: dev}
			o := out(h, make([]float64, 4*len(x)))
			h.launch(MathErf, ka.Range(len(x)), []int{64}, in(h, x), in(h, p), o)
			got := h.outs[0]().([]float64)
			var worst [4]uint64
			for i, g := range got {
				worst[i%4] = max(worst[i%4], ulpDiff(g, ref[i], false))
			}
			t.Logf("%s: max ULP Erf %d, Erfc %d, Erfinv %d, Erfcinv %d", backend, worst[0], worst[1], worst[2], worst[3])
			for k, name := range []string{"Erf", "Erfc", "Erfinv", "Erfcinv"} {
				assert.LessOrEqual(t, float64(worst[k]), erfBound[k], name)
			}
		})
	}
}
