// Package opencl is kago's OpenCL backend: any OpenCL 1.2+ driver, through
// kago's own binding (internal/cl) that opens libOpenCL.so.1 at run time.
//
// A blank import registers the backend as "opencl", with every device of
// every platform. backends/pocl builds on NewBackend to register PoCL's CPU
// device as "pocl".
//
// Programs are built from SPIR-V where the device lists an IL version and
// from OpenCL C otherwise (LoadBitcode loads SPIR bitcode, for drivers such
// as PoCL 3.1 that take SPIR-V only in that form). Waits go through package
// github.com/kago-dev/kago/sync: GPUs poll, then hand a blocking
// clWaitForEvents to a worker; CPU devices spin for at most ~10 µs, then
// park on a clSetEventCallback. docs/backends.md describes it all.
package opencl

import (
	"fmt"

	"github.com/kago-dev/kago/backends/opencl/internal/cl"
	"github.com/kago-dev/kago/ka/driver"
)

// Filter selects devices for a backend: it gets the platform's name and the
// device's kind (an OpenCL CPU device is driver.CPU, any other driver.GPU).
type Filter func(platform string, kind driver.Kind) bool

// Backend is an OpenCL driver.Backend over the devices a Filter selects.
type Backend struct {
	name    string
	filter  Filter
	missing string // what to install when no device matches
}

var _ driver.Backend = (*Backend)(nil)

// NewBackend returns a backend registered as name over the devices that
// filter accepts (all devices if filter is nil). missing is added to the
// error Probe returns when the library is there but no device matches, to
// say what to install (e.g. "install pocl-opencl-icd").
func NewBackend(name string, filter Filter, missing string) *Backend {
	return &Backend{name: name, filter: filter, missing: missing}
}

// found is one device Probe found.
type found struct {
	platform cl.Platform
	device   cl.Device
	info     driver.DeviceInfo
	caps     devCaps
}

// Probe lists the backend's devices. An error wraps driver.ErrNoDevice and
// says what to install.
func (b *Backend) Probe() ([]driver.DeviceInfo, error) {
	fs, err := b.enumerate()
	if err != nil {
		return nil, err
	}
	infos := make([]driver.DeviceInfo, len(fs))
	for i, f := range fs {
		infos[i] = f.info
	}
	return infos, nil
}

// Open opens device i of Probe's list.
func (b *Backend) Open(i int) (driver.Device, error) {
	fs, err := b.enumerate()
	if err != nil {
		return nil, err
	}
	if i < 0 || i >= len(fs) {
		return nil, fmt.Errorf("%s: device %d does not exist (%d devices): %w", b.name, i, len(fs), driver.ErrNoDevice)
	}
	return openDevice(fs[i])
}

func (b *Backend) enumerate() ([]found, error) {
	if err := cl.Load(); err != nil {
		return nil, fmt.Errorf("%s: %w: %v", b.name, driver.ErrNoDevice, err)
	}
	plats, err := cl.Platforms()
	if err != nil {
		return nil, fmt.Errorf("%s: %w: %v", b.name, driver.ErrNoDevice, err)
	}
	if len(plats) == 0 {
		return nil, fmt.Errorf("%s: %w: no OpenCL platform is installed (no ICD in /etc/OpenCL/vendors); %s",
			b.name, driver.ErrNoDevice, b.installHint())
	}
	var fs []found
	for _, p := range plats {
		pname, err := p.Info(cl.PlatformName)
		if err != nil {
			return nil, fmt.Errorf("%s: %w: %v", b.name, driver.ErrNoDevice, err)
		}
		devs, err := p.Devices(cl.DeviceTypeAll)
		if err != nil {
			return nil, fmt.Errorf("%s: %w: platform %q: %v", b.name, driver.ErrNoDevice, pname, err)
		}
		for _, d := range devs {
			info, dc, err := queryInfo(d, pname, b.name)
			if err != nil {
				return nil, fmt.Errorf("%s: %w: platform %q: %v", b.name, driver.ErrNoDevice, pname, err)
			}
			if b.filter != nil && !b.filter(pname, info.Kind) {
				continue
			}
			fs = append(fs, found{platform: p, device: d, info: info, caps: dc})
		}
	}
	if len(fs) == 0 {
		return nil, fmt.Errorf("%s: %w: no matching OpenCL device on %d platform(s); %s",
			b.name, driver.ErrNoDevice, len(plats), b.installHint())
	}
	return fs, nil
}

func (b *Backend) installHint() string {
	if b.missing != "" {
		return b.missing
	}
	return cl.Install
}
