package cuda

import (
	"fmt"
	"math"

	"github.com/kago-dev/kago/ka/driver"
)

// Kernel parameters are the spec's Layout (docs/ir.md, "Kernel ABI"):
// cuLaunchKernel takes kernelParams, one pointer per parameter to its value;
// each value sits in the low bytes of an 8-byte slot (CUDA hosts are
// little-endian) and the driver reads as many bytes as the PTX declares.

// packArgs writes the launch's parameter values into slots, one per
// parameter of layout, which is spec.Layout(). ka has checked the arguments against spec
// (count, types, arrays of this device and not freed), so only the
// conversions are left. It allocates nothing.
func packArgs(spec *driver.KernelSpec, layout driver.DeviceParams, args []driver.Arg, r driver.NDRange, slots []uint64) error {
	for i, dp := range layout {
		v, ok, err := dp.ArgValue(spec, args, r)
		if err != nil {
			return fmt.Errorf("cuda: launch of %s: %w", spec.Name, err)
		}
		if ok {
			slots[i] = v
			continue
		}
		switch dp.Kind {
		case driver.ParamBuffer:
			b, ok := args[dp.Arg].Buffer.(*buffer)
			if !ok || b == nil {
				return fmt.Errorf("cuda: launch of %s: parameter %s needs a buffer of this backend, got %T: %w", spec.Name, spec.Params[dp.Arg], args[dp.Arg].Buffer, driver.ErrBadLaunch)
			}
			slots[i] = uint64(b.ptr)
		case driver.ParamLocalBuffer:
			// An offset in the dynamic shared memory: Launch fills these
			// (packLocals, localmem.go).
		case driver.ParamFaultRecord, driver.ParamLaunchID:
			// The stream's fault record: Launch fills these (packFaults).
		default:
			return fmt.Errorf("cuda: launch of %s: device parameter %d is a %v, which this backend cannot fill: %w", spec.Name, i, dp.Kind, driver.ErrUnsupported)
		}
	}
	return nil
}

// gridFor returns the grid (blocks per dimension) and block for a launch
// over r in groups of group: each dimension rounded up to whole blocks, as
// docs/ir.md allows. ka has checked r and group against the device's block
// limits (driver.Capabilities); gridFor checks what ka cannot know: the
// function's limit of maxThreads per block (its registers) and the device's
// maxGrid blocks per dimension.
func gridFor(r, group driver.NDRange, maxThreads int, maxGrid [3]int) (grid, block [3]uint32, err error) {
	if t := group.Total(); maxThreads > 0 && t > maxThreads {
		return grid, block, fmt.Errorf("%d threads per block, above this function's limit of %d", t, maxThreads)
	}
	for d := 0; d < 3; d++ {
		size, g := 1, 1
		if d < r.Dims {
			size, g = r.Size[d], group.Size[d]
		}
		n := (size + g - 1) / g
		if n > math.MaxUint32 || (maxGrid[d] > 0 && n > maxGrid[d]) {
			return grid, block, fmt.Errorf("%d blocks in dimension %d, above the device's limit of %d", n, d, maxGrid[d])
		}
		grid[d], block[d] = uint32(n), uint32(g)
	}
	return grid, block, nil
}
