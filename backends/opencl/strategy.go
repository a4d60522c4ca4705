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
	// DeviceStrategy is what Queue.Synchronize does: callbacks on CPU
	// devices, workers on GPUs.
	DeviceStrategy WaitStrategy = iota
	// WorkerStrategy polls the event's status (the default budget of 256
	// polls), then hands a blocking clWaitForEvents to one of package
	// sync's worker goroutines: the GPU strategy.
	WorkerStrategy
	// CallbackStrategy spins for at most ~10 µs, then parks until the
	// driver calls a clSetEventCallback: the CPU-device strategy.
	CallbackStrategy
)

func (s WaitStrategy) String() string {
	switch s {
	case DeviceStrategy:
		return "device"
	case WorkerStrategy:
		return "worker"
	case CallbackStrategy:
		return "callback"
	}
	return fmt.Sprintf("WaitStrategy(%d)", int(s))
}

// SynchronizeWith is q.Synchronize(ctx) with the wait strategy forced to s,
// whatever the device's kind. It exists for benchmarks that compare the
// strategies on one device (the worker strategy on PoCL, which slows the
// kernel, against the callbacks PoCL gets by default); the default
// behaviour of the backend does not change. q must be a queue of this
// backend (from Device.NewQueue). With KAGO_SYNC=blocking, or with
// DeviceStrategy, it is exactly q.Synchronize(ctx).
func SynchronizeWith(ctx context.Context, q driver.Queue, s WaitStrategy) error {
	qu, ok := q.(*queue)
	if !ok || qu == nil {
		return fmt.Errorf("opencl: synchronize a queue of type %T, not from this backend", q)
	}
	if s != WorkerStrategy && s != CallbackStrategy {
		return qu.Synchronize(ctx)
	}
	return qu.synchronize(ctx, s == CallbackStrategy)
}
