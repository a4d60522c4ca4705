package ka

import (
	"context"
	"errors"
	"fmt"
	gosync "sync"

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

	mu     gosync.Mutex
	live   map[*Stream]struct{} // streams that may have work: default + tasks'
	closed bool
}

func openDevice(b driver.Backend, name string, i int) (*Device, error) {
	drv, err := b.Open(i)
	if err != nil {
		return nil, fmt.Errorf("ka: opening %s:%d: %w", name, i, err)
	}
	d := &Device{drv: drv, info: drv.Info(), backend: name, live: make(map[*Stream]struct{})}
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
	d.live[d.def] = struct{}{}
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

func (d *Device) String() string {
	return fmt.Sprintf("%s (%s, %s)", d.info.Name, d.backend, d.info.Kind)
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

// Close waits for the default stream's work, releases the device's queues
// and closes it. Tasks must have ended and arrays should be freed before;
// using them afterwards returns ErrClosed.
func (d *Device) Close() error {
	d.mu.Lock()
	if d.closed {
		d.mu.Unlock()
		return nil
	}
	d.mu.Unlock()
	err := d.def.Synchronize(context.Background())
	d.mu.Lock()
	d.closed = true
	d.mu.Unlock()
	d.def.release()
	d.pool.close()
	return errors.Join(err, d.drv.Close())
}

func (d *Device) isClosed() bool {
	d.mu.Lock()
	defer d.mu.Unlock()
	return d.closed
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
