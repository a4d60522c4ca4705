package opencl

import (
	"fmt"
	"sync/atomic"

	"github.com/kago-dev/kago/backends/opencl/internal/cl"
	"github.com/kago-dev/kago/ka/driver"
)

// UserEvent is an event the host completes: queues that wait for it
// (Queue.WaitEvent) hold their later commands until then. Tests use it to
// gate device work on something another goroutine does later.
type UserEvent struct {
	ev       cl.Event
	dev      *Device
	released atomic.Bool
}

var _ driver.Event = (*UserEvent)(nil)

// NewUserEvent creates a user event on dev, an opened opencl or pocl device.
func NewUserEvent(dev driver.Device) (*UserEvent, error) {
	d, ok := dev.(*Device)
	if !ok || d == nil {
		return nil, fmt.Errorf("opencl: user event on a %T, not an OpenCL device: %w", dev, driver.ErrUnsupported)
	}
	if d.closed.Load() {
		return nil, fmt.Errorf("opencl: user event: device %w", driver.ErrClosed)
	}
	ev, err := cl.CreateUserEvent(d.ctx)
	if err != nil {
		return nil, fmt.Errorf("opencl: %w", err)
	}
	d.userEvents.Add(1)
	return &UserEvent{ev: ev, dev: d}, nil
}

// Complete sets the event's status to CL_COMPLETE: commands waiting for it
// may run.
func (u *UserEvent) Complete() error { return u.SetStatus(cl.Complete) }

// Fail sets the event's status to an error (CL_OUT_OF_RESOURCES): commands
// waiting for it fail, and waits for them report driver.ErrDevice.
func (u *UserEvent) Fail() error { return u.SetStatus(cl.OutOfResources) }

// SetStatus sets the event's status: 0 (complete) or a negative error code.
// It may be called once.
func (u *UserEvent) SetStatus(status int32) error {
	if status < 0 {
		u.dev.failing.Lock()
		defer u.dev.failing.Unlock()
	}
	if err := u.ev.SetUserStatus(status); err != nil {
		return fmt.Errorf("opencl: user event: %w", err)
	}
	if status < 0 {
		u.dev.failSubscribers()
	}
	return nil
}

// Release releases the event.
func (u *UserEvent) Release() error {
	if u.released.Swap(true) {
		return fmt.Errorf("opencl: user event released twice: %w", driver.ErrClosed)
	}
	// A user event's status is set before it is released (SetStatus
	// delivers failed commands' notifications then), so once none is live
	// no later command can fail.
	u.dev.userEvents.Add(-1)
	return u.ev.Release()
}

func (u *UserEvent) handle() cl.Event           { return u.ev }
func (u *UserEvent) device() *Device            { return u.dev }
func (u *UserEvent) launchFaults() *eventFaults { return nil }
