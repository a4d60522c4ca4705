package cuda

import (
	"context"
	"fmt"
	"time"

	"github.com/kago-dev/kago/backends/cuda/internal/cu"
	"github.com/kago-dev/kago/ka/driver"
	kasync "github.com/kago-dev/kago/sync"
)

// Events the host waits for (cuEventQuery, then cuEventSynchronize on a
// sync worker), timing events (cuEventElapsedTime), and device-to-device
// copies (cuMemcpyDtoDAsync).
//
// Record keeps making events without timing, the cheapest kind, for
// ordering; RecordTimed makes timing events, which ka uses for its own
// events and, two around a launch, for LaunchTimed. Copies between host and
// device stay synchronous (no driver.AsyncCopier): from pageable Go memory
// the driver itself waits, so ka's ReadAsync and WriteAsync wait too.

var (
	_ driver.HostEvent     = (*event)(nil)
	_ driver.TimedEvent    = (*event)(nil)
	_ driver.TimedRecorder = (*queue)(nil)
	_ driver.Copier        = (*queue)(nil)
)

// eventOp is an event as a sync.Op and sync.Poller: sync polls
// cuEventQuery, then runs cuEventSynchronize on a worker.
type eventOp struct {
	ctx cu.Context
	ev  cu.Event
	// finished is set once Poll or Wait saw the event complete or fail;
	// err is the failure.
	finished bool
	err      error
}

func (o *eventOp) Poll() (bool, error) {
	done, err := o.ctx.EventQuery(o.ev)
	if err != nil {
		o.finished, o.err = true, err
		return true, err
	}
	o.finished = done
	return done, nil
}

func (o *eventOp) Wait() error {
	o.err = o.ctx.EventSynchronize(o.ev)
	o.finished = true
	return o.err
}

// Wait waits on the host for the event, as Synchronize waits for a stream,
// and reports the fault of a launch before it on its stream (a
// *driver.KernelError). Several goroutines may wait at once.
func (e *event) Wait(ctx context.Context) error {
	if e.released.Load() {
		return fmt.Errorf("cuda: wait for an event: %w", driver.ErrClosed)
	}
	o := &eventOp{ctx: e.dev.ctx, ev: e.ev}
	_, err := kasync.Wait(ctx, o, gpuWait)
	if !o.finished {
		o.Wait() // only if sync returned early; it then returns at once
	}
	if o.err != nil {
		return deviceError("wait for an event", o.err)
	}
	if err != nil {
		if cerr := ctx.Err(); cerr != nil {
			return e.faults.check(e.dev, cerr)
		}
		return fmt.Errorf("cuda: wait for an event: %w", err)
	}
	return e.faults.check(e.dev, nil)
}

// Query reports whether the event has completed (or failed).
func (e *event) Query() (bool, error) {
	done, err := e.dev.ctx.EventQuery(e.ev)
	if err != nil {
		return true, nil // Wait reports the failure
	}
	return done, nil
}

// Elapsed is cuEventElapsedTime(start, e): both must be timing events and
// have completed.
func (e *event) Elapsed(start driver.Event) (time.Duration, error) {
	s, ok := start.(*event)
	if !ok || s == nil || s.dev.ctx != e.dev.ctx {
		return 0, fmt.Errorf("cuda: elapsed since %T, not an event of this device: %w", start, driver.ErrInvalid)
	}
	if !s.timed || !e.timed {
		return 0, fmt.Errorf("cuda: elapsed between events recorded without timing: %w", driver.ErrUnsupported)
	}
	d, err := e.dev.ctx.EventElapsed(s.ev, e.ev)
	if err != nil {
		if cu.CodeOf(err) == cu.NotReady {
			return 0, fmt.Errorf("cuda: elapsed: an event has not completed: %w", driver.ErrInvalid)
		}
		return 0, fmt.Errorf("cuda: elapsed: %w", err)
	}
	return d, nil
}

// RecordTimed records a timing event (flags 0).
func (q *queue) RecordTimed() (driver.Event, error) {
	if q.done {
		return nil, fmt.Errorf("cuda: record: %w", driver.ErrClosed)
	}
	ev, err := q.dev.ctx.Record(q.s, 0)
	if err != nil {
		return nil, fmt.Errorf("cuda: record: %w", err)
	}
	return &event{dev: q.dev, ev: ev, timed: true, faults: q.eventFaults()}, nil
}

// Copy enqueues a device-to-device copy on the stream.
func (q *queue) Copy(dst driver.Buffer, dstOff int, src driver.Buffer, srcOff int, n int) error {
	d, err := q.checkCopy("copy", dst, dstOff, n)
	if err != nil {
		return err
	}
	s, err := q.checkCopy("copy", src, srcOff, n)
	if err != nil || n == 0 {
		return err
	}
	if err := q.dev.ctx.CopyDtoD(d.ptr+cu.DevicePtr(dstOff), s.ptr+cu.DevicePtr(srcOff), n, q.s); err != nil {
		return fmt.Errorf("cuda: copy: %w", err)
	}
	return nil
}
