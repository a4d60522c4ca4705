package main

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/kago-dev/kago/backends/opencl"
	"github.com/kago-dev/kago/backends/pocl"
	kasync "github.com/kago-dev/kago/sync"
)

// waitersResult is one run of table 5.
type waitersResult struct {
	Waiters     int     `json:"waiters"`
	ThreadsIdle int     `json:"threads_idle"`
	ThreadsPeak int     `json:"threads_peak"`
	TotalMS     float64 `json:"total_ms"` // first goroutine started to last returned
	WakeMS      float64 `json:"wake_ms"`  // event completed to last returned
	Error       string  `json:"error,omitempty"`
}

// waitMany starts n goroutines that each wait (opencl.WaitEvents) on one
// PoCL user event, lets them settle, completes the event and waits for all.
func waitMany(n int, blocking bool) waitersResult {
	r := waitersResult{Waiters: n}
	prev := kasync.SetBlocking(blocking)
	defer kasync.SetBlocking(prev)
	d, err := pocl.Backend.Open(0)
	if err != nil {
		r.Error = err.Error()
		return r
	}
	defer d.Close()
	ue, err := opencl.NewUserEvent(d)
	if err != nil {
		r.Error = err.Error()
		return r
	}
	defer ue.Release()
	r.ThreadsIdle = osThreads()
	var started atomic.Int64
	var wg sync.WaitGroup
	var errs atomic.Int64
	t0 := time.Now()
	for range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			started.Add(1)
			if err := opencl.WaitEvents(bg, ue); err != nil {
				errs.Add(1)
			}
		}()
	}
	// Let every waiter reach its wait: all started, and the thread count
	// steady for 200 ms.
	peak, last, steady := 0, -1, 0
	for deadline := time.Now().Add(60 * time.Second); time.Now().Before(deadline); {
		time.Sleep(20 * time.Millisecond)
		th := osThreads()
		peak = max(peak, th)
		if started.Load() == int64(n) && th == last {
			if steady++; steady >= 10 {
				break
			}
		} else {
			steady = 0
		}
		last = th
	}
	r.ThreadsPeak = peak
	t1 := time.Now()
	if err := ue.Complete(); err != nil {
		r.Error = err.Error()
	}
	wg.Wait()
	r.WakeMS = float64(time.Since(t1).Microseconds()) / 1e3
	r.TotalMS = float64(time.Since(t0).Microseconds()) / 1e3
	if e := errs.Load(); e > 0 && r.Error == "" {
		r.Error = fmt.Sprintf("%d waits failed", e)
	}
	return r
}

// runChild is the -child mode: "blocking:N" runs N blocking waiters and
// prints the result as JSON.
func runChild(spec string) int {
	mode, num, _ := strings.Cut(spec, ":")
	n, err := strconv.Atoi(num)
	if err != nil || mode != "blocking" {
		fmt.Fprintln(os.Stderr, "kagobench: bad -child", spec)
		return 2
	}
	json.NewEncoder(os.Stdout).Encode(waitMany(n, true))
	return 0
}

// child runs runChild in a new process, so that a blocking run that
// exceeds Go's thread limit aborts the child only.
func child(n int) (waitersResult, string) {
	exe, err := os.Executable()
	if err != nil {
		return waitersResult{}, err.Error()
	}
	cmd := exec.Command(exe, "-child", fmt.Sprintf("blocking:%d", n))
	var stderr strings.Builder
	cmd.Stderr = &stderr
	t0 := time.Now()
	out, err := cmd.Output()
	if err != nil {
		why := err.Error()
		for _, l := range strings.Split(stderr.String(), "\n") {
			if strings.Contains(l, "thread") || strings.HasPrefix(l, "fatal error") || strings.HasPrefix(l, "runtime:") {
				why += ": " + strings.TrimSpace(l)
				break
			}
		}
		return waitersResult{Waiters: n, TotalMS: float64(time.Since(t0).Milliseconds())}, why
	}
	var r waitersResult
	if err := json.Unmarshal(out, &r); err != nil {
		return r, err.Error()
	}
	return r, r.Error
}

// manyWaiters is table 5: OS threads and time with many goroutines waiting
// on the device at once.
func manyWaiters(cfg config) *table {
	t := &table{id: "5", title: "Many waiters: goroutines waiting on one PoCL user event at once", backend: "pocl"}
	t.cols = []string{"mode", "waiters", "OS threads before", "OS threads peak", "added", "event completed → all returned (ms)", "total (ms)", "outcome"}
	row := func(mode string, r waitersResult, why string) {
		outcome := "ok"
		if why != "" {
			outcome = why
		}
		if r.ThreadsPeak == 0 {
			t.add(mode, strconv.Itoa(r.Waiters), "—", "—", "—", "—", fmtNum(r.TotalMS), outcome)
			return
		}
		t.add(mode, strconv.Itoa(r.Waiters), strconv.Itoa(r.ThreadsIdle), strconv.Itoa(r.ThreadsPeak),
			strconv.Itoa(r.ThreadsPeak-r.ThreadsIdle), fmtNum(r.WakeMS), fmtNum(r.TotalMS), outcome)
	}
	r := waitMany(cfg.waiters, false)
	row("cooperative (callbacks), in process", r, r.Error)
	nb := 2000
	rb, why := child(nb)
	row("blocking (clWaitForEvents), child process", rb, why)
	if !cfg.quick {
		rb, why = child(cfg.waiters)
		row("blocking (clWaitForEvents), child process", rb, why)
	}
	t.notes = append(t.notes, "Each waiter is a goroutine in opencl.WaitEvents on one user event of PoCL's device (a real driver event, completed by the host). Threads from /proc/self/status Threads, the peak while all wait. Blocking runs run in a child process (this binary, -child), because each blocking waiter holds an OS thread in clWaitForEvents and Go aborts a process past 10,000 threads (debug.SetMaxThreads makes that fatal, not an error): the 2,000-waiter run measures the cost, the 10,000-waiter run (full mode only) shows the abort.")
	return t
}
