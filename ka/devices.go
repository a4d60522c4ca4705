package ka

import (
	"fmt"
	"slices"

	kasync "github.com/kago-dev/kago/sync"
)

// DeviceRef names a usable device of a registered backend, as Devices
// lists it, without opening it.
type DeviceRef struct {
	Backend string     // the backend's name, as Open takes it
	Index   int        // the device's index among the backend's devices
	Info    DeviceInfo // what Probe reports
}

// String is the name Open takes for the device: "backend:index".
func (r DeviceRef) String() string { return fmt.Sprintf("%s:%d", r.Backend, r.Index) }

// Open opens the device. Each Open gives an independent Device, with its
// own queues, pool and arrays, even for a device already open.
func (r DeviceRef) Open() (*Device, error) { return Open(r.String()) }

// Devices lists every usable device of the registered backends: GPUs first
// (CUDA's, then OpenCL's), then CPU devices (PoCL's, the native backend's,
// then any other). Backends that report no device here are left out. A
// device that two backends reach (PoCL's CPU device is both "pocl" and,
// when backends/opencl is imported too, "opencl") is listed once, under
// the more specific backend.
//
// A program may open several of them at once and use them together: each
// Device has its own queues and pool, and Spawn drives each from its own
// goroutine (examples/multidevice).
func Devices() []DeviceRef {
	names := Backends()
	order := append([]string(nil), defaultOrder...)
	for _, n := range names {
		if !slices.Contains(order, n) {
			order = append(order, n)
		}
	}
	var gpus, cpus []DeviceRef
	taken := map[string]int{} // CPU devices of the pocl backend, by name
	if b, err := backend("pocl"); err == nil {
		if infos, err := b.Probe(); err == nil {
			for _, info := range infos {
				taken[info.Vendor+"\x00"+info.Name]++
			}
		}
	}
	for _, n := range order {
		b, err := backend(n)
		if err != nil {
			continue
		}
		infos, err := b.Probe()
		if err != nil {
			continue
		}
		for i, info := range infos {
			if n == "opencl" {
				if k := info.Vendor + "\x00" + info.Name; taken[k] > 0 {
					taken[k]--
					continue
				}
			}
			info.Backend = n
			r := DeviceRef{Backend: n, Index: i, Info: info}
			if info.Kind == GPU {
				gpus = append(gpus, r)
			} else {
				cpus = append(cpus, r)
			}
		}
	}
	return append(gpus, cpus...)
}

// reserveWorkers reserves a sync worker for a GPU device while it is open:
// GPU waits are handed to sync's workers, and with one per open GPU, as
// many GPUs as are open can each have a blocking wait on a worker at once.
// CPU devices wait with callbacks and reserve nothing.
func reserveWorkers(info DeviceInfo) func() {
	if info.Kind != GPU {
		return func() {}
	}
	return kasync.ReserveWorkers(1)
}
