package ka

import (
	"context"
	"errors"
	"fmt"
	"sync"

	"github.com/kago-dev/kago/ka/driver"
)

// This file is cancellable streams: a context whose cancellation stops the
// device work of a stream (docs/sync.md, "Cancellation").

// WithContext runs fn with the stream cancellable by ctx, then returns fn's
// error, or ctx's error if ctx was cancelled before fn and the work it
// enqueued were done. While fn runs, a cancellation of ctx:
//
//   - skips the stream's launches that have not started yet, and those
//     that fn makes afterwards;
//   - stops the stream's running kernels at their next stop check (a whole
//     work-group at a time, never leaving a work-group waiting at a
//     barrier; see docs/sync.md for where each backend checks);
//   - makes waits on the stream (Synchronize, and so Task.Wait of a task
//     from SpawnContext) return promptly, with ctx's error.
//
// The contents of arrays written by stopped or skipped work are undefined,
// and the errors of that work (a *KernelError of a kernel cancelled after
// it failed) are not reported. Copies are not stopped. After a cancelled
// WithContext returns, the stream's work has drained and the stream is
// usable as before: later launches run normally.
//
// On a device whose Capabilities lack driver.Cancel (Features), the
// cancellation cannot stop device work: WithContext returns ctx's error as
// soon as fn has returned, and the work goes on, in order, on the stream.
// A ctx that can never be cancelled (context.Background) costs nothing.
// Without WithContext, a stream's work is never cancelled: contexts passed
// to waits end only the wait, as documented there.
func (s *Stream) WithContext(ctx context.Context, fn func(*Stream) error) error {
	if ctx == nil || fn == nil {
		return fmt.Errorf("ka: WithContext with a nil context or function: %w", ErrInvalid)
	}
	if ctx.Done() == nil {
		return fn(s)
	}
	raised := make(chan struct{})
	stop := context.AfterFunc(ctx, func() {
		s.stop.raise()
		close(raised)
	})
	ferr := fn(s)
	if stop() {
		return ferr // not cancelled
	}
	<-raised
	defer s.stop.lower()
	if s.dev.info.Capabilities.Features.Has(Cancel) {
		// The work stops and drains promptly; lower the flag only after it,
		// so that nothing of it runs once the stream is used again.
		s.mu.Lock()
		if s.cur != nil && !s.closed {
			_ = s.syncQueues(context.Background()) // the stopped work's errors are not reported
		}
		s.waited()
		s.mu.Unlock()
	}
	if ferr != nil && !errors.Is(ferr, ctx.Err()) {
		return errors.Join(ferr, ctx.Err())
	}
	return ctx.Err()
}

// SpawnContext is Spawn with the task's stream cancellable by ctx
// (Stream.WithContext): when ctx is cancelled, the task's device work is
// stopped, and the task ends with ctx's error as soon as fn has returned.
// fn should return promptly too: its waits on the stream do, since the
// stream's work stops.
func SpawnContext(ctx context.Context, dev *Device, fn func(s *Stream) error) *Task {
	if ctx == nil || fn == nil {
		return Spawn(dev, nil)
	}
	return Spawn(dev, func(s *Stream) error { return s.WithContext(ctx, fn) })
}

// streamStop is a stream's stop flag: raised while a context of a
// WithContext on the stream is cancelled and its work drains, on every
// driver queue the stream has taken that implements driver.Stopper.
type streamStop struct {
	mu     sync.Mutex
	raised int              // cancelled WithContext calls not yet returned
	queues []driver.Stopper // the stream's queues that can stop
}

// add registers a queue the stream has taken; it is stopped at once if the
// flag is raised. Called with the stream's mu held.
func (st *streamStop) add(q *queue) {
	sq, ok := q.q.(driver.Stopper)
	if !ok {
		return
	}
	st.mu.Lock()
	defer st.mu.Unlock()
	st.queues = append(st.queues, sq)
	if st.raised > 0 {
		_ = sq.Stop(true)
	}
}

// reset forgets the queues, which the stream has given back. Called with
// the stream's mu held.
func (st *streamStop) reset() {
	st.mu.Lock()
	defer st.mu.Unlock()
	if st.raised > 0 {
		for _, q := range st.queues {
			_ = q.Stop(false)
		}
	}
	clear(st.queues)
	st.queues = st.queues[:0]
}

func (st *streamStop) raise() {
	st.mu.Lock()
	defer st.mu.Unlock()
	if st.raised++; st.raised == 1 {
		for _, q := range st.queues {
			_ = q.Stop(true)
		}
	}
}

func (st *streamStop) lower() {
	st.mu.Lock()
	defer st.mu.Unlock()
	if st.raised--; st.raised == 0 {
		for _, q := range st.queues {
			_ = q.Stop(false)
		}
	}
}
