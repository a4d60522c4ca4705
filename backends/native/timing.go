package native

import (
	"context"
	"fmt"
	"time"

	"github.com/kago-dev/kago/ka/driver"
)

// Events, timing and asynchronous copies (driver's optional interfaces).
// The backend's clock is the host's monotonic clock, in nanoseconds since
// the package was initialised.

var (
	_ driver.HostEvent     = (*event)(nil)
	_ driver.TimedEvent    = (*event)(nil)
	_ driver.TimedRecorder = (*queue)(nil)
	_ driver.KernelTimer   = (*queue)(nil)
	_ driver.Span          = (*span)(nil)
	_ driver.AsyncCopier   = (*queue)(nil)
	_ driver.Copier        = (*queue)(nil)
)

var origin = time.Now()

// clock is the backend's device clock: monotonic nanoseconds since origin
// (at least 1, so that 0 means "not stamped").
func clock() int64 { return max(int64(time.Since(origin)), 1) }

// failed reports the failure of a command at or before the event in its
// epoch, whether or not a wait of the queue has reported it.
func (e *event) failed() error {
	e.q.mu.Lock()
	defer e.q.mu.Unlock()
	if e.ep.err != nil && e.ep.at <= e.seq {
		return e.ep.err
	}
	return nil
}

// Wait waits on the host for the event (driver.HostEvent) and reports a
// failure before it, without ending its epoch: the queue's next wait
// reports it too.
func (e *event) Wait(ctx context.Context) error {
	err := waitPoint(ctx, &e.point)
	if ferr := e.failed(); ferr != nil {
		return ferr
	}
	return err
}

// Query reports whether the event has completed.
func (e *event) Query() (bool, error) { return e.point.Poll() }

// Elapsed is the clock time between the completion of start and of e, both
// from RecordTimed.
func (e *event) Elapsed(start driver.Event) (time.Duration, error) {
	s, ok := start.(*event)
	if !ok {
		return 0, fmt.Errorf("native: elapsed since a %T, not a native event: %w", start, driver.ErrInvalid)
	}
	t0, t1 := s.at.Load(), e.at.Load()
	if t0 == 0 || t1 == 0 {
		return 0, fmt.Errorf("native: elapsed between events not both recorded with timing and completed: %w", driver.ErrInvalid)
	}
	return time.Duration(t1 - t0), nil
}

// lockedEpoch is epoch, for a command just enqueued: its failure is
// recorded in the epoch current now, since only the queue's own waits,
// on this goroutine, start another.
func (q *queue) lockedEpoch() *epoch {
	q.mu.Lock()
	defer q.mu.Unlock()
	return q.epoch()
}

// RecordTimed enqueues a command that stamps the clock when the queue
// reaches it.
func (q *queue) RecordTimed() (driver.Event, error) {
	e := &event{}
	seq := q.enqueue(func() error { e.at.Store(clock()); return nil })
	e.point = point{q, seq}
	e.ep = q.lockedEpoch()
	return e, nil
}

// span is a kernel's execution interval on the backend's clock.
type span struct {
	event
	start int64 // written by the queue's goroutine before the command completes
	end   int64
}

func (s *span) Interval() (int64, int64, error) {
	if done, _ := s.Poll(); !done {
		return 0, 0, fmt.Errorf("native: interval of a kernel that has not completed: %w", driver.ErrInvalid)
	}
	// Poll took the queue's lock after the command completed, so the
	// stamps are visible.
	return s.start, s.end, nil
}

// LaunchTimed is Launch, stamping the clock around the kernel's execution.
func (q *queue) LaunchTimed(f driver.Function, r, group driver.NDRange, args []driver.Arg) (driver.Span, error) {
	fn, ok := f.(*function)
	if !ok {
		return nil, fmt.Errorf("native: Launch of a %T, not a native function", f)
	}
	body := fn.bind(args)
	s := &span{}
	seq := q.enqueue(func() error {
		s.start = clock()
		if q.stop.stopped() {
			s.end = s.start
			return nil // skipped, as in Launch
		}
		err := executeStoppable(fn, body, r, group, &q.stop)
		s.end = clock()
		return err
	})
	s.point = point{q, seq}
	s.ep = q.lockedEpoch()
	return s, nil
}

// WriteAsync enqueues the copy of src; the queue's command holds src until
// it has run.
func (q *queue) WriteAsync(b driver.Buffer, off int, src []byte) error {
	dst := b.(*buffer).b[off:]
	q.enqueue(func() error { copy(dst, src); return nil })
	return nil
}

// ReadAsync enqueues the copy into dst.
func (q *queue) ReadAsync(b driver.Buffer, off int, dst []byte) error {
	src := b.(*buffer).b[off:]
	q.enqueue(func() error { copy(dst, src); return nil })
	return nil
}

// Copy enqueues a copy between two buffers.
func (q *queue) Copy(dst driver.Buffer, dstOff int, src driver.Buffer, srcOff int, n int) error {
	d := dst.(*buffer).b[dstOff : dstOff+n]
	s := src.(*buffer).b[srcOff : srcOff+n]
	q.enqueue(func() error { copy(d, s); return nil })
	return nil
}
