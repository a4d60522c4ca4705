package opencl

import (
	"context"
	"sync"
	"sync/atomic"
	"testing"
	"unsafe"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kago-dev/kago/ka/driver"
)

// hostFlag reads q's stop flag in its host fault record.
func hostFlag(q *queue) uint32 {
	return atomic.LoadUint32((*uint32)(unsafe.Add(q.faults.host, driver.FaultStopOff)))
}

// TestStopFlagSurvivesFault: the flag stays raised in the host record
// across the clearing of a reported fault, and Stop after Release (or
// racing it) writes nothing and fails nothing.
func TestStopFlagSurvivesFault(t *testing.T) {
	d := openTestDevice(t)
	if d.info.Kind != driver.CPU {
		t.Skip("the host fault record is a CPU device's")
	}
	dq, err := d.NewQueue(driver.Normal)
	require.NoError(t, err)
	q := dq.(*queue)
	fn := load(t, d, faultSpec)
	group := driver.NDRange{Dims: 1, Size: [3]int{4, 1, 1}}
	require.NoError(t, q.Launch(fn, range1(16), group, []driver.Arg{{Value: int64(5)}}))
	require.NotNil(t, q.faults.host)
	require.NoError(t, q.Stop(true))
	assert.Equal(t, uint32(1), hostFlag(q))
	var ke *driver.KernelError
	require.ErrorAs(t, q.Synchronize(context.Background()), &ke)
	assert.Equal(t, uint32(1), hostFlag(q), "the flag after the record was cleared")
	require.NoError(t, q.Stop(false))
	assert.Equal(t, uint32(0), hostFlag(q))

	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		for i := range 1000 {
			assert.NoError(t, q.Stop(i%2 == 0))
		}
	}()
	require.NoError(t, q.Release())
	wg.Wait()
	assert.NoError(t, q.Stop(true), "Stop after Release")
	assert.Nil(t, q.stop.host)
}
