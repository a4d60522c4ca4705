package main

import (
	"context"
	"fmt"

	"github.com/kago-dev/kago/backends/cuda/cudasim"
	"github.com/kago-dev/kago/ka"
)

// simCounts returns the PTX instructions that launch executes on dev,
// which must be open on the simulated CUDA driver ("cuda-sim"): issued per
// warp and executed per thread, exact and the same every run (cudasim's
// Driver.Executed). It waits for dev's earlier work first, so that only
// what launch enqueues on dev.Stream() counts, and for the launch after;
// nothing else may launch on cuda-sim meanwhile.
func simCounts(dev *ka.Device, launch func(*ka.Stream) error) (warpInsts, threadInsts uint64, err error) {
	if b := dev.Backend(); b != "cuda-sim" {
		return 0, 0, fmt.Errorf("checkcost: executed instructions are counted on cuda-sim only, not on %s", b)
	}
	ctx := context.Background()
	if err := dev.Synchronize(ctx); err != nil {
		return 0, 0, err
	}
	w0, t0 := cudasim.Default.Executed()
	s := dev.Stream()
	if err := launch(s); err != nil {
		return 0, 0, err
	}
	if err := s.Synchronize(ctx); err != nil {
		return 0, 0, err
	}
	w1, t1 := cudasim.Default.Executed()
	return w1 - w0, t1 - t0, nil
}

// counted prints the row of bench bn on cuda-sim: the PTX instructions
// each variant of p executes, per thread and per warp, and their ratio
// checked / nocheck. The counts are exact, so one launch of each is the
// whole measurement.
func counted(dev *ka.Device, b string, bn bench, p pair) {
	wOn, tOn, err := simCounts(dev, p.on)
	check(b, bn.name, err)
	wOff, tOff, err := simCounts(dev, p.off)
	check(b, bn.name, err)
	fmt.Printf("| %s | %s | %d thread, %d warp instructions | %d thread, %d warp instructions | %.3f (warp %.3f) |\n",
		b, bn.name, tOn, wOn, tOff, wOff, float64(tOn)/float64(tOff), float64(wOn)/float64(wOff))
}
