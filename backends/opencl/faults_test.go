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

// eachRecord runs f on a new queue of the test device with faultSpec
// loaded, once with the fault record in host memory (as CPU devices have
// it) and once read with commands.
func eachRecord(t *testing.T, f func(t *testing.T, host bool, d *Device, q driver.Queue, fn driver.Function)) {
	for _, host := range []bool{true, false} {
		t.Run(map[bool]string{true: "host", false: "read"}[host], func(t *testing.T) {
			defer func(old bool) { hostFaultRecords = old }(hostFaultRecords)
			hostFaultRecords = host
			d := openTestDevice(t)
			f(t, host, d, newQueue(t, d), load(t, d, faultSpec))
		})
	}
}

// TestFaultRecord: a fault written on the device comes back as a
// KernelError from the next Synchronize, once, whether the record is host
// memory (CPU devices) or read with a command.
func TestFaultRecord(t *testing.T) {
	eachRecord(t, func(t *testing.T, host bool, d *Device, q driver.Queue, fn driver.Function) {
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

// TestEventFaults: the waits for events recorded after a failed launch
// (a marker, a kernel's own span, WaitEvents) report its fault, before
// the queue's Synchronize reads the record and after it; events recorded
// before it, or after the Synchronize, do not; a Write reports it too.
func TestEventFaults(t *testing.T) {
	eachRecord(t, func(t *testing.T, host bool, d *Device, q driver.Queue, fn driver.Function) {
		ctx := context.Background()
		group := driver.NDRange{Dims: 1, Size: [3]int{4, 1, 1}}
		launch := func(at int64) {
			t.Helper()
			require.NoError(t, q.Launch(fn, range1(16), group, []driver.Arg{{Value: at}}))
		}
		record := func() driver.HostEvent {
			t.Helper()
			ev, err := q.Record()
			require.NoError(t, err)
			t.Cleanup(func() { ev.Release() })
			return ev.(driver.HostEvent)
		}
		const want = "kernel Fault: work-item [5 0 0] of group [1 0 0]: f.go:3: index out of range [7] with length 8"
		fault := func(err error) string {
			t.Helper()
			var ke *driver.KernelError
			require.ErrorAs(t, err, &ke)
			return ke.Error()
		}

		launch(-1)
		before := record()
		launch(5)
		after := record()
		sp, err := q.(driver.KernelTimer).LaunchTimed(fn, range1(16), group, []driver.Arg{{Value: int64(-1)}})
		require.NoError(t, err)
		t.Cleanup(func() { sp.Release() })

		assert.NoError(t, before.Wait(ctx), "a launch before the event failed, not one it follows")
		assert.Equal(t, want, fault(after.Wait(ctx)))
		assert.Equal(t, want, fault(sp.Wait(ctx)), "the span of a launch after the failed one")
		assert.Equal(t, want, fault(WaitEvents(ctx, before, after)))
		assert.Equal(t, want, fault(q.Synchronize(ctx)), "the queue's wait reports it too")
		require.NoError(t, q.Synchronize(ctx), "once")

		// After the queue's read the events still report it, and a new
		// fault is its own events' only.
		launch(2)
		later := record()
		assert.Equal(t, want, fault(after.Wait(ctx)))
		assert.Equal(t, "kernel Fault: work-item [2 0 0] of group [0 0 0]: f.go:3: index out of range [7] with length 8", fault(later.Wait(ctx)))
		assert.NoError(t, before.Wait(ctx))

		// A Write waits for the queue: it reports the fault, once.
		b := alloc(t, d, 4)
		assert.Contains(t, fault(q.Write(ctx, b, 0, make([]byte, 4))), "work-item [2 0 0]")
		require.NoError(t, q.Synchronize(ctx))
		assert.NoError(t, record().Wait(ctx), "an event after the faults were read")
	})
}
