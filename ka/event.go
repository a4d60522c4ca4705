package ka

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"sync"
	"time"
	"unsafe"

	"github.com/kago-dev/kago/ka/driver"
)

// Event marks a point in a stream: it completes when every command enqueued
// on the stream before it has completed. Record one with Stream.Record;
// make another stream's later work wait for it with Stream.WaitFor; wait
// for it on the host with Wait; time work between two events with Elapsed.
//
// An Event is safe for concurrent use. Its driver event is released by
// Release, when the Event is garbage collected, or when its device closes;
// from then on its methods report ErrClosed (Done reports true).
type Event struct {
	st    *eventState
	races []chan struct{} // asynchronous copies before it (race builds)
}

// eventState is what the device tracks of an Event, apart from the Event
// itself, so that an Event nobody references can be collected.
type eventState struct {
	dev *Device
	// rw is held for reading across the event's driver calls and for
	// writing by Release, so that no call reaches a released event.
	rw sync.RWMutex
	ev driver.Event // nil once released
}

// Record enqueues a marker on s and returns its event. Where the backend
// can time events (docs/backends.md), the event carries its completion time
// on the device's clock, for Elapsed.
func (s *Stream) Record() (*Event, error) {
	st := &eventState{dev: s.dev}
	var races []chan struct{}
	err := s.doAs("Record", func(q *queue) (err error) {
		var dev driver.Event
		if tr, ok := q.q.(driver.TimedRecorder); ok {
			dev, err = tr.RecordTimed()
		} else {
			dev, err = q.q.Record()
		}
		if err != nil {
			return err
		}
		// s.mu is held, so Close has not released the driver yet: the
		// event is either tracked (and Close releases it) or released here.
		st.ev = dev
		if !s.dev.trackEvent(st) {
			return errors.Join(fmt.Errorf("device %w", ErrClosed), dev.Release())
		}
		races = s.raceMarksLocked()
		return nil
	})
	if err != nil {
		return nil, err
	}
	e := &Event{st: st, races: races}
	runtime.AddCleanup(e, (*eventState).collected, st)
	return e, nil
}

// WaitFor makes the work enqueued on s from now on wait until ev, an event
// of a stream of the same device, has completed, without blocking the
// caller. An event of another device has no path to s's device: WaitFor
// refuses it with an error wrapping ErrInvalid, and the caller waits for
// it on the host instead, with Event.Wait and the context of its choice.
// A nil ev is an error wrapping ErrInvalid.
func (s *Stream) WaitFor(ev *Event) error {
	if ev == nil {
		return fmt.Errorf("ka: WaitFor a nil event: %w", ErrInvalid)
	}
	if ev.st.dev != s.dev {
		return fmt.Errorf("ka: WaitFor an event of %s on a stream of %s: wait for it on the host (Event.Wait): %w", ev.st.dev, s.dev, ErrInvalid)
	}
	err := s.doAs("WaitFor", func(q *queue) error {
		ev.st.rw.RLock()
		defer ev.st.rw.RUnlock()
		if ev.st.ev == nil {
			return fmt.Errorf("event %w (released)", ErrClosed)
		}
		return q.q.WaitEvent(ev.st.ev)
	})
	if err != nil {
		return err
	}
	s.inheritRaces(ev)
	return nil
}

// Device is the device whose stream recorded the event.
func (e *Event) Device() *Device { return e.st.dev }

// Wait waits on the host until the event has completed. It waits
// cooperatively, through package sync, with the rules of
// Device.Synchronize: a cancelled ctx does not end the wait early, and a
// command that failed before the event on its stream is an error wrapping
// ErrDevice: a *KernelError for a kernel's fault, which every wait for the
// event reports, before and after the stream's own waits report it
// (docs/sync.md, "Which waits report a fault"). Several goroutines may
// wait at once, while the stream goes on working.
func (e *Event) Wait(ctx context.Context) error {
	end := traceWait("Event.Wait")
	defer end()
	err := e.use(func(ev driver.Event) error {
		he, ok := ev.(driver.HostEvent)
		if !ok {
			return fmt.Errorf("the %s backend cannot wait for an event on the host: %w", e.st.dev.backend, ErrUnsupported)
		}
		return he.Wait(ctx)
	})
	if err != nil {
		return fmt.Errorf("ka: Event.Wait: %w", err)
	}
	raceJoin(e.races)
	return nil
}

