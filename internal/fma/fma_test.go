package fma

import (
	"math"
	"math/big"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"
)

// exact is x*y + z computed exactly and rounded once to float32, by
// math/big (a float32 product and sum need at most about 300 bits).
func exact(x, y, z float32) float32 {
	if math.IsNaN(float64(x)) || math.IsNaN(float64(y)) || math.IsNaN(float64(z)) ||
		math.IsInf(float64(x), 0) || math.IsInf(float64(y), 0) || math.IsInf(float64(z), 0) {
		return float32(float64(x)*float64(y) + float64(z)) // IEEE's special cases, no rounding
	}
	p := new(big.Float).SetPrec(1000).Mul(big.NewFloat(float64(x)).SetPrec(1000), big.NewFloat(float64(y)))
	s := new(big.Float).SetPrec(1000).Add(p, big.NewFloat(float64(z)))
	if s.Sign() == 0 {
		// The sign of an exact zero sum: IEEE's rule for x*y + z.
		return float32(float64(x)*float64(y) + float64(z))
	}
	f, _ := s.Float32()
	return f
}

func check(t *testing.T, x, y, z float32) {
	t.Helper()
	got, want := Float32(x, y, z), exact(x, y, z)
	if math.IsNaN(float64(want)) {
		require.True(t, math.IsNaN(float64(got)), "fma(%g, %g, %g) = %g, want NaN", x, y, z, got)
		return
	}
	require.Equal(t, math.Float32bits(want), math.Float32bits(got), "fma(%g, %g, %g) = %g, want %g", x, y, z, got, want)
}

// TestMidpoints are the cases float32(math.FMA(x, y, z)) gets wrong: the
// float64 sum on a float32 midpoint, the exact value just off it.
func TestMidpoints(t *testing.T) {
	x, y := float32(1+1.0/(1<<12)), float32(1+1.0/(1<<12)) // x*y = 1 + 2^-11 + 2^-24: a midpoint ...
	z := float32(1.0 / (1 << 60))                          // ... and a little more, which float64 rounds away
	require.NotEqual(t, math.Float32bits(float32(math.FMA(float64(x), float64(y), float64(z)))),
		math.Float32bits(exact(x, y, z)), "the case is not one that double rounding gets wrong")
	check(t, x, y, z)
	check(t, x, y, -z)
	check(t, -x, y, z)
	check(t, x, y, 0)
	// A subnormal float32 midpoint (found by search): 0x1.00002p-129
	// rounded twice, 0x1.00001p-129 once.
	x, y, z = 0x1.800006p-75, 0x1.fffff8p-75, 0x1p-129
	require.NotEqual(t, math.Float32bits(float32(math.FMA(float64(x), float64(y), float64(z)))),
		math.Float32bits(exact(x, y, z)), "the subnormal case is not one that double rounding gets wrong")
	check(t, x, y, z)
	check(t, -x, y, -z)
}

func TestSpecial(t *testing.T) {
	inf, nan := float32(math.Inf(1)), float32(math.NaN())
	vals := []float32{0, float32(math.Copysign(0, -1)), 1, -1, 1.5, 3, math.MaxFloat32, -math.MaxFloat32,
		math.SmallestNonzeroFloat32, -math.SmallestNonzeroFloat32, 1.1754942e-38, 1.1754944e-38, 2e-38, inf, -inf, nan,
		1 + 1.0/(1<<23), 1 - 1.0/(1<<24), 1.0 / (1 << 12), 1 << 20, 3.4e38}
	for _, x := range vals {
		for _, y := range vals {
			for _, z := range vals {
				check(t, x, y, z)
			}
		}
	}
}

// TestRandom draws operands of every magnitude, and sums that cancel.
func TestRandom(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	n := 100000
	if testing.Short() {
		n = 10000
	}
	bits := func() float32 { return math.Float32frombits(r.Uint32()) }
	near := func() float32 { return float32(r.NormFloat64()) }
	for range n {
		x, y, z := bits(), bits(), bits()
		check(t, x, y, z)
		x, y = near(), near()
		check(t, x, y, -x*y)                                                                                 // cancellation: the product's rounding error
		check(t, x, y, near())                                                                               // ordinary sums
		check(t, x, y, near()*1e-30)                                                                         // a tiny addend
		check(t, x*1e-20, y*1e-20, near()*1e-38)                                                             // subnormal results
		check(t, float32(int32(r.Uint32()>>20)), float32(int32(r.Uint32()>>20)), float32(int32(r.Uint32()))) // integers near midpoints
	}
}
