// Command histogram counts bytes into 256 bins with atomic adds, a kernel
// whose work-items collide on the same bins all the time, and checks the
// counts against the host; then again with HistogramLocal, which counts
// each group's bytes into bins in local memory sized at launch
// (ka.Local) and adds them to the global bins once per group.
//
//	go run ./examples/histogram -n 1000000
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

// Histogram adds one to bins[data[i]] for each element; AtomicAdd makes
// concurrent increments of the same bin add up.
//
//ka:kernel
func Histogram(it ka.Item, data []uint8, bins []uint32) {
	if i := it.Global(); i < len(data) {
		ka.AtomicAdd(&bins[data[i]], 1)
	}
}

// HistogramLocal counts as Histogram does, through the group's own bins in
// local memory (len(bins) of them, which the launch chooses with
// ka.LocalOf): the atomics on contended bins stay in the group, and each
// bin reaches global memory once per group.
//
//ka:kernel
func HistogramLocal(it ka.Item, local ka.Local[uint32], data []uint8, bins []uint32) {
	h := local.Slice(it)
	l, n := it.LocalID(0), it.GroupSize(0)
	for b := l; b < len(h); b += n {
		h[b] = 0
	}
	it.Barrier()
	if i := it.Global(); i < len(data) && int(data[i]) < len(h) {
		ka.AtomicAdd(&h[data[i]], 1)
	}
	it.Barrier()
	for b := l; b < len(h) && b < len(bins); b += n {
		if h[b] != 0 {
			ka.AtomicAdd(&bins[b], h[b])
		}
	}
}

func main() {
	backend := flag.String("backend", "", "backend (default: KAGO_BACKEND, else the best available)")
	n := flag.Int("n", 1<<20, "number of bytes")
	flag.Parse()
	if err := run(*backend, *n); err != nil {
		fmt.Fprintln(os.Stderr, "histogram:", err)
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
	hdata := make([]uint8, n)
	want := make([]uint32, 256)
	x := uint32(1)
	for i := range hdata {
		x = x*1664525 + 1013904223 // a small LCG: skewed but deterministic
		hdata[i] = uint8(x >> 24 & (x >> 13))
		want[hdata[i]]++
	}
	data, err := ka.FromSlice(ctx, dev, hdata)
	if err != nil {
		return err
	}
	defer data.Free()
	bins, err := ka.FromSlice(ctx, dev, make([]uint32, 256))
	if err != nil {
		return err
	}
	defer bins.Free()
	k, err := NewHistogramKernel(dev, ka.WithGroupSize(256))
	if err != nil {
		return err
	}
	if err := k.Launch(dev.Stream(), ka.Range(n), data, bins); err != nil {
		return err
	}
	got := make([]uint32, 256)
	if err := bins.Read(ctx, got); err != nil {
		return err
	}
	top := 0
	for b := range got {
		if got[b] != want[b] {
			return fmt.Errorf("bin %d = %d, want %d", b, got[b], want[b])
		}
		if got[b] > got[top] {
			top = b
		}
	}
	fmt.Printf("backend %s, device %s: %d bytes counted and verified; fullest bin %d with %d\n", dev.Backend(), dev.Name(), n, top, got[top])

	// Again through local memory: 256 bins per group, on groups of 64.
	if err := bins.Write(ctx, make([]uint32, 256)); err != nil {
		return err
	}
	lk, err := NewHistogramLocalKernel(dev, ka.WithGroupSize(64))
	if err != nil {
		return err
	}
	if err := lk.Launch(dev.Stream(), ka.Range(n), ka.LocalOf[uint32](256), data, bins); err != nil {
		return err
	}
	if err := bins.Read(ctx, got); err != nil {
		return err
	}
	for b := range got {
		if got[b] != want[b] {
			return fmt.Errorf("local memory: bin %d = %d, want %d", b, got[b], want[b])
		}
	}
	fmt.Println("the same counts through group-local bins sized at launch")
	return nil
}
