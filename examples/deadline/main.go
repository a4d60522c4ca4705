// Command deadline runs a long kernel under a 50 ms deadline, on a
// cancellable task (ka.SpawnContext): when the deadline passes, the device
// stops the kernel and skips the launches queued behind it, so that the
// device is free again almost at once; the program then shows it by
// running a short kernel, and prints how long each step took.
//
//	go run ./examples/deadline -backend native
//
// On a device whose Capabilities lack ka.Cancel (CUDA, for now), the
// deadline ends only the wait, and the kernel keeps the device busy until
// it completes.
package main

//go:generate go run ../../cmd/kago gen

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"os"
	"time"

	"github.com/kago-dev/kago/ka"

	_ "github.com/kago-dev/kago/backends/native"
)

// Spin keeps every work-item busy for n rounds of a random-number
// generator, and writes the last number. //ka:cancel compiles it with stop
// checks, so that a cancellation stops it while it runs.
//
//ka:kernel
//ka:cancel
func Spin(it ka.Item, x []uint32, n int32) {
	i := it.Global()
	v := uint32(i)
	for k := int32(0); k < n; k++ {
		v = v*1664525 + 1013904223
	}
	if i < len(x) {
		x[i] = v
	}
}

// Fill writes v into every element of x.
//
//ka:kernel
func Fill(it ka.Item, x []uint32, v uint32) {
	if i := it.Global(); i < len(x) {
		x[i] = v
	}
}

func main() {
	backend := flag.String("backend", "", "backend (default: KAGO_BACKEND, else the best available)")
	deadline := flag.Duration("deadline", 50*time.Millisecond, "the deadline of the long kernel")
	work := flag.Duration("work", 2*time.Second, "about how long the kernel would run uncancelled")
	flag.Parse()
	r, err := run(*backend, *deadline, *work)
	if err != nil {
		fmt.Fprintln(os.Stderr, "deadline:", err)
		os.Exit(1)
	}
	fmt.Println(r)
}

// result is what run measured.
type result struct {
	device   string
	cancel   bool          // the device can stop work
	ended    time.Duration // from the deadline to the end of the task
	free     time.Duration // from the deadline until a fresh launch had completed
	uncanned time.Duration // how long the kernel runs uncancelled (estimated)
}

func (r result) String() string {
	how := "stops device work"
	if !r.cancel {
		how = "ends only the wait (no ka.Cancel)"
	}
	return fmt.Sprintf("%s: cancellation %s; kernel of ~%v stopped %v after the deadline; device free again (a fresh launch completed) %v after it",
		r.device, how, r.uncanned.Round(time.Millisecond), r.ended.Round(time.Microsecond), r.free.Round(time.Microsecond))
}

func run(backend string, deadline, work time.Duration) (result, error) {
	dev, err := ka.Open(backend)
	if err != nil {
		return result{}, err
	}
	defer dev.Close()
	r := result{device: dev.String(), cancel: dev.Capabilities().Features.Has(ka.Cancel)}
	const n = 1 << 16
	x, err := ka.Alloc[uint32](dev, n)
	if err != nil {
		return r, err
	}
	spin, err := ka.NewKernel(dev, Spin, ka.WithGroupSize(64))
	if err != nil {
		return r, err
	}
	fill, err := ka.NewKernel(dev, Fill, ka.WithGroupSize(64))
	if err != nil {
		return r, err
	}

	// Calibrate: time a short run (after a first one that may compile the
	// kernel), and scale the rounds to the work asked.
	rounds := int32(64)
	for warm := false; ; warm = true {
		start := time.Now()
		if err := spin.Launch(dev.Stream(), ka.Range(n), x, rounds); err != nil {
			return r, err
		}
		if err := dev.Synchronize(context.Background()); err != nil {
			return r, err
		}
		if t := time.Since(start); warm && (t > 20*time.Millisecond || rounds >= 1<<28) {
			r.uncanned = work
			rounds = int32(min(float64(rounds)*float64(work)/float64(t), 1<<30))
			break
		}
		if warm {
			rounds *= 4
		}
	}

	ctx, cancel := context.WithTimeout(context.Background(), deadline)
	defer cancel()
	task := ka.SpawnContext(ctx, dev, func(s *ka.Stream) error {
		for range 3 { // the launches behind the first are skipped
			if err := spin.Launch(s, ka.Range(n), x, rounds); err != nil {
				return err
			}
		}
		return s.Synchronize(context.Background())
	})
	<-ctx.Done()
	at := time.Now()
	err = task.Wait(context.Background())
	r.ended = time.Since(at)
	if !errors.Is(err, context.DeadlineExceeded) {
		return r, fmt.Errorf("the task ended with %v, not the deadline", err)
	}

	// The device is free: a fresh launch runs at once, and right.
	if err := ka.Spawn(dev, func(s *ka.Stream) error {
		if err := fill.Launch(s, ka.Range(n), x, uint32(7)); err != nil {
			return err
		}
		return s.Synchronize(context.Background())
	}).Wait(context.Background()); err != nil {
		return r, err
	}
	r.free = time.Since(at)
	got := make([]uint32, n)
	if err := x.Read(context.Background(), got); err != nil {
		return r, err
	}
	for i, v := range got {
		if v != 7 {
			return r, fmt.Errorf("x[%d] = %d after the fresh launch, want 7", i, v)
		}
	}
	return r, nil
}
