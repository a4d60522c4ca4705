package sync

import "context"

// Options says how Wait waits. The zero value is the default: the default
// spin budget, not cancellable.
type Options struct {
	// Spin is how long a Poller is polled before handing over.
	Spin Spin
	// Cancellable makes Wait return ctx's error as soon as ctx is done,
	// even though the operation may still be running. Use it only when
	// nothing the operation uses is released on return. A callback or
	// worker result that arrives later is harmless and leaks nothing.
	Cancellable bool
	// Direct, when not nil, lets a wait that polling did not finish call
	// op.Wait on its own goroutine, as a blocking wait does, while fewer
	// than Direct.Max() such waits are in progress; the others take the
	// op's cooperative strategy. A cancellable wait never waits directly
	// (a blocked cgo call cannot see ctx).
	Direct *Budget
}

// Wait waits for op.
//
// ran reports whether op.Wait ran (on a worker or, directly or with
// KAGO_SYNC=blocking, on the caller) and returned. When it did not (polling or a callback saw
// completion, or a cancellable wait ended early), a caller that needs the
// driver's status calls its own wait afterwards, which then returns at once.
//
// err is op.Wait's, Poll's or Subscribe's error, else ctx's error if ctx is
// done when the wait ends, else nil. Without opts.Cancellable a cancelled
// ctx never ends the wait early: Wait returns ctx's error after the
// operation has completed, and op's own error wins if both occur. With
// opts.Cancellable it returns ctx's error at once. A negative spin setting
// is an error, and nothing is waited for.
//
// The strategy follows op's type: a Poller is polled first (see Spin); then,
// within opts.Direct's budget, op.Wait runs on the caller's goroutine;
// beyond it a Subscriber waits for its callback, and any other op has its
// Wait run on a worker goroutine. An op found complete by the first polls costs no
// allocation.
func Wait(ctx context.Context, op Op, opts Options) (ran bool, err error) {
	if err := opts.Spin.check(); err != nil {
		return false, err
	}
	if blocking.Load() {
		return true, result(ctx, op.Wait())
	}
	cancel := cancelChan(ctx, opts)
	if isClosed(cancel) {
		return false, ctx.Err()
	}
	poll, pollable := op.(Poller)
	if pollable {
		finished, cancelled, err := opts.Spin.poll(poll, cancel)
		if cancelled {
			return false, ctx.Err()
		}
		if finished {
			return false, result(ctx, err)
		}
	}
	if !opts.Cancellable && opts.Direct.acquire() {
		err = op.Wait()
		opts.Direct.release()
		return true, result(ctx, err)
	}
	if s, ok := op.(Subscriber); ok {
		ran, err = waitCallback(ctx, s, cancel)
	} else {
		ran, err = waitWorker(ctx, op, poll, cancel)
	}
	return ran, result(ctx, err)
}

// result applies the error rule: the operation's error wins, then ctx's.
func result(ctx context.Context, err error) error {
	if err != nil {
		return err
	}
	return ctx.Err()
}
