// Command checkcost measures what Go's checks in kernels cost: saxpy, a
// tiled matmul and a histogram, each with its checks (the default:
// katest.Saxpy, and benchmarks/kernels' MatMulTiled and Histogram) and
// marked //ka:nocheck (benchmarks/kernels' SaxpyNoCheck,
// MatMulTiledNoCheck and HistogramNoCheck: the same sources), on each
// backend, the two variants taking turns in one process, round after
// round. It prints, per kernel, the median time of a launch + synchronize
// of each variant and the median ratio checked / unchecked with the
// min–max of the per-round ratios.
//
//	go run ./benchmarks/cmd/checkcost [-backends pocl,native] [-rounds 15]
//
// The small saxpy is launched and synchronized once per sample: its cost
// is mostly the launch and the wait, and with checks the read of the
// queue's fault record after the wait.
//
// On native, kernels run as Go code, which Go always checks: the two
// variants are the same code there, so that row is the noise floor.
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

// bench is one kernel: a setup that returns the launch of each variant.
type bench struct {
	name  string
	setup func(ctx context.Context, dev *ka.Device) (on, off func(s *ka.Stream) error, free func(), err error)
	reps  int  // launches per sample
	each  bool // synchronize after each launch, not once per sample
}

func main() {
	backends := flag.String("backends", "pocl,native", "backends to measure")
	rounds := flag.Int("rounds", 15, "rounds; each runs every variant once, in a random order")
	small := flag.Int("small", 200, "samples per variant per round of the small saxpy")
	matN := flag.Int("matmul", 256, "matmul size n (n×n matrices)")
	flag.Parse()
	benches := []bench{
		{"saxpy n=2^24", saxpy(1 << 24), 3, false},
		{"saxpy n=2^10, launch + synchronize", saxpy(1 << 10), *small, true},
		{fmt.Sprintf("matmul %d×%d tiled", *matN, *matN), matmul(*matN), 3, false},
		{"histogram 2^22 bytes", histogram(1 << 22), 3, false},
	}
	ctx := context.Background()
	fmt.Printf("| backend | kernel | checked | //ka:nocheck | checked / nocheck: median (min–max of %d rounds) |\n|---|---|---|---|---|\n", *rounds)
	for _, b := range strings.Split(*backends, ",") {
		dev, err := ka.Open(b)
		if err != nil {
			fmt.Fprintf(os.Stderr, "checkcost: %s: %v\n", b, err)
			continue
		}
		for _, bn := range benches {
			on, off, free, err := bn.setup(ctx, dev)
			check(b, bn.name, err)
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
			round := func(d time.Duration) time.Duration {
				if d < time.Millisecond {
					return d.Round(100 * time.Nanosecond)
				}
				return d.Round(10 * time.Microsecond)
			}
			for i := 0; i < max(1, 20/bn.reps); i++ { // warm up: build, first-touch
				sample(on)
				sample(off)
			}
			var tOn, tOff []time.Duration
			var ratios []float64
			for r := 0; r < *rounds; r++ {
				var a, c time.Duration
				if rand.IntN(2) == 0 {
					a = sample(on)
					c = sample(off)
				} else {
					c = sample(off)
					a = sample(on)
				}
				tOn, tOff = append(tOn, a), append(tOff, c)
				ratios = append(ratios, float64(a)/float64(c))
			}
			free()
			slices.Sort(tOn)
			slices.Sort(tOff)
			slices.Sort(ratios)
			fmt.Printf("| %s | %s | %v | %v | %.3f (%.3f–%.3f) |\n", b, bn.name,
				round(tOn[len(tOn)/2]), round(tOff[len(tOff)/2]),
				ratios[len(ratios)/2], ratios[0], ratios[len(ratios)-1])
		}
		dev.Close()
	}
}

func check(backend, kernel string, err error) {
	if err != nil {
		fmt.Fprintf(os.Stderr, "checkcost: %s %s: %v\n", backend, kernel, err)
		os.Exit(1)
	}
}

