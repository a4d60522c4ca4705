package opencl

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kago-dev/kago/ka/driver"
	kasync "github.com/kago-dev/kago/sync"
)

func record(t *testing.T, q driver.Queue) driver.Event {
	t.Helper()
	e, err := q.Record()
	require.NoError(t, err)
	t.Cleanup(func() { e.Release() })
	return e
}

// q1 writes x behind a gate that opens 30 ms later; q2 waits for q1's event
// and then runs saxpy over x. Without the dependency saxpy would read x's
// old zeros.
func TestEventOrdersQueuesByData(t *testing.T) {
	ctx := context.Background()
	d := openTestDevice(t)
	q1, q2 := newQueue(t, d), newQueue(t, d)
	const n = 256
	f := load(t, d, saxpySpec)
	bx, by := alloc(t, d, 4*n), alloc(t, d, 4*n)
	require.NoError(t, q1.Write(ctx, bx, 0, make([]byte, 4*n)))
	require.NoError(t, q1.Write(ctx, by, 0, make([]byte, 4*n)))

	x := make([]float32, n)
	for i := range x {
		x[i] = float32(i)
	}
	opened := gate(t, d, q1, 30*time.Millisecond, false)
	src := f32bytes(x)
	require.NoError(t, q1.(driver.AsyncCopier).WriteAsync(bx, 0, src))
	e := record(t, q1)

	require.NoError(t, q2.WaitEvent(e))
	require.NoError(t, q2.Launch(f, range1(n), range1(64), []driver.Arg{{Value: float32(1)}, {Buffer: bx, Len: n}, {Buffer: by, Len: n}}))
	out := make([]byte, 4*n)
	require.NoError(t, q2.Read(ctx, by, 0, out))
	assert.True(t, opened.Load(), "q2 finished before q1's gate opened")
	assert.Equal(t, x, bytesF32(out), "saxpy on q2 read x before q1 wrote it")
	require.NoError(t, e.(driver.HostEvent).Wait(ctx))
	done, err := e.(driver.HostEvent).Query()
	require.NoError(t, err)
	assert.True(t, done)
	require.NoError(t, q1.Synchronize(ctx))
}

func TestEventOfAFailedCommand(t *testing.T) {
	if kasync.Blocking() {
		t.Skip("KAGO_SYNC=blocking: no failure reports from clFinish (docs/backends.md)")
	}
	ctx := context.Background()
	d := openTestDevice(t)
	q := newQueue(t, d)
	gate(t, d, q, 5*time.Millisecond, true)
	e := record(t, q)
	err := e.(driver.HostEvent).Wait(ctx)
	assert.ErrorIs(t, err, driver.ErrDevice)
	done, _ := e.(driver.HostEvent).Query()
	assert.True(t, done, "a failed command completes its event")
	assert.ErrorIs(t, q.Synchronize(ctx), driver.ErrDevice)
}

// The profiling clock agrees with the wall clock, loosely: a spin kernel's
// interval is positive and at most the wall time around its launch and
// wait plus 50 ms, and the markers around it are at least half as far
// apart as the kernel ran.
func TestTimingSanity(t *testing.T) {
	ctx := context.Background()
	d := openTestDevice(t)
	if !d.caps.profiling {
		t.Skip("the device has no queue profiling")
	}
	q := newQueue(t, d)
	f := load(t, d, spinSpec)
	r := 4 * max(1, d.info.Capabilities.ComputeUnits)
	buf := alloc(t, d, 4*r)
	args := []driver.Arg{{Value: int64(200000)}, {Buffer: buf, Len: r}}

	start := record(t, q)
	t0 := time.Now()
	sp, err := q.(driver.KernelTimer).LaunchTimed(f, range1(r), range1(1), args)
	require.NoError(t, err)
	defer sp.Release()
	end := record(t, q)
	require.NoError(t, sp.Wait(ctx))
	require.NoError(t, end.(driver.HostEvent).Wait(ctx))
	wall := time.Since(t0)

	a, b, err := sp.Interval()
	require.NoError(t, err)
	kernel := time.Duration(b - a)
	assert.Positive(t, kernel)
	assert.LessOrEqual(t, kernel, wall+50*time.Millisecond)
	between, err := end.(driver.TimedEvent).Elapsed(start)
	require.NoError(t, err)
	assert.GreaterOrEqual(t, between, kernel/2)
	t.Logf("spin kernel: %v on the device, %v between the markers, %v wall", kernel, between, wall)
}

