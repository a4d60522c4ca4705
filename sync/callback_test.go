package sync_test

import (
	"context"
	"errors"
	"fmt"
	"testing"
	"time"

	kasync "github.com/kago-dev/kago/sync"
	"github.com/kago-dev/kago/sync/internal/cthreads"
)

func TestCallbackInsideSubscribe(t *testing.T) {
	s := streams(t, 1)[0]
	handles := kasync.LiveHandles()
	// The operation has completed, so the simulated driver calls back on
	// the subscribing thread, before Subscribe returns.
	op := completed(t, s, cthreads.Spec{})
	ran, err := kasync.Wait(context.Background(), op.HostFunc(), kasync.Options{})
	if ran || err != nil {
		t.Fatalf("Wait = %v, %v; want false, nil", ran, err)
	}
	if c := op.Counts(); c.Registered != 1 || c.Callbacks != 1 || c.Waits != 0 {
		t.Fatalf("counts %+v; want one callback and no blocking wait", c)
	}
	// The same from Go: Notify before Subscribe returns.
	op2 := subscribeFunc(func(n kasync.Notifier) error { n.Notify(); return nil })
	if ran, err := kasync.Wait(context.Background(), op2, kasync.Options{}); ran || err != nil {
		t.Fatalf("Go Notify inside Subscribe: Wait = %v, %v", ran, err)
	}
	if h := kasync.LiveHandles(); h != handles {
		t.Fatalf("%d live handles; want %d", h, handles)
	}
}

// A callback from a thread Go does not own, 100 ms after the gate opens,
// while a ticker goroutine keeps ticking: the ticker opens the gate after 5
// ticks, and counts on while no worker is busy.
func TestCallbackFromForeignThreadLater(t *testing.T) {
	for _, procs := range []int{1, 2} {
		for _, k := range kinds[2:] {
			t.Run(fmt.Sprintf("%s/GOMAXPROCS=%d", k.name, procs), func(t *testing.T) {
				withProcs(procs, func() {
					overflow := idleWorkers(t)
					s := streams(t, 1)[0]
					g := gate(t)
					op := s.Submit(cthreads.Spec{Gate: g, Delay: 100 * time.Millisecond})
					res := goWait(context.Background(), k.view(op), kasync.Options{})

					ticks, busyTicks := 0, 0
					ticker := time.NewTicker(time.Millisecond)
					defer ticker.Stop()
				loop:
					for {
						select {
						case o := <-res:
							if o.ran || o.err != nil {
								t.Fatalf("Wait = %v, %v; want false, nil", o.ran, o.err)
							}
							break loop
						case <-ticker.C:
							ticks++
							if ticks == 5 {
								g.Open()
							}
							if _, busy, _ := kasync.WorkerStats(); busy != 0 {
								busyTicks++
							}
						case <-time.After(hangGuard):
							t.Fatal("gave up waiting for the callback")
						}
					}
					if ticks < 5 || !op.Done() {
						t.Fatalf("Wait returned after %d ticks, op done %v; want after the gate", ticks, op.Done())
					}
					if _, _, ov := kasync.WorkerStats(); busyTicks != 0 || ov != overflow {
						t.Fatalf("a worker was busy at %d ticks, overflow %d -> %d; want no worker", busyTicks, overflow, ov)
					}
					if c := op.Counts(); c.Callbacks != 1 || c.Waits != 0 {
						t.Fatalf("counts %+v", c)
					}
				})
			})
		}
	}
}

// Cancellation in each phase, with and without Cancellable.
func TestCancellation(t *testing.T) {
	phases := []struct {
		name    string
		view    func(*cthreads.Op) kasync.Op
		spin    kasync.Spin
		started func(*cthreads.Op) bool // the wait has reached the phase
	}{
		{"polling", func(o *cthreads.Op) kasync.Op { return o.Poll() }, kasync.For(time.Hour),
			func(o *cthreads.Op) bool { return o.Counts().Polls > 0 }},
		{"worker", func(o *cthreads.Op) kasync.Op { return o }, kasync.Spin{},
			func(o *cthreads.Op) bool { return o.Counts().Waits == 1 }},
		{"pollable-worker", func(o *cthreads.Op) kasync.Op { return o.Poll() }, kasync.NoSpin,
			func(o *cthreads.Op) bool { return o.Counts().Waits == 1 }},
		{"callback", func(o *cthreads.Op) kasync.Op { return o.Event() }, kasync.NoSpin,
			func(o *cthreads.Op) bool { return o.Counts().Registered == 1 }},
	}
	for _, ph := range phases {
		for _, cancellable := range []bool{false, true} {
			for _, fail := range []bool{false, true} {
				if fail && cancellable {
					continue
				}
				name := fmt.Sprintf("%s/cancellable=%v", ph.name, cancellable)
				if fail {
					name += "/op-fails"
				}
				t.Run(name, func(t *testing.T) {
					idleWorkers(t)
					handles := kasync.LiveHandles()
					s := streams(t, 1)[0]
					g := gate(t)
					spec := cthreads.Spec{Gate: g}
					if fail {
						spec.Status = -3
					}
					op := s.Submit(spec)
					ctx, cancel := context.WithCancel(context.Background())
					res := goWait(ctx, ph.view(op), kasync.Options{Spin: ph.spin, Cancellable: cancellable})
					eventually(t, "the wait to reach its phase", func() bool { return ph.started(op) })
					cancel()
					if cancellable {
						o := receive(t, res, "cancellable wait")
						if o.ran || o.err != context.Canceled || op.Done() {
							t.Fatalf("Wait = %v, %v (op done %v); want false, context.Canceled before completion", o.ran, o.err, op.Done())
						}
						g.Open()
						if op.Counts().Registered == 1 {
							op.AwaitCallback()
						}
						// The late result or callback is harmless and leaks nothing.
						eventually(t, "the late result to be collected", func() bool {
							_, busy, _ := kasync.WorkerStats()
							return busy == 0 && kasync.LiveHandles() == handles && kasync.AbandonedWaiters() == 0
						})
						return
					}
					notYet(t, res, "non-cancellable wait")
					g.Open()
					o := receive(t, res, "non-cancellable wait")
					if !op.Done() {
						t.Fatal("non-cancellable Wait returned before the op completed")
					}
					if fail && ph.name != "callback" {
						var derr *cthreads.Error
						if !errors.As(o.err, &derr) {
							t.Fatalf("Wait error %v; want the op's own error to win", o.err)
						}
					} else if o.err != context.Canceled {
						t.Fatalf("Wait error %v; want context.Canceled", o.err)
					}
					if h := kasync.LiveHandles(); h != handles {
						t.Fatalf("%d live handles; want %d", h, handles)
					}
				})
			}
		}
	}
}

func TestCancelledBeforeWait(t *testing.T) {
	s := streams(t, 1)[0]
	op := completed(t, s, cthreads.Spec{})
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	// Not cancellable: the op is waited for, then ctx's error is reported.
	if ran, err := kasync.Wait(ctx, op.Poll(), kasync.Options{}); ran || err != context.Canceled || op.Counts().Polls != 1 {
		t.Fatalf("Wait = %v, %v after %d polls; want false, context.Canceled after one poll", ran, err, op.Counts().Polls)
	}
	// Cancellable: it returns at once, without touching the op.
	if ran, err := kasync.Wait(ctx, op.Poll(), kasync.Options{Cancellable: true}); ran || err != context.Canceled || op.Counts().Polls != 1 {
		t.Fatalf("Wait = %v, %v after %d polls; want false, context.Canceled and no poll", ran, err, op.Counts().Polls)
	}
}
