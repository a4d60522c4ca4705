package opencl

import (
	"context"
	"fmt"

	"github.com/kago-dev/kago/ka/driver"
)

// WaitStrategy names a way of waiting for an OpenCL command, for
// SynchronizeWith. Normal code never needs it: every wait of this backend
// uses the strategy its device's kind selects (see package sync).
type WaitStrategy int

const (
	// DeviceStrategy is what Queue.Synchronize does: the CPU devices'
	// strategy (docs/sync.md) on CPU devices, workers on GPUs.
	DeviceStrategy WaitStrategy = iota
	// WorkerStrategy polls the event's status (the default budget of 256
	// polls), then hands a blocking clWaitForEvents to one of package
	// sync's worker goroutines: the GPU strategy.
	WorkerStrategy
	// CallbackStrategy spins for at most ~10 µs, then parks until the
	// driver calls a clSetEventCallback (the CPU devices' strategy until
	// DirectStrategy measured faster).
	CallbackStrategy
	// AdaptiveStrategy spins only while the queue's recent waits were
	// short (up to 20 µs), then parks on a clSetEventCallback.
	AdaptiveStrategy
	// DirectStrategy, what CPU devices use, blocks at once in
	// clWaitForEvents on the caller's goroutine while fewer than the
	// device's budget of direct waits (4) are doing so; beyond it, it
	// flushes, polls once and parks on a clSetEventCallback.
	DirectStrategy
	// AdaptiveDirectStrategy is AdaptiveStrategy's spin followed by
	// DirectStrategy's budget of direct waits, and callbacks beyond it.
	AdaptiveDirectStrategy
	// SpinDirectStrategy polls for at most ~10 µs, as CallbackStrategy,
	// then waits as DirectStrategy.
	SpinDirectStrategy
	// BlockingStrategy calls clFinish on the caller's goroutine, as
	// Synchronize does with KAGO_SYNC=blocking, without switching the whole
	// process to blocking mode (so that concurrent goroutines can compare
	// strategies).
	BlockingStrategy
)

// String returns the strategy's name in lower case, as "callback".
func (s WaitStrategy) String() string {
	switch s {
	case DeviceStrategy:
		return "device"
	case WorkerStrategy:
		return "worker"
	case CallbackStrategy:
		return "callback"
	case AdaptiveStrategy:
		return "adaptive"
	case DirectStrategy:
		return "direct"
	case AdaptiveDirectStrategy:
		return "adaptive-direct"
	case SpinDirectStrategy:
		return "spin-direct"
	case BlockingStrategy:
		return "blocking"
	}
	return fmt.Sprintf("WaitStrategy(%d)", int(s))
}

// SynchronizeWith is q.Synchronize(ctx) with the wait strategy forced to s,
// whatever the device's kind. It exists for benchmarks that compare the
// strategies on one device (the worker strategy on PoCL, which slows the
// kernel, against the callbacks PoCL gets by default); the default
// behaviour of the backend does not change. q must be a queue of this
// backend (from Device.NewQueue). With KAGO_SYNC=blocking, or with
// DeviceStrategy, it is exactly q.Synchronize(ctx); an unknown strategy is
// DeviceStrategy.
func SynchronizeWith(ctx context.Context, q driver.Queue, s WaitStrategy) error {
	qu, ok := q.(*queue)
	if !ok || qu == nil {
		return fmt.Errorf("opencl: synchronize a queue of type %T, not from this backend", q)
	}
	switch s {
	case WorkerStrategy:
		return qu.synchronize(ctx, planWorker)
	case CallbackStrategy:
		return qu.synchronize(ctx, planCallback)
	case AdaptiveStrategy:
		return qu.synchronize(ctx, planAdaptive)
	case DirectStrategy:
		return qu.synchronize(ctx, planDirect)
	case AdaptiveDirectStrategy:
		return qu.synchronize(ctx, planAdaptiveDirect)
	case SpinDirectStrategy:
		return qu.synchronize(ctx, planSpinDirect)
	case BlockingStrategy:
		return qu.finish(ctx)
	}
	return qu.Synchronize(ctx)
}
