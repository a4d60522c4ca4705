// Command reduce sums a large array in two kernel launches: each group
// reduces its block in local memory with a tree of barriers, and a second
// launch reduces the per-group sums. It checks the total against the host.
//
//	go run ./examples/reduce -n 10000000
package main

//go:generate go run ../../cmd/kago gen

import (
	"context"
	"flag"
	"fmt"
	"os"

	"github.com/kago-dev/kago/ka"

	_ "github.com/kago-dev/kago/backends/native"
)

// Group is the work-group size of Sum; a power of two.
const Group = 256

// Sum writes the sum of each group's block of x to out[group]. Work-items
// past the end of x contribute zero, and all of them reach every barrier.
//
//ka:kernel
func Sum(it ka.Item, x []int64, out []int64) {
	tmp := ka.LocalArray[int64](it, Group)
	l := it.Local()
	var v int64
	if i := it.Global(); i < len(x) {
		v = x[i]
	}
	tmp[l] = v
	it.Barrier()
	for s := Group / 2; s > 0; s /= 2 {
		if l < s {
			tmp[l] += tmp[l+s]
		}
		it.Barrier()
	}
	if l == 0 {
		out[it.Group()] = tmp[0]
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
	k, err := NewSumKernel(dev, ka.GroupSize(Group))
	if err != nil {
		return err
	}
	// Reduce until one value is left: n -> n/Group -> ... -> 1.
	in, m := x, n
	for m > 1 {
		groups := (m + Group - 1) / Group
		out, err := ka.Alloc[int64](dev, groups)
		if err != nil {
			return err
		}
		defer out.Free()
		if err := k.Launch(dev.Stream(), ka.Range(m), in, out); err != nil {
			return err
		}
		in, m = out, groups
	}
	got := make([]int64, 1)
	if err := in.Read(ctx, got); err != nil {
		return err
	}
	if got[0] != want {
		return fmt.Errorf("sum = %d, want %d", got[0], want)
	}
	fmt.Printf("backend %s, device %s: sum of %d elements = %d, verified\n", dev.Backend(), dev.Name(), n, got[0])
	return nil
}
