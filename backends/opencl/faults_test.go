package opencl

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kago-dev/kago/ka/driver"
)

// faultSpec is a kernel written by hand to the fault record's ABI
// (docs/ir.md): work-item at records site 0 with values 7 and 8.
var faultSpec = &driver.KernelSpec{
	Name: "Fault", Entry: "Fault",
	Params: []driver.Param{{Name: "at", Type: driver.Int64}},
	DeviceParams: append(driver.LayoutOf([]driver.Param{{Name: "at", Type: driver.Int64}}),
		driver.FaultParams[0].Param, driver.FaultParams[1].Param),
	Faults: driver.FaultSites{{Kind: driver.FaultIndex, File: "f.go", Line: 3, Format: "index out of range [%d] with length %d", Args: []driver.ScalarType{driver.Int, driver.Int}}},
	Code: driver.CodeMap{driver.OpenCLC: []byte(`
__kernel void Fault(long at, long gsize0, long gsize1, long gsize2, __global uint *rec, uint launch) {
	if (get_global_id(0) != at) return;
	if (atomic_cmpxchg(&rec[0], 0u, 1u) != 0u) return;
	rec[1] = launch; rec[2] = 0;
	rec[3] = (uint)get_global_id(0); rec[4] = 0; rec[5] = 0;
	__global ulong *v = (__global ulong *)rec;
	v[4] = 7; v[5] = 8; v[6] = 0;
}`)},
}

// TestFaultRecord: a fault written on the device comes back as a
// KernelError from the next Synchronize, once, whether the record is host
// memory (CPU devices) or read with a command.
func TestFaultRecord(t *testing.T) {
	for _, host := range []bool{true, false} {
		t.Run(map[bool]string{true: "host", false: "read"}[host], func(t *testing.T) {
			defer func(old bool) { hostFaultRecords = old }(hostFaultRecords)
			hostFaultRecords = host
			d := openTestDevice(t)
			q := newQueue(t, d)
			fn := load(t, d, faultSpec)
			ctx := context.Background()
			group := driver.NDRange{Dims: 1, Size: [3]int{4, 1, 1}}
			require.NoError(t, q.Launch(fn, range1(16), group, []driver.Arg{{Value: int64(5)}}))
			err := q.Synchronize(ctx)
			var ke *driver.KernelError
			require.ErrorAs(t, err, &ke)
			assert.Equal(t, "kernel Fault: work-item [5 0 0] of group [1 0 0]: f.go:3: index out of range [7] with length 8", ke.Error())
			assert.Equal(t, host && d.info.Kind == driver.CPU, q.(*queue).faults.host != nil)
			// Reported once; a launch that does not fail reports nothing.
			require.NoError(t, q.Synchronize(ctx))
			require.NoError(t, q.Launch(fn, range1(16), group, []driver.Arg{{Value: int64(-1)}}))
			require.NoError(t, q.Synchronize(ctx))
			// The record was cleared: a new fault is recorded.
			require.NoError(t, q.Launch(fn, range1(16), group, []driver.Arg{{Value: int64(2)}}))
			require.ErrorAs(t, q.Synchronize(ctx), &ke)
			assert.Equal(t, [3]int{2, 0, 0}, ke.GlobalID)
		})
	}
}
