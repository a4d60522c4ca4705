package katest

import (
	"context"
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kago-dev/kago/ka"
)

func testSaxpy(t *testing.T, dev *ka.Device) {
	ctx := context.Background()
	const n = 10007 // not a multiple of any group size
	hx, hy := make([]float32, n), make([]float32, n)
	for i := range hx {
		hx[i], hy[i] = float32(i)*0.5, float32(n-i)
	}
	x, err := ka.FromSlice(ctx, dev, hx)
	require.NoError(t, err)
	defer x.Free()
	y, err := ka.FromSlice(ctx, dev, hy)
	require.NoError(t, err)
	defer y.Free()
	k, err := ka.NewKernel(dev, Saxpy, ka.WithGroupSize(128))
	require.NoError(t, err)
	require.NoError(t, k.Launch(dev.Stream(), ka.Range(n), float32(3), x, y))
	require.NoError(t, k.Launch(dev.Stream(), ka.Range(n), float32(-1), x, y))
	require.NoError(t, dev.Synchronize(ctx))
	got := make([]float32, n)
	require.NoError(t, y.Read(ctx, got))
	for i := range got {
		want := hy[i]
		want = 3*hx[i] + want
		want = -1*hx[i] + want
		require.Equal(t, want, got[i], "y[%d]", i)
	}
}

func testGeneric(t *testing.T, dev *ka.Device) {
	ctx := context.Background()
	t.Run("float32", func(t *testing.T) {
		x, err := ka.FromSlice(ctx, dev, []float32{1, 2, 3, 4, 5})
		require.NoError(t, err)
		defer x.Free()
		k, err := ka.NewKernel(dev, Scale[float32])
		require.NoError(t, err)
		require.NoError(t, k.Launch(dev.Stream(), ka.Range(5), float32(1.5), x))
		got := make([]float32, 5)
		require.NoError(t, x.Read(ctx, got))
		for i, v := range got {
			assert.Equal(t, float32(i+1)*1.5, v, "x[%d]", i)
		}
	})
	t.Run("float64", func(t *testing.T) {
		if !dev.Capabilities().Features.Has(ka.FP64) {
			t.Skip("device has no float64")
		}
		x, err := ka.FromSlice(ctx, dev, []float64{1, 2, 3})
		require.NoError(t, err)
		defer x.Free()
		k, err := ka.NewKernel(dev, Scale[float64])
		require.NoError(t, err)
		require.NoError(t, k.Launch(dev.Stream(), ka.Range(3), 0.1, x))
		got := make([]float64, 3)
		require.NoError(t, x.Read(ctx, got))
		for i, v := range got {
			assert.Equal(t, float64(i+1)*0.1, v, "x[%d]", i)
		}
	})
}

func testReverse(t *testing.T, dev *ka.Device) {
	ctx := context.Background()
	const n = 64 * 5
	h := make([]int32, n)
	for i := range h {
		h[i] = int32(i * 3)
	}
	x, err := ka.FromSlice(ctx, dev, h)
	require.NoError(t, err)
	defer x.Free()
	k, err := ka.NewKernel(dev, Reverse, ka.WithGroupSize(64))
	require.NoError(t, err)
	require.NoError(t, k.Launch(dev.Stream(), ka.Range(n), x))
	got := make([]int32, n)
	require.NoError(t, x.Read(ctx, got))
	for i, v := range got {
		g, l := i/64, i%64
		require.Equal(t, h[g*64+63-l], v, "x[%d]", i)
	}
}

func testSum(t *testing.T, dev *ka.Device) {
	ctx := context.Background()
	const n = 1000 // 8 groups of 128, the last one partial
	h := make([]float32, n)
	for i := range h {
		h[i] = float32(i % 17) // small integers: every order of summing is exact
	}
	x, err := ka.FromSlice(ctx, dev, h)
	require.NoError(t, err)
	defer x.Free()
	out, err := ka.Alloc[float32](dev, 8)
	require.NoError(t, err)
	defer out.Free()
	k, err := ka.NewKernel(dev, Sum, ka.WithGroupSize(128))
	require.NoError(t, err)
	require.NoError(t, k.Launch(dev.Stream(), ka.Range(n), x, out))
	got := make([]float32, 8)
	require.NoError(t, out.Read(ctx, got))
	for g := range 8 {
		var want float32
		for i := g * 128; i < min(n, (g+1)*128); i++ {
			want += h[i]
		}
		assert.Equal(t, want, got[g], "sum of group %d", g)
	}
}

