package ka

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"sync/atomic"

	"github.com/kago-dev/kago/ka/driver"
)

// Device is an opened device of some backend. Its methods are safe for
// concurrent use.
type Device struct {
	drv     driver.Device
	info    driver.DeviceInfo
	backend string
	pool    queuePool
	def     *Stream

	// gate is held for reading across driver calls that no stream lock
	// orders (Alloc, Load, Free), and for writing by Close while it marks
	// the device closed: after that no such call starts, and none is left
	// running when Close releases the driver.
	gate sync.RWMutex

	mu     sync.Mutex
	live   map[*Stream]struct{}     // streams that may have work: default + tasks'
	arrays map[deviceArray]struct{} // arrays not yet freed, released by Close
	events map[*eventState]struct{} // events not yet released, released by Close
	closed bool

	unreserve func() // ends the device's reservation of sync workers (devices.go)
	serial    int64  // 1 for the first device the process opened, 2 for the next...
}

func openDevice(b driver.Backend, name string, i int) (*Device, error) {
	drv, err := b.Open(i)
	if err != nil {
		return nil, fmt.Errorf("ka: opening %s:%d: %w", name, i, err)
	}
	d := &Device{drv: drv, info: drv.Info(), backend: name, live: make(map[*Stream]struct{}), arrays: make(map[deviceArray]struct{}), serial: opened.Add(1)}
	d.info.Backend = name
	d.pool.init(drv)
	q, err := d.pool.get(Normal)
	if err != nil {
		drv.Close()
		return nil, fmt.Errorf("ka: opening %s:%d: creating the default queue: %w", name, i, err)
	}
	d.def = newStream(d)
	d.def.queues[Normal] = q
	d.def.cur = q
	d.def.stop.add(q)
	d.live[d.def] = struct{}{}
	d.unreserve = reserveWorkers(d.info)
	return d, nil
}

// Name is the device's name as its driver reports it.
func (d *Device) Name() string { return d.info.Name }

// Kind tells whether the device is a CPU or a GPU.
func (d *Device) Kind() Kind { return d.info.Kind }

// Backend is the name of the backend the device was opened with.
func (d *Device) Backend() string { return d.backend }

// Capabilities describes what the device can do: group size and memory
// limits, fp64, 64-bit atomics, priorities, the code it takes.
func (d *Device) Capabilities() Capabilities { return d.info.Capabilities }

// Info describes the device.
func (d *Device) Info() DeviceInfo { return d.info }

// String names the device, its backend and its kind, as messages do.
func (d *Device) String() string {
	return fmt.Sprintf("%s (%s, %s)", d.info.Name, d.backend, d.info.Kind)
}

// opened counts the devices opened, for telling apart in a message two
// Devices of the same device (see names).
var opened atomic.Int64

// names returns how a message names d and o, two different Devices: by
// their String, and when those are the same (one device opened twice), with
// the order in which they were opened, so that a message never names one
// device twice for two.
func (d *Device) names(o *Device) (string, string) {
	a, b := d.String(), o.String()
	if a == b && d != o {
		return fmt.Sprintf("%s, opened %s", a, ordinal(d.serial)), fmt.Sprintf("%s, opened %s", b, ordinal(o.serial))
	}
	return a, b
}

// ordinal words n as "1st", "2nd", "3rd", "4th"...
func ordinal(n int64) string {
	suffix := "th"
	if n%100 < 11 || n%100 > 13 {
		switch n % 10 {
		case 1:
			suffix = "st"
		case 2:
			suffix = "nd"
		case 3:
			suffix = "rd"
		}
	}
	return fmt.Sprintf("%d%s", n, suffix)
}

// Stream returns the device's default stream, which every goroutine may
// use (its operations are serialised). Goroutines that work concurrently
// should each use a stream of their own, from Spawn.
func (d *Device) Stream() *Stream { return d.def }

