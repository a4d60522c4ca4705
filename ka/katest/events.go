package katest

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kago-dev/kago/ka"
)

// Events, timing and copies, on every backend: orderings are checked by
// data, timings only for sanity.

func init() {
	add("EventOrdering", testEventOrdering)
	add("EventTiming", testEventTiming)
	add("AsyncCopies", testAsyncCopies)
}

func ones(n int) []float32 {
	s := make([]float32, n)
	for i := range s {
		s[i] = 1
	}
	return s
}

// Stream A adds x to y `rounds` times; stream B waits for A's event and
// copies y. Without the dependency B would copy an earlier y.
func testEventOrdering(t *testing.T, dev *ka.Device) {
	ctx := context.Background()
	const n, rounds = 1 << 18, 20
	x, err := ka.FromSlice(ctx, dev, ones(n))
	require.NoError(t, err)
	defer x.Free()
	y, err := ka.FromSlice(ctx, dev, make([]float32, n))
	require.NoError(t, err)
	defer y.Free()
	z, err := ka.FromSlice(ctx, dev, make([]float32, n))
	require.NoError(t, err)
	defer z.Free()
	k, err := ka.NewKernel(dev, Saxpy, ka.WithGroupSize(128))
	require.NoError(t, err)

	a := dev.Stream()
	for range rounds {
		require.NoError(t, k.Launch(a, ka.Range(n), float32(1), x, y))
	}
	ev, err := a.Record()
	require.NoError(t, err)
	task := ka.Spawn(dev, func(b *ka.Stream) error {
		if err := b.WaitFor(ev); err != nil {
			return err
		}
		if err := ka.Copy(b, z, y); err != nil {
			return err
		}
		return b.Synchronize(ctx)
	})
	require.NoError(t, task.Wait(ctx))
	got := make([]float32, n)
	require.NoError(t, z.Read(ctx, got))
	for i, v := range got {
		require.Equal(t, float32(rounds), v, "z[%d]: the copy ran before the event's work", i)
	}
	require.NoError(t, ev.Wait(ctx))
	assert.True(t, ev.Done(), "Done is false after Wait")
}

// Elapsed and LaunchTimed give positive device times, no longer than the
// wall time around them plus 100 ms.
func testEventTiming(t *testing.T, dev *ka.Device) {
	ctx := context.Background()
	const n = 1 << 20
	x, err := ka.FromSlice(ctx, dev, ones(n))
	require.NoError(t, err)
	defer x.Free()
	y, err := ka.FromSlice(ctx, dev, make([]float32, n))
	require.NoError(t, err)
	defer y.Free()
	k, err := ka.NewKernel(dev, Saxpy, ka.WithGroupSize(128))
	require.NoError(t, err)
	s := dev.Stream()
	require.NoError(t, s.Synchronize(ctx))

	t0 := time.Now()
	start, err := s.Record()
	require.NoError(t, err)
	kt, err := k.LaunchTimed(s, ka.Range(n), float32(2), x, y)
	if errors.Is(err, ka.ErrUnsupported) {
		t.Skipf("no timing: %v", err)
	}
	require.NoError(t, err)
	end, err := s.Record()
	require.NoError(t, err)
	require.NoError(t, end.Wait(ctx))
	kernel, err := kt.Wait(ctx)
	require.NoError(t, err)
	wall := time.Since(t0)
	between, err := end.Elapsed(start)
	require.NoError(t, err)
	assert.Positive(t, kernel, "kernel time %v, wall time %v", kernel, wall)
	assert.LessOrEqual(t, kernel, wall+100*time.Millisecond, "kernel time %v, wall time %v", kernel, wall)
	assert.GreaterOrEqual(t, between, time.Duration(0), "time between the events %v, wall time %v", between, wall)
	assert.LessOrEqual(t, between, wall+100*time.Millisecond, "time between the events %v, wall time %v", between, wall)
	t.Logf("saxpy over %d: kernel %v, events %v apart, wall %v", n, kernel, between, wall)
}

// Asynchronous copies and a kernel on a task's stream, while the default
// stream runs other kernels; results checked.
func testAsyncCopies(t *testing.T, dev *ka.Device) {
	ctx := context.Background()
	const n = 1 << 16
	bx, err := ka.FromSlice(ctx, dev, ones(n))
	require.NoError(t, err)
	defer bx.Free()
	by, err := ka.FromSlice(ctx, dev, make([]float32, n))
	require.NoError(t, err)
	defer by.Free()
	k, err := ka.NewKernel(dev, Saxpy, ka.WithGroupSize(128))
	require.NoError(t, err)
	for range 10 {
		require.NoError(t, k.Launch(dev.Stream(), ka.Range(n), float32(1), bx, by))
	}

	x, err := ka.Alloc[float32](dev, n)
	require.NoError(t, err)
	defer x.Free()
	y, err := ka.Alloc[float32](dev, n)
	require.NoError(t, err)
	defer y.Free()
	hx, hy, out := make([]float32, n), make([]float32, n), make([]float32, n)
	for i := range hx {
		hx[i], hy[i] = float32(i%100), float32(i%7)
	}
	task := ka.Spawn(dev, func(s *ka.Stream) error {
		if err := x.WriteAsync(s, hx); err != nil {
			return err
		}
		if err := y.WriteAsync(s, hy); err != nil {
			return err
		}
		if err := k.Launch(s, ka.Range(n), float32(3), x, y); err != nil {
			return err
		}
		if err := y.ReadAsync(s, out); err != nil {
			return err
		}
		return s.Synchronize(ctx)
	})
	require.NoError(t, task.Wait(ctx))
	for i := range out {
		require.Equal(t, 3*hx[i]+hy[i], out[i], "y[%d]", i)
	}
	require.NoError(t, dev.Synchronize(ctx))
	got := make([]float32, n)
	require.NoError(t, by.Read(ctx, got))
	assert.Equal(t, float32(10), got[n-1], "the default stream's result")
}
