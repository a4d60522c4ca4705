// Command spawn runs many independent tasks at once, each with a stream of
// its own from the device's pool, some of them at high priority, and checks
// every task's result. It prints how many driver queues the device needed:
// far fewer than tasks, because finished tasks' queues are reused.
//
//	go run ./examples/spawn -tasks 1000
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

// Poly evaluates y = ((x + a) * x + a) * x for each element.
//
//ka:kernel
func Poly(it ka.Item, a float32, x, y []float32) {
	if i := it.Global(); i < len(y) {
		v := x[i]
		y[i] = ((v+a)*v + a) * v
	}
}

func main() {
	backend := flag.String("backend", "", "backend (default: KAGO_BACKEND, else the best available)")
	tasks := flag.Int("tasks", 256, "number of tasks")
	n := flag.Int("n", 4096, "elements per task")
	flag.Parse()
	if err := run(*backend, *tasks, *n); err != nil {
		fmt.Fprintln(os.Stderr, "spawn:", err)
		os.Exit(1)
	}
}

func run(backend string, tasks, n int) error {
	ctx := context.Background()
	dev, err := ka.Open(backend)
	if err != nil {
		return err
	}
	defer dev.Close()
	k, err := NewPolyKernel(dev)
	if err != nil {
		return err
	}
	start := time.Now()
	all := make([]*ka.Task, tasks)
	for t := range all {
		all[t] = ka.Spawn(dev, func(s *ka.Stream) error {
			if t%8 == 0 { // every eighth task is urgent
				if err := s.SetPriority(ka.High); err != nil {
					return err
				}
			}
			return task(ctx, dev, k, s, float32(t), n)
		})
	}
	peak := 0
	for t, task := range all {
		if live, _ := dev.Queues(); live > peak {
			peak = live
		}
		if err := task.Wait(ctx); err != nil {
			return fmt.Errorf("task %d: %w", t, err)
		}
	}
	live, idle := dev.Queues()
	fmt.Printf("backend %s, device %s: %d tasks verified in %v; queues: peak seen %d, now %d (%d idle in the pool)\n",
		dev.Backend(), dev.Name(), tasks, time.Since(start), max(peak, live), live, idle)
	return nil
}

// task computes Poly on its own data on its own stream and checks it.
func task(ctx context.Context, dev *ka.Device, k PolyKernel, s *ka.Stream, a float32, n int) error {
	hx := make([]float32, n)
	for i := range hx {
		hx[i] = float32(i%5) - 2
	}
	x, err := ka.FromSlice(ctx, dev, hx)
	if err != nil {
		return err
	}
	defer x.Free()
	y, err := ka.Alloc[float32](dev, n)
	if err != nil {
		return err
	}
	defer y.Free()
	if err := k.Launch(s, ka.Range(n), a, x, y); err != nil {
		return err
	}
	got := make([]float32, n)
	if err := y.Read(ctx, got); err != nil { // ordered after the launch on s
		return err
	}
	for i, v := range hx {
		if want := ((v+a)*v + a) * v; got[i] != want {
			return fmt.Errorf("y[%d] = %v, want %v", i, got[i], want)
		}
	}
	return nil
}
