package opencl

import (
	"context"
	"fmt"
	"runtime"
	"sync/atomic"
	"time"

	"github.com/kago-dev/kago/backends/opencl/internal/cl"
	"github.com/kago-dev/kago/ka/driver"
	kasync "github.com/kago-dev/kago/sync"
)

// liveQueues counts the command queues created and not yet released, over
// all devices.
var liveQueues atomic.Int64

// LiveQueues reports how many OpenCL command queues kago holds now, over all
// opened devices. Tests and benchmarks use it to check that ka's queue pool
// stays bounded.
func LiveQueues() int { return int(liveQueues.Load()) }

// queue is an in-order OpenCL command queue. ka uses it from one goroutine
// at a time.
type queue struct {
	dev  *Device
	q    cl.Queue
	done bool

	// last is the event of the last command enqueued (a kernel, a copy, a
	// WaitEvent barrier), owned by the queue, or 0 when nothing was
	// enqueued since the last wait that saw the queue drain. The queue is in
	// order, so its completion implies every earlier command's: Synchronize
	// waits for it instead of enqueuing a marker (which PoCL must schedule
	// on its worker threads, behind other queues' kernels), and returns at
	// once when it is 0.
	last cl.Event

	// pending are the events of WaitEvent's barriers, kept until a later
	// wait has seen them complete: PoCL 3.1 aborts when a user event fails
	// after the barrier's event was released.
	pending []cl.Event

	// op is the wait operation handed to package sync, reused from wait to
	// wait so that waiting allocates nothing.
	op cpuEvent

	// recent estimates how long this queue's waits take (an exponential
	// average), for the adaptive spin.
	recent time.Duration

	// profiled: the queue has CL_QUEUE_PROFILING_ENABLE (timing.go).
	profiled bool
	// pins hold the host memory of asynchronous copies (copy.go) until a
	// wait has seen the queue drain (releasePending).
	pins []*runtime.Pinner
	// faults is the queue's fault record (faults.go).
	faults faults
	// stop is the queue's stop flag (stop.go).
	stop stopFlag
}

var _ driver.Queue = (*queue)(nil)

// NewQueue creates an in-order command queue. High and Low use
// cl_khr_priority_hints where the device has it; elsewhere, and for Normal,
// the queue has the driver's default priority.
func (d *Device) NewQueue(p driver.Priority) (driver.Queue, error) {
	if d.closed.Load() {
		return nil, fmt.Errorf("opencl: new queue: %w", driver.ErrClosed)
	}
	var hint uint64
	if d.caps.priorityHints {
		switch p {
		case driver.High:
			hint = cl.QueuePriorityHighKHR
		case driver.Low:
			hint = cl.QueuePriorityLowKHR
		}
	}
	q, profiled, err := d.createQueue(hint)
	if err != nil {
		return nil, fmt.Errorf("opencl: new %s-priority queue on %s: %w", p, d.info.Name, err)
	}
	liveQueues.Add(1)
	return &queue{dev: d, q: q, profiled: profiled}, nil
}

// Release destroys the queue. ka calls it only when the queue is idle.
func (q *queue) Release() error {
	if q.done {
		return fmt.Errorf("opencl: queue released twice: %w", driver.ErrClosed)
	}
	q.done = true
	liveQueues.Add(-1)
	q.releasePending()
	q.forget()
	q.releaseFaults()
	if err := q.q.Release(); err != nil {
		return fmt.Errorf("opencl: release queue: %w", err)
	}
	return nil
}

