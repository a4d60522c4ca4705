package katest

import (
	"context"
	"math"
	"testing"

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
	must(t, err)
	defer x.Free()
	y, err := ka.FromSlice(ctx, dev, hy)
	must(t, err)
	defer y.Free()
	k, err := ka.NewKernel(dev, Saxpy, ka.WithGroupSize(128))
	must(t, err)
	must(t, k.Launch(dev.Stream(), ka.Range(n), float32(3), x, y))
	must(t, k.Launch(dev.Stream(), ka.Range(n), float32(-1), x, y))
	must(t, dev.Synchronize(ctx))
	got := make([]float32, n)
	must(t, y.Read(ctx, got))
	for i := range got {
		want := hy[i]
		want = 3*hx[i] + want
		want = -1*hx[i] + want
		if got[i] != want {
			t.Fatalf("y[%d] = %v, want %v", i, got[i], want)
		}
	}
}

func testGeneric(t *testing.T, dev *ka.Device) {
	ctx := context.Background()
	t.Run("float32", func(t *testing.T) {
		x, err := ka.FromSlice(ctx, dev, []float32{1, 2, 3, 4, 5})
		must(t, err)
		defer x.Free()
		k, err := ka.NewKernel(dev, Scale[float32])
		must(t, err)
		must(t, k.Launch(dev.Stream(), ka.Range(5), float32(1.5), x))
		got := make([]float32, 5)
		must(t, x.Read(ctx, got))
		for i, v := range got {
			if want := float32(i+1) * 1.5; v != want {
				t.Errorf("x[%d] = %v, want %v", i, v, want)
			}
		}
	})
	t.Run("float64", func(t *testing.T) {
		if !dev.Capabilities().Features.Has(ka.FP64) {
			t.Skip("device has no float64")
		}
		x, err := ka.FromSlice(ctx, dev, []float64{1, 2, 3})
		must(t, err)
		defer x.Free()
		k, err := ka.NewKernel(dev, Scale[float64])
		must(t, err)
		must(t, k.Launch(dev.Stream(), ka.Range(3), 0.1, x))
		got := make([]float64, 3)
		must(t, x.Read(ctx, got))
		for i, v := range got {
			if want := float64(i+1) * 0.1; v != want {
				t.Errorf("x[%d] = %v, want %v", i, v, want)
			}
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
	must(t, err)
	defer x.Free()
	k, err := ka.NewKernel(dev, Reverse, ka.WithGroupSize(64))
	must(t, err)
	must(t, k.Launch(dev.Stream(), ka.Range(n), x))
	got := make([]int32, n)
	must(t, x.Read(ctx, got))
	for i, v := range got {
		g, l := i/64, i%64
		if want := h[g*64+63-l]; v != want {
			t.Fatalf("x[%d] = %d, want %d", i, v, want)
		}
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
	must(t, err)
	defer x.Free()
	out, err := ka.Alloc[float32](dev, 8)
	must(t, err)
	defer out.Free()
	k, err := ka.NewKernel(dev, Sum, ka.WithGroupSize(128))
	must(t, err)
	must(t, k.Launch(dev.Stream(), ka.Range(n), x, out))
	got := make([]float32, 8)
	must(t, out.Read(ctx, got))
	for g := range 8 {
		var want float32
		for i := g * 128; i < min(n, (g+1)*128); i++ {
			want += h[i]
		}
		if got[g] != want {
			t.Errorf("sum of group %d = %v, want %v", g, got[g], want)
		}
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
	must(t, err)
	defer x.Free()
	bins, err := ka.FromSlice(ctx, dev, make([]int32, nbins))
	must(t, err)
	defer bins.Free()
	k, err := ka.NewKernel(dev, Histogram, ka.WithGroupSize(64))
	must(t, err)
	must(t, k.Launch(dev.Stream(), ka.Range(n), x, bins))
	got := make([]int32, nbins)
	must(t, bins.Read(ctx, got))
	for b := range nbins {
		if got[b] != want[b] {
			t.Errorf("bin %d = %d, want %d", b, got[b], want[b])
		}
	}
}

func testAtomics(t *testing.T, dev *ka.Device) {
	if !dev.Capabilities().Features.Has(ka.FP64 | ka.Int64Atomics) {
		t.Skip("device lacks 64-bit atomics or float64")
	}
	ctx := context.Background()
	const n = 1000
	i32, err := ka.FromSlice(ctx, dev, []int32{0, math.MinInt32, math.MaxInt32, 0, 0, -1})
	must(t, err)
	u32, err := ka.FromSlice(ctx, dev, []uint32{0, 0})
	must(t, err)
	i64, err := ka.FromSlice(ctx, dev, []int64{0, math.MaxInt64})
	must(t, err)
	u64, err := ka.FromSlice(ctx, dev, []uint64{0})
	must(t, err)
	f32, err := ka.FromSlice(ctx, dev, []float32{0, -1})
	must(t, err)
	f64, err := ka.FromSlice(ctx, dev, []float64{0, math.Inf(1)})
	must(t, err)
	k, err := ka.NewKernel(dev, Atomics, ka.WithGroupSize(50))
	must(t, err)
	must(t, k.Launch(dev.Stream(), ka.Range(n), n, i32, u32, i64, u64, f32, f64))
	gi32, gu32, gi64, gu64, gf32, gf64 := make([]int32, 6), make([]uint32, 2), make([]int64, 2), make([]uint64, 1), make([]float32, 2), make([]float64, 2)
	must(t, i32.Read(ctx, gi32))
	must(t, u32.Read(ctx, gu32))
	must(t, i64.Read(ctx, gi64))
	must(t, u64.Read(ctx, gu64))
	must(t, f32.Read(ctx, gf32))
	must(t, f64.Read(ctx, gf64))
	check := func(what string, got, want any) {
		t.Helper()
		if got != want {
			t.Errorf("%s = %v, want %v", what, got, want)
		}
	}
	check("AtomicAdd int32", gi32[0], int32(n))
	check("AtomicMax int32", gi32[1], int32(n-1))
	check("AtomicMin int32", gi32[2], int32(-(n - 1)))
	check("AtomicCAS winners", gi32[4], int32(1))
	if gi32[3] < 1 || gi32[3] > n {
		t.Errorf("AtomicCAS stored %d, want a work-item's index + 1", gi32[3])
	}
	if gi32[5] < 0 || gi32[5] >= n {
		t.Errorf("AtomicExchange left %d, want a work-item's index", gi32[5])
	}
	check("AtomicAdd uint32", gu32[0], uint32(2*n))
	check("AtomicMax uint32", gu32[1], uint32(n-1))
	check("AtomicAdd int64", gi64[0], int64(n*(n-1)/2))
	check("AtomicMin int64", gi64[1], int64(0))
	check("AtomicAdd uint64", gu64[0], uint64(3*n))
	check("AtomicAdd float32", gf32[0], float32(n)*0.5)
	check("AtomicMax float32", gf32[1], float32(n-1))
	check("AtomicAdd float64", gf64[0], float64(n)*0.25)
	check("AtomicMin float64", gf64[1], 0.0)
	for _, a := range []interface{ Free() error }{i32, u32, i64, u64, f32, f64} {
		must(t, a.Free())
	}
}
