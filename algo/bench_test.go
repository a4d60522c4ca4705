package algo

import (
	"context"
	"os"
	"slices"
	"strconv"
	"testing"
	"time"

	"github.com/kago-dev/kago/ka"
	"github.com/stretchr/testify/require"
)

// TestBenchSum times Sum of 2^26 float32 against a plain Go loop and Go's
// copy() of the same bytes, interleaved in one process, on native and
// PoCL, and logs medians and ratios. It runs only with
// KAGO_BENCH_ALGO=<rounds>; the figures are in docs/algorithms.md.
func TestBenchSum(t *testing.T) {
	rounds, _ := strconv.Atoi(os.Getenv("KAGO_BENCH_ALGO"))
	if rounds == 0 {
		t.Skip("set KAGO_BENCH_ALGO=<rounds> to run")
	}
	ctx := context.Background()
	n := 1 << 26
	x := make([]float32, n)
	for i := range x {
		x[i] = float32(i%1000) * 0.25
	}
	dst := make([]float32, n)
	var sink float32
	goLoop := func() time.Duration {
		t0 := time.Now()
		var s float32
		for _, v := range x {
			s += v
		}
		sink += s
		return time.Since(t0)
	}
	goCopy := func() time.Duration {
		t0 := time.Now()
		copy(dst, x)
		return time.Since(t0)
	}
	for _, b := range []string{"native", "pocl"} {
		dev := open(t, b)
		xa, err := ka.FromSlice(ctx, dev, x)
		require.NoError(t, err)
		s := dev.Stream()
		sum := func() time.Duration {
			t0 := time.Now()
			_, err := Sum(ctx, s, xa)
			require.NoError(t, err)
			return time.Since(t0)
		}
		sum()
		var ts, tl, tc []time.Duration
		var rl, rc []float64
		for range rounds {
			a, l, c := sum(), goLoop(), goCopy()
			ts, tl, tc = append(ts, a), append(tl, l), append(tc, c)
			rl = append(rl, float64(l)/float64(a))
			// bandwidth: Sum reads 4n bytes; copy reads 4n (and writes 4n).
			rc = append(rc, float64(c)/float64(a))
		}
		for _, s := range [][]time.Duration{ts, tl, tc} {
			slices.Sort(s)
		}
		slices.Sort(rl)
		slices.Sort(rc)
		m := len(ts) / 2
		t.Logf("%s: Sum 2^26 float32 median %v (%.1f GB/s read); Go loop %v; Go copy %v (%.1f GB/s read); Go loop/Sum %.2f (%.2f-%.2f); Sum bandwidth / copy read bandwidth %.2f (%.2f-%.2f); %d rounds",
			b, ts[m], 4*float64(n)/ts[m].Seconds()/1e9, tl[m], tc[m], 4*float64(n)/tc[m].Seconds()/1e9, rl[m], rl[0], rl[len(rl)-1], rc[m], rc[0], rc[len(rc)-1], rounds)
		require.NoError(t, xa.Free())
	}
	_ = sink
}

// TestBenchScan times ExclusiveScan of 2^24 uint32 against a Go loop and
// Go's copy() (bytes read + written: 8 per element for both), interleaved;
// with KAGO_BENCH_ALGO=<rounds>.
func TestBenchScan(t *testing.T) {
	rounds, _ := strconv.Atoi(os.Getenv("KAGO_BENCH_ALGO"))
	if rounds == 0 {
		t.Skip("set KAGO_BENCH_ALGO=<rounds> to run")
	}
	ctx := context.Background()
	n := 1 << 24
	x := make([]uint32, n)
	for i := range x {
		x[i] = uint32(i % 7)
	}
	dst := make([]uint32, n)
	goLoop := func() time.Duration {
		t0 := time.Now()
		var acc uint32
		for i, v := range x {
			dst[i] = acc
			acc += v
		}
		return time.Since(t0)
	}
	goCopy := func() time.Duration {
		t0 := time.Now()
		copy(dst, x)
		return time.Since(t0)
	}
	for _, b := range []string{"native", "pocl"} {
		dev := open(t, b)
		xa, err := ka.FromSlice(ctx, dev, x)
		require.NoError(t, err)
		ya, err := ka.Alloc[uint32](dev, n)
		require.NoError(t, err)
		s := dev.Stream()
		scan := func() time.Duration {
			t0 := time.Now()
			require.NoError(t, ExclusiveScan(s, ya, xa))
			require.NoError(t, s.Synchronize(ctx))
			return time.Since(t0)
		}
		scan()
		var ts, tl, tc []time.Duration
		var rl, rc []float64
		for range rounds {
			a, l, c := scan(), goLoop(), goCopy()
			ts, tl, tc = append(ts, a), append(tl, l), append(tc, c)
			rl = append(rl, float64(l)/float64(a))
			rc = append(rc, float64(c)/float64(a))
		}
		for _, s := range [][]time.Duration{ts, tl, tc} {
			slices.Sort(s)
		}
		slices.Sort(rl)
		slices.Sort(rc)
		m := len(ts) / 2
		t.Logf("%s: ExclusiveScan 2^24 uint32 median %v (%.1f GB/s r+w); Go loop %v; Go copy %v (%.1f GB/s r+w); Go loop/scan %.2f (%.2f-%.2f); scan / copy bandwidth %.2f (%.2f-%.2f); %d rounds",
			b, ts[m], 8*float64(n)/ts[m].Seconds()/1e9, tl[m], tc[m], 8*float64(n)/tc[m].Seconds()/1e9, rl[m], rl[0], rl[len(rl)-1], rc[m], rc[0], rc[len(rc)-1], rounds)
		require.NoError(t, xa.Free())
		require.NoError(t, ya.Free())
	}
}

