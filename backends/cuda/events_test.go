package cuda_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kago-dev/kago/ka"
	"github.com/kago-dev/kago/ka/katest"
)

// Events, timing and device copies on a GPU (skipped without one): a copy
// on one stream, ordered after another stream's write by an event, checked
// by data, and timed between two events.
func TestEventsAndDeviceCopies(t *testing.T) {
	ctx := context.Background()
	dev := katest.Open(t, gpuBackend)
	const n = 1 << 20
	src := make([]int32, n)
	for i := range src {
		src[i] = int32(i)
	}
	x, err := ka.Alloc[int32](dev, n)
	require.NoError(t, err)
	y, err := ka.Alloc[int32](dev, n)
	require.NoError(t, err)

	s1 := dev.Stream()
	start, err := s1.Record()
	require.NoError(t, err)
	require.NoError(t, x.WriteAsync(s1, src))
	written, err := s1.Record()
	require.NoError(t, err)

	var end *ka.Event
	task := ka.Spawn(dev, func(s2 *ka.Stream) error {
		if err := s2.WaitFor(written); err != nil {
			return err
		}
		if err := ka.Copy(s2, y, x); err != nil {
			return err
		}
		end, err = s2.Record()
		if err != nil {
			return err
		}
		return end.Wait(ctx)
	})
	require.NoError(t, task.Wait(ctx))
	got := make([]int32, n)
	require.NoError(t, y.Read(ctx, got))
	assert.Equal(t, src, got)

	d, err := end.Elapsed(start)
	require.NoError(t, err)
	assert.Positive(t, d)
	t.Logf("4 MiB written and copied on the device in %v (CUDA events)", d)
	assert.True(t, end.Done())
}
