// Command reduce sums a large array twice and checks both totals against
// the host:
//
//  1. with a kernel of its own, BlockSum, in which each work-group adds its
//     block with the collective ka.GroupSum; launched again on the
//     per-group sums until one value is left;
//  2. with algo.Sum, the package of ready-made parallel algorithms, in one
//     call.
//
// It runs on any backend (KAGO_BACKEND or -backend: native, pocl, ...):
//
//	go run ./examples/reduce -n 10000000
//	KAGO_BACKEND=native go run ./examples/reduce
package main

//go:generate go run ../../cmd/kago gen

import (
	"context"
	"flag"
	"fmt"
	"os"

	"github.com/kago-dev/kago/algo"
	"github.com/kago-dev/kago/ka"

	_ "github.com/kago-dev/kago/backends/native"
)

// Group is the work-group size of BlockSum. Any size up to 1024 works
// (kernel.MaxCollectiveGroup); it need not be a power of two.
const Group = 256

// BlockSum writes the sum of each group's block of x to out[group].
// ka.GroupSum, like a barrier, is called by every work-item of the group:
// work-items past the end of x take part with zero.
//
//ka:kernel
func BlockSum(it ka.Item, x []int64, out []int64) {
	var v int64
	if i := it.Global(); i < len(x) {
		v = x[i]
	}
	s := ka.GroupSum(it, v)
	if it.Local() == 0 {
		out[it.Group()] = s
	}
}

func main() {
	backend := flag.String("backend", "", "backend (default: KAGO_BACKEND, else the best available)")
	n := flag.Int("n", 1<<22, "number of elements")
	flag.Parse()
	if err := run(*backend, *n); err != nil {
		fmt.Fprintln(os.Stderr, "reduce:", err)
		os.Exit(1)
	}
}

func run(backend string, n int) error {
	ctx := context.Background()
	dev, err := ka.Open(backend)
	if err != nil {
		return err
	}
	defer dev.Close()
	h := make([]int64, n)
	var want int64
	for i := range h {
		h[i] = int64(i%1000) - 300
		want += h[i]
	}
	x, err := ka.FromSlice(ctx, dev, h)
	if err != nil {
		return err
	}
	defer x.Free()
	s := dev.Stream()

	// 1. BlockSum until one value is left: n -> n/Group -> ... -> 1.
	k, err := NewBlockSumKernel(dev, ka.WithGroupSize(Group))
	if err != nil {
		return err
	}
	in, m := x, n
	for m > 1 {
		groups := (m + Group - 1) / Group
		out, err := ka.Alloc[int64](dev, groups)
		if err != nil {
			return err
		}
		defer out.Free()
		if err := k.Launch(s, ka.Range(m), in, out); err != nil {
			return err
		}
		in, m = out, groups
	}
	got := make([]int64, 1)
	if err := in.Read(ctx, got); err != nil {
		return err
	}
	if got[0] != want {
		return fmt.Errorf("BlockSum: sum = %d, want %d", got[0], want)
	}
	fmt.Printf("backend %s, device %s: sum of %d elements = %d with ka.GroupSum, verified\n", dev.Backend(), dev.Name(), n, got[0])

	// 2. The same with algo.Sum: its own kernels, the result waited for on s.
	sum, err := algo.Sum(ctx, s, x)
	if err != nil {
		return err
	}
	if sum != want {
		return fmt.Errorf("algo.Sum = %d, want %d", sum, want)
	}
	fmt.Printf("backend %s, device %s: sum of %d elements = %d with algo.Sum, verified\n", dev.Backend(), dev.Name(), n, sum)
	return nil
}
