package opencl

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kago-dev/kago/backends/opencl/internal/cl"
	"github.com/kago-dev/kago/ka/driver"
)

// The driver's failures to allocate are ErrOutOfMemory: for real, a
// buffer above the device's largest allocation, which the driver refuses
// (ka refuses it before the driver; here the driver is asked directly),
// and each code that means the driver ran out of memory.
func TestOutOfMemoryErrors(t *testing.T) {
	d := openTestDevice(t)
	_, err := d.Alloc(int(d.info.Capabilities.MaxAllocBytes) + 1)
	require.ErrorIs(t, err, driver.ErrOutOfMemory)
	assert.ErrorContains(t, err, "clCreateBuffer: CL_INVALID_BUFFER_SIZE")
	for _, code := range []int32{cl.MemObjectAllocationFailure, cl.OutOfResources, cl.OutOfHostMemory, cl.InvalidBufferSize} {
		assert.ErrorIs(t, memError(&cl.Error{Call: "clEnqueueWriteBuffer", Code: code}), driver.ErrOutOfMemory, cl.Name(code))
	}
	assert.NotErrorIs(t, memError(&cl.Error{Call: "clEnqueueWriteBuffer", Code: cl.InvalidValue}), driver.ErrOutOfMemory)
}
