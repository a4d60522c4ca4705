package native

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"sync/atomic"

	"github.com/kago-dev/kago/ka/driver"
	kasync "github.com/kago-dev/kago/sync"
)

// queue is an in-order queue: commands run one after the other on a
// goroutine that exists while the queue has work.
type queue struct {
	mu      sync.Mutex
	cond    sync.Cond // broadcast when done advances
	pending []func() error
	running bool
	enq     uint64 // commands enqueued
	done    uint64 // commands completed
	subs    []sub  // callbacks waiting for done to reach a count
	ep      *epoch // the commands since a wait last reported a failure; nil until needed
	stop    stopper
}

// epoch is a queue's commands between two reports of a failure by its own
// waits: its first failure, which the waits for the events recorded in it
// report too (timing.go), whether they run before the queue's wait or
// after it.
type epoch struct {
	err error  // the first failure, nil while none
	at  uint64 // the sequence number of its command
}

// epoch returns the current epoch, made on first use. q.mu is held.
func (q *queue) epoch() *epoch {
	if q.ep == nil {
		q.ep = new(epoch)
	}
	return q.ep
}

type sub struct {
	seq uint64
	n   kasync.Notifier
}

func newQueue() *queue {
	q := &queue{}
	q.cond.L = &q.mu
	return q
}

// enqueue adds a command and returns its sequence number.
func (q *queue) enqueue(cmd func() error) uint64 {
	q.mu.Lock()
	defer q.mu.Unlock()
	q.pending = append(q.pending, cmd)
	q.enq++
	if !q.running {
		q.running = true
		go q.run()
	}
	return q.enq
}

func (q *queue) run() {
	q.mu.Lock()
	for len(q.pending) > 0 {
		cmd := q.pending[0]
		q.pending[0] = nil
		q.pending = q.pending[1:]
		q.mu.Unlock()
		err := cmd()
		q.mu.Lock()
		if err != nil {
			if ep := q.epoch(); ep.err == nil {
				ep.err, ep.at = err, q.done+1
			}
		}
		q.done++
		q.cond.Broadcast()
		keep := q.subs[:0]
		for _, s := range q.subs {
			if s.seq <= q.done {
				s.n.Notify()
			} else {
				keep = append(keep, s)
			}
		}
		q.subs = keep
	}
	q.pending = nil
	q.running = false
	q.mu.Unlock()
}

// point is a position in a queue's command stream, as a kasync.Op: it is
// complete when the queue has completed seq commands. It polls, and it
// subscribes (the native backend is a CPU device: callbacks, no worker).
type point struct {
	q   *queue
	seq uint64
}

func (p *point) Wait() error {
	p.q.mu.Lock()
	for p.q.done < p.seq {
		p.q.cond.Wait()
	}
	p.q.mu.Unlock()
	return nil
}

func (p *point) Poll() (bool, error) {
	p.q.mu.Lock()
	defer p.q.mu.Unlock()
	return p.q.done >= p.seq, nil
}

func (p *point) Subscribe(n kasync.Notifier) error {
	p.q.mu.Lock()
	if p.q.done >= p.seq {
		p.q.mu.Unlock()
		n.Notify()
		return nil
	}
	p.q.subs = append(p.q.subs, sub{p.seq, n})
	p.q.mu.Unlock()
	return nil
}

// waitPoint waits for p with a direct hand-off: p.Wait parks the waiting
// goroutine on the queue's condition variable, and the goroutine that
// completes the command wakes it. The work runs on goroutines of this
// process, so this holds no OS thread and polls nothing, which is what
// package sync's cooperative strategies achieve for device work, without
// their spin, subscription and channel; and it is the blocking wait too, so
// KAGO_SYNC=blocking means what it means (the caller's goroutine waits in
// the op's own wait) and costs the same. Like kasync.Wait without
// Cancellable, a done ctx does not end the wait early; its error is
// returned once p is complete.
func waitPoint(ctx context.Context, p *point) error {
	p.Wait()
	return ctx.Err()
}

// wait waits for the queue to complete seq commands, then reports the
// first failure among them since the last report, which starts a new
// epoch: later waits of the queue, and those of events recorded from now
// on, do not report it again.
func (q *queue) wait(ctx context.Context, seq uint64) error {
	err := waitPoint(ctx, &point{q, seq})
	q.mu.Lock()
	var failed error
	if ep := q.ep; ep != nil && ep.err != nil && ep.at <= seq {
		failed, q.ep = ep.err, nil
	}
	q.mu.Unlock()
	if failed != nil {
		return failed // the device's error wins over ctx's
	}
	return err
}

func (q *queue) Launch(f driver.Function, r, group driver.NDRange, args []driver.Arg) error {
	fn, ok := f.(*function)
	if !ok {
		return fmt.Errorf("native: Launch of a %T, not a native function", f)
	}
	body := fn.bind(args)
	q.enqueue(func() error {
		if q.stop.stopped() {
			return nil // skipped: a cancelled stream's launch not yet started
		}
		return executeStoppable(fn, body, r, group, &q.stop)
	})
	return nil
}

func (q *queue) Write(ctx context.Context, b driver.Buffer, off int, src []byte) error {
	dst := b.(*buffer).b[off:]
	return q.wait(ctx, q.enqueue(func() error { copy(dst, src); return nil }))
}

func (q *queue) Read(ctx context.Context, b driver.Buffer, off int, dst []byte) error {
	src := b.(*buffer).b[off:]
	return q.wait(ctx, q.enqueue(func() error { copy(dst, src); return nil }))
}

func (q *queue) Synchronize(ctx context.Context) error {
	q.mu.Lock()
	seq := q.enq
	q.mu.Unlock()
	return q.wait(ctx, seq)
}

// event is a point in some queue, in one of its epochs. at is its
// completion time on the backend's clock (clock), for events from
// RecordTimed; 0 otherwise.
type event struct {
	point
	ep *epoch
	at atomic.Int64
}

func (e *event) Release() error { return nil }

func (q *queue) Record() (driver.Event, error) {
	q.mu.Lock()
	defer q.mu.Unlock()
	return &event{point: point{q, q.enq}, ep: q.epoch()}, nil
}

func (q *queue) WaitEvent(e driver.Event) error {
	ev, ok := e.(*event)
	if !ok {
		return fmt.Errorf("native: WaitEvent on a %T, not a native event", e)
	}
	q.enqueue(ev.point.Wait)
	return nil
}

func (q *queue) Release() error {
	q.mu.Lock()
	defer q.mu.Unlock()
	if q.running {
		return errors.New("native: Release of a busy queue")
	}
	return nil
}
