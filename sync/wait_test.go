package sync_test

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	kasync "github.com/kago-dev/kago/sync"
	"github.com/kago-dev/kago/sync/internal/cthreads"
)

func TestPollingFindsCompletedOp(t *testing.T) {
	s := streams(t, 1)[0]
	op := completed(t, s, cthreads.Spec{})
	ran, err := kasync.Wait(context.Background(), op.Poll(), kasync.Options{})
	require.NoError(t, err, "Wait")
	require.False(t, ran, "Wait ran the op; want it found by polling")
	c := op.Counts()
	require.Equal(t, 1, c.Polls, "counts %+v; want one poll and no blocking wait", c)
	require.Zero(t, c.Waits, "counts %+v; want one poll and no blocking wait", c)
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
	o := receive(t, res, "Wait")
	require.NoError(t, o.err, "Wait")
	require.False(t, o.ran, "Wait ran the op; want it found by polling")
	c := op.Counts()
	require.Zero(t, c.Waits, "counts %+v; want several polls and no blocking wait", c)
	require.GreaterOrEqual(t, c.Polls, 2, "counts %+v; want several polls and no blocking wait", c)
	a, _, ov := kasync.WorkerStats()
	require.Equal(t, alive, a, "workers; polling must not use a worker")
	require.Equal(t, overflow, ov, "overflow; polling must not use a worker")
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
			o := receive(t, res, "Wait")
			require.NoError(t, o.err, "Wait")
			require.True(t, o.ran, "Wait did not run the op; want a worker to")
			require.Equal(t, tc.polls, op.Counts().Polls, "polls")
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
	o := receive(t, res, "Wait")
	require.NoError(t, o.err, "Wait")
	require.True(t, o.ran, "Wait did not run the op")
	require.GreaterOrEqual(t, op.Counts().Polls, 2, "polls; want busy polling before handing over")
}

func TestNegativeSpinRejected(t *testing.T) {
	s := streams(t, 1)[0]
	for _, spin := range []kasync.Spin{kasync.For(-time.Microsecond), kasync.Iterations(-1)} {
		op := completed(t, s, cthreads.Spec{})
		ran, err := kasync.Wait(context.Background(), op.Event(), kasync.Options{Spin: spin})
		require.ErrorContains(t, err, "negative spin", "%v: Wait; want an error about the negative spin", spin)
		require.False(t, ran, "%v: Wait ran the op; want an error about the negative spin", spin)
		require.Equal(t, cthreads.Counts{}, op.Counts(), "%v: counts; a rejected wait must not touch the op", spin)
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
			ran, err := kasync.Wait(tc.ctx, tc.op, tc.opts)
			require.NoError(t, err, "Wait")
			require.False(t, ran, "Wait ran the op")
		})
		assert.Zero(t, allocs, "%s: allocations per Wait", tc.name)
	}
}

func TestErrorsReturned(t *testing.T) {
	s := streams(t, 1)[0]
	var derr *cthreads.Error

	// The blocking wait's error, from a worker.
	op := s.Submit(cthreads.Spec{Delay: time.Millisecond, Status: -5})
	ran, err := kasync.Wait(context.Background(), op, kasync.Options{})
	require.ErrorAs(t, err, &derr, "worker: Wait; want status -5")
	require.Equal(t, int32(-5), derr.Status, "worker: Wait's status")
	require.True(t, ran, "worker: Wait did not run the op")

	// Poll's error.
	op = completed(t, s, cthreads.Spec{Status: -6})
	ran, err = kasync.Wait(context.Background(), op.Poll(), kasync.Options{})
	require.ErrorAs(t, err, &derr, "poll: Wait; want status -6")
	require.Equal(t, int32(-6), derr.Status, "poll: Wait's status")
	require.False(t, ran, "poll: Wait ran the op")

	// A callback reports completion, not status: the caller asks the driver.
	op = s.Submit(cthreads.Spec{Delay: time.Millisecond, Status: -7})
	ran, err = kasync.Wait(context.Background(), op.HostFunc(), kasync.Options{})
	require.NoError(t, err, "callback: Wait")
	require.False(t, ran, "callback: Wait ran the op")
	require.ErrorAs(t, op.Wait(), &derr, "the caller's own wait after a callback; want status -7")
	require.Equal(t, int32(-7), derr.Status, "the caller's own wait after a callback")
}

func TestFailingSubscribeRegistersNothing(t *testing.T) {
	s := streams(t, 1)[0]
	handles := kasync.LiveHandles()
	op := s.Submit(cthreads.Spec{Delay: time.Millisecond, FailSubscribe: true})
	ran, err := kasync.Wait(context.Background(), op.HostFunc(), kasync.Options{})
	require.ErrorContains(t, err, "subscribe failed", "Wait; want Subscribe's error")
	require.False(t, ran, "Wait ran the op; want Subscribe's error")
	c := op.Counts()
	require.Equal(t, 1, c.Subscribes, "counts %+v; want one failed subscribe and nothing else", c)
	require.Zero(t, c.Registered, "counts %+v; want one failed subscribe and nothing else", c)
	require.Zero(t, c.Waits, "counts %+v; want one failed subscribe and nothing else", c)
	require.Equal(t, handles, kasync.LiveHandles(), "live handles after a failed subscribe")
}

func TestBlockingSwitch(t *testing.T) {
	s := streams(t, 1)[0]
	prev := kasync.SetBlocking(true)
	defer kasync.SetBlocking(prev)
	require.True(t, kasync.Blocking(), "Blocking() after SetBlocking(true)")
	overflow := idleWorkers(t)
	for _, op := range []*cthreads.Op{s.After(time.Millisecond), s.After(0)} {
		ran, err := kasync.Wait(context.Background(), op.Event(), kasync.Options{Cancellable: true})
		require.NoError(t, err, "Wait")
		require.True(t, ran, "Wait did not run the op")
		c := op.Counts()
		require.Equal(t, 1, c.Waits, "counts %+v; want only the blocking wait", c)
		require.Zero(t, c.Polls, "counts %+v; want only the blocking wait", c)
		require.Zero(t, c.Subscribes, "counts %+v; want only the blocking wait", c)
	}
	_, busy, ov := kasync.WorkerStats()
	require.Zero(t, busy, "blocking mode used a worker")
	require.Equal(t, overflow, ov, "blocking mode used a worker")
	require.True(t, kasync.SetBlocking(prev), "SetBlocking did not return the previous setting")
}

func TestNotifierHandleIsStable(t *testing.T) {
	var first, second uintptr
	op := subscribeFunc(func(n kasync.Notifier) error {
		first, second = n.Handle(), n.Handle()
		n.Notify()
		return nil
	})
	before := kasync.LiveHandles()
	ran, err := kasync.Wait(context.Background(), op, kasync.Options{})
	require.NoError(t, err, "Wait")
	require.False(t, ran, "Wait ran the op")
	require.NotZero(t, first, "Handle(); want one non-zero value")
	require.Equal(t, first, second, "Handle() then Handle(); want one non-zero value")
	require.Equal(t, before, kasync.LiveHandles(), "live handles after delivery")
}

// subscribeFunc is an op whose Subscribe is a Go function (as the native
// backend's would be) and whose blocking wait must not be used.
type subscribeFunc func(kasync.Notifier) error

func (f subscribeFunc) Wait() error                       { panic("blocking wait used on a Subscriber") }
func (f subscribeFunc) Subscribe(n kasync.Notifier) error { return f(n) }
