package katest

import (
	"context"
	"errors"
	"sync"
	"testing"
	"time"

	"github.com/kago-dev/kago/ka"
)

// saxpyTask returns a task body that runs y = 2x + y on its own arrays
// and checks the result.
func saxpyTask(dev *ka.Device, k *ka.Kernel, n int) func(*ka.Stream) error {
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
		if err := k.Launch(s, ka.Range(n), float32(2), x, y); err != nil {
			return err
		}
		got := make([]float32, n)
		if err := y.Read(ctx, got); err != nil {
			return err
		}
		for i := range got {
			if want := 2*hx[i] + 1; got[i] != want {
				return errors.New("wrong saxpy result")
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
	must(t, err)
	const tasks = 8
	var launched, release sync.WaitGroup
	launched.Add(tasks)
	release.Add(1)
	var all []*ka.Task
	for range tasks {
		all = append(all, ka.Spawn(dev, saxpyTask(dev, k, 1000)))
	}
	// A second wave that holds its streams until released.
	var held []*ka.Task
	for range tasks {
		held = append(held, ka.Spawn(dev, func(s *ka.Stream) error {
			err := saxpyTask(dev, k, 100)(s)
			launched.Done()
			release.Wait()
			return err
		}))
	}
	launched.Wait()
	live, _ := dev.Queues()
	release.Done()
	for _, task := range append(all, held...) {
		must(t, task.Wait(context.Background()))
	}
	if live < tasks+1 {
		t.Errorf("%d tasks held streams at once, but the device had %d queues: tasks share queues", tasks, live)
	}
}

// testSpawnReuse checks that finished tasks' queues are reused: many tasks,
// at most 4 at a time, leave the number of queues bounded.
func testSpawnReuse(t *testing.T, dev *ka.Device) {
	k, err := ka.NewKernel(dev, Saxpy, ka.WithGroupSize(64))
	must(t, err)
	const rounds, width = 50, 4
	liveBefore, _ := dev.Queues()
	for range rounds {
		var batch []*ka.Task
		for range width {
			batch = append(batch, ka.Spawn(dev, saxpyTask(dev, k, 64)))
		}
		for _, task := range batch {
			must(t, task.Wait(context.Background()))
		}
	}
	live, idle := dev.Queues()
	if live > liveBefore+width {
		t.Errorf("after %d tasks, %d at a time: %d queues alive (%d before): queues are not reused", rounds*width, width, live, liveBefore)
	}
	if idle == 0 {
		t.Errorf("no idle queue in the pool after the tasks ended")
	}
}

func testTaskError(t *testing.T, dev *ka.Device) {
	boom := errors.New("boom")
	var kept *ka.Stream
	task := ka.Spawn(dev, func(s *ka.Stream) error { kept = s; return boom })
	if err := task.Wait(context.Background()); !errors.Is(err, boom) {
		t.Fatalf("Task.Wait = %v, want the task's error", err)
	}
	if err := kept.Synchronize(context.Background()); !errors.Is(err, ka.ErrClosed) {
		t.Errorf("a task's stream after the task: Synchronize = %v, want ErrClosed", err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	hold := make(chan struct{})
	slow := ka.Spawn(dev, func(*ka.Stream) error { <-hold; return nil })
	if err := slow.Wait(ctx); !errors.Is(err, context.Canceled) {
		t.Errorf("Task.Wait with a cancelled context = %v, want context.Canceled", err)
	}
	close(hold)
	must(t, slow.Wait(context.Background()))
}

// testPriority checks that priorities are accepted and recorded, and that
// a stream stays in order across priority changes.
func testPriority(t *testing.T, dev *ka.Device) {
	ctx := context.Background()
	scale, err := ka.NewKernel(dev, Scale[float32])
	must(t, err)
	saxpy, err := ka.NewKernel(dev, Saxpy)
	must(t, err)
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
		if s.Priority() != ka.Normal {
			t.Errorf("new stream priority %v, want normal", s.Priority())
		}
		// y = ((1*3)+1)*5 + 1 = 21 only if the launches stay in order.
		if err := scale.Launch(s, ka.Range(n), float32(3), y); err != nil {
			return err
		}
		must(t, s.SetPriority(ka.High))
		if s.Priority() != ka.High {
			t.Errorf("priority after SetPriority(High) = %v", s.Priority())
		}
		if err := saxpy.Launch(s, ka.Range(n), float32(1), one, y); err != nil {
			return err
		}
		err = s.WithPriority(ka.Low, func(s *ka.Stream) error {
			if s.Priority() != ka.Low {
				t.Errorf("priority inside WithPriority(Low) = %v", s.Priority())
			}
			return scale.Launch(s, ka.Range(n), float32(5), y)
		})
		if err != nil {
			return err
		}
		if s.Priority() != ka.High {
			t.Errorf("priority after WithPriority = %v, want high restored", s.Priority())
		}
		if err := saxpy.Launch(s, ka.Range(n), float32(1), one, y); err != nil {
			return err
		}
		got := make([]float32, n)
		if err := y.Read(ctx, got); err != nil {
			return err
		}
		for i, v := range got {
			if v != 21 {
				t.Errorf("y[%d] = %v, want 21: work reordered across priorities", i, v)
				break
			}
		}
		if err := s.SetPriority(ka.Priority(42)); !errors.Is(err, ka.ErrUnsupported) {
			t.Errorf("SetPriority(42) = %v, want ErrUnsupported", err)
		}
		return nil
	})
	must(t, task.Wait(ctx))
}

// testCancel checks that a cancelled context does not abandon a wait: the
// work completes, and then the context's error is returned.
func testCancel(t *testing.T, dev *ka.Device) {
	k, err := ka.NewKernel(dev, Saxpy)
	must(t, err)
	const n = 1 << 16
	bg := context.Background()
	x, err := ka.FromSlice(bg, dev, make([]float32, n))
	must(t, err)
	defer x.Free()
	hy := make([]float32, n)
	y, err := ka.FromSlice(bg, dev, hy)
	must(t, err)
	defer y.Free()
	ctx, cancel := context.WithTimeout(bg, time.Nanosecond)
	defer cancel()
	<-ctx.Done()
	for range 10 {
		must(t, k.Launch(dev.Stream(), ka.Range(n), float32(1), x, y))
	}
	if err := dev.Synchronize(ctx); !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("Synchronize with an expired context = %v, want context.DeadlineExceeded", err)
	}
	if err := y.Read(ctx, hy); !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("Read with an expired context = %v, want context.DeadlineExceeded after the copy", err)
	}
}
