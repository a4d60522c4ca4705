package ka

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"time"

	"github.com/kago-dev/kago/ka/driver"
)

// KernelTime is the device execution time of one launch, from
// Kernel.LaunchTimed.
type KernelTime struct {
	name string
	ev   *Event // the kernel's span as an event; nil for an empty launch
}

// LaunchTimed is Launch, and also times the kernel on the device's clock:
// the returned KernelTime's Wait waits for the kernel and returns how long
// it ran on the device (OpenCL: the kernel command's profiling start and
// end; CUDA: two timing events around it; native: the host's monotonic
// clock around its execution). There are no events to manage; the timing's
// driver resources are released when the KernelTime is garbage collected,
// or with the device (Wait keeps them, so that waiting again returns the
// same time). A backend that cannot time kernels (docs/backends.md) reports an
// error wrapping ErrUnsupported and enqueues nothing.
//
// Timing is not free: on OpenCL the queue must have profiling on (kago
// enables it where the device allows), on CUDA a timing event costs a few
// microseconds more than a plain one. Plain Launch does no timing.
func (k *Kernel) LaunchTimed(s *Stream, r NDRange, args ...any) (*KernelTime, error) {
	st, err := k.launch(s, r, true, args)
	if err != nil {
		return nil, err
	}
	t := &KernelTime{name: k.spec.Name}
	if st == nil {
		return t, nil
	}
	t.ev = &Event{st: st}
	runtime.AddCleanup(t.ev, (*eventState).collected, st)
	return t, nil
}

// Wait waits, cooperatively and with the rules of Device.Synchronize, until
// the kernel has completed, and returns its execution time on the device.
// A failed kernel, or a command that failed before it on its stream, is an
// error wrapping ErrDevice, as Event.Wait reports it for an event recorded
// after the kernel: a *KernelError for a kernel's fault, on every wait.
// Waiting again returns the same time, or the same error, while the device
// is open.
func (t *KernelTime) Wait(ctx context.Context) (time.Duration, error) {
	if t.ev == nil {
		return 0, ctx.Err()
	}
	end := traceWait("LaunchTimed " + t.name)
	defer end()
	var d time.Duration
	err := t.ev.use(func(ev driver.Event) error {
		sp := ev.(driver.Span)
		if err := sp.Wait(ctx); err != nil {
			return err
		}
		start, end, err := sp.Interval()
		d = time.Duration(end - start)
		return err
	})
	if err != nil {
		return 0, fmt.Errorf("ka: KernelTime.Wait of %s: %w", t.name, err)
	}
	return d, nil
}

// launchTimed enqueues a kernel and returns its span, tracked by the device
// so that Close releases it. s.mu is held, so the device has not released
// its driver yet.
func (s *Stream) launchTimed(q *queue, k *Kernel, fn driver.Function, r, group NDRange, args []driver.Arg) (*eventState, error) {
	sp, err := s.launchSpan(q, fn, r, group, args)
	if err != nil {
		return nil, err
	}
	st := &eventState{dev: s.dev, ev: sp}
	if !s.dev.trackEvent(st) {
		return nil, errors.Join(fmt.Errorf("device %w", ErrClosed), sp.Release())
	}
	return st, nil
}

// launchSpan enqueues the kernel function fn and returns its span: the
// backend's KernelTimer, else two timed events around a plain launch.
func (s *Stream) launchSpan(q *queue, fn driver.Function, r, group NDRange, args []driver.Arg) (driver.Span, error) {
	if kt, ok := q.q.(driver.KernelTimer); ok {
		return kt.LaunchTimed(fn, r, group, args)
	}
	tr, ok := q.q.(driver.TimedRecorder)
	if !ok {
		return nil, fmt.Errorf("the %s backend cannot time kernels: %w", s.dev.backend, ErrUnsupported)
	}
	start, err := tr.RecordTimed()
	if err != nil {
		return nil, err
	}
	if err := q.q.Launch(fn, r, group, args); err != nil {
		return nil, errors.Join(err, start.Release())
	}
	end, err := tr.RecordTimed()
	if err != nil {
		return nil, errors.Join(err, start.Release())
	}
	return &eventSpan{start: start, end: end}, nil
}

// eventSpan is a Span made of two timed events.
type eventSpan struct{ start, end driver.Event }

func (s *eventSpan) Wait(ctx context.Context) error {
	he, ok := s.end.(driver.HostEvent)
	if !ok {
		return fmt.Errorf("the backend cannot wait for an event on the host: %w", ErrUnsupported)
	}
	return he.Wait(ctx)
}

func (s *eventSpan) Query() (bool, error) {
	he, ok := s.end.(driver.HostEvent)
	if !ok {
		return false, fmt.Errorf("the backend cannot query an event: %w", ErrUnsupported)
	}
	return he.Query()
}

func (s *eventSpan) Interval() (int64, int64, error) {
	d, err := s.end.(driver.TimedEvent).Elapsed(s.start)
	return 0, int64(d), err
}

func (s *eventSpan) Release() error { return errors.Join(s.start.Release(), s.end.Release()) }
