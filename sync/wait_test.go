package sync_test

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	kasync "github.com/kago-dev/kago/sync"
	"github.com/kago-dev/kago/sync/internal/cthreads"
)

func TestPollingFindsCompletedOp(t *testing.T) {
	s := streams(t, 1)[0]
	op := completed(t, s, cthreads.Spec{})
	ran, err := kasync.Wait(context.Background(), op.Poll(), kasync.Options{})
	if ran || err != nil {
		t.Fatalf("Wait = %v, %v; want false, nil (found by polling)", ran, err)
	}
	if c := op.Counts(); c.Polls != 1 || c.Waits != 0 {
		t.Fatalf("counts %+v; want one poll and no blocking wait", c)
	}
}

func TestSpinForBusyPollsUntilDone(t *testing.T) {
	s := streams(t, 1)[0]
	overflow := idleWorkers(t)
	alive, _, _ := kasync.WorkerStats()
	// A budget far longer than the operation: polling must see it complete.
	// The gate opens only once polling has begun, so the op cannot be
	// complete at the first poll however the goroutines are scheduled.
	g := gate(t)
	op := s.Submit(cthreads.Spec{Gate: g})
	res := goWait(context.Background(), op.Poll(), kasync.Options{Spin: kasync.For(time.Hour)})
	eventually(t, "polling to begin", func() bool { return op.Counts().Polls > 0 })
	g.Open()
	if o := receive(t, res, "Wait"); o.ran || o.err != nil {
		t.Fatalf("Wait = %v, %v; want false, nil", o.ran, o.err)
	}
	if c := op.Counts(); c.Waits != 0 || c.Polls < 2 {
		t.Fatalf("counts %+v; want several polls and no blocking wait", c)
	}
	if a, _, o := kasync.WorkerStats(); a != alive || o != overflow {
		t.Fatalf("workers %d -> %d, overflow %d -> %d; polling must not use a worker", alive, a, overflow, o)
	}
}

func TestSpinBudgets(t *testing.T) {
	s := streams(t, 1)[0]
	for _, tc := range []struct {
		spin  kasync.Spin
		polls int // polls before handing over to a free worker
	}{
		{kasync.Spin{}, 256},
		{kasync.Iterations(256), 256},
		{kasync.Iterations(5), 5},
		{kasync.Iterations(1), 1},
		{kasync.Iterations(0), 1},
		{kasync.NoSpin, 1},
		{kasync.For(0), 1},
	} {
		t.Run(tc.spin.String(), func(t *testing.T) {
			idleWorkers(t)
			g := gate(t)
			op := s.Submit(cthreads.Spec{Gate: g})
			res := goWait(context.Background(), op.Poll(), kasync.Options{Spin: tc.spin})
			eventually(t, "the worker's blocking wait", func() bool { return op.Counts().Waits == 1 })
			g.Open()
			if o := receive(t, res, "Wait"); !o.ran || o.err != nil {
				t.Fatalf("Wait = %v, %v; want true, nil (worker)", o.ran, o.err)
			}
			if c := op.Counts(); c.Polls != tc.polls {
				t.Fatalf("%d polls; want %d", c.Polls, tc.polls)
			}
		})
	}
}

func TestSpinForHandsOver(t *testing.T) {
	s := streams(t, 1)[0]
	idleWorkers(t)
	g := gate(t)
	op := s.Submit(cthreads.Spec{Gate: g})
	res := goWait(context.Background(), op.Poll(), kasync.Options{Spin: kasync.For(time.Millisecond)})
	// The gate stays closed until the budget is spent and a worker waits.
	eventually(t, "the worker's blocking wait", func() bool { return op.Counts().Waits == 1 })
	g.Open()
	if o := receive(t, res, "Wait"); !o.ran || o.err != nil {
		t.Fatalf("Wait = %v, %v; want true, nil", o.ran, o.err)
	}
	if c := op.Counts(); c.Polls < 2 {
		t.Fatalf("%d polls; want busy polling before handing over", c.Polls)
	}
}

func TestNegativeSpinRejected(t *testing.T) {
	s := streams(t, 1)[0]
	for _, spin := range []kasync.Spin{kasync.For(-time.Microsecond), kasync.Iterations(-1)} {
		op := completed(t, s, cthreads.Spec{})
		ran, err := kasync.Wait(context.Background(), op.Event(), kasync.Options{Spin: spin})
		if ran || err == nil || !strings.Contains(err.Error(), "negative spin") {
			t.Fatalf("%v: Wait = %v, %v; want an error about the negative spin", spin, ran, err)
		}
		if c := op.Counts(); c != (cthreads.Counts{}) {
			t.Fatalf("%v: counts %+v; a rejected wait must not touch the op", spin, c)
		}
	}
}

