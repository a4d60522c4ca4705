package main

import (
	"errors"
	"fmt"
	"math"
	"strconv"
	"sync/atomic"
	"time"

	"github.com/kago-dev/kago/backends/opencl"
	"github.com/kago-dev/kago/ka"
	"github.com/kago-dev/kago/ka/katest"
)

// recycling is table 6: many short spawned tasks, each allocating a small
// array, running saxpy on its own stream, reading the result and freeing
// the array, against one goroutine doing the same work on the default
// stream.
func recycling(k *kit, cfg config) *table {
	t := &table{id: "6", title: fmt.Sprintf("Stream recycling: %d spawned tasks of a small saxpy vs one goroutine", cfg.tasks), backend: k.name}
	const n = 1024
	fail := func(err error) *table { t.notes = append(t.notes, "error: "+err.Error()); return t }
	saxpy, err := ka.NewKernel(k.dev, HandSaxpy)
	if err != nil {
		return fail(err)
	}
	host := make([]float32, n)
	for i := range host {
		host[i] = float32(i)
	}
	x, err := ka.FromSlice(bg, k.dev, host)
	if err != nil {
		return fail(err)
	}
	defer x.Free()
	work := func(s *ka.Stream, buf []float32) error {
		y, err := ka.Alloc[float32](k.dev, n)
		if err != nil {
			return err
		}
		if err := saxpy.Launch(s, ka.Range(n), float32(2), x, y); err != nil {
			y.Free()
			return err
		}
		err = y.Read(bg, buf)
		return errors.Join(err, y.Free())
	}
	// Sample the live queues while a run goes on.
	measure := func(f func() error) (time.Duration, int, int, error) {
		var peak, peakCL atomic.Int64
		stop := make(chan struct{})
		done := make(chan struct{})
		go func() {
			defer close(done)
			tk := time.NewTicker(time.Millisecond)
			defer tk.Stop()
			for {
				live, _ := k.dev.Queues()
				peak.Store(max(peak.Load(), int64(live)))
				peakCL.Store(max(peakCL.Load(), int64(opencl.LiveQueues())))
				select {
				case <-stop:
					return
				case <-tk.C:
				}
			}
		}()
		t0 := time.Now()
		err := f()
		d := time.Since(t0)
		close(stop)
		<-done
		live, _ := k.dev.Queues()
		peak.Store(max(peak.Load(), int64(live)))
		return d, int(peak.Load()), int(peakCL.Load()), err
	}
	spawned := func() error {
		ring := make([]*ka.Task, cfg.inFlight)
		var first error
		for i := range cfg.tasks {
			slot := i % len(ring)
			if ring[slot] != nil {
				if err := ring[slot].Wait(bg); err != nil && first == nil {
					first = err
				}
			}
			ring[slot] = ka.Spawn(k.dev, func(s *ka.Stream) error {
				return work(s, make([]float32, n))
			})
		}
		for _, tk := range ring {
			if tk != nil {
				if err := tk.Wait(bg); err != nil && first == nil {
					first = err
				}
			}
		}
		return first
	}
	single := func() error {
		buf := make([]float32, n)
		for range cfg.tasks {
			if err := work(k.dev.Stream(), buf); err != nil {
				return err
			}
		}
		return nil
	}
	type run struct {
		d            []float64
		peak, peakCL int
	}
	res := map[string]*run{"spawned tasks": {}, "one goroutine": {}}
	order := []string{"one goroutine", "spawned tasks"}
	reps := max(1, min(cfg.reps, 3))
	for rep := range reps {
		for j := range order {
			name := order[(rep+j)%2]
			f := single
			if name == "spawned tasks" {
				f = spawned
			}
			d, p, pcl, err := measure(f)
			if err != nil {
				return fail(err)
			}
			r := res[name]
			r.d = append(r.d, d.Seconds())
			r.peak, r.peakCL = max(r.peak, p), max(r.peakCL, pcl)
		}
	}
	t.cols = []string{"how", "time (s)", "vs one goroutine", "µs per task", "peak live queues (Device.Queues)", "peak OpenCL queues (opencl.LiveQueues)"}
	base := spreadOf(res["one goroutine"].d).med
	for _, name := range order {
		r := res[name]
		s := spreadOf(r.d)
		cl := "—"
		if k.name == "pocl" {
			cl = strconv.Itoa(r.peakCL)
		}
		t.add(name, s.String(), ratio(s.med, base), fmtNum(s.med*1e6/float64(cfg.tasks)), strconv.Itoa(r.peak), cl)
	}
	t.notes = append(t.notes, fmt.Sprintf("Each task: Alloc 1,024 float32, saxpy (hand-written kernel) on the task's stream, Read, Free. Spawned tasks: ka.Spawn, at most %d running at once (a ring: task i waits for task i−%d), so a pool that did not recycle would hold up to %d queues. %d repetition(s), alternating. Peak queues are sampled every millisecond and include the default stream's queue (and, for PoCL, queues of this process's other open devices).", cfg.inFlight, cfg.inFlight, cfg.tasks, reps))
	return t
}

