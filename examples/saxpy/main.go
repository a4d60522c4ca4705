// Command saxpy runs y = a*x + y on a kago device, checks every element
// against the same computation on the host, and prints the time per launch
// plus synchronize and the effective bandwidth.
//
//	go run ./examples/saxpy                   # the best device available
//	go run ./examples/saxpy -backend native -n 1000000
package main

//go:generate go run ../../cmd/kago gen

import (
	"context"
	"flag"
	"fmt"
	"os"
	"time"

	"github.com/kago-dev/kago/ka"

	_ "github.com/kago-dev/kago/backends/native"
)

// Saxpy computes y[i] = a*x[i] + y[i].
//
//ka:kernel
func Saxpy(it ka.Item, a float32, x, y []float32) {
	if i := it.Global(); i < len(y) {
		y[i] = a*x[i] + y[i]
	}
}

func main() {
	backend := flag.String("backend", "", `backend ("cuda", "opencl", "pocl", "native"; default: KAGO_BACKEND, else the best available)`)
	n := flag.Int("n", 1<<20, "number of elements")
	iters := flag.Int("iters", 20, "timed launches")
	flag.Parse()
	if err := run(*backend, *n, *iters); err != nil {
		fmt.Fprintln(os.Stderr, "saxpy:", err)
		os.Exit(1)
	}
}

func run(backend string, n, iters int) error {
	ctx := context.Background()
	dev, err := ka.Open(backend)
	if err != nil {
		return err
	}
	defer dev.Close()

	hx, hy := make([]float32, n), make([]float32, n)
	for i := range hx {
		hx[i], hy[i] = float32(i%1000)/10, float32(i%7)
	}
	x, err := ka.FromSlice(ctx, dev, hx)
	if err != nil {
		return err
	}
	defer x.Free()
	y, err := ka.FromSlice(ctx, dev, hy)
	if err != nil {
		return err
	}
	defer y.Free()
	saxpy, err := NewSaxpyKernel(dev, ka.WithGroupSize(256))
	if err != nil {
		return err
	}

	// One checked launch, then timed ones.
	const a = 2 // an untyped constant: Launch takes a float32 here
	if err := saxpy.Launch(dev.Stream(), ka.Range(n), a, x, y); err != nil {
		return err
	}
	got := make([]float32, n)
	if err := y.Read(ctx, got); err != nil {
		return err
	}
	for i := range got {
		if want := a*hx[i] + hy[i]; got[i] != want {
			return fmt.Errorf("y[%d] = %v, want %v", i, got[i], want)
		}
	}
	if err := dev.Synchronize(ctx); err != nil {
		return err
	}
	start := time.Now()
	for range iters {
		if err := saxpy.Launch(dev.Stream(), ka.Range(n), a, x, y); err != nil {
			return err
		}
		if err := dev.Synchronize(ctx); err != nil {
			return err
		}
	}
	per := time.Since(start) / time.Duration(max(iters, 1))
	gbs := float64(3*4*n) / per.Seconds() / 1e9
	fmt.Printf("backend %s, device %s, n %d: verified; %v per launch+synchronize, %.2f GB/s\n", dev.Backend(), dev.Name(), n, per, gbs)
	return nil
}
