package ka_test

import (
	"context"
	"fmt"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kago-dev/kago/ka"
)

// Kernels for the event tests. They run on the native backend, as Go, so
// they may sleep: a slow producer makes a missing dependency visible as
// stale data.

// SlowFill sleeps, then sets every element of x to v.
func SlowFill(it ka.Item, v int32, x []int32) {
	if it.Global() == 0 {
		time.Sleep(50 * time.Millisecond)
	}
	it.Barrier()
	if i := it.Global(); i < len(x) {
		x[i] = v
	}
}

// CopyInts copies x into y.
func CopyInts(it ka.Item, x, y []int32) {
	if i := it.Global(); i < len(y) {
		y[i] = x[i]
	}
}

// flag is written by SlowFlag on one device and read by ReadFlag on
// another, so that ordering across devices is checked by data.
var flag atomic.Int32

// SlowFlag sleeps, then sets flag to v.
func SlowFlag(it ka.Item, v int32, x []int32) {
	if it.Global() == 0 {
		time.Sleep(50 * time.Millisecond)
		flag.Store(v)
	}
}

// ReadFlag copies flag into every element of x.
func ReadFlag(it ka.Item, x []int32) {
	if i := it.Global(); i < len(x) {
		x[i] = flag.Load()
	}
}

// Crash indexes past x.
func Crash(it ka.Item, x []int32) { x[len(x)+it.Global()] = 1 }

// Sleep sleeps for ms milliseconds in work-item 0.
func Sleep(it ka.Item, ms int, x []int32) {
	if it.Global() == 0 {
		time.Sleep(time.Duration(ms) * time.Millisecond)
	}
}

func openNative(t *testing.T) *ka.Device {
	t.Helper()
	dev, err := ka.Open("native")
	require.NoError(t, err)
	t.Cleanup(func() { assert.NoError(t, dev.Close()) })
	return dev
}

func kernel(t *testing.T, dev *ka.Device, fn any) *ka.Kernel {
	t.Helper()
	k, err := ka.NewKernel(dev, fn, ka.WithGroupSize(64))
	require.NoError(t, err)
	return k
}

func filled(n int, v int32) []int32 {
	s := make([]int32, n)
	for i := range s {
		s[i] = v
	}
	return s
}

// A stream that waits for another stream's event sees the data written
// before the event; CopyInts would copy zeros otherwise, as SlowFill
// sleeps first.
func TestWaitForOrdersTwoStreams(t *testing.T) {
	ctx := context.Background()
	dev := openNative(t)
	const n = 256
	x, err := ka.Alloc[int32](dev, n)
	require.NoError(t, err)
	y, err := ka.FromSlice(ctx, dev, make([]int32, n))
	require.NoError(t, err)
	require.NoError(t, x.Write(ctx, make([]int32, n)))

	producer := dev.Stream()
	require.NoError(t, kernel(t, dev, SlowFill).Launch(producer, ka.Range(n), int32(7), x))
	ev, err := producer.Record()
	require.NoError(t, err)
	assert.False(t, ev.Done(), "the event is done before the 50 ms kernel before it")

	task := ka.Spawn(dev, func(s *ka.Stream) error {
		if err := s.WaitFor(ev); err != nil {
			return err
		}
		if err := kernel(t, dev, CopyInts).Launch(s, ka.Range(n), x, y); err != nil {
			return err
		}
		return s.Synchronize(ctx)
	})
	require.NoError(t, task.Wait(ctx))
	got := make([]int32, n)
	require.NoError(t, y.Read(ctx, got))
	assert.Equal(t, filled(n, 7), got, "the consumer read data from before the event")
	require.NoError(t, ev.Wait(ctx))
	assert.True(t, ev.Done())
}

// Across devices WaitFor refuses, with a message that says what to do:
// wait on the host, with a context, which a cancellation ends; the second
// device's kernel then runs after the first device's.
func TestWaitForAcrossDevices(t *testing.T) {
	ctx := context.Background()
	dev1, dev2 := openNative(t), openNative(t)
	const n = 64
	x1, err := ka.Alloc[int32](dev1, n)
	require.NoError(t, err)
	x2, err := ka.Alloc[int32](dev2, n)
	require.NoError(t, err)
	flag.Store(0)

	require.NoError(t, kernel(t, dev1, SlowFlag).Launch(dev1.Stream(), ka.Range(n), int32(42), x1))
	ev, err := dev1.Stream().Record()
	require.NoError(t, err)
	s2 := dev2.Stream()
	err = s2.WaitFor(ev)
	require.ErrorIs(t, err, ka.ErrInvalid)
	assert.EqualError(t, err, fmt.Sprintf("ka: WaitFor an event of %s on a stream of %s: wait for it on the host (Event.Wait): invalid argument", dev1, dev2))
	cancelled, cancel := context.WithCancel(ctx)
	cancel()
	require.ErrorIs(t, ev.Wait(cancelled), context.Canceled, "the host wait takes a context")
	require.NoError(t, ev.Wait(ctx))
	require.NoError(t, kernel(t, dev2, ReadFlag).Launch(s2, ka.Range(n), x2))
	got := make([]int32, n)
	require.NoError(t, x2.Read(ctx, got))
	assert.Equal(t, filled(n, 42), got, "the second device ran before the first device's event")
}

