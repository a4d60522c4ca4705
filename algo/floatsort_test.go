package algo

import (
	"context"
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/kago-dev/kago/ka"
	"github.com/stretchr/testify/require"
)

// floatKey orders floats as SortFloat32 does for inputs with one NaN
// (math.NaN()): slices.Sort's order, NaNs last, -0 before +0. TestSort
// checks the order of NaNs with different bits.
func floatKey(v float32) uint32 {
	if v != v {
		return math.MaxUint32
	}
	b := math.Float32bits(v)
	if b&0x80000000 != 0 {
		return ^b
	}
	return b | 0x80000000
}

func TestSortFloat32(t *testing.T) {
	for _, b := range testBackends {
		t.Run(b, func(t *testing.T) {
			dev := open(t, b)
			ctx := context.Background()
			s := dev.Stream()
			rng := rand.New(rand.NewPCG(4, 15))
			for _, n := range sizes(t, true) {
				for _, kind := range []string{"random", "special", "sorted"} {
					x := make([]float32, n)
					for i := range x {
						switch kind {
						case "random":
							x[i] = float32(rng.NormFloat64() * 1e3)
						case "special":
							x[i] = []float32{float32(math.NaN()), 0, float32(math.Copysign(0, -1)), 1, -1, float32(math.Inf(1)), float32(math.Inf(-1)), 2.5}[rng.IntN(8)]
						case "sorted":
							x[i] = float32(i) - float32(n/2)
						}
					}
					xa, err := ka.FromSlice(ctx, dev, x)
					require.NoError(t, err)
					require.NoError(t, Sort(s, xa))
					got := make([]float32, n)
					require.NoError(t, xa.ReadAsync(s, got))
					require.NoError(t, s.Synchronize(ctx))
					want := slices.Clone(x)
					slices.SortStableFunc(want, func(a, b float32) int {
						ka, kb := floatKey(a), floatKey(b)
						switch {
						case ka < kb:
							return -1
						case ka > kb:
							return 1
						}
						return 0
					})
					for i := range want {
						if math.Float32bits(want[i]) != math.Float32bits(got[i]) {
							require.Equal(t, math.Float32bits(want[i]), math.Float32bits(got[i]), "%s, n=%d, at %d", kind, n, i)
						}
					}
					// Apart from NaNs' place and ±0's order, the same
					// as slices.Sort.
					ref := slices.Clone(x)
					slices.Sort(ref)
					nan := 0
					for _, v := range ref {
						if v != v {
							nan++
						}
					}
					require.True(t, slices.Equal(ref[nan:], got[:n-nan]), "%s, n=%d: vs slices.Sort", kind, n)
					require.NoError(t, xa.Free())
				}
			}
		})
	}
}
