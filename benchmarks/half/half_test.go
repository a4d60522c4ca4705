package half

import (
	"context"
	"slices"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	_ "github.com/kago-dev/kago/backends/native"
	_ "github.com/kago-dev/kago/backends/pocl"
	"github.com/kago-dev/kago/ka"
)

const n = 1 << 24

// BenchmarkScale times Scale32, ScaleBF16 and ScaleF16 over 2^24 elements
// on PoCL and native, one after the other per iteration.
func BenchmarkScale(b *testing.B) {
	for _, backend := range []string{"pocl", "native"} {
		b.Run(backend, func(b *testing.B) {
			dev, err := ka.Open(backend)
			if err != nil {
				b.Skipf("%s: %v", backend, err)
			}
			defer dev.Close()
			runs := scaleRuns(b, dev)
			for _, r := range runs {
				r() // loads the kernel
			}
			times := make([][]float64, len(runs))
			b.ResetTimer()
			for range b.N {
				for i, r := range runs {
					times[i] = append(times[i], r().Seconds())
				}
			}
			b.StopTimer()
			for i, name := range []string{"float32", "bfloat16", "float16"} {
				b.ReportMetric(median(times[i])*1e9/n, name+"-ns/elem")
			}
			var rb, rf []float64
			for j := range times[0] {
				rb = append(rb, times[1][j]/times[0][j])
				rf = append(rf, times[2][j]/times[0][j])
			}
			b.ReportMetric(median(rb), "bfloat16/float32")
			b.ReportMetric(median(rf), "float16/float32")
		})
	}
}

// scaleRuns makes the inputs on dev and returns one function per kernel
// that launches it and waits.
func scaleRuns(tb testing.TB, dev *ka.Device) []func() time.Duration {
	ctx := context.Background()
	x32 := make([]float32, n)
	for i := range x32 {
		x32[i] = float32(i%1000) * 0.37
	}
	s := dev.Stream()
	time1 := func(f func() error) func() time.Duration {
		return func() time.Duration {
			t0 := time.Now()
			require.NoError(tb, f())
			require.NoError(tb, s.Synchronize(ctx))
			return time.Since(t0)
		}
	}
	x, err := ka.FromSlice(ctx, dev, x32)
	require.NoError(tb, err)
	y, err := ka.Alloc[float32](dev, n)
	require.NoError(tb, err)
	xb, err := ka.FromSlice(ctx, dev, ka.ToBFloat16s(x32))
	require.NoError(tb, err)
	yb, err := ka.Alloc[ka.BFloat16](dev, n)
	require.NoError(tb, err)
	xh, err := ka.FromSlice(ctx, dev, ka.ToFloat16s(x32))
	require.NoError(tb, err)
	yh, err := ka.Alloc[ka.Float16](dev, n)
	require.NoError(tb, err)
	tb.Cleanup(func() {
		for _, f := range []func() error{x.Free, y.Free, xb.Free, yb.Free, xh.Free, yh.Free} {
			f()
		}
	})
	k32, err := NewScale32Kernel(dev)
	require.NoError(tb, err)
	kb, err := NewScaleBF16Kernel(dev)
	require.NoError(tb, err)
	kh, err := NewScaleF16Kernel(dev)
	require.NoError(tb, err)
	r := ka.Range(n)
	return []func() time.Duration{
		time1(func() error { return k32.Launch(s, r, 1.5, x, y) }),
		time1(func() error { return kb.Launch(s, r, 1.5, xb, yb) }),
		time1(func() error { return kh.Launch(s, r, 1.5, xh, yh) }),
	}
}

// TestScale checks the three kernels' results against the host on native:
// the 16-bit ones must be the host's conversions of the float32 product.
func TestScale(t *testing.T) {
	dev, err := ka.Open("native")
	require.NoError(t, err)
	defer dev.Close()
	ctx := context.Background()
	x32 := []float32{0, 1, -2.5, 65504, 3e38, 1e-8, 0.1}
	x, _ := ka.FromSlice(ctx, dev, ka.ToFloat16s(x32))
	y, _ := ka.Alloc[ka.Float16](dev, len(x32))
	k, err := NewScaleF16Kernel(dev)
	require.NoError(t, err)
	require.NoError(t, k.Launch(dev.Stream(), ka.Range(len(x32)), 1.5, x, y))
	got := make([]ka.Float16, len(x32))
	require.NoError(t, y.Read(ctx, got))
	for i, h := range ka.ToFloat16s(x32) {
		require.Equal(t, ka.ToFloat16(1.5*h.Float32()), got[i], "element %d", i)
	}
}

func median(x []float64) float64 {
	x = slices.Clone(x)
	slices.Sort(x)
	return x[len(x)/2]
}
