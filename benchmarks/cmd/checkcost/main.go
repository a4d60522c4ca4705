// Command checkcost measures what Go's checks in kernels cost. Each kernel
// runs twice, with its checks (the default) and marked //ka:nocheck (the
// same source: benchmarks/kernels' NoCheck twin), on each backend, the two
// variants taking turns in a random order in one process, round after
// round. It prints, per kernel, the median time of a launch + synchronize
// of each variant and the median ratio checked / unchecked with the
// min–max of the per-round ratios.
//
//	go run ./benchmarks/cmd/checkcost [-backends native,pocl,pocl-spirv] [-rounds 15]
//
// The kernels: saxpy (katest.Saxpy), a tiled matmul and a histogram,
// whose checks are few or outside their inner loops; and the stencils and
// row loops of benchmarks/kernels' stencils.go, where a check guards every
// access: 5- and 9-point 2-D stencils over ka.Matrix and over flat slices,
// a 7-point 3-D stencil over ka.Volume, an FDTD update of three fields,
// matrix–vector products by rows and by columns and a triangular (j ≤ i)
// one. The kernels over ka.Matrix and ka.Volume run in groups of 8×32 and
// 1×8×32 (WithGroupSize's order, rows before columns: 32 columns along
// dimension 0), so that neighbouring work-items read neighbouring
// elements; the flat-slice kernels, whose GlobalID(0) is the column too,
// in the device's default groups.
//
// The small saxpy is launched and synchronized once per sample: its cost
// is mostly the launch and the wait, and with checks the read of the
// queue's fault record after the wait.
//
// On native, kernels run as Go code, which Go always checks: the two
// variants are the same code there, so that row is the noise floor.
// pocl-spirv is PoCL loading the kernels from their SPIR-V (spirv.go).
package main

import (
	"context"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"slices"
	"strings"
	"time"

	_ "github.com/kago-dev/kago/backends/native"
	_ "github.com/kago-dev/kago/backends/pocl"
	"github.com/kago-dev/kago/benchmarks/kernels"
	"github.com/kago-dev/kago/ka"
	"github.com/kago-dev/kago/ka/katest"
)

// bench is one kernel: a setup that loads its two variants on a device.
type bench struct {
	name  string
	setup func(ctx context.Context, dev *ka.Device) (pair, error)
	reps  int  // launches per sample
	each  bool // synchronize after each launch, not once per sample
}

// pair is one kernel's two variants loaded on a device with their inputs:
// on launches the checked kernel, off the //ka:nocheck one, on the same
// inputs. A measure other than time (such as the simulated PTX driver's
// count of executed instructions) takes the same two launches.
type pair struct {
	on, off func(*ka.Stream) error
	free    func()
}

func main() {
	backends := flag.String("backends", "pocl,native", "backends to measure")
	rounds := flag.Int("rounds", 15, "rounds; each runs every variant once, in a random order")
	small := flag.Int("small", 200, "samples per variant per round of the small saxpy")
	matN := flag.Int("matmul", 256, "matmul size n (n×n matrices)")
	grid := flag.Int("grid", 1024, "side of the 2-D stencils' grids")
	vol := flag.Int("volume", 128, "side of the 3-D stencil's volume")
	mv := flag.Int("matvec", 2048, "side of the matrix–vector products' matrix")
	flag.Parse()
	full := benches(sizes{saxpy: 1 << 24, small: *small, matmul: *matN, grid: *grid, volume: *vol, matvec: *mv})
	// The simulator runs some 10⁷ thread instructions a second: its
	// counts, exact whatever the size, come from smaller inputs.
	sim := benches(sizes{saxpy: 1 << 16, small: 1, matmul: 64, grid: 128, volume: 32, matvec: 256})
	ctx := context.Background()
	fmt.Printf("| backend | kernel | checked | //ka:nocheck | checked / nocheck: median (min–max of %d rounds) |\n|---|---|---|---|---|\n", *rounds)
	for _, b := range strings.Split(*backends, ",") {
		dev, err := ka.Open(b)
		if err != nil {
			fmt.Fprintf(os.Stderr, "checkcost: %s: %v\n", b, err)
			continue
		}
		list := full
		if b == "cuda-sim" {
			list = sim
		}
		for _, bn := range list {
			if b == "cuda-sim" && bn.each {
				continue // launch + synchronize: a time, which the simulator does not model
			}
			p, err := bn.setup(ctx, dev)
			check(b, bn.name, err)
			if b == "cuda-sim" {
				counted(dev, b, bn, p)
			} else {
				timed(ctx, dev, b, bn, p, *rounds)
			}
			p.free()
		}
		dev.Close()
	}
}

// sizes are the benches' input sizes.
type sizes struct {
	saxpy, small, matmul, grid, volume, matvec int
}

