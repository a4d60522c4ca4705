package cuda

import (
	"fmt"

	"github.com/kago-dev/kago/backends/cuda/internal/cu"
	"github.com/kago-dev/kago/ka/driver"
)

// limits are what launches are checked against beyond driver.Capabilities.
type limits struct {
	maxGrid [3]int // blocks per grid dimension
	ccMajor int
	ccMinor int
	pools   bool // stream-ordered allocation (cuMemAllocAsync)
}

// queryInfo reads a device's description from its attributes. It needs no
// context. Capabilities.Priorities says what the compute capability allows
// (3.5 and later); Open refines it with the context's actual range.
func queryInfo(d cu.Device) (driver.DeviceInfo, limits, error) {
	var lim limits
	name, err := d.Name()
	if err != nil {
		return driver.DeviceInfo{}, lim, err
	}
	mem, err := d.TotalMem()
	if err != nil {
		return driver.DeviceInfo{}, lim, err
	}
	attrs := []int{cu.AttrMaxThreadsPerBlock, cu.AttrMaxBlockDimX, cu.AttrMaxBlockDimY, cu.AttrMaxBlockDimZ,
		cu.AttrMaxGridDimX, cu.AttrMaxGridDimY, cu.AttrMaxGridDimZ, cu.AttrMaxSharedPerBlock,
		cu.AttrMultiprocessorCount, cu.AttrComputeCapMajor, cu.AttrComputeCapMinor, cu.AttrMemoryPoolsSupported}
	v := make(map[int]int, len(attrs))
	for _, a := range attrs {
		x, err := d.Attribute(a)
		if err != nil {
			if a == cu.AttrMemoryPoolsSupported {
				continue // older drivers do not know it: no pools
			}
			return driver.DeviceInfo{}, lim, err
		}
		v[a] = x
	}
	lim = limits{
		maxGrid: [3]int{v[cu.AttrMaxGridDimX], v[cu.AttrMaxGridDimY], v[cu.AttrMaxGridDimZ]},
		ccMajor: v[cu.AttrComputeCapMajor], ccMinor: v[cu.AttrComputeCapMinor],
		pools: v[cu.AttrMemoryPoolsSupported] == 1 && d.HasAsyncAlloc(),
	}
	cc := 10*lim.ccMajor + lim.ccMinor
	info := driver.DeviceInfo{
		Name:    name,
		Vendor:  "NVIDIA",
		Kind:    driver.GPU,
		Backend: "cuda",
		Capabilities: driver.Capabilities{
			MaxGroupSize:   v[cu.AttrMaxThreadsPerBlock],
			MaxGroupDims:   [3]int{v[cu.AttrMaxBlockDimX], v[cu.AttrMaxBlockDimY], v[cu.AttrMaxBlockDimZ]},
			LocalMemBytes:  v[cu.AttrMaxSharedPerBlock],
			ComputeUnits:   v[cu.AttrMultiprocessorCount],
			GlobalMemBytes: mem,
			MaxAllocBytes:  mem,
			MaxGroups:      lim.maxGrid,
			// Every GPU that takes PTX 7.0 (sm_50 and later) has these:
			// fp64 and 64-bit atomics, mapped host memory for the stop
			// flag (stop.go), warps of 32.
			Features:     driver.FP64 | driver.Int64Atomics | driver.Cancel | driver.Subgroups,
			SubgroupSize: 32,
			Priorities:   cc >= 35,
			Targets:      []driver.Target{driver.PTX},
			Notes:        []string{fmt.Sprintf("compute capability %d.%d; PTX is JIT-compiled by the driver", lim.ccMajor, lim.ccMinor)},
		},
	}
	if !lim.pools {
		info.Capabilities.Notes = append(info.Capabilities.Notes,
			"no stream-ordered allocator: memory is freed with cuMemFree after a wait")
	}
	return info, lim, nil
}
