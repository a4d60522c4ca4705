package opencl

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/kago-dev/kago/backends/opencl/internal/cl"
	"github.com/kago-dev/kago/ka/driver"
	kasync "github.com/kago-dev/kago/sync"
)

// How waits are done (package sync). GPUs poll the event's status for an
// iteration budget and then hand a blocking clWaitForEvents to a worker.
// CPU devices (PoCL), while fewer than 4 waits on the device are doing so,
// block in clWaitForEvents on the waiting goroutine at once (a thread
// each, as fast as KAGO_SYNC=blocking); the waits beyond those flush, poll
// once and park on a clSetEventCallback, so 10,000 waiters add 4 threads, not
// 10,000 (docs/sync.md has the measurements). The other plans are kept
// for SynchronizeWith, to compare.
var (
	gpuWait = kasync.Options{Spin: kasync.Iterations(256)}
	cpuWait = kasync.Options{Spin: kasync.For(10 * time.Microsecond)}
)

// plan is how one wait is done.
type plan uint8

const (
	// planWorker: 256 polls, then clWaitForEvents on a sync worker (GPUs).
	planWorker plan = iota
	// planCallback: ≤10 µs of polling, then a completion callback.
	planCallback
	// planAdaptive: polling only while the queue's recent waits say the
	// command is about to complete, then a completion callback.
	planAdaptive
	// planDirect: clWaitForEvents on the caller's goroutine at once (no
	// flush, no poll: it does both) within the device's budget of direct
	// waits; beyond it, a flush, one poll and a callback.
	planDirect
	// planAdaptiveDirect: the adaptive spin, then as planDirect.
	planAdaptiveDirect
	// planSpinDirect: ≤10 µs of polling (as planCallback), then as
	// planDirect.
	planSpinDirect
)

// cpuPlan is the plan of CPU devices. docs/sync.md has the measurements
// that chose it: on PoCL the direct waits are within ~2% of blocking at
// every kernel length, the callbacks 5-45% slower, and spinning first
// (planAdaptiveDirect) costs ~12% on empty kernels when the machine is
// loaded.
var cpuPlan = planDirect

// Adaptive spin: a queue whose recent waits ended within adaptiveMax polls
// for up to twice that (at most adaptiveMax) before parking; one whose
// waits are longer does not poll at all, so that the host thread leaves the
// cores to the kernel.
const adaptiveMax = 20 * time.Microsecond

// adaptiveSpin is the spin for a queue whose recent waits took about
// recent (0: unknown, treated as short).
func adaptiveSpin(recent time.Duration) kasync.Spin {
	if recent > adaptiveMax {
		return kasync.NoSpin
	}
	return kasync.For(min(2*recent+2*time.Microsecond, adaptiveMax))
}

// directWaits is the size of each device's budget of direct waits. A
// direct wait costs an OS thread, not a P (the runtime hands a goroutine's
// P on while it is blocked in cgo), so the budget does not follow
// GOMAXPROCS: 4 threads at most per device, as many as sync's workers.
const directWaits = 4

// callGate bounds how many goroutines are inside a short driver call of a
// cooperative wait (a status query, a callback registration) on one device
// at once; the others park on the channel, holding no thread. Without it,
// 10,000 goroutines starting to wait on one event all enter the driver,
// which serializes them on the event's lock; on a loaded machine a call
// that waits there for over 20 µs loses its P to sysmon, and the runtime
// starts a thread for the next goroutine, which then waits on the same
// lock: one run of 10,000 waiters added 127 threads without the gate, and
// five runs with it 7-11 in all (docs/sync.md).
type callGate chan struct{}

// callsPerDevice is each device's callGate size.
const callsPerDevice = 2

func (g callGate) enter() {
	if g != nil {
		g <- struct{}{}
	}
}

func (g callGate) leave() {
	if g != nil {
		<-g
	}
}

// gpuEvent is an OpenCL event as a sync.Op that can be polled: package sync
// waits for it with workers.
type gpuEvent struct {
	ev   cl.Event
	err  error    // the result of Wait, when it ran
	gate callGate // the device's, around Poll
}

// Wait blocks in clWaitForEvents.
func (e *gpuEvent) Wait() error {
	e.err = e.ev.Wait()
	return e.err
}

// Poll reads the command's execution status. A failed command counts as
// done; the clWaitForEvents that follows every wait reports it.
func (e *gpuEvent) Poll() (bool, error) {
	e.gate.enter()
	st, err := e.ev.Status()
	e.gate.leave()
	if err != nil {
		return true, err
	}
	return st <= cl.Complete, nil
}