func saxpy(n int) func(ctx context.Context, dev *ka.Device) (func(*ka.Stream) error, func(*ka.Stream) error, func(), error) {
	return func(ctx context.Context, dev *ka.Device) (func(*ka.Stream) error, func(*ka.Stream) error, func(), error) {
		x, y := make([]float32, n), make([]float32, n)
		for i := range x {
			x[i], y[i] = float32(i%1000), 1
		}
		ax, err := ka.FromSlice(ctx, dev, x)
		if err != nil {
			return nil, nil, nil, err
		}
		ay, err := ka.FromSlice(ctx, dev, y)
		if err != nil {
			return nil, nil, nil, err
		}
		kOn, err := katest.NewSaxpyKernel(dev)
		if err != nil {
			return nil, nil, nil, err
		}
		kOff, err := kernels.NewSaxpyNoCheckKernel(dev)
		if err != nil {
			return nil, nil, nil, err
		}
		return func(s *ka.Stream) error { return kOn.Launch(s, ka.Range(n), 0.5, ax, ay) },
			func(s *ka.Stream) error { return kOff.Launch(s, ka.Range(n), 0.5, ax, ay) },
			func() { ax.Free(); ay.Free() }, nil
	}
}

func matmul(n int) func(ctx context.Context, dev *ka.Device) (func(*ka.Stream) error, func(*ka.Stream) error, func(), error) {
	return func(ctx context.Context, dev *ka.Device) (func(*ka.Stream) error, func(*ka.Stream) error, func(), error) {
		a := make([]float32, n*n)
		for i := range a {
			a[i] = float32(i%7) - 3
		}
		aa, err := ka.FromSlice(ctx, dev, a)
		if err != nil {
			return nil, nil, nil, err
		}
		ab, err := ka.FromSlice(ctx, dev, a)
		if err != nil {
			return nil, nil, nil, err
		}
		ac, err := ka.Alloc[float32](dev, n*n)
		if err != nil {
			return nil, nil, nil, err
		}
		g := ka.WithGroupSize(kernels.Tile, kernels.Tile)
		kOn, err := kernels.NewMatMulTiledKernel(dev, g)
		if err != nil {
			return nil, nil, nil, err
		}
		kOff, err := kernels.NewMatMulTiledNoCheckKernel(dev, g)
		if err != nil {
			return nil, nil, nil, err
		}
		return func(s *ka.Stream) error { return kOn.Launch(s, ka.Range2(n, n), n, aa, ab, ac) },
			func(s *ka.Stream) error { return kOff.Launch(s, ka.Range2(n, n), n, aa, ab, ac) },
			func() { aa.Free(); ab.Free(); ac.Free() }, nil
	}
}

func histogram(n int) func(ctx context.Context, dev *ka.Device) (func(*ka.Stream) error, func(*ka.Stream) error, func(), error) {
	return func(ctx context.Context, dev *ka.Device) (func(*ka.Stream) error, func(*ka.Stream) error, func(), error) {
		data := make([]uint8, n)
		for i := range data {
			data[i] = uint8(i * 2654435761 >> 13)
		}
		ad, err := ka.FromSlice(ctx, dev, data)
		if err != nil {
			return nil, nil, nil, err
		}
		bins, err := ka.Alloc[uint32](dev, 256)
		if err != nil {
			return nil, nil, nil, err
		}
		kOn, err := kernels.NewHistogramKernel(dev)
		if err != nil {
			return nil, nil, nil, err
		}
		kOff, err := kernels.NewHistogramNoCheckKernel(dev)
		if err != nil {
			return nil, nil, nil, err
		}
		return func(s *ka.Stream) error { return kOn.Launch(s, ka.Range(n), ad, bins) },
			func(s *ka.Stream) error { return kOff.Launch(s, ka.Range(n), ad, bins) },
			func() { ad.Free(); bins.Free() }, nil
	}
}
