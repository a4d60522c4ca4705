package sync

import (
	"context"
	"sync"
	"sync/atomic"
)

// Notifier delivers one completion to a waiter. It is a small value type,
// made by [Wait] and passed to [Subscriber.Subscribe]; copies refer to the
// same waiter. The zero Notifier is not usable.
type Notifier struct{ w *waiter }

// Notify delivers the notification from Go code (the native backend,
// tests). It never blocks. Only the first notification counts; a second one
// is a bug in the Subscriber and is dropped.
func (n Notifier) Notify() { n.w.notify() }

// Handle returns the user data to pass to the C trampolines [HostFunc] and
// [EventCallback]. It stays valid until the notification has been delivered,
// even when a cancellable waiter has stopped waiting. Call it before
// Subscribe returns; every call returns the same value. It needs cgo: in a
// program built with CGO_ENABLED=0 it panics.
func (n Notifier) Handle() uintptr { return n.w.cHandle() }

// waiter is the receiving end of one callback wait.
type waiter struct {
	ch     chan struct{}  // buffered 1: holds the notification
	handle atomic.Uintptr // cgo.Handle of the waiter, 0 until Handle is called
}

// Counters for tests and benchmarks.
var (
	liveHandles      atomic.Int64 // cgo handles held by waits (not by idle waiters on the free list)
	parkedCallbacks  atomic.Int64 // goroutines parked waiting for a callback
	abandonedWaiters atomic.Int64 // cancelled callback waits whose callback has not come yet
)

// notify wakes the waiter with a non-blocking send. It is all the driver's
// thread does: no lock that could park it, no allocation.
func (w *waiter) notify() {
	select {
	case w.ch <- struct{}{}:
	default:
	}
}

// abandon lets a cancelled waiter leave before its notification. The handle
// given to the driver must stay valid until the callback has run, so a
// goroutine (parked on a channel: no thread) waits for the notification and
// then deletes it. Without a handle, a late Notify reaches an unreferenced
// waiter and the garbage collector takes care of it.
func (w *waiter) abandon() {
	if w.handle.Load() == 0 {
		return
	}
	abandonedWaiters.Add(1)
	go func() {
		<-w.ch
		w.deleteHandle()
		abandonedWaiters.Add(-1)
	}()
}

// Idle waiters are reused, with their cgo handle: a waiter whose one
// notification has been received (Subscribe arranges exactly one) cannot be
// notified again, so the next wait may take it over. This saves the
// waiter's and its channel's allocations and the handle table's insert and
// delete on every callback wait. At most maxIdleWaiters are kept; a
// waiter abandoned by a cancelled wait is never reused.
const maxIdleWaiters = 64

var idleWaiters struct {
	mu sync.Mutex
	ws []*waiter
}

// getWaiter returns an idle waiter, or a new one.
func getWaiter() *waiter {
	idleWaiters.mu.Lock()
	if n := len(idleWaiters.ws); n > 0 {
		w := idleWaiters.ws[n-1]
		idleWaiters.ws[n-1] = nil
		idleWaiters.ws = idleWaiters.ws[:n-1]
		idleWaiters.mu.Unlock()
		if w.handle.Load() != 0 {
			liveHandles.Add(1)
		}
		return w
	}
	idleWaiters.mu.Unlock()
	return &waiter{ch: make(chan struct{}, 1)}
}

// putWaiter keeps w, whose notification has been received, for reuse, or
// deletes its handle when enough waiters are idle.
func putWaiter(w *waiter) {
	idleWaiters.mu.Lock()
	if len(idleWaiters.ws) < maxIdleWaiters {
		idleWaiters.ws = append(idleWaiters.ws, w)
		idleWaiters.mu.Unlock()
		if w.handle.Load() != 0 {
			liveHandles.Add(-1)
		}
		return
	}
	idleWaiters.mu.Unlock()
	w.deleteHandle()
}

// waitCallback is the callback strategy: subscribe, then park on the
// waiter's channel until the driver's callback (or ctx, when cancel is not
// nil) wakes the goroutine. No worker and no OS thread are used meanwhile.
func waitCallback(ctx context.Context, s Subscriber, cancel <-chan struct{}) (ran bool, err error) {
	w := getWaiter()
	if err := s.Subscribe(Notifier{w}); err != nil {
		w.deleteHandle() // nothing was registered, so nothing will use it
		return false, err
	}
	parkedCallbacks.Add(1)
	select {
	case <-w.ch:
		parkedCallbacks.Add(-1)
		putWaiter(w)
		return false, nil
	case <-cancel:
		parkedCallbacks.Add(-1)
		w.abandon()
		return false, ctx.Err()
	}
}
