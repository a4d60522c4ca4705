package collectives

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"slices"
	"strconv"
	"testing"
	"time"

	"github.com/kago-dev/kago/ka"
	"github.com/stretchr/testify/require"
)

// benchCycles is the number of interleaved cycles in one repetition of
// TestBenchCollectiveVsTree.
const benchCycles = 15

// TestBenchCollectiveVsTree times GroupSumBlocks (ka.GroupSum) against
// TreeSum (the hand-written LocalArray tree examples/reduce had) on the
// native backend and PoCL, in one process, as kagobench -twins compares
// kernels: a cycle runs the pair once each in random order (launch +
// Synchronize each), its ratio is GroupSum's time over the tree's; a
// repetition is the median of 15 cycles; the log gives the median of the
// repetitions with their min–max, and the median times. Both kernels add
// a group's values in the same tree, so their sums must be the same bits,
// which it checks. It runs only with KAGO_BENCH_COLLECTIVES=<repetitions>;
// the figures are in benchmarks/README.md and docs/algorithms.md.
func TestBenchCollectiveVsTree(t *testing.T) {
	reps, _ := strconv.Atoi(os.Getenv("KAGO_BENCH_COLLECTIVES"))
	if reps == 0 {
		t.Skip("set KAGO_BENCH_COLLECTIVES=<repetitions> to run")
	}
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(15, 4))
	for _, b := range []string{"native", "pocl"} {
		dev := open(t, b)
		n := 1 << 22
		x := make([]float32, n)
		for i := range x {
			x[i] = float32((rng.Float64() - 0.3) * math.Pow(10, float64(rng.IntN(6)-2)))
		}
		xa, err := ka.FromSlice(ctx, dev, x)
		require.NoError(t, err)
		outTree, err := ka.Alloc[float32](dev, n/BenchGroup)
		require.NoError(t, err)
		outColl, err := ka.Alloc[float32](dev, n/BenchGroup)
		require.NoError(t, err)
		tree, err := NewTreeSumKernel(dev, ka.WithGroupSize(BenchGroup))
		require.NoError(t, err)
		coll, err := NewGroupSumBlocksKernel(dev, ka.WithGroupSize(BenchGroup))
		require.NoError(t, err)
		s := dev.Stream()
		timeIt := func(launch func() error) time.Duration {
			t0 := time.Now()
			require.NoError(t, launch())
			require.NoError(t, s.Synchronize(ctx))
			return time.Since(t0)
		}
		lt := func() error { return tree.Launch(s, ka.Range(n), xa, outTree) }
		lc := func() error { return coll.Launch(s, ka.Range(n), xa, outColl) }
		timeIt(lt) // warm: compile, allocate the groups' scratch
		timeIt(lc)
		a, c := make([]float32, n/BenchGroup), make([]float32, n/BenchGroup)
		require.NoError(t, outTree.Read(ctx, a))
		require.NoError(t, outColl.Read(ctx, c))
		for i := range a {
			require.Equal(t, math.Float32bits(a[i]), math.Float32bits(c[i]), "%s: group %d", b, i)
		}
		var repRatios []float64
		var tt, tc []time.Duration
		for range reps {
			var ratios []float64
			for range benchCycles {
				var dt, dc time.Duration
				if rng.IntN(2) == 0 {
					dt = timeIt(lt)
					dc = timeIt(lc)
				} else {
					dc = timeIt(lc)
					dt = timeIt(lt)
				}
				tt, tc = append(tt, dt), append(tc, dc)
				ratios = append(ratios, float64(dc)/float64(dt))
			}
			slices.Sort(ratios)
			repRatios = append(repRatios, ratios[len(ratios)/2])
		}
		slices.Sort(repRatios)
		slices.Sort(tt)
		slices.Sort(tc)
		t.Log(fmt.Sprintf("%s: 2^22 float32 in groups of %d: tree median %.3g ms, GroupSum median %.3g ms, GroupSum/tree %.2f (%.2f–%.2f), %d repetitions of %d cycles, same bits",
			b, BenchGroup, ms(tt[len(tt)/2]), ms(tc[len(tc)/2]), repRatios[len(repRatios)/2], repRatios[0], repRatios[len(repRatios)-1], reps, benchCycles))
	}
}

func ms(d time.Duration) float64 { return float64(d) / 1e6 }
