package katest

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kago-dev/kago/ka"
)

// testAutoGroupSize checks WithAutoGroupSize on every backend: it is
// refused for a kernel whose results depend on its groups; a saxpy
// launched through its trials and after them computes what the host does,
// whatever shapes it tried; and once the trials have completed, a launch
// settles on a shape that GroupSizeFor reports (the default, on a backend
// that cannot time kernels). Then the hostile cases: an empty range, one
// tuned kernel launched from many tasks at once over ranges of several
// size classes, and a launch after Close.
func testAutoGroupSize(t *testing.T, dev *ka.Device) {
	ctx := context.Background()
	_, err := ka.NewKernel(dev, Reverse, ka.WithAutoGroupSize())
	require.ErrorIs(t, err, ka.ErrUnsupported, "a kernel with local memory and barriers")
	assert.ErrorContains(t, err, "group shape")

	k, err := ka.NewKernel(dev, Saxpy, ka.WithAutoGroupSize())
	require.NoError(t, err)
	const n = 10007
	hx, hy := make([]float32, n), make([]float32, n)
	for i := range hx {
		hx[i], hy[i] = float32(i%97), float32(i%13)
	}
	x, err := ka.FromSlice(ctx, dev, hx)
	require.NoError(t, err)
	defer x.Free()
	y, err := ka.FromSlice(ctx, dev, hy)
	require.NoError(t, err)
	defer y.Free()
	s := dev.Stream()
	const launches = 40 // more than the trials of any size class
	for range launches {
		require.NoError(t, k.Launch(s, ka.Range(n), float32(0.5), x, y))
	}
	require.NoError(t, s.Synchronize(ctx))
	require.NoError(t, k.Launch(s, ka.Range(n), float32(0.5), x, y)) // decides: every trial has completed
	require.NoError(t, s.Synchronize(ctx))
	got := make([]float32, n)
	require.NoError(t, y.Read(ctx, got))
	for i := range hy {
		v := hy[i]
		for range launches + 1 {
			v = 0.5*hx[i] + v
		}
		require.Equal(t, v, got[i], "element %d after %d launches, whatever shapes they ran in", i, launches+1)
	}
	g, tuned, err := k.GroupSizeFor(ka.Range(n))
	require.NoError(t, err)
	t.Logf("the tuner's shape for ka.Range(%d): %v (tuned: %v)", n, g, tuned)
	_, timeErr := k.LaunchTimed(s, ka.Range(1), float32(0), x, y)
	require.NoError(t, s.Synchronize(ctx))
	if timeErr != nil {
		require.ErrorIs(t, timeErr, ka.ErrUnsupported)
		assert.False(t, tuned, "a backend that cannot time kernels keeps the default")
		return
	}
	assert.True(t, tuned, "every trial completed, and the next launch chose")
	assert.Equal(t, 1, g.Dims)
	assert.Positive(t, g.Size[0])
	assert.LessOrEqual(t, g.Size[0], n)
	autoHostile(t, dev.Backend())
}

// autoHostile launches a kernel loaded WithAutoGroupSize on a device of
// its own: over an empty range, from 8 tasks at once (each with its
// arrays, all through the one tuner, over ranges of 3 size classes), and
// after the device's Close.
func autoHostile(t *testing.T, backend string) {
	ctx := context.Background()
	d, err := ka.Open(backend)
	require.NoError(t, err)
	k, err := ka.NewKernel(d, Saxpy, ka.WithAutoGroupSize())
	require.NoError(t, err)
	empty, err := ka.Alloc[float32](d, 0)
	require.NoError(t, err)
	require.NoError(t, k.Launch(d.Stream(), ka.Range(0), float32(1), empty, empty), "an empty range: no trial, nothing to run")
	var all []*ka.Task
	for i := range 8 {
		all = append(all, ka.Spawn(d, saxpyTask(d, k, []int{777, 4099, 20011}[i%3], 20)))
	}
	for _, task := range all {
		assert.NoError(t, task.Wait(ctx))
	}
	require.NoError(t, d.Close())
	assert.ErrorIs(t, k.Launch(d.Stream(), ka.Range(16), float32(1), empty, empty), ka.ErrClosed, "after Close")
}
