package ka

import (
	"context"
	"errors"
	"fmt"
	"sync"

	"github.com/kago-dev/kago/ka/driver"
)

// Stream is an ordered sequence of device work: kernels launched on a
// stream run one after the other, in the order they were launched. A device
// has a default stream (Device.Stream); Spawn gives each task a stream of its
// own, backed by a driver queue from the device's pool.
//
// A stream has a priority (Normal at first). Changing it moves the stream's
// later work onto a driver queue of that priority, ordered after its earlier
// work, so a stream stays in order whatever its priority.
type Stream struct {
	dev *Device

	mu     sync.Mutex
	queues [3]*queue // by Priority, acquired lazily
	cur    *queue    // where new work goes; nil until first use
	prio   Priority
	closed bool
	why    string       // why it closed: its task ended, or its device closed
	args   []driver.Arg // Launch's scratch, under mu
	stop   streamStop   // the stop flag of WithContext (cancel.go)

	// Asynchronous work accounted for at the stream's next completed wait
	// (waited), under mu: the race detector's stand-ins for asynchronous
	// copies (race builds, copy.go) and the kernels launched while
	// runtime/trace was on (trace.go).
	races []chan struct{}
	spans []tracedKernel
}

func newStream(d *Device) *Stream { return &Stream{dev: d} }

// Device is the device the stream belongs to.
func (s *Stream) Device() *Device { return s.dev }

// Priority is the stream's current priority.
func (s *Stream) Priority() Priority {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.prio
}

// SetPriority moves the stream's future work to a driver queue of priority
// p, ordered after the work already enqueued. On devices without priorities
// (Capabilities().Priorities is false) it only records p and succeeds.
func (s *Stream) SetPriority(p Priority) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.setPriority(p, true)
}

// WithPriority runs fn with the stream at priority p, then restores the
// previous priority. The restored queue is ordered after fn's work unless
// fn failed, so a failing block does not make later work wait on it. It
// returns fn's error, or the error of changing priorities; a nil fn is an
// error wrapping ErrInvalid.
func (s *Stream) WithPriority(p Priority, fn func(*Stream) error) error {
	if fn == nil {
		return fmt.Errorf("ka: WithPriority with a nil function: %w", ErrInvalid)
	}
	s.mu.Lock()
	prev := s.prio
	err := s.setPriority(p, true)
	s.mu.Unlock()
	if err != nil {
		return err
	}
	ferr := fn(s)
	s.mu.Lock()
	err = s.setPriority(prev, ferr == nil)
	s.mu.Unlock()
	return errors.Join(ferr, err)
}

func (s *Stream) setPriority(p Priority, order bool) error {
	if s.closed {
		return s.closedErr("SetPriority")
	}
	if p != Low && p != Normal && p != High {
		return fmt.Errorf("ka: SetPriority(%v): not a priority: %w", p, ErrUnsupported)
	}
	if p == s.prio {
		return nil
	}
	if s.cur == nil || !s.dev.info.Capabilities.Priorities {
		s.prio = p
		return nil
	}
	next := s.queues[p]
	if next == nil {
		q, err := s.dev.pool.get(p)
		if err != nil {
			return fmt.Errorf("ka: SetPriority(%v): %w", p, err)
		}
		s.queues[p] = q
		s.stop.add(q)
		next = q
	}
	if order {
		ev, err := s.cur.q.Record()
		if err != nil {
			return fmt.Errorf("ka: SetPriority(%v): %w", p, err)
		}
		err = next.q.WaitEvent(ev)
		err = errors.Join(err, ev.Release())
		if err != nil {
			return fmt.Errorf("ka: SetPriority(%v): %w", p, err)
		}
	}
	s.cur, s.prio = next, p
	return nil
}