// Done reports, without blocking, whether the event has completed (a
// failed command counts as completed; Wait reports it). It is true for a
// released event, or one whose device has closed.
func (e *Event) Done() bool {
	done := true
	e.use(func(ev driver.Event) error {
		if he, ok := ev.(driver.HostEvent); ok {
			d, err := he.Query()
			done = d || err != nil
		}
		return nil
	})
	if done {
		raceJoin(e.races)
	}
	return done
}

// Elapsed is the device time between start's completion and e's, from the
// driver's own clocks (OpenCL profiling, CUDA timing events, the native
// backend's monotonic clock). Both events must be of the same device and
// have completed (Wait for them first); otherwise the error wraps
// ErrInvalid. A backend without timed events reports ErrUnsupported.
func (e *Event) Elapsed(start *Event) (time.Duration, error) {
	if start == nil {
		return 0, fmt.Errorf("ka: Elapsed since a nil event: %w", ErrInvalid)
	}
	if start.st.dev != e.st.dev {
		return 0, fmt.Errorf("ka: Elapsed between events of %s and %s: %w", start.st.dev, e.st.dev, ErrInvalid)
	}
	d, err := e.elapsed(start)
	if err != nil {
		return 0, fmt.Errorf("ka: Elapsed: %w", err)
	}
	return d, nil
}

// elapsed is Elapsed's driver call, with both events held (their read
// locks taken in address order, so that two Elapsed calls and two Releases
// cannot wait for each other in a cycle).
func (e *Event) elapsed(start *Event) (time.Duration, error) {
	d := e.st.dev
	if err := d.hold(); err != nil {
		return 0, err
	}
	defer d.gate.RUnlock()
	a, b := e.st, start.st
	if uintptr(unsafe.Pointer(a)) > uintptr(unsafe.Pointer(b)) {
		a, b = b, a
	}
	a.rw.RLock()
	defer a.rw.RUnlock()
	if b != a {
		b.rw.RLock()
		defer b.rw.RUnlock()
	}
	if e.st.ev == nil || start.st.ev == nil {
		return 0, fmt.Errorf("event %w (released)", ErrClosed)
	}
	te, ok := e.st.ev.(driver.TimedEvent)
	if !ok {
		return 0, fmt.Errorf("the %s backend does not time events: %w", d.backend, ErrUnsupported)
	}
	if b == a {
		return 0, nil
	}
	return te.Elapsed(start.st.ev)
}

// Release releases the event's driver resources now, instead of when the
// Event is garbage collected. Streams already waiting for it still do.
// Releasing twice is a no-op.
func (e *Event) Release() error {
	d := e.st.dev
	d.gate.RLock()
	defer d.gate.RUnlock()
	if d.isClosed() {
		return nil // Close released it
	}
	return e.st.release()
}

// use runs f with the driver event, unless the event was released or its
// device closed.
func (e *Event) use(f func(driver.Event) error) error {
	d := e.st.dev
	if err := d.hold(); err != nil {
		return err
	}
	defer d.gate.RUnlock()
	e.st.rw.RLock()
	defer e.st.rw.RUnlock()
	if e.st.ev == nil {
		return fmt.Errorf("event %w (released)", ErrClosed)
	}
	return f(e.st.ev)
}

// release releases the driver event once. The device's driver has not
// been released: callers hold the gate (Release, the cleanup through
// releaseTracked) or are Close itself.
func (st *eventState) release() error {
	st.rw.Lock()
	ev := st.ev
	st.ev = nil
	st.rw.Unlock()
	if ev == nil {
		return nil
	}
	st.dev.untrackEvent(st)
	return ev.Release()
}

// collected releases the driver event of an Event that was garbage
// collected, unless its device has closed (and so released it).
func (st *eventState) collected() {
	st.dev.gate.RLock()
	defer st.dev.gate.RUnlock()
	if !st.dev.isClosed() {
		st.release()
	}
}

// trackEvent records st as live, so that Close releases it. It reports
// false once the device is closed.
func (d *Device) trackEvent(st *eventState) bool {
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.closed {
		return false
	}
	if d.events == nil {
		d.events = make(map[*eventState]struct{})
	}
	d.events[st] = struct{}{}
	return true
}

func (d *Device) untrackEvent(st *eventState) {
	d.mu.Lock()
	delete(d.events, st)
	d.mu.Unlock()
}

// releaseEvents releases every live event; Close calls it once no stream
// can use them.
func (d *Device) releaseEvents() error {
	d.mu.Lock()
	evs := make([]*eventState, 0, len(d.events))
	for st := range d.events {
		evs = append(evs, st)
	}
	d.mu.Unlock()
	var errs []error
	for _, st := range evs {
		errs = append(errs, st.release())
	}
	return errors.Join(errs...)
}
