package algo

import (
	"context"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/kago-dev/kago/ka"
	"github.com/stretchr/testify/require"
)

func TestMinMax(t *testing.T) {
	for _, b := range testBackends {
		t.Run(b, func(t *testing.T) {
			dev := open(t, b)
			ctx := context.Background()
			s := dev.Stream()
			rng := rand.New(rand.NewPCG(5, 15))
			e, err := ka.Alloc[float32](dev, 0)
			require.NoError(t, err)
			_, err = Min(ctx, s, e)
			require.ErrorIs(t, err, ErrEmpty)
			for _, n := range sizes(t, false)[1:] {
				for _, nan := range []bool{false, true} {
					x := make([]float32, n)
					for i := range x {
						x[i] = float32(rng.NormFloat64())
					}
					if n > 2 {
						x[n/3] = float32(math.Copysign(0, -1))
					}
					if nan {
						x[rng.IntN(n)] = float32(math.NaN())
					}
					wantMin, wantMax := x[0], x[0]
					for _, v := range x {
						wantMin, wantMax = min(wantMin, v), max(wantMax, v)
					}
					xa, err := ka.FromSlice(ctx, dev, x)
					require.NoError(t, err)
					gotMin, err := Min(ctx, s, xa)
					require.NoError(t, err)
					gotMax, err := Max(ctx, s, xa)
					require.NoError(t, err)
					if nan {
						require.True(t, math.IsNaN(float64(gotMin)) && math.IsNaN(float64(gotMax)), "n=%d", n)
					} else {
						require.Equal(t, math.Float32bits(wantMin), math.Float32bits(gotMin), "Min, n=%d", n)
						require.Equal(t, math.Float32bits(wantMax), math.Float32bits(gotMax), "Max, n=%d", n)
					}
					require.NoError(t, xa.Free())
				}
			}
			y := []int16{5, -7, 3, 32767, -32768, 0}
			ya, err := ka.FromSlice(ctx, dev, y)
			require.NoError(t, err)
			lo, err := Min(ctx, s, ya)
			require.NoError(t, err)
			hi, err := Max(ctx, s, ya)
			require.NoError(t, err)
			require.Equal(t, int16(-32768), lo)
			require.Equal(t, int16(32767), hi)
		})
	}
}
