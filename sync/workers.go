package sync

import (
	"context"
	"runtime"
	"sync"
	"sync/atomic"
	"time"
)

// maxWorkers bounds the goroutines that run blocking driver waits, and so
// the OS threads that waiting holds.
const maxWorkers = 4

// workerPool runs blocking waits (Op.Wait) on at most maxWorkers long-lived
// goroutines. Workers are created on demand, serve one request at a time,
// and when idle are parked on their own channel (no thread, no polling) on
// a last-in-first-out stack, so that the next request goes to the worker
// that went idle last, whose thread is most likely still awake.
//
// A request is handed over by a send on the worker's buffered inbox, after
// the worker has been popped from the stack under mu: a request sent before
// the worker reaches its receive is still received, and no two requesters
// get the same worker.
type workerPool struct {
	mu    sync.Mutex
	idle  []*worker // stack of parked workers, top at the end
	alive int       // workers started (they never exit)

	// free counts idle workers plus workers not yet started, so that
	// pollers can see without the lock that none is available; the
	// workers serving a request are the other maxWorkers-free. It changes
	// under mu.
	free atomic.Int32
	// overflow counts overflow goroutines started for non-pollable ops
	// while all workers were busy.
	overflow atomic.Int64
	// pollingForWorker counts waiters that keep polling because all workers
	// are busy.
	pollingForWorker atomic.Int64
	// freed wakes one parked poller when a worker goes idle.
	freed chan struct{}
}

type worker struct {
	inbox chan *request // buffered 1
}

// request is one blocking wait handed to a worker; done (buffered 1)
// receives Op.Wait's result, so a worker never blocks on a waiter that has
// left (a cancellable wait).
type request struct {
	op   Op
	done chan error
}

var pool = newWorkerPool()

func newWorkerPool() *workerPool {
	p := &workerPool{freed: make(chan struct{}, maxWorkers)}
	p.free.Store(maxWorkers)
	return p
}

// WorkerStats reports the worker goroutines currently alive and busy, and
// how many overflow goroutines have been started since the process began.
// It is meant for tests and benchmarks.
func WorkerStats() (alive, busy int, overflow int64) {
	pool.mu.Lock()
	alive, busy = pool.alive, maxWorkers-int(pool.free.Load())
	pool.mu.Unlock()
	return alive, busy, pool.overflow.Load()
}

// acquire returns an idle worker, starting one if fewer than maxWorkers
// exist, or nil when all are busy.
func (p *workerPool) acquire() *worker {
	if p.free.Load() <= 0 {
		return nil
	}
	p.mu.Lock()
	var w *worker
	if n := len(p.idle); n > 0 {
		w = p.idle[n-1]
		p.idle[n-1] = nil
		p.idle = p.idle[:n-1]
	} else if p.alive < maxWorkers {
		w = &worker{inbox: make(chan *request, 1)}
		p.alive++
		go p.run(w)
	} else {
		p.mu.Unlock()
		return nil
	}
	p.free.Add(-1)
	p.mu.Unlock()
	return w
}

// release puts w back on top of the idle stack.
func (p *workerPool) release(w *worker) {
	p.mu.Lock()
	p.idle = append(p.idle, w)
	p.free.Add(1)
	p.mu.Unlock()
	if p.pollingForWorker.Load() > 0 {
		select {
		case p.freed <- struct{}{}:
		default:
		}
	}
}

// run is a worker's loop. Between requests it is parked on its inbox.
func (p *workerPool) run(w *worker) {
	for r := range w.inbox {
		err := r.op.Wait()
		// Free the worker before answering, so that a waiter that issues
		// its next wait at once finds it idle.
		p.release(w)
		r.done <- err
	}
}

// Pollers that find every worker busy yield between polls for
// busyYields rounds, then park, waking when a worker goes idle or after a
// backoff that doubles from minBackoff to maxBackoff, to poll again. On few
// cores, goroutines that keep yielding compete with the threads that
// complete and wake the others (on 2 vCPUs, 5 yielding pollers made the
// head-of-line p90 ~1 ms); parked ones cost nothing, and the backoff bounds
// how late a completion is seen while all workers stay busy.
const (
	busyYields = 64
	minBackoff = 20 * time.Microsecond
	maxBackoff = time.Millisecond
)

// waitWorker is the worker strategy. poll is nil for an op that cannot be
// polled; cancel is nil for a non-cancellable wait. When all workers are
// busy, a pollable op keeps polling (yielding, then parked with backoff)
// and takes the next free worker; a non-pollable op gets an overflow
// goroutine at once, so that no wait queues behind a long one.
func waitWorker(ctx context.Context, op Op, poll Poller, cancel <-chan struct{}) (ran bool, err error) {
	w := pool.acquire()
	if w == nil && poll == nil {
		r := &request{op: op, done: make(chan error, 1)}
		pool.overflow.Add(1)
		go func() { r.done <- r.op.Wait() }()
		return awaitResult(ctx, r, cancel)
	}
	if w == nil {
		pool.pollingForWorker.Add(1)
		defer pool.pollingForWorker.Add(-1)
		var timer *time.Timer
		backoff := minBackoff
		for i := 0; w == nil; i++ {
			if i < busyYields {
				runtime.Gosched()
			} else {
				if timer == nil {
					timer = time.NewTimer(backoff)
					defer timer.Stop()
				} else {
					timer.Reset(backoff)
				}
				select {
				case <-pool.freed:
				case <-timer.C:
					backoff = min(2*backoff, maxBackoff)
				case <-cancel:
				}
			}
			if isClosed(cancel) {
				return false, ctx.Err()
			}
			if done, err := poll.Poll(); done || err != nil {
				return false, err
			}
			w = pool.acquire()
		}
	}
	r := &request{op: op, done: make(chan error, 1)}
	w.inbox <- r
	return awaitResult(ctx, r, cancel)
}

// awaitResult parks until the worker answers or, for a cancellable wait,
// until ctx is done. A late answer goes into the buffered channel and is
// collected with it.
func awaitResult(ctx context.Context, r *request, cancel <-chan struct{}) (ran bool, err error) {
	select {
	case err := <-r.done:
		return true, err
	case <-cancel:
		return false, ctx.Err()
	}
}