// queue returns the driver queue for new work, taking one from the pool on
// first use. s.mu is held.
func (s *Stream) queue() (*queue, error) {
	if s.closed {
		return nil, s.closedErr("using the stream")
	}
	if s.cur != nil {
		return s.cur, nil
	}
	prio := s.prio
	if !s.dev.info.Capabilities.Priorities {
		prio = Normal
	}
	q, err := s.dev.pool.get(prio)
	if err != nil {
		return nil, err
	}
	s.queues[prio], s.cur = q, q
	s.stop.add(q)
	return q, nil
}

// Synchronize waits until all work enqueued on the stream so far has
// completed, cooperatively, with the cancellation rules of
// Device.Synchronize.
func (s *Stream) Synchronize(ctx context.Context) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.closed {
		return s.closedErr("Synchronize")
	}
	if s.cur == nil {
		return ctx.Err()
	}
	// Work on the stream's other queues is ordered before cur's.
	defer traceWait("Stream.Synchronize")()
	err := s.syncQueues(ctx)
	s.waited()
	return err
}

// syncQueues waits for the current queue, then asks the stream's other
// queues (whose work the current queue's is ordered after, so they have
// drained): a backend reports a kernel's failure (a *KernelError from its
// fault record) at a wait of the queue the kernel ran on, and a queue must
// not go back to the pool with a failure unreported. The first error is
// returned. s.mu is held and s.cur is not nil.
func (s *Stream) syncQueues(ctx context.Context) error {
	err := s.cur.q.Synchronize(ctx)
	for _, q := range s.queues {
		if q != nil && q != s.cur {
			if e := q.q.Synchronize(ctx); err == nil {
				err = e
			}
		}
	}
	return err
}

// closedErr is the error of using the closed stream s in op. s.mu is held.
func (s *Stream) closedErr(op string) error {
	return fmt.Errorf("ka: %s: stream %w (%s)", op, ErrClosed, s.why)
}

// doAs is do for the operation op of the user API: its errors, the
// stream's own and f's, are "ka: op: ..." once.
func (s *Stream) doAs(op string, f func(q *queue) error) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.closed {
		return s.closedErr(op)
	}
	q, err := s.queue()
	if err == nil {
		err = f(q)
	}
	if err != nil {
		return fmt.Errorf("ka: %s: %w", op, err)
	}
	return nil
}

// do runs f with the stream's current queue, under the stream's lock.
func (s *Stream) do(f func(q *queue) error) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	q, err := s.queue()
	if err != nil {
		return err
	}
	return f(q)
}

// waited accounts for the stream's asynchronous work once a wait has seen
// everything enqueued so far complete (or fail). s.mu is held.
func (s *Stream) waited() {
	raceJoin(s.races)
	clear(s.races)
	s.races = s.races[:0]
	s.logKernels()
}

// finish ends a task's stream: waits for its work and returns its queues to
// the pool. Later use returns ErrClosed.
func (s *Stream) finish() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	var err error
	if s.cur != nil {
		err = s.syncQueues(context.Background())
	}
	s.waited()
	s.closed, s.why = true, "its task has ended"
	s.dev.removeLive(s)
	if err != nil {
		// The queue may still hold failed work; do not hand it on.
		for i, q := range s.queues {
			if q != nil {
				s.dev.pool.discard(q)
				s.queues[i] = nil
			}
		}
		s.cur = nil
		s.stop.reset()
		return err
	}
	s.releaseLocked()
	return nil
}

// closeForDevice ends the stream because its device is closing: it waits
// for the call the stream is in (s.mu) and for its enqueued work, then
// returns its queues and refuses further use with ErrClosed. A stream whose
// task has ended is already closed.
func (s *Stream) closeForDevice() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.closed {
		return nil
	}
	s.closed, s.why = true, "its device is closed"
	var err error
	if s.cur != nil {
		err = s.syncQueues(context.Background())
	}
	s.waited()
	s.releaseLocked()
	return err
}

func (s *Stream) releaseLocked() {
	for i, q := range s.queues {
		if q != nil {
			s.dev.pool.put(q)
			s.queues[i] = nil
		}
	}
	s.cur = nil
	s.stop.reset()
}
