package collectives

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kago-dev/kago/ka"
	"github.com/kago-dev/kago/ka/kernel"
)

// TestGroupAboveCollectiveLimit: a kernel with group collectives keeps one
// element per work-item in a local array of kernel.MaxCollectiveGroup, so
// a larger group is refused by ka before anything is enqueued (PoCL allows
// groups of 4096, which would run past that array).
func TestGroupAboveCollectiveLimit(t *testing.T) {
	dev := open(t, "pocl")
	big := kernel.MaxCollectiveGroup * 2
	if m := dev.Capabilities().MaxGroupSize; m < big {
		t.Skipf("the device's groups stop at %d work-items", m)
	}
	x, err := ka.Alloc[float32](dev, big)
	require.NoError(t, err)
	out, err := ka.Alloc[float32](dev, big/kernel.MaxCollectiveGroup)
	require.NoError(t, err)
	k, err := NewGroupSumBlocksKernel(dev, ka.WithGroupSize(big))
	require.NoError(t, err)
	err = k.Launch(dev.Stream(), ka.Range(big), x, out)
	assert.ErrorIs(t, err, ka.ErrBadLaunch)
	assert.Contains(t, err.Error(), "collectives handle at most 1024")
	k, err = NewGroupSumBlocksKernel(dev, ka.WithGroupSize(kernel.MaxCollectiveGroup))
	require.NoError(t, err)
	require.NoError(t, k.Launch(dev.Stream(), ka.Range(big), x, out), "a group of exactly the limit runs")
	require.NoError(t, dev.Synchronize(t.Context()))
}
