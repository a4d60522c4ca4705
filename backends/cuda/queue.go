package cuda

import (
	"context"
	"fmt"
	"runtime"
	"sync/atomic"

	"github.com/kago-dev/kago/backends/cuda/internal/cu"
	"github.com/kago-dev/kago/ka/driver"
)

// liveStreams counts the queue streams created and not yet destroyed, over
// all devices (the devices' private streams are not counted).
var liveStreams atomic.Int64

// LiveStreams reports how many CUDA streams kago's queues hold now, over all
// opened devices. Tests and benchmarks use it to check that ka's stream
// pool stays bounded.
func LiveStreams() int { return int(liveStreams.Load()) }

// queue is a CUDA stream. ka uses it from one goroutine at a time.
type queue struct {
	dev  *Device
	s    cu.Stream
	done bool

	op     streamOp   // reused by every wait
	params *cu.Params // kernelParams, reused by every launch; grows
	faults faults     // the stream's fault record (faults.go)
	stop   stopFlag   // the stream's stop flag (stop.go)
}

var _ driver.Queue = (*queue)(nil)

// NewQueue creates a non-blocking stream (no implicit ordering with the
// legacy NULL stream) of the CUDA priority that p maps to (see priority.go).
func (d *Device) NewQueue(p driver.Priority) (driver.Queue, error) {
	if d.closed.Load() {
		return nil, fmt.Errorf("cuda: new queue: %w", driver.ErrClosed)
	}
	s, err := d.ctx.CreateStream(cu.StreamNonBlocking, cudaPriority(p, d.least, d.greatest))
	if err != nil {
		return nil, fmt.Errorf("cuda: new %s-priority stream on %s: %w", p, d.info.Name, err)
	}
	liveStreams.Add(1)
	return &queue{dev: d, s: s, op: streamOp{ctx: d.ctx, s: s}}, nil
}

// Release destroys the stream. ka calls it only when the stream is idle.
func (q *queue) Release() error {
	if q.done {
		return fmt.Errorf("cuda: queue released twice: %w", driver.ErrClosed)
	}
	q.done = true
	liveStreams.Add(-1)
	q.releaseFaults()
	if q.params != nil {
		q.params.Free()
		q.params = nil
	}
	if err := q.dev.ctx.DestroyStream(q.s); err != nil {
		return fmt.Errorf("cuda: release stream: %w", err)
	}
	return nil
}

// Launch enqueues f over r in blocks of group. The arguments are packed
// into the queue's kernelParams (C memory, reused), so a launch allocates
// nothing once the queue has seen a kernel with as many parameters.
func (q *queue) Launch(fn driver.Function, r, group driver.NDRange, args []driver.Arg) error {
	if q.done {
		return fmt.Errorf("cuda: launch: %w", driver.ErrClosed)
	}
	f, ok := fn.(*function)
	if !ok || f == nil {
		return fmt.Errorf("cuda: launch of a function of type %T, not from this backend: %w", fn, driver.ErrBadLaunch)
	}
	if q.stop.raised.Load() {
		return nil // skipped: a cancelled stream's launch (stop.go)
	}
	grid, block, err := gridFor(r, group, f.maxThreads, q.dev.lim.maxGrid)
	if err != nil {
		return fmt.Errorf("cuda: launch of %s over %v in groups of %v: %s: %w", f.spec.Name, r, group, err, driver.ErrBadLaunch)
	}
	if q.params == nil || q.params.Len() < len(f.layout) {
		p, err := cu.NewParams(len(f.layout))
		if err != nil {
			return fmt.Errorf("cuda: launch of %s: %w", f.spec.Name, err)
		}
		if q.params != nil {
			q.params.Free()
		}
		q.params = p
	}
	if err := packArgs(f.spec, f.layout, args, r, q.params.Slots()[:len(f.layout)]); err != nil {
		return err
	}
	if err := q.packFaults(f, group, q.params.Slots()[:len(f.layout)]); err != nil {
		return err
	}
	shared, err := packLocals(f.spec, f.layout, args, q.params.Slots()[:len(f.layout)])
	if err != nil {
		return err
	}
	if err := q.dev.ctx.LaunchShared(f.fn, q.s, grid, block, shared, q.params); err != nil {
		if cu.IsDeviceFault(cu.CodeOf(err)) {
			return deviceError("launch of "+f.spec.Name, err)
		}
		return fmt.Errorf("cuda: launch of %s over %v in groups of %v: %w: %w", f.spec.Name, r, group, driver.ErrBadLaunch, err)
	}
	return nil
}

