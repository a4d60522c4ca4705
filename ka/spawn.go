package ka

import (
	"context"
	"fmt"
)

// Task is a goroutine started by Spawn, with a stream of its own.
type Task struct {
	done chan struct{}
	err  error
}

// Spawn runs fn in a new goroutine with a stream of its own: concurrent
// tasks never share a stream, so their work runs independently on the
// device. The stream's driver queue comes from the device's pool when fn
// first uses it, and goes back to the pool once fn has returned and the
// stream's work has completed; at most 32 idle queues are kept per priority.
//
// The stream belongs to the task: using it after fn returns gives
// ErrClosed. A panic in fn is not recovered, as with a go statement. A nil
// dev or fn gives a task whose Wait returns an error wrapping ErrInvalid,
// and a closed dev one that returns ErrClosed; fn then does not run.
func Spawn(dev *Device, fn func(s *Stream) error) *Task {
	if dev == nil || fn == nil {
		return failed(fmt.Errorf("ka: Spawn with a nil device or function: %w", ErrInvalid))
	}
	s := newStream(dev)
	if !dev.addLive(s) {
		return failed(fmt.Errorf("ka: Spawn: device %w", ErrClosed))
	}
	t := &Task{done: make(chan struct{})}
	go func() {
		defer close(t.done)
		err := fn(s)
		if serr := s.finish(); err == nil {
			err = serr
		}
		t.err = err
	}()
	return t
}

// failed returns a task that has ended with err, without running.
func failed(err error) *Task {
	t := &Task{done: make(chan struct{}), err: err}
	close(t.done)
	return t
}

// Wait waits until the task's function has returned and all the work it
// enqueued has completed, and returns the function's error, or else the
// error of that work. If ctx ends first, Wait returns ctx's error; the task
// goes on and a later Wait still reports its outcome.
func (t *Task) Wait(ctx context.Context) error {
	select {
	case <-t.done:
		return t.err
	default:
	}
	select {
	case <-t.done:
		return t.err
	case <-ctx.Done():
		return ctx.Err()
	}
}

// Done is closed when the task has ended (fn returned and its work
// completed).
func (t *Task) Done() <-chan struct{} { return t.done }
