// Command cancelcost measures what stop checks (//ka:cancel, docs/sync.md
// "Cancellation") cost when nothing is cancelled: the tiled matmul
// (checks at barriers) and the naive matmul (checks in its loop) of
// benchmarks/kernels, each plain (MatMulTiledNoCheck, MatMulNaiveNoCheck)
// and marked //ka:cancel (MatMulTiledCancel, MatMulNaiveCancel: the same
// sources), on each backend, the two variants taking turns in one
// process, in a random order, round after round. It prints, per kernel,
// the median time of a launch of each variant and the median ratio
// cancellable / plain with the min–max of the per-round ratios, and the
// ratio of the fastest samples, which a machine shared with other work
// disturbs least. The launches run on a cancellable stream
// (Stream.WithContext) in both cases, as a server would use them.
//
//	go run ./benchmarks/cmd/cancelcost [-backends pocl,native] [-rounds 15]
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

	_ "github.com/kago-dev/kago/backends/cuda"
	_ "github.com/kago-dev/kago/backends/native"
	_ "github.com/kago-dev/kago/backends/pocl"
	"github.com/kago-dev/kago/benchmarks/kernels"
	"github.com/kago-dev/kago/ka"
)

type launcher interface {
	Launch(s *ka.Stream, r ka.NDRange, n int, a, b, c *ka.Array[float32]) error
}

func main() {
	backends := flag.String("backends", "pocl,native", "backends to measure")
	rounds := flag.Int("rounds", 15, "rounds; each runs both variants once, in a random order")
	tiledN := flag.Int("tiled", 512, "tiled matmul size n")
	naiveN := flag.Int("naive", 256, "naive matmul size n")
	reps := flag.Int("reps", 3, "launches per sample")
	flag.Parse()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel() // never before the end: the stop checks run, and never stop
	fmt.Printf("| backend | kernel | //ka:cancel | plain | cancel / plain: median (min–max of %d rounds) | fastest cancel / fastest plain |\n|---|---|---|---|---|---|\n", *rounds)
	for _, b := range strings.Split(*backends, ",") {
		dev, err := ka.Open(b)
		if err != nil {
			fmt.Fprintf(os.Stderr, "cancelcost: %s: %v\n", b, err)
			continue
		}
		for _, bn := range []struct {
			name string
			n    int
			g    ka.KernelOption
			mk   func(*ka.Device, ka.KernelOption) (launcher, launcher, error)
		}{
			{"matmul tiled", *tiledN, ka.WithGroupSize(kernels.Tile, kernels.Tile), func(dev *ka.Device, g ka.KernelOption) (launcher, launcher, error) {
				on, err := kernels.NewMatMulTiledCancelKernel(dev, g)
				if err != nil {
					return nil, nil, err
				}
				off, err := kernels.NewMatMulTiledNoCheckKernel(dev, g)
				return on, off, err
			}},
			{"matmul naive", *naiveN, ka.WithGroupSize(kernels.Tile, kernels.Tile), func(dev *ka.Device, g ka.KernelOption) (launcher, launcher, error) {
				on, err := kernels.NewMatMulNaiveCancelKernel(dev, g)
				if err != nil {
					return nil, nil, err
				}
				off, err := kernels.NewMatMulNaiveNoCheckKernel(dev, g)
				return on, off, err
			}},
		} {
			n := bn.n
			a := make([]float32, n*n)
			for i := range a {
				a[i] = float32(i%7) - 3
			}
			aa, err := ka.FromSlice(ctx, dev, a)
			check(b, bn.name, err)
			ab, err := ka.FromSlice(ctx, dev, a)
			check(b, bn.name, err)
			ac, err := ka.Alloc[float32](dev, n*n)
			check(b, bn.name, err)
			on, off, err := bn.mk(dev, bn.g)
			check(b, bn.name, err)
			s := dev.Stream()
			sample := func(k launcher) time.Duration {
				t0 := time.Now()
				check(b, bn.name, s.WithContext(ctx, func(s *ka.Stream) error {
					for range *reps {
						if err := k.Launch(s, ka.Range2(n, n), n, aa, ab, ac); err != nil {
							return err
						}
					}
					return s.Synchronize(ctx)
				}))
				return time.Since(t0) / time.Duration(*reps)
			}
			for range 3 { // warm up: build, first touch
				sample(on)
				sample(off)
			}
			var tOn, tOff []time.Duration
			var ratios []float64
			for range *rounds {
				var x, y time.Duration
				if rand.IntN(2) == 0 {
					x, y = sample(on), sample(off)
				} else {
					y, x = sample(off), sample(on)
				}
				tOn, tOff = append(tOn, x), append(tOff, y)
				ratios = append(ratios, float64(x)/float64(y))
			}
			aa.Free()
			ab.Free()
			ac.Free()
			slices.Sort(tOn)
			slices.Sort(tOff)
			slices.Sort(ratios)
			fmt.Printf("| %s | %s %d×%d | %v | %v | %.3f (%.3f–%.3f) | %.3f |\n", b, bn.name, n, n,
				tOn[len(tOn)/2].Round(10*time.Microsecond), tOff[len(tOff)/2].Round(10*time.Microsecond),
				ratios[len(ratios)/2], ratios[0], ratios[len(ratios)-1], float64(tOn[0])/float64(tOff[0]))
		}
		dev.Close()
	}
}

func check(backend, kernel string, err error) {
	if err != nil {
		fmt.Fprintf(os.Stderr, "cancelcost: %s %s: %v\n", backend, kernel, err)
		os.Exit(1)
	}
}
