package algo

import (
	"context"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/kago-dev/kago/ka"
	"github.com/stretchr/testify/require"
)

// refScan scans x in the order ExclusiveScan documents.
func refScan[T ka.Number](x []T, inclusive bool) []T {
	n := len(x)
	m := (n + SumChunk - 1) / SumChunk
	offs := make([]T, m)
	if m > 1 {
		var acc T
		for w := range offs {
			offs[w] = acc
			acc += chunkSum(x[w*SumChunk : min((w+1)*SumChunk, n)])
		}
	}
	out := make([]T, n)
	for w := range m {
		acc := offs[w]
		for i := w * SumChunk; i < min((w+1)*SumChunk, n); i++ {
			if inclusive {
				acc += x[i]
				out[i] = acc
			} else {
				out[i] = acc
				acc += x[i]
			}
		}
	}
	return out
}

func TestScan(t *testing.T) {
	for _, b := range testBackends {
		t.Run(b, func(t *testing.T) {
			dev := open(t, b)
			t.Run("float32", func(t *testing.T) { checkScan[float32](t, dev, true) })
			t.Run("uint32", func(t *testing.T) { checkScan[uint32](t, dev, true) })
			t.Run("float64", func(t *testing.T) { checkScan[float64](t, dev, false) })
			t.Run("int8", func(t *testing.T) { checkScan[int8](t, dev, false) })
		})
	}
}

func checkScan[T ka.Number](t *testing.T, dev *ka.Device, big bool) {
	ctx := context.Background()
	s := dev.Stream()
	rng := rand.New(rand.NewPCG(2, 15))
	for _, n := range append(sizes(t, big), SumChunk*SumChunk+1) {
		if n > 1<<16+1 && (testing.Short() || raceEnabled || !big) {
			continue
		}
		x := make([]T, n)
		for i := range x {
			x[i] = T(rng.IntN(2000) - 1000)
			if f, ok := any(&x[i]).(*float32); ok {
				*f *= 0.001
			}
		}
		xa, err := ka.FromSlice(ctx, dev, x)
		require.NoError(t, err)
		ya, err := ka.Alloc[T](dev, n)
		require.NoError(t, err)
		y := make([]T, n)
		for _, inclusive := range []bool{false, true} {
			want := refScan(x, inclusive)
			for range 2 {
				if inclusive {
					require.NoError(t, InclusiveScan(s, ya, xa))
				} else {
					require.NoError(t, ExclusiveScan(s, ya, xa))
				}
				require.NoError(t, ya.ReadAsync(s, y))
				require.NoError(t, s.Synchronize(ctx))
				for i := range y {
					if bits(want[i]) != bits(y[i]) {
						require.Equal(t, bits(want[i]), bits(y[i]), "scan (inclusive %v) of %d at %d", inclusive, n, i)
					}
				}
			}
		}
		require.NoError(t, xa.Free())
		require.NoError(t, ya.Free())
	}
}

// TestScanPathsAgree checks that the chained scan of CPU devices and the
// three-phase scan of the others give the same bits for float32, whose
// sums depend on their order, across chunk and chunk-of-chunks
// boundaries.
func TestScanPathsAgree(t *testing.T) {
	for _, b := range []string{"native", "pocl"} {
		t.Run(b, func(t *testing.T) {
			dev := open(t, b)
			ctx := context.Background()
			s := dev.Stream()
			rng := rand.New(rand.NewPCG(3, 9))
			for _, n := range []int{SumChunk + 3, SumChunk*SumChunk + SumChunk + 7} {
				if n > 1<<16 && (testing.Short() || raceEnabled) {
					continue
				}
				x := make([]float32, n)
				for i := range x {
					x[i] = float32(rng.IntN(2000)-1000) * 0.001
				}
				xa, err := ka.FromSlice(ctx, dev, x)
				require.NoError(t, err)
				chained, err := ka.Alloc[float32](dev, n)
				require.NoError(t, err)
				three, err := ka.Alloc[float32](dev, n)
				require.NoError(t, err)
				ok, err := chainedScan(s, chained, xa, false)
				require.NoError(t, err)
				require.True(t, ok, "a CPU device with 64-bit atomics takes the chained scan")
				require.NoError(t, threePhaseScan(s, three, xa, false))
				a, c := make([]float32, n), make([]float32, n)
				require.NoError(t, chained.Read(ctx, a))
				require.NoError(t, three.Read(ctx, c))
				want := refScan(x, false)
				for i := range want {
					if math.Float32bits(a[i]) != math.Float32bits(want[i]) || math.Float32bits(c[i]) != math.Float32bits(want[i]) {
						require.Failf(t, "paths differ", "n %d, element %d: chained %x, three-phase %x, order %x", n, i, math.Float32bits(a[i]), math.Float32bits(c[i]), math.Float32bits(want[i]))
					}
				}
				for _, arr := range []*ka.Array[float32]{xa, chained, three} {
					require.NoError(t, arr.Free())
				}
			}
		})
	}
}
