package algo

import (
	"context"
	"math"
	"math/rand/v2"
	"testing"

	_ "github.com/kago-dev/kago/backends/cuda"
	_ "github.com/kago-dev/kago/backends/native"
	_ "github.com/kago-dev/kago/backends/pocl"
	"github.com/kago-dev/kago/ka"
	"github.com/kago-dev/kago/ka/katest"
	"github.com/stretchr/testify/require"
)

// testBackends are the backends the tests run on; those without a device
// here skip (CUDA runs where there is an NVIDIA GPU).
var testBackends = []string{"native", "pocl", "cuda"}

func open(t *testing.T, backend string) *ka.Device { return katest.Open(t, backend) }

func sizes(t *testing.T, big bool) []int {
	s := []int{0, 1, 255, 256, 257, SumChunk - 1, SumChunk, SumChunk + 1, 1<<16 - 1, 1<<16 + 1}
	if big && !testing.Short() && !raceEnabled {
		s = append(s, 3_000_001) // a few million, for one type of each kind
	}
	return s
}

// chunkSum adds a chunk in kPartialSum's order: four interleaved
// accumulators, the last elements to the first, (a0+a1)+(a2+a3).
func chunkSum[T ka.Number](c []T) T {
	var a [4]T
	i := 0
	for ; i+4 <= len(c); i += 4 {
		for j := range a {
			a[j] += c[i+j]
		}
	}
	for ; i < len(c); i++ {
		a[0] += c[i]
	}
	return (a[0] + a[1]) + (a[2] + a[3])
}

// refSum adds x in the order Sum documents.
func refSum[T ka.Number](x []T) T {
	for first := true; first || len(x) > 1; first = false {
		p := make([]T, (len(x)+SumChunk-1)/SumChunk)
		for w := range p {
			p[w] = chunkSum(x[w*SumChunk : min((w+1)*SumChunk, len(x))])
		}
		x = p
	}
	return x[0]
}

func TestAlgo(t *testing.T) {
	for _, b := range testBackends {
		t.Run(b, func(t *testing.T) {
			dev := open(t, b)
			t.Run("float32", func(t *testing.T) { check[float32](t, dev, true) })
			t.Run("float64", func(t *testing.T) { check[float64](t, dev, false) })
			t.Run("int32", func(t *testing.T) { check[int32](t, dev, true) })
			t.Run("uint8", func(t *testing.T) { check[uint8](t, dev, false) })
			t.Run("int64", func(t *testing.T) { check[int64](t, dev, false) })
		})
	}
}

func check[T ka.Number](t *testing.T, dev *ka.Device, big bool) {
	ctx := context.Background()
	s := dev.Stream()
	rng := rand.New(rand.NewPCG(1, 15))
	for _, n := range sizes(t, big) {
		x := make([]T, n)
		for i := range x {
			switch p := any(&x[i]).(type) {
			case *float32:
				*p = float32(rng.NormFloat64() * math.Pow(10, float64(rng.IntN(6)-3)))
			case *float64:
				*p = rng.NormFloat64() * math.Pow(10, float64(rng.IntN(10)-5))
			default:
				x[i] = T(rng.Uint64())
			}
		}
		xa, err := ka.FromSlice(ctx, dev, x)
		require.NoError(t, err)
		var want T
		if n > 0 {
			want = refSum(x)
		}
		for range 2 { // determinism: the same bits twice
			got, err := Sum(ctx, s, xa)
			require.NoError(t, err)
			require.Equal(t, bits(want), bits(got), "Sum of %d", n)
		}
		ya, err := ka.Alloc[T](dev, n)
		require.NoError(t, err)
		y := make([]T, n)
		require.NoError(t, Fill(s, ya, T(7)))
		require.NoError(t, ya.ReadAsync(s, y))
		require.NoError(t, s.Synchronize(ctx))
		for i := range y {
			require.Equal(t, T(7), y[i], "Fill of %d at %d", n, i)
		}
		require.NoError(t, Iota(s, ya))
		require.NoError(t, ya.ReadAsync(s, y))
		require.NoError(t, s.Synchronize(ctx))
		for i := range y {
			require.Equal(t, iotaOf[T](i), y[i], "Iota of %d at %d", n, i)
		}
		require.NoError(t, xa.Free())
		require.NoError(t, ya.Free())
	}
}

// iotaOf converts i to T as the kernel does (through a variable, so that a
// narrow integer wraps).
func iotaOf[T ka.Number](i int) T { return T(i) }

func bits[T ka.Number](v T) any {
	switch v := any(v).(type) {
	case float32:
		return math.Float32bits(v)
	case float64:
		return math.Float64bits(v)
	}
	return v
}
