package main

import (
	"fmt"
	"runtime"
	"sync"
	"sync/atomic"
	"time"

	"github.com/kago-dev/kago/ka"
	kasync "github.com/kago-dev/kago/sync"
)

// responsiveness is table 3: how often a 10 ms ticker goroutine ticks while
// the only P waits for a ~600 ms kernel, with GOMAXPROCS=1.
func responsiveness(k *kit, cfg config) *table {
	t := &table{id: "3", title: "Responsiveness: 10 ms ticker during a ~600 ms kernel, GOMAXPROCS=1", backend: k.name}
	n := k.iters(600 * time.Millisecond)
	host := make([]float32, k.out.Len())
	prevProcs := runtime.GOMAXPROCS(1)
	defer runtime.GOMAXPROCS(prevProcs)
	t.cols = []string{"wait", "mode", "wait (ms)", "ticks", "expected ticks", "longest gap between ticks (ms)"}
	for _, how := range []string{"Synchronize", "Array.Read"} {
		for _, mode := range []string{"blocking", "cooperative"} {
			var waits, ticks, exp, gaps []float64
			for range cfg.tickerRuns {
				prev := kasync.SetBlocking(mode == "blocking")
				var count atomic.Int64
				var maxGap atomic.Int64
				stop := make(chan struct{})
				var wg sync.WaitGroup
				wg.Add(1)
				ready := make(chan struct{})
				go func() {
					defer wg.Done()
					tk := time.NewTicker(10 * time.Millisecond)
					defer tk.Stop()
					last := time.Now()
					close(ready)
					for {
						select {
						case <-stop:
							return
						case now := <-tk.C:
							count.Add(1)
							if g := now.Sub(last); g > time.Duration(maxGap.Load()) {
								maxGap.Store(int64(g))
							}
							last = now
						}
					}
				}()
				<-ready
				t0 := time.Now()
				err := k.spin.Launch(k.dev.Stream(), ka.Range(1), n, k.out)
				if err == nil {
					if how == "Synchronize" {
						err = k.dev.Synchronize(bg)
					} else {
						err = k.out.Read(bg, host)
					}
				}
				w := time.Since(t0)
				c := count.Load()
				close(stop)
				wg.Wait()
				kasync.SetBlocking(prev)
				if err != nil {
					t.notes = append(t.notes, "error: "+err.Error())
					return t
				}
				waits = append(waits, float64(w.Milliseconds()))
				ticks = append(ticks, float64(c))
				exp = append(exp, float64(w/(10*time.Millisecond)))
				gaps = append(gaps, float64(maxGap.Load())/1e6)
			}
			t.add(how, mode, spreadOf(waits).String(), spreadOf(ticks).String(), spreadOf(exp).String(), spreadOf(gaps).String())
		}
	}
	t.notes = append(t.notes, fmt.Sprintf("Spin on one work-item, %d iterations; %d run(s) per row. runtime.GOMAXPROCS(1) for the table, restored after. Wait = launch to return of Synchronize or of Read (which waits for the kernel, then copies).", n, cfg.tickerRuns))
	return t
}

// headOfLine is table 4: nine tasks from ka.Spawn, one launching 20 ms
// kernels and eight launching 1 ms kernels, each followed by the task's
// Synchronize; overhead = launch+sync − the kernel's own duration.
func headOfLine(k *kit, cfg config) *table {
	t := &table{id: "4", title: "Head-of-line blocking: 9 spawned tasks, one with 20 ms kernels, eight with 1 ms (overhead per wait, µs)", backend: k.name}
	nSlow, nFast := k.iters(20*time.Millisecond), k.iters(time.Millisecond)
	kSlow, kFast := us(k.kernelTime(nSlow)), us(k.kernelTime(nFast))
	type res struct{ slow, fast []float64 }
	per := map[string]*[4][]float64{} // mode -> slow p50, slow p90, fast p50, fast p90 per rep
	modes := []string{"blocking", "cooperative"}
	for _, m := range modes {
		per[m] = &[4][]float64{}
	}
	for rep := range cfg.holReps {
		for j := range modes {
			m := modes[(rep+j)%2]
			prev := kasync.SetBlocking(m == "blocking")
			var mu sync.Mutex
			var r res
			var done atomic.Bool
			var firstErr error
			tasks := make([]*ka.Task, 9)
			for i := range tasks {
				slow := i == 0
				tasks[i] = ka.Spawn(k.dev, func(s *ka.Stream) error {
					out, err := ka.Alloc[float32](k.dev, 1)
					if err != nil {
						return err
					}
					defer out.Free()
					n, kt, gap := nFast, kFast, 9*time.Millisecond
					if slow {
						n, kt, gap = nSlow, kSlow, 20*time.Millisecond
					}
					for it := 0; ; it++ {
						if slow && it == cfg.holIters || !slow && done.Load() {
							break
						}
						t0 := time.Now()
						if err := k.spin.Launch(s, ka.Range(1), n, out); err != nil {
							return err
						}
						if err := s.Synchronize(bg); err != nil {
							return err
						}
						o := us(time.Since(t0)) - kt
						mu.Lock()
						if slow {
							r.slow = append(r.slow, o)
						} else {
							r.fast = append(r.fast, o)
						}
						mu.Unlock()
						time.Sleep(gap)
					}
					if slow {
						done.Store(true)
					}
					return nil
				})
			}
			for _, tk := range tasks {
				if err := tk.Wait(bg); err != nil && firstErr == nil {
					firstErr = err
				}
			}
			kasync.SetBlocking(prev)
			if firstErr != nil {
				t.notes = append(t.notes, "error: "+firstErr.Error())
				return t
			}
			p := per[m]
			p[0] = append(p[0], median(r.slow))
			p[1] = append(p[1], quantile(r.slow, 0.9))
			p[2] = append(p[2], median(r.fast))
			p[3] = append(p[3], quantile(r.fast, 0.9))
		}
	}
	t.cols = []string{"mode", "20 ms task p50", "20 ms task p90", "1 ms tasks p50", "1 ms tasks p90"}
	for _, m := range modes {
		p := per[m]
		t.add(m, spreadOf(p[0]).String(), spreadOf(p[1]).String(), spreadOf(p[2]).String(), spreadOf(p[3]).String())
	}
	b, c := per["blocking"], per["cooperative"]
	t.add("cooperative / blocking", ratio(spreadOf(c[0]).med, spreadOf(b[0]).med), ratio(spreadOf(c[1]).med, spreadOf(b[1]).med),
		ratio(spreadOf(c[2]).med, spreadOf(b[2]).med), ratio(spreadOf(c[3]).med, spreadOf(b[3]).med))
	t.notes = append(t.notes, fmt.Sprintf("Kernels alone: %.0f µs and %.0f µs (Spin on one work-item). Each task sleeps after each wait (20 ms for the slow task, 9 ms for the others) so that the nine tasks ask for about 1.3 cores, not 9: on a CPU device the kernels of concurrent tasks share the host's cores, and contention then shows up in the overhead (mostly in p90). %d repetition(s) of %d slow kernels per mode; modes alternate.", kSlow, kFast, cfg.holReps, cfg.holIters))
	return t
}