func TestEventAfterAFailedCommand(t *testing.T) {
	ctx := context.Background()
	dev := openNative(t)
	x, err := ka.Alloc[int32](dev, 4)
	require.NoError(t, err)
	s := dev.Stream()
	require.NoError(t, kernel(t, dev, Crash).Launch(s, ka.Range(4), x))
	ev, err := s.Record()
	require.NoError(t, err)
	err = ev.Wait(ctx)
	assert.ErrorIs(t, err, ka.ErrDevice)
	assert.True(t, ev.Done(), "a failed command completes its event")
	assert.ErrorIs(t, s.Synchronize(ctx), ka.ErrDevice, "the stream reports the failure too")

	// A timed launch of a failing kernel reports the failure from Wait.
	kt, err := kernel(t, dev, Crash).LaunchTimed(s, ka.Range(4), x)
	require.NoError(t, err)
	_, err = kt.Wait(ctx)
	assert.ErrorIs(t, err, ka.ErrDevice)
	assert.ErrorIs(t, s.Synchronize(ctx), ka.ErrDevice)
}

// The device's clock agrees with the wall clock for a kernel that sleeps a
// known time. Tolerance: the measured time is at least half the sleep and
// at most the wall time around launch and wait plus 100 ms; nothing
// tighter is asserted (a loaded machine stretches everything).
func TestTimingSanity(t *testing.T) {
	ctx := context.Background()
	dev := openNative(t)
	x, err := ka.Alloc[int32](dev, 1)
	require.NoError(t, err)
	k := kernel(t, dev, Sleep)
	s := dev.Stream()
	const sleep = 30 * time.Millisecond

	t0 := time.Now()
	kt, err := k.LaunchTimed(s, ka.Range(1), int(sleep/time.Millisecond), x)
	require.NoError(t, err)
	d, err := kt.Wait(ctx)
	wall := time.Since(t0)
	require.NoError(t, err)
	assert.GreaterOrEqual(t, d, sleep/2)
	assert.LessOrEqual(t, d, wall+100*time.Millisecond)

	start, err := s.Record()
	require.NoError(t, err)
	t0 = time.Now()
	require.NoError(t, k.Launch(s, ka.Range(1), int(sleep/time.Millisecond), x))
	end, err := s.Record()
	require.NoError(t, err)
	require.NoError(t, end.Wait(ctx))
	wall = time.Since(t0)
	d, err = end.Elapsed(start)
	require.NoError(t, err)
	assert.GreaterOrEqual(t, d, sleep/2)
	assert.LessOrEqual(t, d, wall+100*time.Millisecond)
	d, err = start.Elapsed(start)
	require.NoError(t, err)
	assert.Zero(t, d)

	// An empty launch takes no time.
	kt, err = k.LaunchTimed(s, ka.Range(0), 0, x)
	require.NoError(t, err)
	d, err = kt.Wait(ctx)
	require.NoError(t, err)
	assert.Zero(t, d)
}

// Asynchronous copies on one stream overlap a slow kernel on another; the
// results are checked.
func TestAsyncCopiesOverlapAKernel(t *testing.T) {
	ctx := context.Background()
	dev := openNative(t)
	const n = 1000
	busy, err := ka.Alloc[int32](dev, n)
	require.NoError(t, err)
	x, err := ka.Alloc[int32](dev, n)
	require.NoError(t, err)
	y, err := ka.Alloc[int32](dev, n)
	require.NoError(t, err)
	require.NoError(t, kernel(t, dev, SlowFill).Launch(dev.Stream(), ka.Range(n), int32(1), busy))

	src := make([]int32, n)
	for i := range src {
		src[i] = int32(i)
	}
	dst := make([]int32, n)
	task := ka.Spawn(dev, func(s *ka.Stream) error {
		if err := x.WriteAsync(s, src); err != nil {
			return err
		}
		if err := ka.Copy(s, y, x); err != nil {
			return err
		}
		if err := y.ReadAsync(s, dst); err != nil {
			return err
		}
		ev, err := s.Record()
		if err != nil {
			return err
		}
		return ev.Wait(ctx) // dst is ours from here
	})
	require.NoError(t, task.Wait(ctx))
	assert.Equal(t, src, dst)
	require.NoError(t, dev.Synchronize(ctx))
	got := make([]int32, n)
	require.NoError(t, busy.Read(ctx, got))
	assert.Equal(t, filled(n, 1), got)
}

