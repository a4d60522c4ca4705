package main

import (
	"context"
	"fmt"
	"time"

	"github.com/kago-dev/kago/ka"
	kasync "github.com/kago-dev/kago/sync"
)

// kit is one opened device with the spin kernel loaded and calibrated.
type kit struct {
	name    string
	dev     *ka.Device
	spin    *ka.Kernel
	out     *ka.Array[float32]
	empty   time.Duration // launch + sync of Spin(0), blocking, the minimum
	nsPerIt float64       // Spin's time per loop iteration on one work-item
}

var bg = context.Background()

func newKit(dev *ka.Device, name string) (*kit, error) {
	spin, err := ka.NewKernel(dev, Spin, ka.WithGroupSize(1))
	if err != nil {
		return nil, err
	}
	out, err := ka.Alloc[float32](dev, 1024)
	if err != nil {
		return nil, err
	}
	k := &kit{name: name, dev: dev, spin: spin, out: out}
	if err := k.calibrate(); err != nil {
		return nil, err
	}
	return k, nil
}

func (k *kit) close() { k.out.Free() }

// run launches Spin(n) over r work-items on s and synchronizes s; it returns
// the time of both.
func (k *kit) run(s *ka.Stream, n int64, r int) (time.Duration, error) {
	t0 := time.Now()
	if err := k.spin.Launch(s, ka.Range(r), n, k.out); err != nil {
		return 0, err
	}
	err := s.Synchronize(bg)
	return time.Since(t0), err
}

// minRun is the fastest of reps blocking runs.
func (k *kit) minRun(n int64, r, reps int) (time.Duration, error) {
	prev := kasync.SetBlocking(true)
	defer kasync.SetBlocking(prev)
	best := time.Duration(1 << 62)
	for range reps {
		d, err := k.run(k.dev.Stream(), n, r)
		if err != nil {
			return 0, err
		}
		best = min(best, d)
	}
	return best, nil
}

// calibrate measures the empty launch and the time per loop iteration, in
// blocking mode (the fastest runs are the least disturbed).
func (k *kit) calibrate() error {
	var err error
	if k.empty, err = k.minRun(0, 1, 30); err != nil {
		return fmt.Errorf("calibrating Spin on %s: %w", k.name, err)
	}
	n := int64(10000)
	for {
		d, err := k.minRun(n, 1, 3)
		if err != nil {
			return fmt.Errorf("calibrating Spin on %s: %w", k.name, err)
		}
		if d > 30*time.Millisecond || n > 1<<40 {
			k.nsPerIt = float64((d - k.empty).Nanoseconds()) / float64(n)
			return nil
		}
		n *= 4
	}
}

// iters is the loop count for a kernel of about d on one work-item.
func (k *kit) iters(d time.Duration) int64 {
	if d <= 0 {
		return 0
	}
	return int64(float64(d.Nanoseconds()) / k.nsPerIt)
}

// kernelTime estimates Spin(n)'s own duration on one work-item: the
// fastest blocking run minus the fastest empty one.
func (k *kit) kernelTime(n int64) time.Duration {
	if n == 0 {
		return 0
	}
	d, err := k.minRun(n, 1, 5)
	if err != nil {
		return time.Duration(float64(n) * k.nsPerIt)
	}
	return max(0, d-k.empty)
}