// Write copies src into b at byte offset off. It first waits, cooperatively,
// for the stream's earlier work, because cuMemcpyHtoDAsync from pageable
// memory would otherwise wait for it inside the driver, holding the thread;
// then it enqueues the copy and waits for it.
func (q *queue) Write(ctx context.Context, b driver.Buffer, off int, src []byte) error {
	buf, err := q.checkCopy("write", b, off, len(src))
	if err != nil || len(src) == 0 {
		return err
	}
	if err := q.op.wait(context.WithoutCancel(ctx), "write"); err != nil {
		return err
	}
	var pin runtime.Pinner
	pin.Pin(&src[0])
	defer pin.Unpin()
	if err := q.dev.ctx.CopyHtoD(buf.ptr+cu.DevicePtr(off), src, q.s); err != nil {
		return fmt.Errorf("cuda: write: %w", err)
	}
	return q.checkFaults(q.op.wait(ctx, "write"))
}

// Read copies len(dst) bytes of b at byte offset off into dst, after the
// stream's earlier work, which it waits for cooperatively first (a copy to
// pageable memory returns only once done, so the driver would otherwise
// hold the thread for all of that work). A cancelled ctx returns only once
// dst holds the data.
func (q *queue) Read(ctx context.Context, b driver.Buffer, off int, dst []byte) error {
	buf, err := q.checkCopy("read", b, off, len(dst))
	if err != nil || len(dst) == 0 {
		return err
	}
	if err := q.op.wait(context.WithoutCancel(ctx), "read"); err != nil {
		return err
	}
	var pin runtime.Pinner
	pin.Pin(&dst[0])
	defer pin.Unpin()
	if err := q.dev.ctx.CopyDtoH(dst, buf.ptr+cu.DevicePtr(off), q.s); err != nil {
		return fmt.Errorf("cuda: read: %w", err)
	}
	return q.checkFaults(q.op.wait(ctx, "read"))
}

func (q *queue) checkCopy(what string, b driver.Buffer, off, n int) (*buffer, error) {
	if q.done {
		return nil, fmt.Errorf("cuda: %s: %w", what, driver.ErrClosed)
	}
	buf, ok := b.(*buffer)
	if !ok || buf == nil {
		return nil, fmt.Errorf("cuda: %s: a buffer of type %T, not from this backend", what, b)
	}
	if buf.dev.ctx != q.dev.ctx {
		return nil, fmt.Errorf("cuda: %s: the buffer is on another device", what)
	}
	if buf.freed.Load() {
		return nil, fmt.Errorf("cuda: %s: %w", what, driver.ErrClosed)
	}
	if off < 0 || n < 0 || off+n > buf.size {
		return nil, fmt.Errorf("cuda: %s of %d bytes at offset %d is outside the buffer of %d bytes", what, n, off, buf.size)
	}
	return buf, nil
}

// Synchronize waits until the stream's work so far has completed: polling
// cuStreamQuery, then cuStreamSynchronize on a worker (package sync). A
// failed command is an error wrapping driver.ErrDevice with the CUDA error
// name.
func (q *queue) Synchronize(ctx context.Context) error {
	if q.done {
		return fmt.Errorf("cuda: synchronize: %w", driver.ErrClosed)
	}
	return q.checkFaults(q.op.wait(ctx, "synchronize"))
}

// Record creates an event (timing disabled, the cheapest kind) and records
// it on the stream.
func (q *queue) Record() (driver.Event, error) {
	if q.done {
		return nil, fmt.Errorf("cuda: record: %w", driver.ErrClosed)
	}
	ev, err := q.dev.ctx.Record(q.s, cu.EventDisableTiming)
	if err != nil {
		return nil, fmt.Errorf("cuda: record: %w", err)
	}
	return &event{dev: q.dev, ev: ev, faults: q.eventFaults()}, nil
}

// WaitEvent makes the stream's later work wait for e (cuStreamWaitEvent),
// without blocking the caller.
func (q *queue) WaitEvent(e driver.Event) error {
	if q.done {
		return fmt.Errorf("cuda: wait event: %w", driver.ErrClosed)
	}
	ev, ok := e.(*event)
	if !ok || ev == nil {
		return fmt.Errorf("cuda: wait for an event of type %T, not from this backend", e)
	}
	if ev.dev.ctx != q.dev.ctx {
		return fmt.Errorf("cuda: wait for an event of another device")
	}
	if ev.released.Load() {
		return fmt.Errorf("cuda: wait event: %w", driver.ErrClosed)
	}
	if err := q.dev.ctx.WaitEvent(q.s, ev.ev); err != nil {
		return fmt.Errorf("cuda: wait event: %w", err)
	}
	return nil
}

// event is a CUDA event recorded on a stream.
type event struct {
	dev      *Device
	ev       cu.Event
	released atomic.Bool
	timed    bool        // recorded with timing (RecordTimed, events.go)
	faults   eventFaults // the launches before it that may have failed (faults.go)
}

// Release destroys the event. Streams that wait for it still do: CUDA
// keeps it until it completes.
func (e *event) Release() error {
	if e.released.Swap(true) {
		return fmt.Errorf("cuda: event released twice: %w", driver.ErrClosed)
	}
	if err := e.dev.ctx.DestroyEvent(e.ev); err != nil {
		return fmt.Errorf("cuda: release event: %w", err)
	}
	return nil
}