func TestCopyChecksAndCrossesDevices(t *testing.T) {
	ctx := context.Background()
	dev1, dev2 := openNative(t), openNative(t)
	a, err := ka.FromSlice(ctx, dev1, []int32{1, 2, 3, 4})
	require.NoError(t, err)
	b, err := ka.Alloc[int32](dev2, 3)
	require.NoError(t, err)
	require.NoError(t, ka.Copy(dev2.Stream(), b, a)) // min(3, 4) elements
	got := make([]int32, 3)
	require.NoError(t, b.Read(ctx, got))
	assert.Equal(t, []int32{1, 2, 3}, got)

	c, err := ka.Alloc[int32](dev2, 4)
	require.NoError(t, err)
	require.NoError(t, ka.Copy(dev1.Stream(), c, a), "a stream of the source's device")
	got = make([]int32, 4)
	require.NoError(t, c.Read(ctx, got))
	assert.Equal(t, []int32{1, 2, 3, 4}, got)

	dev3 := openNative(t)
	assert.ErrorIs(t, ka.Copy(dev3.Stream(), b, a), ka.ErrInvalid)
	assert.ErrorIs(t, ka.Copy[int32](nil, b, a), ka.ErrInvalid)
	assert.ErrorIs(t, a.ReadAsync(dev2.Stream(), got), ka.ErrInvalid)
	assert.ErrorIs(t, a.WriteAsync(dev1.Stream(), make([]int32, 5)), ka.ErrInvalid)
	require.NoError(t, a.Free())
	assert.ErrorIs(t, a.ReadAsync(dev1.Stream(), got), ka.ErrClosed)
	assert.ErrorIs(t, ka.Copy(dev1.Stream(), a, a), ka.ErrClosed)
}

func TestWaitForNilAndReleasedEvents(t *testing.T) {
	dev := openNative(t)
	s := dev.Stream()
	assert.ErrorIs(t, s.WaitFor(nil), ka.ErrInvalid)
	ev, err := s.Record()
	require.NoError(t, err)
	require.NoError(t, ev.Release())
	assert.ErrorIs(t, s.WaitFor(ev), ka.ErrClosed)
	assert.ErrorIs(t, ev.Wait(context.Background()), ka.ErrClosed)
	assert.True(t, ev.Done())
}

// After Close: recording, copying and timing report ErrClosed; events
// recorded before report ErrClosed too (Done is true).
func TestEventsAndCopiesAfterClose(t *testing.T) {
	ctx := context.Background()
	dev1, err := ka.Open("native")
	require.NoError(t, err)
	dev2 := openNative(t)
	a, err := ka.FromSlice(ctx, dev1, []int32{1, 2, 3})
	require.NoError(t, err)
	b, err := ka.Alloc[int32](dev1, 3)
	require.NoError(t, err)
	c, err := ka.Alloc[int32](dev2, 3)
	require.NoError(t, err)
	s := dev1.Stream()
	start, err := s.Record()
	require.NoError(t, err)
	end, err := s.Record()
	require.NoError(t, err)
	k := kernel(t, dev1, CopyInts)
	require.NoError(t, dev1.Close())

	_, err = s.Record()
	assert.ErrorIs(t, err, ka.ErrClosed)
	assert.ErrorIs(t, end.Wait(ctx), ka.ErrClosed)
	assert.True(t, end.Done())
	_, err = end.Elapsed(start)
	assert.ErrorIs(t, err, ka.ErrClosed)
	assert.NoError(t, end.Release(), "Close released it")
	assert.ErrorIs(t, dev2.Stream().WaitFor(end), ka.ErrInvalid, "an event of another device")
	_, err = k.LaunchTimed(s, ka.Range(3), b, a)
	assert.ErrorIs(t, err, ka.ErrClosed)

	assert.ErrorIs(t, ka.Copy(s, b, a), ka.ErrClosed, "both arrays on the closed device")
	assert.ErrorIs(t, ka.Copy(dev2.Stream(), c, a), ka.ErrClosed, "from the closed device")
	assert.ErrorIs(t, ka.Copy(dev2.Stream(), a, c), ka.ErrClosed, "to the closed device")
	assert.ErrorIs(t, a.WriteAsync(s, []int32{1}), ka.ErrClosed)
	assert.ErrorIs(t, a.ReadAsync(s, make([]int32, 1)), ka.ErrClosed)
}
