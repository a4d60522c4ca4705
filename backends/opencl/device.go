package opencl

import (
	"fmt"
	"sync"
	"sync/atomic"

	"github.com/kago-dev/kago/backends/opencl/internal/cl"
	"github.com/kago-dev/kago/ka/driver"
	kasync "github.com/kago-dev/kago/sync"
)

// Device is an opened OpenCL device: one context holding the device, the
// programs built for it and the queues made on it.
type Device struct {
	platform cl.Platform
	id       cl.Device
	ctx      cl.Context
	info     driver.DeviceInfo
	caps     devCaps

	mu     sync.Mutex
	funcs  map[*driver.KernelSpec]*function // Load's cache
	closed atomic.Bool

	subMu sync.Mutex
	subs  map[cl.Subscription]cl.Event // callback waits in progress while userEvents > 0 (cpuEvent)
	// userEvents counts the UserEvents made on the device and not yet
	// released: only they can fail a command, so only while there are
	// some do callback waits register in subs.
	userEvents atomic.Int64
	// failing is held by UserEvent.SetStatus while it fails an event.
	// PoCL 3.1 wakes a clWaitForEvents on a dependent command while it is
	// still marking the dependents failed, and aborts if one of their
	// events is released meanwhile: a wait that saw a failure waits for
	// the writer to finish before its caller may release anything.
	failing sync.RWMutex

	// direct is the budget of waits that block in clWaitForEvents on their
	// own goroutine (planDirect).
	direct *kasync.Budget
	// calls bounds the short driver calls of cooperative waits in progress
	// at once (see callGate).
	calls callGate
	// records reads fault records in device memory for events (faults.go).
	records records
}

var _ driver.Device = (*Device)(nil)

func openDevice(f found) (*Device, error) {
	ctx, err := cl.CreateContext(f.platform, f.device)
	if err != nil {
		return nil, fmt.Errorf("opencl: opening %s: %w", f.info.Name, err)
	}
	return &Device{platform: f.platform, id: f.device, ctx: ctx, info: f.info, caps: f.caps,
		funcs: make(map[*driver.KernelSpec]*function), subs: make(map[cl.Subscription]cl.Event),
		direct: kasync.NewBudget(directWaits), calls: make(callGate, callsPerDevice)}, nil
}

// Info describes the device.
func (d *Device) Info() driver.DeviceInfo { return d.info }

// Alloc allocates size bytes of device memory.
func (d *Device) Alloc(size int) (driver.Buffer, error) {
	if d.closed.Load() {
		return nil, fmt.Errorf("opencl: alloc: %w", driver.ErrClosed)
	}
	if size <= 0 {
		return nil, fmt.Errorf("opencl: alloc of %d bytes: size must be positive", size)
	}
	m, err := cl.CreateBuffer(d.ctx, size)
	if err != nil {
		return nil, fmt.Errorf("opencl: alloc of %d bytes on %s: %w", size, d.info.Name, memError(err))
	}
	return &buffer{mem: m, size: size}, nil
}

// memError marks an error of the driver running out of memory, for a
// buffer or for the resources of a command that uses one (drivers may
// allocate a buffer's memory only when a command first uses it), as
// driver.ErrOutOfMemory.
func memError(err error) error {
	switch cl.CodeOf(err) {
	case cl.MemObjectAllocationFailure, cl.OutOfResources, cl.OutOfHostMemory, cl.InvalidBufferSize:
		return fmt.Errorf("%w: %w", err, driver.ErrOutOfMemory)
	}
	return err
}

// Close releases the programs and the context. ka calls it after releasing
// every queue and buffer.
func (d *Device) Close() error {
	if d.closed.Swap(true) {
		return nil
	}
	d.mu.Lock()
	defer d.mu.Unlock()
	var first error
	for _, f := range d.funcs {
		if err := f.release(); err != nil && first == nil {
			first = err
		}
	}
	d.funcs = nil
	if err := d.releaseRecords(); err != nil && first == nil {
		first = err
	}
	if err := d.ctx.Release(); err != nil && first == nil {
		first = err
	}
	if first != nil {
		return fmt.Errorf("opencl: closing %s: %w", d.info.Name, first)
	}
	return nil
}

// buffer is device memory.
type buffer struct {
	mem   cl.Mem
	size  int
	freed atomic.Bool
}

// Free releases the memory. OpenCL keeps it alive until the commands that
// use it have completed, so q is not needed.
func (b *buffer) Free(q driver.Queue) error {
	if b.freed.Swap(true) {
		return fmt.Errorf("opencl: buffer freed twice: %w", driver.ErrClosed)
	}
	if err := b.mem.Release(); err != nil {
		return fmt.Errorf("opencl: free: %w", err)
	}
	return nil
}