// benches are checkcost's pairs at the sizes z.
func benches(z sizes) []bench {
	g, v, n := z.grid, z.volume, z.matvec
	grids, matrixGroups := ka.Range2(g, g), ka.WithGroupSize(8, 32)
	return []bench{
		{fmt.Sprintf("saxpy n=%d", z.saxpy), pairOf(katest.Saxpy, kernels.SaxpyNoCheck, ka.Range(z.saxpy), nil, saxpyArgs(z.saxpy)), 3, false},
		{"saxpy n=2^10, launch + synchronize", pairOf(katest.Saxpy, kernels.SaxpyNoCheck, ka.Range(1<<10), nil, saxpyArgs(1<<10)), z.small, true},
		{fmt.Sprintf("matmul %d×%d tiled", z.matmul, z.matmul), pairOf(kernels.MatMulTiled, kernels.MatMulTiledNoCheck,
			ka.Range2(z.matmul, z.matmul), []ka.KernelOption{ka.WithGroupSize(kernels.Tile, kernels.Tile)}, matmulArgs(z.matmul)), 3, false},
		{fmt.Sprintf("histogram %d bytes", z.saxpy/4), pairOf(kernels.Histogram, kernels.HistogramNoCheck, ka.Range(z.saxpy/4), nil, histogramArgs(z.saxpy/4)), 3, false},
		{fmt.Sprintf("5-point stencil, ka.Matrix %d×%d", g, g), pairOf(kernels.Stencil5Matrix, kernels.Stencil5MatrixNoCheck,
			grids, []ka.KernelOption{matrixGroups}, matrices(g, g, 2)), 3, false},
		{fmt.Sprintf("5-point stencil, []float32 %d×%d", g, g), pairOf(kernels.Stencil5Slice, kernels.Stencil5SliceNoCheck,
			grids, nil, flatGrids(g, g)), 3, false},
		{fmt.Sprintf("9-point stencil, ka.Matrix %d×%d", g, g), pairOf(kernels.Stencil9Matrix, kernels.Stencil9MatrixNoCheck,
			grids, []ka.KernelOption{matrixGroups}, matrices(g, g, 2)), 3, false},
		{fmt.Sprintf("9-point stencil, []float32 %d×%d", g, g), pairOf(kernels.Stencil9Slice, kernels.Stencil9SliceNoCheck,
			grids, nil, flatGrids(g, g)), 3, false},
		{fmt.Sprintf("7-point stencil, ka.Volume %d³", v), pairOf(kernels.Stencil7Volume, kernels.Stencil7VolumeNoCheck,
			ka.Range3(v, v, v), []ka.KernelOption{ka.WithGroupSize(1, 8, 32)}, volumes(v)), 3, false},
		{fmt.Sprintf("FDTD hz update, 3 ka.Matrix %d×%d", g, g), pairOf(kernels.FDTD, kernels.FDTDNoCheck,
			grids, []ka.KernelOption{matrixGroups}, matrices(g, g, 3)), 3, false},
		{fmt.Sprintf("matvec by rows %d×%d", n, n), pairOf(kernels.MatVecRows, kernels.MatVecRowsNoCheck,
			ka.Range(n), nil, matVecArgs(n)), 3, false},
		{fmt.Sprintf("matvec by columns %d×%d", n, n), pairOf(kernels.MatVecCols, kernels.MatVecColsNoCheck,
			ka.Range(n), nil, matVecArgs(n)), 3, false},
		{fmt.Sprintf("triangular (j ≤ i) matvec %d×%d", n, n), pairOf(kernels.Triangular, kernels.TriangularNoCheck,
			ka.Range(n), nil, matVecArgs(n)), 3, false},
	}
}

// timed prints the row of bench bn on backend b: the two variants of p
// timed over rounds, in a random order each round, after a warm-up.
func timed(ctx context.Context, dev *ka.Device, b string, bn bench, p pair, rounds int) {
	s := dev.Stream()
	sample := func(f func(*ka.Stream) error) time.Duration {
		t0 := time.Now()
		for i := 0; i < bn.reps; i++ {
			check(b, bn.name, f(s))
			if bn.each {
				check(b, bn.name, s.Synchronize(ctx))
			}
		}
		check(b, bn.name, s.Synchronize(ctx))
		return time.Since(t0) / time.Duration(bn.reps)
	}
	for i := 0; i < max(1, 20/bn.reps); i++ { // warm up: build, first-touch
		sample(p.on)
		sample(p.off)
	}
	var tOn, tOff []time.Duration
	var ratios []float64
	for r := 0; r < rounds; r++ {
		var a, c time.Duration
		if rand.IntN(2) == 0 {
			a = sample(p.on)
			c = sample(p.off)
		} else {
			c = sample(p.off)
			a = sample(p.on)
		}
		tOn, tOff = append(tOn, a), append(tOff, c)
		ratios = append(ratios, float64(a)/float64(c))
	}
	slices.Sort(tOn)
	slices.Sort(tOff)
	slices.Sort(ratios)
	fmt.Printf("| %s | %s | %v | %v | %.3f (%.3f–%.3f) |\n", b, bn.name,
		round(tOn[len(tOn)/2]), round(tOff[len(tOff)/2]),
		ratios[len(ratios)/2], ratios[0], ratios[len(ratios)-1])
}

func round(d time.Duration) time.Duration {
	if d < time.Millisecond {
		return d.Round(100 * time.Nanosecond)
	}
	return d.Round(10 * time.Microsecond)
}

func check(backend, kernel string, err error) {
	if err != nil {
		fmt.Fprintf(os.Stderr, "checkcost: %s %s: %v\n", backend, kernel, err)
		os.Exit(1)
	}
}