func testHistogram(t *testing.T, dev *ka.Device) {
	ctx := context.Background()
	const n, nbins = 20000, 7 // few bins: heavy contention
	h := make([]int32, n)
	want := make([]int32, nbins)
	for i := range h {
		h[i] = int32(i * i % 1013)
		want[h[i]%nbins]++
	}
	x, err := ka.FromSlice(ctx, dev, h)
	require.NoError(t, err)
	defer x.Free()
	bins, err := ka.FromSlice(ctx, dev, make([]int32, nbins))
	require.NoError(t, err)
	defer bins.Free()
	k, err := ka.NewKernel(dev, Histogram, ka.WithGroupSize(64))
	require.NoError(t, err)
	require.NoError(t, k.Launch(dev.Stream(), ka.Range(n), x, bins))
	got := make([]int32, nbins)
	require.NoError(t, bins.Read(ctx, got))
	for b := range nbins {
		assert.Equal(t, want[b], got[b], "bin %d", b)
	}
}

func testAtomics(t *testing.T, dev *ka.Device) {
	if !dev.Capabilities().Features.Has(ka.FP64 | ka.Int64Atomics) {
		t.Skip("device lacks 64-bit atomics or float64")
	}
	ctx := context.Background()
	const n = 1000
	i32, err := ka.FromSlice(ctx, dev, []int32{0, math.MinInt32, math.MaxInt32, 0, 0, -1})
	require.NoError(t, err)
	u32, err := ka.FromSlice(ctx, dev, []uint32{0, 0})
	require.NoError(t, err)
	i64, err := ka.FromSlice(ctx, dev, []int64{0, math.MaxInt64})
	require.NoError(t, err)
	u64, err := ka.FromSlice(ctx, dev, []uint64{0})
	require.NoError(t, err)
	f32, err := ka.FromSlice(ctx, dev, []float32{0, -1})
	require.NoError(t, err)
	f64, err := ka.FromSlice(ctx, dev, []float64{0, math.Inf(1)})
	require.NoError(t, err)
	k, err := ka.NewKernel(dev, Atomics, ka.WithGroupSize(50))
	require.NoError(t, err)
	require.NoError(t, k.Launch(dev.Stream(), ka.Range(n), n, i32, u32, i64, u64, f32, f64))
	gi32, gu32, gi64, gu64, gf32, gf64 := make([]int32, 6), make([]uint32, 2), make([]int64, 2), make([]uint64, 1), make([]float32, 2), make([]float64, 2)
	require.NoError(t, i32.Read(ctx, gi32))
	require.NoError(t, u32.Read(ctx, gu32))
	require.NoError(t, i64.Read(ctx, gi64))
	require.NoError(t, u64.Read(ctx, gu64))
	require.NoError(t, f32.Read(ctx, gf32))
	require.NoError(t, f64.Read(ctx, gf64))
	assert.Equal(t, int32(n), gi32[0], "AtomicAdd int32")
	assert.Equal(t, int32(n-1), gi32[1], "AtomicMax int32")
	assert.Equal(t, int32(-(n - 1)), gi32[2], "AtomicMin int32")
	assert.Equal(t, int32(1), gi32[4], "AtomicCAS winners")
	assert.GreaterOrEqual(t, gi32[3], int32(1), "AtomicCAS stored %d, want a work-item's index + 1", gi32[3])
	assert.LessOrEqual(t, gi32[3], int32(n), "AtomicCAS stored %d, want a work-item's index + 1", gi32[3])
	assert.GreaterOrEqual(t, gi32[5], int32(0), "AtomicExchange left %d, want a work-item's index", gi32[5])
	assert.Less(t, gi32[5], int32(n), "AtomicExchange left %d, want a work-item's index", gi32[5])
	assert.Equal(t, uint32(2*n), gu32[0], "AtomicAdd uint32")
	assert.Equal(t, uint32(n-1), gu32[1], "AtomicMax uint32")
	assert.Equal(t, int64(n*(n-1)/2), gi64[0], "AtomicAdd int64")
	assert.Equal(t, int64(0), gi64[1], "AtomicMin int64")
	assert.Equal(t, uint64(3*n), gu64[0], "AtomicAdd uint64")
	assert.Equal(t, float32(n)*0.5, gf32[0], "AtomicAdd float32")
	assert.Equal(t, float32(n-1), gf32[1], "AtomicMax float32")
	assert.Equal(t, float64(n)*0.25, gf64[0], "AtomicAdd float64")
	assert.Equal(t, 0.0, gf64[1], "AtomicMin float64")
	for _, a := range []interface{ Free() error }{i32, u32, i64, u64, f32, f64} {
		require.NoError(t, a.Free())
	}
}
