package ka

import (
	"errors"
	"sync"

	"github.com/kago-dev/kago/ka/driver"
)

// maxIdle is how many idle queues a device keeps per priority. More are
// released; a burst of tasks therefore creates queues once, and a steady
// stream of short tasks reuses the same few (the CUDA.jl figure: 20,000
// tasks in 0.95 s with 2 streams, against 17–35 s creating one per task).
const maxIdle = 32

// queuePool recycles a device's driver queues between tasks. A queue comes
// back only once its work has completed (the stream synchronises first), so
// a new owner never waits for the old owner's work. Idle queues are reused
// last-in-first-out.
type queuePool struct {
	drv  driver.Device
	mu   sync.Mutex
	idle [3][]*queue // by Priority
	live int
	done bool
}

// queue is a pooled driver queue.
//
// There is no generation counter on it: the owner of a queue is a Stream,
// and a Stream is made for one task and never reused, so "the stream that
// last used this memory has ended" is exactly "its queue may now belong to
// someone else" (see Array.Free). The Stream is the generation.
type queue struct {
	q    driver.Queue
	prio Priority
}

func (p *queuePool) init(drv driver.Device) { p.drv = drv }

func (p *queuePool) get(prio Priority) (*queue, error) {
	p.mu.Lock()
	if p.done {
		p.mu.Unlock()
		return nil, ErrClosed
	}
	if n := len(p.idle[prio]); n > 0 {
		q := p.idle[prio][n-1]
		p.idle[prio] = p.idle[prio][:n-1]
		p.mu.Unlock()
		return q, nil
	}
	p.live++
	p.mu.Unlock()
	dq, err := p.drv.NewQueue(prio)
	if err != nil {
		p.mu.Lock()
		p.live--
		p.mu.Unlock()
		return nil, err
	}
	return &queue{q: dq, prio: prio}, nil
}

// put returns an idle queue (all its work has completed).
func (p *queuePool) put(q *queue) error {
	p.mu.Lock()
	if !p.done && len(p.idle[q.prio]) < maxIdle {
		p.idle[q.prio] = append(p.idle[q.prio], q)
		p.mu.Unlock()
		return nil
	}
	p.live--
	p.mu.Unlock()
	return q.q.Release()
}

func (p *queuePool) stats() (live, idle int) {
	p.mu.Lock()
	defer p.mu.Unlock()
	for _, s := range p.idle {
		idle += len(s)
	}
	return p.live, idle
}

func (p *queuePool) close() error {
	p.mu.Lock()
	p.done = true
	var all []*queue
	for i := range p.idle {
		all = append(all, p.idle[i]...)
		p.idle[i] = nil
	}
	p.live -= len(all)
	p.mu.Unlock()
	var errs []error
	for _, q := range all {
		errs = append(errs, q.q.Release())
	}
	return errors.Join(errs...)
}

// discard releases a queue that must not be reused (its work failed).
func (p *queuePool) discard(q *queue) error {
	p.mu.Lock()
	p.live--
	p.mu.Unlock()
	return q.q.Release()
}
