package sync

import (
	"context"
	"runtime"
	"sync"
	"sync/atomic"
	"time"
)

// maxWorkers is the base bound on the goroutines that run blocking driver
// waits, and so on the OS threads that waiting holds. ReserveWorkers
// raises it while devices that wait with workers are open.
const maxWorkers = 4

// workerPool runs blocking waits (Op.Wait) on at most limit long-lived
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
	limit int       // maxWorkers plus the reservations (ReserveWorkers)

	// free counts idle workers plus workers not yet started, so that
	// pollers can see without the lock that none is available; the
	// workers serving a request are the other maxWorkers-free. It changes
	// under mu.
	free atomic.Int32
	// overflow counts overflow goroutines started for non-pollable ops
	// while all workers were busy.
	overflow atomic.Int64
	// pollingForWorker counts waiters that keep polling because all workers
	// are busy; busyWaits counts every wait that found them all busy.
	pollingForWorker atomic.Int64
	busyWaits        atomic.Int64
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
	p := &workerPool{freed: make(chan struct{}, maxWorkers), limit: maxWorkers}
	p.free.Store(maxWorkers)
	return p
}

// ReserveWorkers raises the bound on worker goroutines by n until the
// returned function is called (it may be called more than once; only the
// first call counts). Package ka reserves one worker for each open GPU
// device, whose waits are handed to workers, so that every GPU can have a
// blocking wait on a worker at once: eight GPUs waiting together never
// find the workers all busy and fall to polling with backoff. When the
// reservation is released, workers beyond the limit retire (idle ones at
// once, busy ones when their wait ends). n < 1 reserves nothing.
func ReserveWorkers(n int) (release func()) {
	if n < 1 {
		return func() {}
	}
	pool.resize(n)
	var once sync.Once
	return func() { once.Do(func() { pool.resize(-n) }) }
}

// WorkerLimit is the current bound on worker goroutines: 4, plus the
// reservations of ReserveWorkers.
func WorkerLimit() int {
	pool.mu.Lock()
	defer pool.mu.Unlock()
	return pool.limit
}

// resize changes the limit by n. free may go negative while more workers
// are busy than a lowered limit allows; acquire then refuses until enough
// have finished, and they retire.
func (p *workerPool) resize(n int) {
	p.mu.Lock()
	p.limit += n
	p.free.Add(int32(n))
	// Retire idle workers beyond the limit; busy ones retire when done.
	for p.alive > p.limit && len(p.idle) > 0 {
		w := p.idle[0] // the coldest
		p.idle = p.idle[1:]
		p.alive--
		close(w.inbox)
	}
	p.mu.Unlock()
	if n > 0 && p.pollingForWorker.Load() > 0 {
		select {
		case p.freed <- struct{}{}:
		default:
		}
	}
}

// WorkerStats reports the worker goroutines currently alive and busy, and
// how many overflow goroutines have been started since the process began.
// It is meant for tests and benchmarks.
func WorkerStats() (alive, busy int, overflow int64) {
	pool.mu.Lock()
	alive, busy = pool.alive, pool.limit-int(pool.free.Load())
	pool.mu.Unlock()
	return alive, busy, pool.overflow.Load()
}

// acquire returns an idle worker, starting one if fewer than the limit
// exist, or nil when as many as the limit are busy.
func (p *workerPool) acquire() *worker {
	if p.free.Load() <= 0 {
		return nil
	}
	p.mu.Lock()
	var w *worker
	if p.free.Load() <= 0 {
		p.mu.Unlock()
		return nil
	} else if n := len(p.idle); n > 0 {
		w = p.idle[n-1]
		p.idle[n-1] = nil
		p.idle = p.idle[:n-1]
	} else if p.alive < p.limit {
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

// release puts w back on top of the idle stack, or, when more workers are
// alive than the limit allows (a reservation ended), retires it: it
// reports whether w stays.
func (p *workerPool) release(w *worker) bool {
	p.mu.Lock()
	p.free.Add(1)
	if p.alive > p.limit {
		p.alive--
		p.mu.Unlock()
		return false
	}
	p.idle = append(p.idle, w)
	p.mu.Unlock()
	if p.pollingForWorker.Load() > 0 {
		select {
		case p.freed <- struct{}{}:
		default:
		}
	}
	return true
}

// run is a worker's loop. Between requests it is parked on its inbox; it
// ends when retired (release, or resize closing its inbox).
func (p *workerPool) run(w *worker) {
	for r := range w.inbox {
		err := r.op.Wait()
		// Free the worker before answering, so that a waiter that issues
		// its next wait at once finds it idle.
		keep := p.release(w)
		r.done <- err
		if !keep {
			return
		}
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
		pool.busyWaits.Add(1)
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