// cpuEvent adds a completion callback to gpuEvent: package sync then spins
// briefly and parks until the driver calls back.
type cpuEvent struct {
	gpuEvent
	dev    *Device
	sub    cl.Subscription // 0 unless Subscribe succeeded
	listed bool            // sub is in dev.subs
}

// Subscribe registers sync's C callback on the event, for CL_COMPLETE.
// PoCL 3.1 calls no callback when a command fails, and a command fails only
// when an event it depends on does, which only a UserEvent can: while the
// device has live user events, the subscription is also recorded on the
// device, where a failing UserEvent delivers it (failSubscribers), and a
// command found failed here is delivered at once. Without user events
// (the usual case) a wait takes no lock and touches no map.
func (e *cpuEvent) Subscribe(n kasync.Notifier) error {
	e.gate.enter()
	sub, err := e.ev.Subscribe(kasync.EventCallback(), n.Handle())
	e.gate.leave()
	if err != nil {
		return err
	}
	e.sub = sub
	if e.dev.userEvents.Load() == 0 {
		return nil
	}
	e.listed = true
	e.dev.subMu.Lock()
	e.dev.subs[sub] = e.ev
	e.dev.subMu.Unlock()
	if st, err := e.ev.Status(); err == nil && st < 0 {
		e.dev.subMu.Lock()
		if _, ok := e.dev.subs[sub]; ok {
			sub.Fire(e.ev, st)
		}
		e.dev.subMu.Unlock()
	}
	return nil
}

// unsubscribe ends the subscription, once the wait is over.
func (e *cpuEvent) unsubscribe() {
	if e.sub == 0 {
		return
	}
	if e.listed {
		e.dev.subMu.Lock()
		delete(e.dev.subs, e.sub)
		e.dev.subMu.Unlock()
		e.listed = false
	}
	e.sub.Done()
	e.sub = 0
}

// failSubscribers delivers the notification of every subscribed wait on d
// whose command has failed. UserEvent.SetStatus calls it after failing an
// event, since PoCL 3.1 then calls no callbacks.
func (d *Device) failSubscribers() {
	d.subMu.Lock()
	defer d.subMu.Unlock()
	for sub, ev := range d.subs {
		if st, err := ev.Status(); err != nil || st < 0 {
			sub.Fire(ev, st)
		}
	}
}

// plan is how waits on d are done by default: workers on GPUs, cpuPlan on
// CPU devices.
func (d *Device) plan() plan {
	if d.info.Kind == driver.CPU {
		return cpuPlan
	}
	return planWorker
}

// waitEvent waits for ev, an event already submitted to the device (a
// recorded marker, a user event), as waitOn does. It has no queue, so no
// flush and no estimate for the adaptive plans.
func waitEvent(ctx context.Context, d *Device, op *cpuEvent, ev cl.Event, what string, p plan) error {
	return waitOn(ctx, d, op, ev, 0, what, p, nil)
}

