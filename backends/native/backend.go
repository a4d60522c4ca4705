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
// Groups are spread over GOMAXPROCS goroutines. A kernel with generated
// code runs a whole group per call of its group function (written by kago
// gen: the work-items as loops, split at barriers; see docs/backends.md),
// on a pool of goroutines that lives as long as the program. Other kernels
// run a work-item at a time: a group's work-items one after the other, or,
// for kernels that call Item.Barrier or ka.LocalArray (as recorded in
// their KernelSpec; kernels without generated code are assumed to), each
// work-item of a group on its own goroutine, so that barriers are real.
// KAGO_NATIVE=items makes a device run every kernel a work-item at a time,
// and KAGO_NATIVE=debug each work-item on a goroutine of its own, so that
// the race detector sees a race between any two work-items and a debugger
// stops in the kernel's own lines; a -race build runs in debug mode unless
// KAGO_NATIVE=groups (or items) says otherwise.
// The work-items that run are those of every device
// (docs/kernel-language.md, "Ranges and groups"): only those inside the
// range for a kernel without barriers, whole groups for one with barriers,
// so a kernel that forgets its guard fails here (an index out of range is
// an error from Synchronize) instead of writing past an array on a GPU.
// Each queue is an in-order goroutine, started when work arrives
// and gone when the queue is idle.
package native

import (
	"fmt"
	"os"
	"runtime"

	"github.com/kago-dev/kago/ka"
	"github.com/kago-dev/kago/ka/driver"
	"github.com/kago-dev/kago/ka/kernel"
)

func init() { ka.Register("native", backend{}) }

type backend struct{}

func (backend) Probe() ([]driver.DeviceInfo, error) { return []driver.DeviceInfo{info()}, nil }

func (backend) Open(i int) (driver.Device, error) {
	if i != 0 {
		return nil, fmt.Errorf("native: no device %d: %w", i, driver.ErrNoDevice)
	}
	perItem, debug, err := perItemMode()
	if err != nil {
		return nil, err
	}
	in := info()
	switch {
	case debug:
		in.Capabilities.Notes = append(in.Capabilities.Notes, "debug mode (KAGO_NATIVE=debug, the default of a -race build): every work-item on a goroutine of its own")
	case perItem:
		in.Capabilities.Notes = append(in.Capabilities.Notes, "KAGO_NATIVE=items: every kernel a work-item at a time")
	}
	return &device{info: in, perItem: perItem, debug: debug}, nil
}

// perItemMode reads KAGO_NATIVE: "items" makes a device run every kernel a
// work-item at a time, ignoring group functions (to compare the two, or to
// debug a group function); "debug" also runs every work-item on a
// goroutine of its own, so that the race detector sees a race between any
// two work-items and a debugger stops in the kernel's own lines; "groups"
// runs group functions. Unset (or empty), it is "groups", or "debug" in a
// -race build: a race between work-items of one group is then reported
// without asking for it, at the price of a goroutine per work-item.
func perItemMode() (perItem, debug bool, err error) {
	v := os.Getenv("KAGO_NATIVE")
	if v == "" && raceEnabled {
		v = "debug"
	}
	switch v {
	case "", "groups":
		return false, false, nil
	case "items":
		return true, false, nil
	case "debug":
		return true, true, nil
	default:
		return false, false, fmt.Errorf("native: KAGO_NATIVE=%q: want groups, items or debug: %w", v, driver.ErrInvalid)
	}
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
			Features:      driver.FP64 | driver.Int64Atomics | driver.Cancel | driver.Subgroups,
			SubgroupSize:  kernel.NativeSubgroupSize,
			Notes:         []string{"kernels run as Go code on goroutines", "priorities are recorded, not scheduled", "subgroups of 8 lanes are emulated over the group's barrier"},
		},
	}
}
