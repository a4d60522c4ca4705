package katest

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kago-dev/kago/ka"
)

// saxpyTask returns a task body that runs y = 2x + y launches times on
// its own arrays of n elements and checks the result.
func saxpyTask(dev *ka.Device, k *ka.Kernel, n, launches int) func(*ka.Stream) error {
	return func(s *ka.Stream) error {
		ctx := context.Background()
		hx, hy := make([]float32, n), make([]float32, n)
		for i := range hx {
			hx[i], hy[i] = float32(i), 1
		}
		x, err := ka.FromSlice(ctx, dev, hx)
		if err != nil {
			return err
		}
		defer x.Free()
		y, err := ka.FromSlice(ctx, dev, hy)
		if err != nil {
			return err
		}
		defer y.Free()
		for range launches {
			if err := k.Launch(s, ka.Range(n), float32(2), x, y); err != nil {
				return err
			}
		}
		got := make([]float32, n)
		if err := y.Read(ctx, got); err != nil {
			return err
		}
		for i := range got {
			want := hy[i]
			for range launches {
				want = 2*hx[i] + want
			}
			if got[i] != want {
				return fmt.Errorf("saxpy of %d elements, %d launches: element %d is %v, want %v", n, launches, i, got[i], want)
			}
		}
		return nil
	}
}

// testSpawn checks that concurrent tasks each get a driver queue of their
// own: while 8 tasks hold their streams at once, the device has at least 9
// queues (theirs and the default one).
func testSpawn(t *testing.T, dev *ka.Device) {
	k, err := ka.NewKernel(dev, Saxpy, ka.WithGroupSize(64))
	require.NoError(t, err)
	const tasks = 8
	var launched, release sync.WaitGroup
	launched.Add(tasks)
	release.Add(1)
	var all []*ka.Task
	for range tasks {
		all = append(all, ka.Spawn(dev, saxpyTask(dev, k, 1000, 1)))
	}
	// A second wave that holds its streams until released.
	var held []*ka.Task
	for range tasks {
		held = append(held, ka.Spawn(dev, func(s *ka.Stream) error {
			err := saxpyTask(dev, k, 100, 1)(s)
			launched.Done()
			release.Wait()
			return err
		}))
	}
	launched.Wait()
	live, _ := dev.Queues()
	release.Done()
	for _, task := range append(all, held...) {
		require.NoError(t, task.Wait(context.Background()))
	}
	assert.GreaterOrEqual(t, live, tasks+1, "%d tasks held streams at once, but the device had %d queues: tasks share queues", tasks, live)
}

// testSpawnReuse checks that finished tasks' queues are reused: many tasks,
// at most 4 at a time, leave the number of queues bounded.
func testSpawnReuse(t *testing.T, dev *ka.Device) {
	k, err := ka.NewKernel(dev, Saxpy, ka.WithGroupSize(64))
	require.NoError(t, err)
	const rounds, width = 50, 4
	liveBefore, _ := dev.Queues()
	for range rounds {
		var batch []*ka.Task
		for range width {
			batch = append(batch, ka.Spawn(dev, saxpyTask(dev, k, 64, 1)))
		}
		for _, task := range batch {
			require.NoError(t, task.Wait(context.Background()))
		}
	}
	live, idle := dev.Queues()
	assert.LessOrEqual(t, live, liveBefore+width, "after %d tasks, %d at a time: %d queues alive (%d before): queues are not reused", rounds*width, width, live, liveBefore)
	assert.NotZero(t, idle, "no idle queue in the pool after the tasks ended")
}