// throughput is table 7: saxpy GB/s (12 bytes per element: read x and y,
// write y) for the generated kernel, a hand-written one and a plain Go loop,
// with Go's copy() bandwidth as the ceiling.
func throughput(k *kit, cfg config) *table {
	t := &table{id: "7", title: "Saxpy throughput, GB/s (12 bytes per element)", backend: k.name}
	hand, err := ka.NewKernel(k.dev, HandSaxpy)
	if err != nil {
		t.notes = append(t.notes, "error: "+err.Error())
		return t
	}
	gen, genWhy := generatedSaxpy(k)
	maxN := 1 << cfg.saxpyLog2[len(cfg.saxpyLog2)-1]
	ceiling := memcpyGBs(min(maxN, 1<<24))
	t.cols = []string{"n", "generated katest.Saxpy", "hand-written OpenCL C / Go twin", "plain Go loop", "generated / hand", "hand / Go loop", "memcpy ceiling"}
	for _, lg := range cfg.saxpyLog2 {
		n := 1 << lg
		hx := make([]float32, n)
		hy := make([]float32, n)
		for i := range hx {
			hx[i], hy[i] = float32(i%1000), 1
		}
		x, err := ka.FromSlice(bg, k.dev, hx)
		if err != nil {
			t.notes = append(t.notes, "error: "+err.Error())
			return t
		}
		y, err := ka.FromSlice(bg, k.dev, hy)
		if err != nil {
			x.Free()
			t.notes = append(t.notes, "error: "+err.Error())
			return t
		}
		reps := max(3, min(200, (1<<24)/n))
		timeKernel := func(kn *ka.Kernel) float64 {
			if kn == nil {
				return nan()
			}
			var ts []float64
			for range reps + 1 {
				t0 := time.Now()
				if err := kn.Launch(k.dev.Stream(), ka.Range(n), float32(2), x, y); err != nil {
					return nan()
				}
				if err := k.dev.Synchronize(bg); err != nil {
					return nan()
				}
				ts = append(ts, time.Since(t0).Seconds())
			}
			return 12 * float64(n) / median(ts[1:]) / 1e9
		}
		goLoop := func() float64 {
			var ts []float64
			for range reps + 1 {
				t0 := time.Now()
				saxpyLoop(2, hx, hy)
				ts = append(ts, time.Since(t0).Seconds())
			}
			return 12 * float64(n) / median(ts[1:]) / 1e9
		}
		h := timeKernel(hand)
		g := timeKernel(gen)
		l := goLoop()
		x.Free()
		y.Free()
		t.add("2^"+strconv.Itoa(lg), fmtNum(g), fmtNum(h), fmtNum(l), ratio(g, h), ratio(h, l), fmtNum(ceiling))
	}
	t.notes = append(t.notes, fmt.Sprintf("Median of up to 200 launch + Synchronize pairs per size (cooperative waits, default group size 256), so small sizes measure the launch overhead, not bandwidth. Plain Go loop: one goroutine over host slices. Memcpy ceiling: Go copy() between two %d MiB slices, counted as read + write (2 bytes moved per byte copied), median of 5.", min(maxN, 1<<24)*4>>20))
	if genWhy != "" {
		t.notes = append(t.notes, "Generated column skipped: "+genWhy+".")
	}
	return t
}

// generatedSaxpy loads katest.Saxpy if kago gen has produced its code.
func generatedSaxpy(k *kit) (*ka.Kernel, string) {
	// On the native backend any kernel runs (through reflection when not
	// generated), so ask a device that needs code: PoCL.
	if dev, err := ka.Open("pocl"); err == nil {
		_, gerr := ka.NewKernel(dev, katest.Saxpy)
		dev.Close()
		if errors.Is(gerr, ka.ErrUnsupported) {
			return nil, "ka/katest has no generated code yet (no kago_kernels.go; `kago gen` has not been run there): " + gerr.Error()
		}
	}
	kn, err := ka.NewKernel(k.dev, katest.Saxpy)
	if err != nil {
		return nil, err.Error()
	}
	return kn, ""
}

//go:noinline
func saxpyLoop(a float32, x, y []float32) {
	for i := range y {
		y[i] = a*x[i] + y[i]
	}
}

func memcpyGBs(n int) float64 {
	a := make([]float32, n)
	b := make([]float32, n)
	for i := range a {
		a[i] = float32(i)
	}
	copy(b, a)
	var ts []float64
	for range 5 {
		t0 := time.Now()
		copy(b, a)
		ts = append(ts, time.Since(t0).Seconds())
	}
	return 2 * 4 * float64(n) / median(ts) / 1e9
}

func nan() float64 { return math.NaN() }
