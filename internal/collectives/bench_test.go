package collectives

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

// TestBenchCollectiveVsTree times GroupSumBlocks against TreeSum (the
// hand-written tree of examples/reduce) on each backend, interleaved in
// one process, and logs the median ratio and its spread. It runs only
// with KAGO_BENCH_COLLECTIVES=<rounds>; the figures are in
// benchmarks/README.md.
func TestBenchCollectiveVsTree(t *testing.T) {
	rounds, _ := strconv.Atoi(os.Getenv("KAGO_BENCH_COLLECTIVES"))
	if rounds == 0 {
		t.Skip("set KAGO_BENCH_COLLECTIVES=<rounds> to run")
	}
	ctx := context.Background()
	for _, b := range []string{"native", "pocl"} {
		dev := open(t, b)
		n := 1 << 22
		x := make([]float32, n)
		for i := range x {
			x[i] = float32(i%97) * 0.5
		}
		xa, err := ka.FromSlice(ctx, dev, x)
		require.NoError(t, err)
		out, err := ka.Alloc[float32](dev, n/BenchGroup)
		require.NoError(t, err)
		tree, err := NewTreeSumKernel(dev, ka.GroupSize(BenchGroup))
		require.NoError(t, err)
		coll, err := NewGroupSumBlocksKernel(dev, ka.GroupSize(BenchGroup))
		require.NoError(t, err)
		s := dev.Stream()
		timeIt := func(launch func() error) time.Duration {
			t0 := time.Now()
			require.NoError(t, launch())
			require.NoError(t, s.Synchronize(ctx))
			return time.Since(t0)
		}
		lt := func() error { return tree.Launch(s, ka.Range(n), xa, out) }
		lc := func() error { return coll.Launch(s, ka.Range(n), xa, out) }
		timeIt(lt)
		timeIt(lc)
		var ratios []float64
		var tt, tc []time.Duration
		for range rounds {
			a := timeIt(lt)
			c := timeIt(lc)
			tt, tc = append(tt, a), append(tc, c)
			ratios = append(ratios, float64(c)/float64(a))
		}
		slices.Sort(ratios)
		slices.Sort(tt)
		slices.Sort(tc)
		t.Logf("%s: 2^22 float32 in groups of %d: tree median %v, GroupSum median %v, GroupSum/tree median %.2f (min %.2f, max %.2f, %d rounds)",
			b, BenchGroup, tt[len(tt)/2], tc[len(tc)/2], ratios[len(ratios)/2], ratios[0], ratios[len(ratios)-1], rounds)
	}
}