func TestNoProfilingIsUnsupported(t *testing.T) {
	ctx := context.Background()
	d := openTestDevice(t)
	prev := SetProfiling(false)
	q := newQueue(t, d)
	SetProfiling(prev)
	a, b := record(t, q), record(t, q)
	require.NoError(t, b.(driver.HostEvent).Wait(ctx))
	_, err := b.(driver.TimedEvent).Elapsed(a)
	assert.ErrorIs(t, err, driver.ErrUnsupported)
}

// Copies on one queue overlap a slow kernel on another; results checked.
func TestAsyncCopiesOverlapAKernel(t *testing.T) {
	ctx := context.Background()
	d := openTestDevice(t)
	q1, q2 := newQueue(t, d), newQueue(t, d)
	spin := load(t, d, spinSpec)
	r := 4 * max(1, d.info.Capabilities.ComputeUnits)
	busy := alloc(t, d, 4*r)
	require.NoError(t, q1.Launch(spin, range1(r), range1(1), []driver.Arg{{Value: int64(100000)}, {Buffer: busy, Len: r}}))

	const n = 1000
	f := load(t, d, saxpySpec)
	bx, by, bz := alloc(t, d, 4*n), alloc(t, d, 4*n), alloc(t, d, 4*n)
	x, y := make([]float32, n), make([]float32, n)
	for i := range x {
		x[i], y[i] = float32(i), 1
	}
	ac := q2.(driver.AsyncCopier)
	xb, yb, out := f32bytes(x), f32bytes(y), make([]byte, 4*n)
	require.NoError(t, ac.WriteAsync(bx, 0, xb))
	require.NoError(t, ac.WriteAsync(by, 0, yb))
	require.NoError(t, q2.Launch(f, range1(n), range1(64), []driver.Arg{{Value: float32(2)}, {Buffer: bx, Len: n}, {Buffer: by, Len: n}}))
	require.NoError(t, q2.(driver.Copier).Copy(bz, 0, by, 0, 4*n))
	require.NoError(t, ac.ReadAsync(bz, 0, out))
	require.NoError(t, q2.Synchronize(ctx))
	got := bytesF32(out)
	for i := range got {
		require.Equal(t, 2*x[i]+1, got[i], "element %d", i)
	}
	require.NoError(t, q1.Synchronize(ctx))
}

// BenchmarkProfilingCost compares a small launch and its wait on a queue
// with CL_QUEUE_PROFILING_ENABLE and on one without.
func BenchmarkProfilingCost(b *testing.B) {
	d := openTestDevice(b)
	f := load(b, d, saxpySpec)
	const n = 1024
	bx, by := alloc(b, d, 4*n), alloc(b, d, 4*n)
	args := []driver.Arg{{Value: float32(2)}, {Buffer: bx, Len: n}, {Buffer: by, Len: n}}
	for _, on := range []bool{false, true} {
		b.Run(map[bool]string{false: "unprofiled", true: "profiled"}[on], func(b *testing.B) {
			prev := SetProfiling(on)
			q := newQueue(b, d)
			SetProfiling(prev)
			ctx := context.Background()
			var err error
			for b.Loop() {
				// Checked after the loop: require calls b.Helper, which would be timed.
				if err = q.Launch(f, range1(n), range1(64), args); err != nil {
					break
				}
				if err = q.Synchronize(ctx); err != nil {
					break
				}
			}
			require.NoError(b, err)
		})
	}
}
