package opencl

import (
	"context"
	"fmt"
	"sync/atomic"
	"time"

	"github.com/kago-dev/kago/backends/opencl/internal/cl"
	"github.com/kago-dev/kago/ka/driver"
)

// Events the host can wait for, and timing from OpenCL's profiling clocks.
//
// Queues are created with CL_QUEUE_PROFILING_ENABLE where the device
// allows it (CL_DEVICE_QUEUE_PROPERTIES), so that every event carries the
// device times of its command: Record's markers give Elapsed, and a
// kernel's own event gives its execution interval (LaunchTimed). Its cost
// is measured by BenchmarkProfilingCost and reported in docs/backends.md;
// SetProfiling(false) turns it off for queues created afterwards.

var (
	_ driver.HostEvent     = (*event)(nil)
	_ driver.TimedEvent    = (*event)(nil)
	_ driver.TimedRecorder = (*queue)(nil)
	_ driver.KernelTimer   = (*queue)(nil)
	_ driver.Span          = (*span)(nil)
)

// profiling says whether new queues are profiled, where the device allows.
var profiling atomic.Bool

func init() { profiling.Store(true) }

// SetProfiling sets whether queues created from now on have
// CL_QUEUE_PROFILING_ENABLE (where the device allows it; the default is
// on), and returns the previous setting. Without profiling, events and
// kernels are not timed (ka's Elapsed and LaunchTimed report
// ErrUnsupported). It exists for benchmarks that measure what profiling
// costs.
func SetProfiling(on bool) (prev bool) { return profiling.Swap(on) }

// createQueue creates a queue of the given priority hint, profiled where
// the device and SetProfiling allow.
func (d *Device) createQueue(hint uint64) (cl.Queue, bool, error) {
	var props uint64
	if d.caps.profiling && profiling.Load() {
		props = cl.QueueProfilingEnable
	}
	q, err := cl.CreateQueueWith(d.ctx, d.id, props, hint)
	return q, props != 0, err
}

// Wait waits on the host until the marker's command has completed, with
// the device's wait strategy (package sync), and reports the fault of a
// launch before it on its queue (a *driver.KernelError). Several
// goroutines may wait at once.
func (e *event) Wait(ctx context.Context) error {
	err := waitEvent(ctx, e.dev, new(cpuEvent), e.ev, "wait", e.dev.plan())
	return e.faults.check(e.dev, err)
}

// Query reports whether the command has completed (or failed).
func (e *event) Query() (bool, error) {
	st, err := e.ev.Status()
	if err != nil {
		return false, fmt.Errorf("opencl: query event: %w", err)
	}
	return st <= cl.Complete, nil
}

// Elapsed is the time between the ends of start's command and e's, from
// the profiling clock (CL_PROFILING_COMMAND_END).
func (e *event) Elapsed(start driver.Event) (time.Duration, error) {
	s, ok := start.(*event)
	if !ok || s == nil {
		return 0, fmt.Errorf("opencl: elapsed since a %T, not an event of this backend: %w", start, driver.ErrInvalid)
	}
	if s.dev != e.dev {
		return 0, fmt.Errorf("opencl: elapsed between events of two devices: %w", driver.ErrInvalid)
	}
	t0, err := profile(s.ev, cl.ProfilingEnd)
	if err != nil {
		return 0, err
	}
	t1, err := profile(e.ev, cl.ProfilingEnd)
	if err != nil {
		return 0, err
	}
	return time.Duration(int64(t1 - t0)), nil
}

// profile reads a profiling time of ev's command, explaining why there is
// none: the command has not completed, or its queue is not profiled.
func profile(ev cl.Event, param uint32) (uint64, error) {
	t, err := ev.Profiling(param)
	if err == nil {
		return t, nil
	}
	if cl.CodeOf(err) == cl.ProfilingInfoNotAvailable {
		if st, serr := ev.Status(); serr == nil && st > cl.Complete {
			return 0, fmt.Errorf("opencl: the command has not completed: %w", driver.ErrInvalid)
		}
		return 0, fmt.Errorf("opencl: no profiling on this queue (the device has no CL_QUEUE_PROFILING_ENABLE, or SetProfiling(false)): %w: %v", driver.ErrUnsupported, err)
	}
	return 0, fmt.Errorf("opencl: profiling info: %w", err)
}

// RecordTimed is Record: on a profiled queue every marker is timed.
func (q *queue) RecordTimed() (driver.Event, error) { return q.Record() }

// span is a kernel's own event: its profiling start and end are the
// kernel's execution interval.
type span struct{ event }

func (s *span) Interval() (int64, int64, error) {
	t0, err := profile(s.ev, cl.ProfilingStart)
	if err != nil {
		return 0, 0, err
	}
	t1, err := profile(s.ev, cl.ProfilingEnd)
	if err != nil {
		return 0, 0, err
	}
	return int64(t0), int64(t1), nil
}

// LaunchTimed is Launch, and returns the kernel's event (a reference of
// its own) as its span.
func (q *queue) LaunchTimed(f driver.Function, r, group driver.NDRange, args []driver.Arg) (driver.Span, error) {
	if err := q.Launch(f, r, group, args); err != nil {
		return nil, err
	}
	ev := q.last
	if err := ev.Retain(); err != nil {
		return nil, fmt.Errorf("opencl: timed launch: %w", err)
	}
	// Submit it now: another goroutine may wait for it.
	if err := q.q.Flush(); err != nil {
		ev.Release()
		return nil, fmt.Errorf("opencl: timed launch: %w", err)
	}
	return &span{event{ev: ev, dev: q.dev, faults: q.eventFaults()}}, nil
}