// Synchronize waits until all work enqueued so far on the device's streams
// has completed. It waits cooperatively: the goroutine parks and its thread
// runs other goroutines. A cancelled ctx does not end the wait early (the
// device may still use memory the caller would release); Synchronize then
// returns ctx's error once the work has completed. A failed command is an
// error wrapping ErrDevice.
func (d *Device) Synchronize(ctx context.Context) error {
	d.mu.Lock()
	if d.closed {
		d.mu.Unlock()
		return fmt.Errorf("ka: Synchronize: device %w", ErrClosed)
	}
	streams := make([]*Stream, 0, len(d.live))
	for s := range d.live {
		streams = append(streams, s)
	}
	d.mu.Unlock()
	var errs []error
	for _, s := range streams {
		if err := s.Synchronize(ctx); err != nil && !errors.Is(err, ErrClosed) {
			errs = append(errs, err)
		}
	}
	return errors.Join(errs...)
}

// Queues reports how many driver queues (streams, command queues) the
// device has alive, and how many of those are idle in its pool. Tests and
// benchmarks use it to see that Spawn recycles queues.
func (d *Device) Queues() (live, idle int) { return d.pool.stats() }

// Close releases the device. It is safe to call while tasks still use the
// device: new calls are refused at once, every stream's enqueued work is
// waited for, and then the device's queues, arrays and kernels are
// released; from then on every call on the device, its streams, arrays and
// kernels returns an error wrapping ErrClosed. Close returns the errors of
// work that failed and was not reported yet. Closing twice is a no-op.
func (d *Device) Close() error {
	d.gate.Lock()
	d.mu.Lock()
	if d.closed {
		d.mu.Unlock()
		d.gate.Unlock()
		return nil
	}
	d.closed = true
	streams := make([]*Stream, 0, len(d.live))
	for s := range d.live {
		streams = append(streams, s)
	}
	d.mu.Unlock()
	d.gate.Unlock()
	// No stream can be added now; each one finishes the call it is in
	// (they hold s.mu for their driver calls), then is closed.
	var errs []error
	for _, s := range streams {
		if err := s.closeForDevice(); err != nil {
			errs = append(errs, err)
		}
	}
	d.mu.Lock()
	arrays := d.arrays
	d.arrays = nil
	d.mu.Unlock()
	for a := range arrays {
		errs = append(errs, a.closeFree())
	}
	errs = append(errs, d.releaseEvents(), d.pool.close(), d.drv.Close())
	d.unreserve()
	return errors.Join(errs...)
}

func (d *Device) isClosed() bool {
	d.mu.Lock()
	defer d.mu.Unlock()
	return d.closed
}

// enter starts a driver call that no stream lock orders; the caller runs
// it and calls d.gate.RUnlock. It fails once the device is closed, with
// an error that names op.
func (d *Device) enter(op string) error {
	if err := d.hold(); err != nil {
		return fmt.Errorf("ka: %s: %w", op, err)
	}
	return nil
}

// hold is enter for callers that name their operation in the error
// themselves.
func (d *Device) hold() error {
	d.gate.RLock()
	if d.isClosed() {
		d.gate.RUnlock()
		return fmt.Errorf("device %w", ErrClosed)
	}
	return nil
}

// allocate runs alloc, which sets a's buffer, and records a as live so
// that Close releases it.
func (d *Device) allocate(a deviceArray, alloc func() error) error {
	if err := d.hold(); err != nil {
		return err
	}
	defer d.gate.RUnlock()
	if err := alloc(); err != nil {
		return err
	}
	d.mu.Lock()
	d.arrays[a] = struct{}{}
	d.mu.Unlock()
	return nil
}

// forget removes a from the live arrays before its memory is freed. It
// reports false once the device is closing: Close then frees the memory.
func (d *Device) forget(a deviceArray) bool {
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.closed {
		return false
	}
	delete(d.arrays, a)
	return true
}

// release frees a's memory with free, unless the device has closed (and
// so freed it, or is about to).
func (d *Device) release(a deviceArray, free func() error) error {
	d.gate.RLock()
	defer d.gate.RUnlock()
	if !d.forget(a) {
		return nil
	}
	return free()
}

func (d *Device) addLive(s *Stream) bool {
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.closed {
		return false
	}
	d.live[s] = struct{}{}
	return true
}

func (d *Device) removeLive(s *Stream) {
	d.mu.Lock()
	delete(d.live, s)
	d.mu.Unlock()
}
