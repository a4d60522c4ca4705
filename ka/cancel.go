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

// WithContext runs fn with the stream cancellable by ctx, waits for the
// work fn enqueued, and returns fn's error (or that work's), or ctx's
// error if ctx was cancelled before fn and the work it enqueued were done:
// a cancellation is never lost, also when it comes after fn has returned,
// while its work still runs, or while the device closes (WithContext then
// returns ctx's error, joined with ErrClosed if the device closed). While
// fn and its work run, a cancellation of ctx:
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
// cancellation cannot stop device work: WithContext does not wait for it,
// returns ctx's error as soon as fn has returned if ctx is cancelled by
// then, and the work goes on, in order, on the stream. A ctx that can
// never be cancelled (context.Background) costs nothing, and WithContext
// is then fn(s). Without WithContext, a stream's work is never cancelled:
// contexts passed to waits end only the wait, as documented there.
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
	stops := s.dev.info.Capabilities.Features.Has(Cancel)
	if ferr == nil && stops {
		// fn's work is still cancellable while it runs: wait for it here.
		ferr = s.Synchronize(context.Background())
	}
	if stop() {
		return ferr // not cancelled
	}
	<-raised
	defer s.stop.lower()
	if stops {
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
// (Stream.WithContext) until the task's work has completed: when ctx is
// cancelled, before fn returns or after, while its work runs, the work is
// stopped and the task ends with ctx's error (joined with ErrClosed if
// the device closed meanwhile). fn should return promptly too: its waits
// on the stream do, since the stream's work stops. A nil ctx or fn gives a
// task whose Wait returns an error wrapping ErrInvalid.
func SpawnContext(ctx context.Context, dev *Device, fn func(s *Stream) error) *Task {
	if ctx == nil || fn == nil {
		return failed(fmt.Errorf("ka: SpawnContext with a nil context or function: %w", ErrInvalid))
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
