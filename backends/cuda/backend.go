// Package cuda is kago's CUDA backend: NVIDIA GPUs through the CUDA driver
// API, with kago's own binding (internal/cu) that opens libcuda.so.1 at run
// time. Programs build without the CUDA toolkit and start on machines
// without the driver; there, ka.Open("cuda") returns an error wrapping
// ka.ErrNoDevice that says what to install.
//
// A blank import registers the backend as "cuda", with every CUDA device.
// Each device uses its primary context (shared with the CUDA runtime and
// other libraries in the process). Kernels are PTX from codegen/ptx, JIT
// compiled by the driver once per device and cached. Each driver queue is a
// non-blocking CUDA stream of the priority ka asks for (see Priorities);
// ka's pool recycles them between tasks. Waits go through package
// github.com/kago-dev/kago/sync: cuStreamQuery is polled for an iteration
// budget, then a worker runs cuStreamSynchronize. docs/backends.md (CUDA)
// describes it all.
package cuda

import (
	"errors"
	"fmt"

	"github.com/kago-dev/kago/backends/cuda/internal/cu"
	"github.com/kago-dev/kago/ka/driver"
)

// Backend is the CUDA driver.Backend. The zero value uses the real driver.
type Backend struct {
	// load opens the driver library and calls cuInit; nil means cu.Load.
	// Tests replace it to see the missing-driver path on any machine.
	load func() error
	// drv is the driver's entry points that take no handle; nil means
	// cu.Real (libcuda). The simulated driver's come through WithDriver.
	drv cu.Driver
}

var _ driver.Backend = (*Backend)(nil)

// Probe lists the CUDA devices without creating contexts. Without a driver
// or a device, the error wraps driver.ErrNoDevice and says what to install.
func (b *Backend) Probe() ([]driver.DeviceInfo, error) {
	if err := b.init(); err != nil {
		return nil, err
	}
	n, err := b.cuDriver().DeviceCount()
	if err != nil {
		return nil, fmt.Errorf("cuda: %w: %v", driver.ErrNoDevice, err)
	}
	if n == 0 {
		return nil, fmt.Errorf("cuda: %w: the CUDA driver is loaded but reports no device", driver.ErrNoDevice)
	}
	infos := make([]driver.DeviceInfo, n)
	for i := range infos {
		d, err := b.cuDriver().GetDevice(i)
		if err != nil {
			return nil, fmt.Errorf("cuda: %w: device %d: %v", driver.ErrNoDevice, i, err)
		}
		info, _, err := queryInfo(d)
		if err != nil {
			return nil, fmt.Errorf("cuda: %w: device %d: %v", driver.ErrNoDevice, i, err)
		}
		infos[i] = info
	}
	return infos, nil
}

// Open opens device i of Probe's list: it retains the device's primary
// context and reads its stream priority range.
func (b *Backend) Open(i int) (driver.Device, error) {
	infos, err := b.Probe()
	if err != nil {
		return nil, err
	}
	if i < 0 || i >= len(infos) {
		return nil, fmt.Errorf("cuda: device %d does not exist (%d devices): %w", i, len(infos), driver.ErrNoDevice)
	}
	return openDevice(b.cuDriver(), i)
}

// cuDriver returns the driver's handle-free entry points.
func (b *Backend) cuDriver() cu.Driver {
	if b.drv == nil {
		return cu.Real
	}
	return b.drv
}

// init loads the driver and explains a failure.
func (b *Backend) init() error {
	load := b.load
	if load == nil {
		load = b.cuDriver().Load
	}
	err := load()
	switch {
	case err == nil:
		return nil
	case errors.Is(err, cu.ErrNoLibrary):
		return fmt.Errorf("cuda: %w: %v", driver.ErrNoDevice, err)
	case cu.CodeOf(err) == cu.NoDevice:
		return fmt.Errorf("cuda: %w: the CUDA driver is installed but finds no GPU (%v)", driver.ErrNoDevice, err)
	case cu.CodeOf(err) == cu.StubLibrary:
		return fmt.Errorf("cuda: %w: %s is the CUDA toolkit's stub library, not a driver (%v); %s",
			driver.ErrNoDevice, cu.Library, err, cu.Install)
	}
	return fmt.Errorf("cuda: %w: initialising the CUDA driver: %v", driver.ErrNoDevice, err)
}
