package sync

import (
	"context"
	"fmt"
	"runtime"
	"time"
)

// Spin says how long Wait polls a [Poller] before handing over to a worker
// or a callback. The zero value is the default iteration budget.
//
// An iteration budget, rather than a time budget, is the default because it
// stretches when the machine is loaded: Gosched takes longer when other
// goroutines want to run, so the waiter keeps polling instead of handing
// over to a worker that has gone to sleep and is slow to wake. A duration
// (For) suits devices that run on the host's own cores (PoCL), where a
// waiter that keeps polling takes a core from the kernel it waits for.
type Spin struct {
	kind spinKind
	n    int           // spinIterations: total polls
	d    time.Duration // spinFor: busy-polling time
}

type spinKind uint8

const (
	spinDefault spinKind = iota
	spinIterations
	spinFor
	spinNone
)

const (
	// defaultSpinIterations is the default budget of polls, as in CUDA.jl's
	// nonblocking synchronization and GPUToolbox's cooperative_wait.
	defaultSpinIterations = 256
	// busySpinIterations polls of a budget run back to back; the rest
	// call runtime.Gosched between polls.
	busySpinIterations = 32
)

// NoSpin polls once, then hands over at once.
var NoSpin = Spin{kind: spinNone}

// Iterations is a budget of n polls: the first few (up to 32) back to back,
// the others with runtime.Gosched() in between so that other goroutines run.
// Iterations(0) is NoSpin. A negative n makes Wait return an error. The
// default is Iterations(256).
func Iterations(n int) Spin { return Spin{kind: spinIterations, n: n} }

// For polls back to back, without yielding, for at most d, then hands over.
// For(0) is NoSpin. A negative d makes Wait return an error. Keep d short
// (about 10µs, for CPU devices): it holds the goroutine's thread and P for
// all of d, so with GOMAXPROCS=1 nothing else runs meanwhile.
func For(d time.Duration) Spin { return Spin{kind: spinFor, d: d} }

// String describes the setting, as it would be written in Go.
func (s Spin) String() string {
	switch s.kind {
	case spinIterations:
		return fmt.Sprintf("Iterations(%d)", s.n)
	case spinFor:
		return fmt.Sprintf("For(%v)", s.d)
	case spinNone:
		return "NoSpin"
	}
	return fmt.Sprintf("Iterations(%d)", defaultSpinIterations)
}

// check reports a setting that Wait rejects.
func (s Spin) check() error {
	switch {
	case s.kind == spinFor && s.d < 0:
		return fmt.Errorf("kago/sync: negative spin duration For(%v): use NoSpin not to poll", s.d)
	case s.kind == spinIterations && s.n < 0:
		return fmt.Errorf("kago/sync: negative spin budget Iterations(%d): use NoSpin not to poll", s.n)
	}
	return nil
}

// poll runs the polling phase. It returns finished=true when p reported
// completion or an error (in err), and cancelled=true when done was closed
// first; done is nil for a non-cancellable wait, so that polling ignores the
// context. It allocates nothing.
func (s Spin) poll(p Poller, done <-chan struct{}) (finished, cancelled bool, err error) {
	if finished, err = p.Poll(); finished || err != nil {
		return true, false, err
	}
	switch s.kind {
	case spinNone:
		return false, false, nil
	case spinFor:
		if s.d <= 0 {
			return false, false, nil
		}
		deadline := time.Now().Add(s.d)
		for {
			if isClosed(done) {
				return false, true, nil
			}
			if finished, err = p.Poll(); finished || err != nil {
				return true, false, err
			}
			if !time.Now().Before(deadline) {
				return false, false, nil
			}
		}
	}
	n := defaultSpinIterations
	if s.kind == spinIterations {
		n = s.n
	}
	for i := 1; i < n; i++ {
		if i >= busySpinIterations {
			runtime.Gosched()
		}
		if isClosed(done) {
			return false, true, nil
		}
		if finished, err = p.Poll(); finished || err != nil {
			return true, false, err
		}
	}
	return false, false, nil
}

// isClosed reports whether done is closed, without blocking. A nil done is
// never closed.
func isClosed(done <-chan struct{}) bool {
	if done == nil {
		return false
	}
	select {
	case <-done:
		return true
	default:
		return false
	}
}

// cancelChan returns the channel a wait watches for cancellation: ctx.Done()
// for a cancellable wait, nil (never ready) otherwise.
func cancelChan(ctx context.Context, opts Options) <-chan struct{} {
	if !opts.Cancellable {
		return nil
	}
	return ctx.Done()
}
