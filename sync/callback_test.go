package sync_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

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
	require.NoError(t, err, "Wait")
	require.False(t, ran, "Wait ran the op; want a callback")
	c := op.Counts()
	require.Equal(t, 1, c.Registered, "counts %+v; want one callback and no blocking wait", c)
	require.Equal(t, 1, c.Callbacks, "counts %+v; want one callback and no blocking wait", c)
	require.Zero(t, c.Waits, "counts %+v; want one callback and no blocking wait", c)
	// The same from Go: Notify before Subscribe returns.
	op2 := subscribeFunc(func(n kasync.Notifier) error { n.Notify(); return nil })
	ran, err = kasync.Wait(context.Background(), op2, kasync.Options{})
	require.NoError(t, err, "Go Notify inside Subscribe: Wait")
	require.False(t, ran, "Go Notify inside Subscribe: Wait ran the op")
	require.Equal(t, handles, kasync.LiveHandles(), "live handles")
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
							require.NoError(t, o.err, "Wait")
							require.False(t, o.ran, "Wait ran the op; want a callback")
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
							require.FailNow(t, "gave up waiting for the callback")
						}
					}
					require.GreaterOrEqual(t, ticks, 5, "Wait returned after %d ticks; want after the gate", ticks)
					require.True(t, op.Done(), "Wait returned before the op was done; want after the gate")
					_, _, ov := kasync.WorkerStats()
					require.Zero(t, busyTicks, "ticks at which a worker was busy; want no worker")
					require.Equal(t, overflow, ov, "overflow; want no worker")
					c := op.Counts()
					require.Equal(t, 1, c.Callbacks, "counts %+v", c)
					require.Zero(t, c.Waits, "counts %+v", c)
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
						done := op.Done()
						require.Equal(t, context.Canceled, o.err, "Wait error (op done %v); want context.Canceled before completion", done)
						require.False(t, o.ran, "Wait ran the op; want context.Canceled before completion")
						require.False(t, done, "op done; want context.Canceled before completion")
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
					require.True(t, op.Done(), "non-cancellable Wait returned before the op completed")
					if fail && ph.name != "callback" {
						var derr *cthreads.Error
						require.ErrorAs(t, o.err, &derr, "want the op's own error to win")
					} else {
						require.Equal(t, context.Canceled, o.err, "Wait error")
					}
					require.Equal(t, handles, kasync.LiveHandles(), "live handles")
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
	ran, err := kasync.Wait(ctx, op.Poll(), kasync.Options{})
	assert.Equal(t, context.Canceled, err, "Wait error; want context.Canceled after one poll")
	assert.False(t, ran, "Wait ran the op; want context.Canceled after one poll")
	require.Equal(t, 1, op.Counts().Polls, "polls; want context.Canceled after one poll")
	// Cancellable: it returns at once, without touching the op.
	ran, err = kasync.Wait(ctx, op.Poll(), kasync.Options{Cancellable: true})
	assert.Equal(t, context.Canceled, err, "Wait error; want context.Canceled and no poll")
	assert.False(t, ran, "Wait ran the op; want context.Canceled and no poll")
	assert.Equal(t, 1, op.Counts().Polls, "polls; want context.Canceled and no poll")
}
