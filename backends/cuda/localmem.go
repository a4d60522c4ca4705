package cuda

import (
	"fmt"

	"github.com/kago-dev/kago/ka/driver"
)

// A ka.Local parameter (driver.ParamLocalBuffer) is, in kago's PTX, the
// byte offset of its buffer in the kernel's dynamic shared memory (the
// .extern .shared array, codegen/ptx/dynshared.go). packLocals lays a
// launch's buffers out one after the other, each aligned to localAlign,
// writes their offsets into slots and returns the launch's sharedMemBytes.

// localAlign aligns each buffer as the PTX's .extern .shared array is.
const localAlign = 16

// maxShared is the most sharedMemBytes a launch can ask for (a 32-bit
// argument); each buffer is checked against what is left, so that no sum
// overflows.
const maxShared = 1 << 31

func packLocals(spec *driver.KernelSpec, layout driver.DeviceParams, args []driver.Arg, slots []uint64) (uint32, error) {
	var total int64
	for i, dp := range layout {
		if dp.Kind != driver.ParamLocalBuffer {
			continue
		}
		n, err := driver.LocalBytes(args[dp.Arg], spec.Params[dp.Arg].Type)
		if err != nil {
			return 0, fmt.Errorf("cuda: launch of %s: parameter %s: %w", spec.Name, spec.Params[dp.Arg], err)
		}
		total = (total + localAlign - 1) / localAlign * localAlign
		if n > maxShared-total {
			return 0, fmt.Errorf("cuda: launch of %s: %d bytes of local memory after %d: %w", spec.Name, n, total, driver.ErrBadLaunch)
		}
		slots[i] = uint64(total)
		total += n
	}
	return uint32(total), nil
}