func testTaskError(t *testing.T, dev *ka.Device) {
	boom := errors.New("boom")
	var kept *ka.Stream
	task := ka.Spawn(dev, func(s *ka.Stream) error { kept = s; return boom })
	require.ErrorIs(t, task.Wait(context.Background()), boom, "Task.Wait; want the task's error")
	assert.ErrorIs(t, kept.Synchronize(context.Background()), ka.ErrClosed, "a task's stream after the task: Synchronize")
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	hold := make(chan struct{})
	slow := ka.Spawn(dev, func(*ka.Stream) error { <-hold; return nil })
	assert.ErrorIs(t, slow.Wait(ctx), context.Canceled, "Task.Wait with a cancelled context")
	close(hold)
	require.NoError(t, slow.Wait(context.Background()))
}

// testPriority checks that priorities are accepted and recorded, and that
// a stream stays in order across priority changes.
func testPriority(t *testing.T, dev *ka.Device) {
	ctx := context.Background()
	scale, err := ka.NewKernel(dev, Scale[float32])
	require.NoError(t, err)
	saxpy, err := ka.NewKernel(dev, Saxpy)
	require.NoError(t, err)
	task := ka.Spawn(dev, func(s *ka.Stream) error {
		const n = 4096
		h := make([]float32, n)
		for i := range h {
			h[i] = 1
		}
		one, err := ka.FromSlice(ctx, dev, h)
		if err != nil {
			return err
		}
		defer one.Free()
		y, err := ka.FromSlice(ctx, dev, h)
		if err != nil {
			return err
		}
		defer y.Free()
		// This runs on the task's goroutine: assert, never require.
		assert.Equal(t, ka.Normal, s.Priority(), "new stream priority")
		// y = ((1*3)+1)*5 + 1 = 21 only if the launches stay in order.
		if err := scale.Launch(s, ka.Range(n), float32(3), y); err != nil {
			return err
		}
		if err := s.SetPriority(ka.High); err != nil {
			return err
		}
		assert.Equal(t, ka.High, s.Priority(), "priority after SetPriority(High)")
		if err := saxpy.Launch(s, ka.Range(n), float32(1), one, y); err != nil {
			return err
		}
		err = s.WithPriority(ka.Low, func(s *ka.Stream) error {
			assert.Equal(t, ka.Low, s.Priority(), "priority inside WithPriority(Low)")
			return scale.Launch(s, ka.Range(n), float32(5), y)
		})
		if err != nil {
			return err
		}
		assert.Equal(t, ka.High, s.Priority(), "priority after WithPriority; want high restored")
		if err := saxpy.Launch(s, ka.Range(n), float32(1), one, y); err != nil {
			return err
		}
		got := make([]float32, n)
		if err := y.Read(ctx, got); err != nil {
			return err
		}
		for i, v := range got {
			if !assert.Equal(t, float32(21), v, "y[%d]: work reordered across priorities", i) {
				break
			}
		}
		assert.ErrorIs(t, s.SetPriority(ka.Priority(42)), ka.ErrUnsupported, "SetPriority(42)")
		return nil
	})
	require.NoError(t, task.Wait(ctx))
}

// testCancel checks that a cancelled context does not abandon a wait: the
// work completes, and then the context's error is returned.
func testCancel(t *testing.T, dev *ka.Device) {
	k, err := ka.NewKernel(dev, Saxpy)
	require.NoError(t, err)
	const n = 1 << 16
	bg := context.Background()
	x, err := ka.FromSlice(bg, dev, make([]float32, n))
	require.NoError(t, err)
	defer x.Free()
	hy := make([]float32, n)
	y, err := ka.FromSlice(bg, dev, hy)
	require.NoError(t, err)
	defer y.Free()
	ctx, cancel := context.WithTimeout(bg, time.Nanosecond)
	defer cancel()
	<-ctx.Done()
	for range 10 {
		require.NoError(t, k.Launch(dev.Stream(), ka.Range(n), float32(1), x, y))
	}
	assert.ErrorIs(t, dev.Synchronize(ctx), context.DeadlineExceeded, "Synchronize with an expired context")
	assert.ErrorIs(t, y.Read(ctx, hy), context.DeadlineExceeded, "Read with an expired context; want context.DeadlineExceeded after the copy")
}
