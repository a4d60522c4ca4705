package algo

import (
	"context"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/kago-dev/kago/ka"
	"github.com/stretchr/testify/require"
)

func TestSortUint32(t *testing.T) {
	for _, b := range testBackends {
		t.Run(b, func(t *testing.T) {
			dev := open(t, b)
			ctx := context.Background()
			s := dev.Stream()
			rng := rand.New(rand.NewPCG(3, 15))
			for _, n := range sizes(t, true) {
				for _, kind := range []string{"random", "duplicates", "sorted"} {
					keys := make([]uint32, n)
					vals := make([]uint32, n)
					for i := range keys {
						switch kind {
						case "random":
							keys[i] = rng.Uint32()
						case "duplicates":
							keys[i] = uint32(rng.IntN(5)) << 24
						case "sorted":
							keys[i] = uint32(i)
						}
						vals[i] = uint32(i)
					}
					ka_, err := ka.FromSlice(ctx, dev, keys)
					require.NoError(t, err)
					va, err := ka.FromSlice(ctx, dev, vals)
					require.NoError(t, err)
					require.NoError(t, SortPairs(s, ka_, va))
					gotK, gotV := make([]uint32, n), make([]uint32, n)
					require.NoError(t, ka_.ReadAsync(s, gotK))
					require.NoError(t, va.ReadAsync(s, gotV))
					require.NoError(t, s.Synchronize(ctx))
					// The reference: a stable sort of the indices by key.
					idx := make([]uint32, n)
					for i := range idx {
						idx[i] = uint32(i)
					}
					slices.SortStableFunc(idx, func(a, b uint32) int {
						switch {
						case keys[a] < keys[b]:
							return -1
						case keys[a] > keys[b]:
							return 1
						}
						return 0
					})
					wantK := make([]uint32, n)
					for i, j := range idx {
						wantK[i] = keys[j]
					}
					require.True(t, slices.Equal(wantK, gotK), "keys, %s, n=%d", kind, n)
					require.True(t, slices.Equal(idx, gotV), "values (stable), %s, n=%d", kind, n)
					// Keys only.
					require.NoError(t, ka_.WriteAsync(s, keys))
					require.NoError(t, Sort(s, ka_))
					require.NoError(t, ka_.ReadAsync(s, gotK))
					require.NoError(t, s.Synchronize(ctx))
					require.True(t, slices.Equal(wantK, gotK), "keys only, %s, n=%d", kind, n)
					require.NoError(t, ka_.Free())
					require.NoError(t, va.Free())
				}
			}
		})
	}
}
