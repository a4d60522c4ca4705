// Package native runs kago kernels as plain Go on goroutines. Import it for
// its side effect:
//
//	import _ "github.com/kago-dev/kago/backends/native"
//
// It is the reference every other backend is tested against, and a
// debugger's friend: a kernel is an ordinary Go function, so breakpoints,
// prints and the race detector work inside it, and a panic in a work-item
// (an index out of range, say) becomes an error wrapping ka.ErrDevice from
// the next Synchronize, naming the work-item.
//
// Groups are spread over GOMAXPROCS goroutines, and a group's work-items run
// one after the other. Kernels that call Item.Barrier or ka.LocalArray (as
// recorded in their KernelSpec; kernels without generated code are assumed
// to) run each work-item of a group on its own goroutine, so that barriers
// are real. Groups are whole, as on every device: when the range is not a
// multiple of the group size, the last group's work-items past the range run
// too, so a kernel that forgets its guard fails here (an index out of range
// is an error from Synchronize) instead of writing past an array on a GPU.
// Each queue is an in-order goroutine, started when work arrives
// and gone when the queue is idle.
package native

import (
	"fmt"
	"runtime"

	"github.com/kago-dev/kago/ka"
	"github.com/kago-dev/kago/ka/driver"
)

func init() { ka.Register("native", backend{}) }

type backend struct{}

func (backend) Probe() ([]driver.DeviceInfo, error) { return []driver.DeviceInfo{info()}, nil }

func (backend) Open(i int) (driver.Device, error) {
	if i != 0 {
		return nil, fmt.Errorf("native: no device %d: %w", i, driver.ErrNoDevice)
	}
	return &device{info: info()}, nil
}

func info() driver.DeviceInfo {
	return driver.DeviceInfo{
		Name:    fmt.Sprintf("Go %s on %d threads (GOMAXPROCS)", runtime.Version(), runtime.GOMAXPROCS(0)),
		Vendor:  "kago",
		Kind:    driver.CPU,
		Backend: "native",
		Capabilities: driver.Capabilities{
			MaxGroupSize:  1024,
			MaxGroupDims:  [3]int{1024, 1024, 1024},
			LocalMemBytes: 1 << 20,
			MaxAllocBytes: maxAlloc(),
			ComputeUnits:  runtime.GOMAXPROCS(0),
			Features:      driver.FP64 | driver.Int64Atomics,
			Notes:         []string{"kernels run as Go code on goroutines", "priorities are recorded, not scheduled"},
		},
	}
}