// waitOn waits for ev cooperatively, reusing op, as p says. q, if not 0,
// is the queue of ev's command, flushed before a wait that does not block
// in the driver (clWaitForEvents flushes by itself). recent, if not nil,
// is the queue's estimate of how long its waits take, which the adaptive
// plans read and update. The wait is not cancellable:
// a cancelled ctx returns ctx.Err() only once the command has completed. A
// failed command is reported exactly as a blocking wait would (one
// clWaitForEvents, only when the status says the command failed); such a
// failure wraps driver.ErrDevice.
func waitOn(ctx context.Context, d *Device, op *cpuEvent, ev cl.Event, q cl.Queue, what string, p plan, recent *time.Duration) error {
	op.ev, op.err, op.dev, op.gate = ev, nil, d, d.calls
	if p == planDirect && !kasync.Blocking() && d.direct.TryAcquire() {
		op.err = ev.Wait()
		d.direct.Release()
		op.ev = 0
		if op.err != nil {
			d.failing.RLock()
			d.failing.RUnlock() // wait for a failing UserEvent (see Device.failing)
			return deviceError(what, ev, op.err)
		}
		return ctx.Err()
	}
	if q != 0 {
		if err := q.Flush(); err != nil {
			op.ev = 0
			return fmt.Errorf("opencl: %s: %w", what, err)
		}
	}
	var (
		ran bool
		err error
		t0  time.Time
	)
	adaptive := recent != nil && (p == planAdaptive || p == planAdaptiveDirect)
	if adaptive {
		t0 = time.Now()
	}
	switch p {
	case planWorker:
		ran, err = kasync.Wait(ctx, &op.gpuEvent, gpuWait)
	case planCallback:
		ran, err = kasync.Wait(ctx, op, cpuWait)
	case planAdaptive, planAdaptiveDirect:
		var last time.Duration
		if adaptive {
			last = *recent
		}
		opts := kasync.Options{Spin: adaptiveSpin(last)}
		if p == planAdaptiveDirect {
			opts.Direct = d.direct
		}
		ran, err = kasync.Wait(ctx, op, opts)
	case planDirect:
		ran, err = kasync.Wait(ctx, op, kasync.Options{Spin: kasync.NoSpin, Direct: d.direct})
	case planSpinDirect:
		ran, err = kasync.Wait(ctx, op, kasync.Options{Spin: cpuWait.Spin, Direct: d.direct})
	}
	op.unsubscribe()
	if adaptive {
		// An exponential average over about the last 4 waits.
		*recent += (time.Since(t0) - *recent) / 4
	}
	werr := op.err
	if !ran {
		// Polling or the callback saw the command end: its status says
		// whether it failed, which only then needs clWaitForEvents (for
		// the driver's error).
		d.calls.enter()
		st, serr := ev.Status()
		d.calls.leave()
		if serr != nil || st != cl.Complete {
			werr = ev.Wait()
		}
	}
	op.ev = 0
	if werr != nil {
		// A failing UserEvent may still be marking commands failed (see
		// Device.failing): let it finish before anything is released.
		d.failing.RLock()
		d.failing.RUnlock() // empty on purpose: waiting for the writer is the point
		return deviceError(what, ev, werr)
	}
	if err != nil {
		if cerr := ctx.Err(); cerr != nil {
			return cerr
		}
		return fmt.Errorf("opencl: %s: %w", what, err)
	}
	return nil
}

// deviceError describes a failed wait. A command that failed on the device
// (a negative execution status) wraps driver.ErrDevice.
func deviceError(what string, ev cl.Event, err error) error {
	st, serr := ev.Status()
	if cl.CodeOf(err) == cl.ExecStatusErrorForEventsInWaitList || (serr == nil && st < 0) {
		return fmt.Errorf("opencl: %s: a command failed with %s: %w (%v)", what, cl.Name(st), driver.ErrDevice, err)
	}
	return fmt.Errorf("opencl: %s: %w", what, err)
}

// wait waits for ev, one of the queue's own events, and releases it. The
// queue has then drained up to ev.
func (q *queue) wait(ctx context.Context, ev cl.Event, what string, p plan) error {
	defer ev.Release()
	err := waitOn(ctx, q.dev, &q.op, ev, q.q, what, p, &q.recent)
	// ev has completed (waits are not cancellable), and with it every
	// earlier command of the in-order queue.
	q.forget()
	q.releasePending()
	return err
}

// WaitEvents waits on the host, cooperatively, until every event has
// completed: events recorded on queues of this backend, or UserEvents. A
// cancelled ctx returns ctx.Err() only once all have completed. A failed
// command is an error wrapping driver.ErrDevice, and the fault of a launch
// before a recorded event a *driver.KernelError.
func WaitEvents(ctx context.Context, events ...driver.Event) error {
	handles := make([]cl.Event, len(events))
	devs := make([]*Device, len(events))
	faults := make([]*eventFaults, len(events))
	for i, e := range events {
		h, ok := e.(clEvent)
		if !ok || h == nil {
			return fmt.Errorf("opencl: wait for an event of type %T, not from this backend", e)
		}
		handles[i], devs[i], faults[i] = h.handle(), h.device(), h.launchFaults()
	}
	var op cpuEvent
	var errs []error
	for i, h := range handles {
		err := waitEvent(ctx, devs[i], &op, h, "wait", devs[i].plan())
		if faults[i] != nil {
			err = faults[i].check(devs[i], err)
		}
		if err != nil {
			errs = append(errs, err)
		}
	}
	if len(errs) == 0 && len(handles) > 0 {
		// Every event has completed: this returns at once, but goroutines
		// that all waited on one event reach it together (see callGate).
		devs[0].calls.enter()
		err := cl.WaitAll(handles)
		devs[0].calls.leave()
		if err != nil {
			errs = append(errs, fmt.Errorf("opencl: wait: %w", err))
		}
	}
	return errors.Join(errs...)
}

// clEvent is implemented by this backend's events.
type clEvent interface {
	handle() cl.Event
	device() *Device
	launchFaults() *eventFaults // nil for a UserEvent
}
