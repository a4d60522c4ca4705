package devmath

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestSameAsMath: the copies compute exactly what package math computes.
func TestSameAsMath(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	xs := []float64{0, math.Copysign(0, -1), math.Inf(1), math.Inf(-1), math.NaN(), -1, -2.5, 0.5, 1, 2, 33.5, -33.5, 171.5, 1e-300, 1e300, -1e17}
	for range 20000 {
		xs = append(xs, (r.Float64()-0.5)*400, math.Ldexp(r.Float64(), r.IntN(120)-60))
	}
	same := func(a, b float64) bool { return a == b && math.Signbit(a) == math.Signbit(b) || a != a && b != b }
	for _, x := range xs {
		require.True(t, same(Gamma(x), math.Gamma(x)), "Gamma(%v)", x)
		l, s := Lgamma(x)
		ml, ms := math.Lgamma(x)
		require.True(t, same(l, ml) && s == ms, "Lgamma(%v)", x)
	}
}