// TestBenchSort times SortUint32 of 2^24 random keys (upload included in
// neither) against slices.Sort of the same keys, interleaved; with
// KAGO_BENCH_ALGO=<rounds>.
func TestBenchSort(t *testing.T) {
	rounds, _ := strconv.Atoi(os.Getenv("KAGO_BENCH_ALGO"))
	if rounds == 0 {
		t.Skip("set KAGO_BENCH_ALGO=<rounds> to run")
	}
	ctx := context.Background()
	n := 1 << 24
	keys := make([]uint32, n)
	var x uint64 = 88172645463325252
	for i := range keys {
		x ^= x << 13
		x ^= x >> 7
		x ^= x << 17
		keys[i] = uint32(x)
	}
	work := make([]uint32, n)
	goSort := func() time.Duration {
		copy(work, keys)
		t0 := time.Now()
		slices.Sort(work)
		return time.Since(t0)
	}
	for _, b := range []string{"native", "pocl"} {
		dev := open(t, b)
		ka_, err := ka.FromSlice(ctx, dev, keys)
		require.NoError(t, err)
		s := dev.Stream()
		sort := func() time.Duration {
			require.NoError(t, ka_.WriteAsync(s, keys))
			require.NoError(t, s.Synchronize(ctx))
			t0 := time.Now()
			require.NoError(t, SortUint32(s, ka_))
			require.NoError(t, s.Synchronize(ctx))
			return time.Since(t0)
		}
		sort()
		var ts, tg []time.Duration
		var r []float64
		for range rounds {
			a, g := sort(), goSort()
			ts, tg = append(ts, a), append(tg, g)
			r = append(r, float64(g)/float64(a))
		}
		slices.Sort(ts)
		slices.Sort(tg)
		slices.Sort(r)
		m := len(ts) / 2
		t.Logf("%s: SortUint32 2^24 median %v; slices.Sort %v; slices.Sort/radix %.2f (%.2f-%.2f); %d rounds", b, ts[m], tg[m], r[m], r[0], r[len(r)-1], rounds)
		require.NoError(t, ka_.Free())
	}
}

// TestBenchSortFloat32 is TestBenchSort for SortFloat32 of 2^24 random
// float32 (no NaNs).
func TestBenchSortFloat32(t *testing.T) {
	rounds, _ := strconv.Atoi(os.Getenv("KAGO_BENCH_ALGO"))
	if rounds == 0 {
		t.Skip("set KAGO_BENCH_ALGO=<rounds> to run")
	}
	ctx := context.Background()
	n := 1 << 24
	keys := make([]float32, n)
	var x uint64 = 88172645463325252
	for i := range keys {
		x ^= x << 13
		x ^= x >> 7
		x ^= x << 17
		keys[i] = float32(int32(x)) / 1024
	}
	work := make([]float32, n)
	goSort := func() time.Duration {
		copy(work, keys)
		t0 := time.Now()
		slices.Sort(work)
		return time.Since(t0)
	}
	for _, b := range []string{"native", "pocl"} {
		dev := open(t, b)
		xa, err := ka.FromSlice(ctx, dev, keys)
		require.NoError(t, err)
		s := dev.Stream()
		sort := func() time.Duration {
			require.NoError(t, xa.WriteAsync(s, keys))
			require.NoError(t, s.Synchronize(ctx))
			t0 := time.Now()
			require.NoError(t, SortFloat32(s, xa))
			require.NoError(t, s.Synchronize(ctx))
			return time.Since(t0)
		}
		sort()
		var ts, tg []time.Duration
		var r []float64
		for range rounds {
			a, g := sort(), goSort()
			ts, tg = append(ts, a), append(tg, g)
			r = append(r, float64(g)/float64(a))
		}
		slices.Sort(ts)
		slices.Sort(tg)
		slices.Sort(r)
		m := len(ts) / 2
		t.Logf("%s: SortFloat32 2^24 median %v; slices.Sort %v; slices.Sort/radix %.2f (%.2f-%.2f); %d rounds", b, ts[m], tg[m], r[m], r[0], r[len(r)-1], rounds)
		require.NoError(t, xa.Free())
	}
}
