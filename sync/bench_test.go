package sync_test

import (
	"context"
	"fmt"
	"slices"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	kasync "github.com/kago-dev/kago/sync"
	"github.com/kago-dev/kago/sync/internal/cthreads"
)

// A mode is a way of waiting that the benchmarks compare side by side.
type mode struct {
	name     string
	blocking bool
	view     func(*cthreads.Op) kasync.Op
	opts     kasync.Options
}

var modes = []mode{
	// KAGO_SYNC=blocking: the driver wait on the caller's goroutine.
	{"blocking", true, func(o *cthreads.Op) kasync.Op { return o }, kasync.Options{}},
	// What a GPU backend does: poll with the default budget, then a worker.
	{"worker", false, func(o *cthreads.Op) kasync.Op { return o.Poll() }, kasync.Options{}},
	// What a CPU (PoCL) backend does: poll for 10µs, then a callback.
	{"callback", false, func(o *cthreads.Op) kasync.Op { return o.Event() }, kasync.Options{Spin: kasync.For(10 * time.Microsecond)}},
}

func (m mode) wait(op *cthreads.Op) error {
	prev := kasync.SetBlocking(m.blocking)
	_, err := kasync.Wait(context.Background(), m.view(op), m.opts)
	kasync.SetBlocking(prev)
	return err
}

// cpuNS is the process's CPU time (user + system) so far.
func cpuNS() int64 {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		panic(err)
	}
	return ru.Utime.Nano() + ru.Stime.Nano()
}

// percentile returns the p-th percentile of xs (sorted in place), in µs.
func percentile(xs []int64, p int) float64 {
	if len(xs) == 0 {
		return 0
	}
	slices.Sort(xs)
	return float64(xs[(len(xs)-1)*p/100]) / 1e3
}

// BenchmarkWait waits for operations that a C thread completes d after
// submission, in the three modes in turn (rotating which goes first), and
// reports per mode: the median total wait (submit to return), the p50 and
// p90 overhead (device completion to return) and the process CPU time per
// wait. ns/op is the time of one round of three waits.
func BenchmarkWait(b *testing.B) {
	for _, d := range []time.Duration{0, 20 * time.Microsecond, 50 * time.Microsecond, 200 * time.Microsecond, time.Millisecond} {
		b.Run(fmt.Sprintf("op=%dus", d.Microseconds()), func(b *testing.B) {
			s := cthreads.NewStream()
			defer s.Close()
			total := make([][]int64, len(modes))
			over := make([][]int64, len(modes))
			cpu := make([]int64, len(modes))
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				for j := range modes {
					k := (i + j) % len(modes)
					c0 := cpuNS()
					t0 := cthreads.NowNS()
					op := s.After(d)
					err := modes[k].wait(op)
					t1 := cthreads.NowNS()
					cpu[k] += cpuNS() - c0
					// Checked outside the measured span: require calls t.Helper.
					require.NoError(b, err)
					total[k] = append(total[k], t1-t0)
					over[k] = append(over[k], t1-op.EndNS())
				}
			}
			b.StopTimer()
			for k, m := range modes {
				b.ReportMetric(percentile(total[k], 50), m.name+"-wait-µs")
				b.ReportMetric(percentile(over[k], 50), m.name+"-p50-µs")
				b.ReportMetric(percentile(over[k], 90), m.name+"-p90-µs")
				b.ReportMetric(float64(cpu[k])/float64(b.N)/1e3, m.name+"-cpu-µs")
			}
		})
	}
}

