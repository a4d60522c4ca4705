package cuda

import (
	"fmt"
	"math"

	"github.com/kago-dev/kago/ka/driver"
)

// Kernel parameters follow docs/ir.md and codegen/ptx's params.go: a []T
// parameter is two (.u64 device pointer, .u64 length), a scalar is one of
// its own size (a bool is a .u8 holding 0 or 1), and three hidden .u64
// parameters carry the launch's range (ka.gsize0..2, unused dimensions 1).
// cuLaunchKernel takes kernelParams, one pointer per parameter to its value;
// each value sits in the low bytes of an 8-byte slot (CUDA hosts are
// little-endian) and the driver reads as many bytes as the PTX declares.

// paramCount is the number of kernel parameters of spec, hidden ones
// included.
func paramCount(spec *driver.KernelSpec) int {
	n := 3 // ka.gsize0..2
	for _, p := range spec.Params {
		if p.Slice {
			n += 2
		} else {
			n++
		}
	}
	return n
}

// packArgs writes the launch's parameter values into slots, which has
// paramCount(spec) entries. ka has checked the arguments against spec (count,
// types, arrays of this device and not freed), so only the conversions are
// left. It allocates nothing.
func packArgs(spec *driver.KernelSpec, args []driver.Arg, r driver.NDRange, slots []uint64) error {
	i := 0
	for j, p := range spec.Params {
		a := args[j]
		if p.Slice {
			b, ok := a.Buffer.(*buffer)
			if !ok || b == nil {
				return fmt.Errorf("cuda: launch of %s: parameter %s needs a buffer of this backend, got %T: %w", spec.Name, p, a.Buffer, driver.ErrBadLaunch)
			}
			slots[i] = uint64(b.ptr)
			slots[i+1] = uint64(a.Len)
			i += 2
			continue
		}
		v, ok := driver.ScalarBits(p.Type, a.Value)
		if !ok {
			return fmt.Errorf("cuda: launch of %s: parameter %s got a %T: %w", spec.Name, p, a.Value, driver.ErrBadLaunch)
		}
		slots[i] = v
		i++
	}
	for d := 0; d < 3; d++ {
		size := 1
		if d < r.Dims {
			size = r.Size[d]
		}
		slots[i+d] = uint64(size)
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