// Launch enqueues f over r in groups of group. It sets the arguments and
// enqueues in one call into C, reusing the function's argument memory.
func (q *queue) Launch(fn driver.Function, r, group driver.NDRange, args []driver.Arg) error {
	if q.done {
		return fmt.Errorf("opencl: launch: %w", driver.ErrClosed)
	}
	f, ok := fn.(*function)
	if !ok || f == nil {
		return fmt.Errorf("opencl: launch of a function of type %T, not from this backend: %w", fn, driver.ErrBadLaunch)
	}
	if q.stop.raised.Load() {
		return nil // skipped: a cancelled stream's launch (stop.go)
	}
	// ka has checked the argument count and types, and r and group against
	// the device's limits; the kernel's own limit, which ka cannot know, is
	// left.
	if f.maxWG > 0 && group.Total() > f.maxWG {
		return fmt.Errorf("opencl: launch of %s over %v in groups of %v: %d work-items per group is above the limit of %d for this kernel on %s (CL_KERNEL_WORK_GROUP_SIZE): %w",
			f.spec.Name, r, group, group.Total(), f.maxWG, q.dev.info.Name, driver.ErrBadLaunch)
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	l := f.launch
	for i, dp := range f.layout {
		v, ok, err := dp.ArgValue(f.spec, args, r)
		if err != nil {
			return fmt.Errorf("opencl: launch of %s: %w", f.spec.Name, err)
		}
		if ok {
			l.Set(i, dp.Size, v)
			continue
		}
		switch dp.Kind {
		case driver.ParamBuffer:
			b, ok := args[dp.Arg].Buffer.(*buffer)
			if !ok || b == nil {
				return fmt.Errorf("opencl: launch of %s: parameter %s needs a buffer of this backend, got %T: %w", f.spec.Name, f.spec.Params[dp.Arg], args[dp.Arg].Buffer, driver.ErrBadLaunch)
			}
			l.Set(i, dp.Size, uint64(b.mem))
		case driver.ParamLocalBuffer:
			// A __local T* argument: its size, no value.
			n, err := driver.LocalBytes(args[dp.Arg], f.spec.Params[dp.Arg].Type)
			if err != nil {
				return fmt.Errorf("opencl: launch of %s: parameter %s: %w", f.spec.Name, f.spec.Params[dp.Arg], err)
			}
			l.SetLocal(i, int(n))
		case driver.ParamFaultRecord:
			m, err := q.faultRecord()
			if err != nil {
				return fmt.Errorf("opencl: launch of %s: %w", f.spec.Name, err)
			}
			l.Set(i, dp.Size, uint64(m))
		case driver.ParamLaunchID:
			l.Set(i, dp.Size, uint64(q.faults.log.Launch(f.spec, group)))
		default:
			return fmt.Errorf("opencl: launch of %s: device parameter %d is a %v, which this backend cannot fill: %w", f.spec.Name, i, dp.Kind, driver.ErrUnsupported)
		}
	}
	for d := 0; d < 3; d++ {
		size, g := 1, 1
		if d < r.Dims {
			size, g = r.Size[d], group.Size[d]
		}
		l.Range(d, (size+g-1)/g*g, g)
	}
	if err := l.Enqueue(q.q, f.kernel, r.Dims, &q.last); err != nil {
		if cl.CodeOf(err) == cl.MemObjectAllocationFailure { // an argument's memory, allocated at first use
			err = memError(err)
		}
		return fmt.Errorf("opencl: launch of %s over %v in groups of %v: %w", f.spec.Name, r, group, err)
	}
	return nil
}

// Write copies src into b at byte offset off and waits for the copy.
func (q *queue) Write(ctx context.Context, b driver.Buffer, off int, src []byte) error {
	buf, err := q.checkCopy("write", b, off, len(src))
	if err != nil || len(src) == 0 {
		return err
	}
	if kasync.Blocking() {
		if _, err := q.q.WriteBuffer(buf.mem, true, off, src); err != nil {
			return fmt.Errorf("opencl: write: %w", memError(err))
		}
		q.forget()
		return q.checkFaults(ctx.Err())
	}
	var pin runtime.Pinner
	pin.Pin(&src[0])
	defer pin.Unpin()
	ev, err := q.q.WriteBuffer(buf.mem, false, off, src)
	if err != nil {
		return fmt.Errorf("opencl: write: %w", memError(err))
	}
	return q.checkFaults(q.wait(ctx, ev, "write", q.dev.plan()))
}

// Read copies len(dst) bytes of b at off into dst and waits for the copy.
// The wait is cooperative, but a cancelled ctx returns only once dst holds
// the data, since the caller may reuse dst at once.
func (q *queue) Read(ctx context.Context, b driver.Buffer, off int, dst []byte) error {
	buf, err := q.checkCopy("read", b, off, len(dst))
	if err != nil || len(dst) == 0 {
		return err
	}
	if kasync.Blocking() {
		if _, err := q.q.ReadBuffer(buf.mem, true, off, dst); err != nil {
			return fmt.Errorf("opencl: read: %w", memError(err))
		}
		q.forget()
		return q.checkFaults(ctx.Err())
	}
	var pin runtime.Pinner
	pin.Pin(&dst[0])
	defer pin.Unpin()
	ev, err := q.q.ReadBuffer(buf.mem, false, off, dst)
	if err != nil {
		return fmt.Errorf("opencl: read: %w", memError(err))
	}
	return q.checkFaults(q.wait(ctx, ev, "read", q.dev.plan()))
}

func (q *queue) checkCopy(what string, b driver.Buffer, off, n int) (*buffer, error) {
	if q.done {
		return nil, fmt.Errorf("opencl: %s: %w", what, driver.ErrClosed)
	}
	buf, ok := b.(*buffer)
	if !ok || buf == nil {
		return nil, fmt.Errorf("opencl: %s: a buffer of type %T, not from this backend", what, b)
	}
	if buf.freed.Load() {
		return nil, fmt.Errorf("opencl: %s: %w", what, driver.ErrClosed)
	}
	if off < 0 || n < 0 || off+n > buf.size {
		return nil, fmt.Errorf("opencl: %s of %d bytes at offset %d is outside the buffer of %d bytes", what, n, off, buf.size)
	}
	return buf, nil
}

// Synchronize waits until every command enqueued so far has completed: it
// waits through package sync for the event of the queue's last command
// (OpenCL cannot ask whether a queue is idle, and a marker would have to be
// scheduled by the driver), and returns at once when nothing was enqueued
// since the last completed wait. With KAGO_SYNC=blocking it calls clFinish.
func (q *queue) Synchronize(ctx context.Context) error {
	return q.synchronize(ctx, q.dev.plan())
}

// synchronize is Synchronize, waiting as p says.
func (q *queue) synchronize(ctx context.Context, p plan) error {
	if kasync.Blocking() {
		return q.finish(ctx) // checks q.done itself
	}
	if q.done {
		return fmt.Errorf("opencl: synchronize: %w", driver.ErrClosed)
	}
	ev := q.take()
	if ev == 0 {
		q.releasePending()
		return q.checkFaults(ctx.Err())
	}
	return q.checkFaults(q.wait(ctx, ev, "synchronize", p))
}

// finish is Synchronize with KAGO_SYNC=blocking: clFinish on the caller.
func (q *queue) finish(ctx context.Context) error {
	if q.done {
		return fmt.Errorf("opencl: synchronize: %w", driver.ErrClosed)
	}
	if err := q.q.Finish(); err != nil {
		return fmt.Errorf("opencl: synchronize: %w", err)
	}
	q.forget()
	q.releasePending()
	return q.checkFaults(ctx.Err())
}

// take hands the event of the queue's last command to the caller, who
// waits for it and releases it, and marks the queue as drained. It
// returns 0 when nothing was enqueued since the last completed wait.
func (q *queue) take() cl.Event {
	ev := q.last
	q.last = 0
	return ev
}

// forget releases the event of the last command once a wait has seen the
// queue drain (or the queue is released).
func (q *queue) forget() {
	if q.last != 0 {
		q.last.Release()
		q.last = 0
	}
}

// Record enqueues a marker and returns its event.
func (q *queue) Record() (driver.Event, error) {
	if q.done {
		return nil, fmt.Errorf("opencl: record: %w", driver.ErrClosed)
	}
	ev, err := q.q.Marker()
	if err != nil {
		return nil, fmt.Errorf("opencl: record: %w", err)
	}
	// Submit it now: another queue or the host may wait for it.
	if err := q.q.Flush(); err != nil {
		ev.Release()
		return nil, fmt.Errorf("opencl: record: %w", err)
	}
	return &event{ev: ev, dev: q.dev, faults: q.eventFaults()}, nil
}

// WaitEvent makes the queue's later commands wait for e (an event of this
// backend: Record's, or a UserEvent).
func (q *queue) WaitEvent(e driver.Event) error {
	if q.done {
		return fmt.Errorf("opencl: wait event: %w", driver.ErrClosed)
	}
	h, ok := e.(clEvent)
	if !ok || h == nil {
		return fmt.Errorf("opencl: wait for an event of type %T, not from this backend", e)
	}
	ev, err := q.q.BarrierOn(h.handle())
	if err != nil {
		return fmt.Errorf("opencl: wait event: %w", err)
	}
	q.pending = append(q.pending, ev)
	// The barrier is now the queue's last command: a Synchronize waits for
	// it (and so for e). pending and last hold a reference each.
	if err := ev.Retain(); err != nil {
		return fmt.Errorf("opencl: wait event: %w", err)
	}
	q.forget()
	q.last = ev
	return nil
}

// releasePending releases WaitEvent's barrier events, once a wait on the
// queue has completed (or the queue is released).
func (q *queue) releasePending() {
	for _, ev := range q.pending {
		ev.Release()
	}
	q.pending = q.pending[:0]
	q.unpin()
}

// event is a marker recorded on a queue, or a kernel's own event (span).
type event struct {
	ev     cl.Event
	dev    *Device
	done   atomic.Bool
	faults eventFaults // the launches before it that may have failed (faults.go)
}

func (e *event) handle() cl.Event           { return e.ev }
func (e *event) device() *Device            { return e.dev }
func (e *event) launchFaults() *eventFaults { return &e.faults }

// Release releases the event; queues waiting for it keep the driver's own
// reference.
func (e *event) Release() error {
	if e.done.Swap(true) {
		return fmt.Errorf("opencl: event released twice: %w", driver.ErrClosed)
	}
	return e.ev.Release()
}