// BenchmarkHeadOfLine is the experiment of the Julia write-up: 9 goroutines
// wait on their own streams, one for 20 ms operations and eight for 1 ms
// ones, and report the overhead (device completion to return) of each
// group. Each b.N iteration is one 20 ms operation of the long goroutine.
func BenchmarkHeadOfLine(b *testing.B) {
	hol := append(modes[:3:3], mode{"worker-nonpollable", false, func(o *cthreads.Op) kasync.Op { return o }, kasync.Options{}})
	for _, m := range hol {
		b.Run(m.name, func(b *testing.B) {
			prev := kasync.SetBlocking(m.blocking)
			defer kasync.SetBlocking(prev)
			ss := make([]*cthreads.Stream, 9)
			for i := range ss {
				ss[i] = cthreads.NewStream()
				defer ss[i].Close()
			}
			stop := make(chan struct{})
			over := make([][]int64, len(ss))
			done := make(chan int, len(ss))
			c0 := cpuNS()
			b.ResetTimer()
			for i, s := range ss {
				go func() {
					defer func() { done <- i }()
					for n := 0; ; n++ {
						if i == 0 && n == b.N {
							close(stop)
							return
						}
						if i > 0 {
							select {
							case <-stop:
								return
							default:
							}
						}
						d := time.Millisecond
						if i == 0 {
							d = 20 * time.Millisecond
						}
						op := s.After(d)
						if _, err := kasync.Wait(context.Background(), m.view(op), m.opts); !assert.NoError(b, err) {
							if i == 0 {
								close(stop)
							}
							return
						}
						over[i] = append(over[i], cthreads.NowNS()-op.EndNS())
					}
				}()
			}
			for range ss {
				<-done
			}
			b.StopTimer()
			var short []int64
			waits := 0
			for _, o := range over[1:] {
				short = append(short, o...)
			}
			for _, o := range over {
				waits += len(o)
			}
			b.ReportMetric(percentile(over[0], 50), "long-p50-µs")
			b.ReportMetric(percentile(over[0], 90), "long-p90-µs")
			b.ReportMetric(percentile(short, 50), "short-p50-µs")
			b.ReportMetric(percentile(short, 90), "short-p90-µs")
			b.ReportMetric(float64(cpuNS()-c0)/float64(waits)/1e3, "cpu-µs/wait")
		})
	}
}

// BenchmarkThreads reports the OS threads in use while many goroutines wait
// at once: 10,000 on callbacks, 10,000 on pollable ops (4 workers, the rest
// polling), and, for comparison, 2,000 in blocking mode (one thread each;
// 10,000 would reach Go's limit and abort the program).
func BenchmarkThreads(b *testing.B) {
	cases := []struct {
		m mode
		n int
	}{
		{mode{"callback", false, func(o *cthreads.Op) kasync.Op { return o.Event() }, kasync.Options{Spin: kasync.NoSpin}}, 10000},
		{mode{"worker", false, func(o *cthreads.Op) kasync.Op { return o.Poll() }, kasync.Options{Spin: kasync.NoSpin}}, 10000},
		{modes[0], 2000},
	}
	for _, c := range cases {
		b.Run(fmt.Sprintf("%s/waiters=%d", c.m.name, c.n), func(b *testing.B) {
			prev := kasync.SetBlocking(c.m.blocking)
			defer kasync.SetBlocking(prev)
			peak := 0
			for range b.N {
				s := cthreads.NewStream()
				g := cthreads.NewGate()
				before := threads(b)
				parked, blocked := kasync.ParkedCallbacks(), cthreads.BlockedWaits()
				errs := make(chan error, c.n)
				for range c.n {
					op := s.Submit(cthreads.Spec{Gate: g})
					go func() {
						_, err := kasync.Wait(context.Background(), c.m.view(op), c.m.opts)
						errs <- err
					}()
				}
				eventually(b, "all waiters waiting", func() bool {
					switch c.m.name {
					case "callback":
						return kasync.ParkedCallbacks()-parked == int64(c.n)
					case "worker":
						return kasync.PollingForWorker() == int64(c.n-kasync.MaxWorkers)
					}
					return cthreads.BlockedWaits()-blocked == c.n
				})
				peak = max(peak, threads(b)-before)
				g.Open()
				for range c.n {
					require.NoError(b, <-errs)
				}
				s.Close()
			}
			b.ReportMetric(float64(peak), "threads-added")
		})
	}
}