func TestPollingAllocatesNothing(t *testing.T) {
	s := streams(t, 1)[0]
	op := completed(t, s, cthreads.Spec{})
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	for _, tc := range []struct {
		name string
		ctx  context.Context
		op   kasync.Op
		opts kasync.Options
	}{
		{"default", context.Background(), op.Poll(), kasync.Options{}},
		{"NoSpin", context.Background(), op.Poll(), kasync.Options{Spin: kasync.NoSpin}},
		{"For", context.Background(), op.Poll(), kasync.Options{Spin: kasync.For(10 * time.Microsecond)}},
		{"subscriber", context.Background(), op.Event(), kasync.Options{}},
		{"cancellable", ctx, op.Event(), kasync.Options{Cancellable: true}},
	} {
		allocs := testing.AllocsPerRun(200, func() {
			if ran, err := kasync.Wait(tc.ctx, tc.op, tc.opts); ran || err != nil {
				t.Fatalf("Wait = %v, %v", ran, err)
			}
		})
		if allocs != 0 {
			t.Errorf("%s: %v allocations per Wait; want 0", tc.name, allocs)
		}
	}
}

func TestErrorsReturned(t *testing.T) {
	s := streams(t, 1)[0]
	var derr *cthreads.Error

	// The blocking wait's error, from a worker.
	op := s.Submit(cthreads.Spec{Delay: time.Millisecond, Status: -5})
	ran, err := kasync.Wait(context.Background(), op, kasync.Options{})
	if !ran || !errors.As(err, &derr) || derr.Status != -5 {
		t.Fatalf("worker: Wait = %v, %v; want true and status -5", ran, err)
	}

	// Poll's error.
	op = completed(t, s, cthreads.Spec{Status: -6})
	ran, err = kasync.Wait(context.Background(), op.Poll(), kasync.Options{})
	if ran || !errors.As(err, &derr) || derr.Status != -6 {
		t.Fatalf("poll: Wait = %v, %v; want false and status -6", ran, err)
	}

	// A callback reports completion, not status: the caller asks the driver.
	op = s.Submit(cthreads.Spec{Delay: time.Millisecond, Status: -7})
	ran, err = kasync.Wait(context.Background(), op.HostFunc(), kasync.Options{})
	if ran || err != nil {
		t.Fatalf("callback: Wait = %v, %v; want false, nil", ran, err)
	}
	if err := op.Wait(); !errors.As(err, &derr) || derr.Status != -7 {
		t.Fatalf("the caller's own wait after a callback = %v; want status -7", err)
	}
}

func TestFailingSubscribeRegistersNothing(t *testing.T) {
	s := streams(t, 1)[0]
	handles := kasync.LiveHandles()
	op := s.Submit(cthreads.Spec{Delay: time.Millisecond, FailSubscribe: true})
	ran, err := kasync.Wait(context.Background(), op.HostFunc(), kasync.Options{})
	if ran || err == nil || !strings.Contains(err.Error(), "subscribe failed") {
		t.Fatalf("Wait = %v, %v; want Subscribe's error", ran, err)
	}
	if c := op.Counts(); c.Subscribes != 1 || c.Registered != 0 || c.Waits != 0 {
		t.Fatalf("counts %+v; want one failed subscribe and nothing else", c)
	}
	if h := kasync.LiveHandles(); h != handles {
		t.Fatalf("%d live handles after a failed subscribe; want %d", h, handles)
	}
}

func TestBlockingSwitch(t *testing.T) {
	s := streams(t, 1)[0]
	prev := kasync.SetBlocking(true)
	defer kasync.SetBlocking(prev)
	if !kasync.Blocking() {
		t.Fatal("Blocking() = false after SetBlocking(true)")
	}
	overflow := idleWorkers(t)
	for _, op := range []*cthreads.Op{s.After(time.Millisecond), s.After(0)} {
		ran, err := kasync.Wait(context.Background(), op.Event(), kasync.Options{Cancellable: true})
		if !ran || err != nil {
			t.Fatalf("Wait = %v, %v; want true, nil", ran, err)
		}
		if c := op.Counts(); c.Waits != 1 || c.Polls != 0 || c.Subscribes != 0 {
			t.Fatalf("counts %+v; want only the blocking wait", c)
		}
	}
	if _, busy, o := kasync.WorkerStats(); busy != 0 || o != overflow {
		t.Fatal("blocking mode used a worker")
	}
	if was := kasync.SetBlocking(prev); !was {
		t.Fatal("SetBlocking did not return the previous setting")
	}
}

func TestNotifierHandleIsStable(t *testing.T) {
	var first, second uintptr
	op := subscribeFunc(func(n kasync.Notifier) error {
		first, second = n.Handle(), n.Handle()
		n.Notify()
		return nil
	})
	before := kasync.LiveHandles()
	if ran, err := kasync.Wait(context.Background(), op, kasync.Options{}); ran || err != nil {
		t.Fatalf("Wait = %v, %v", ran, err)
	}
	if first == 0 || first != second {
		t.Fatalf("Handle() = %#x then %#x; want one non-zero value", first, second)
	}
	if h := kasync.LiveHandles(); h != before {
		t.Fatalf("%d live handles after delivery; want %d", h, before)
	}
}

// subscribeFunc is an op whose Subscribe is a Go function (as the native
// backend's would be) and whose blocking wait must not be used.
type subscribeFunc func(kasync.Notifier) error

func (f subscribeFunc) Wait() error                       { panic("blocking wait used on a Subscriber") }
func (f subscribeFunc) Subscribe(n kasync.Notifier) error { return f(n) }
