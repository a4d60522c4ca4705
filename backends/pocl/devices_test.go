package pocl_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	_ "github.com/kago-dev/kago/backends/native"
	"github.com/kago-dev/kago/ka"
	"github.com/kago-dev/kago/ka/katest"
)

// PoCL's device is reachable as "pocl" and, since importing pocl imports
// opencl, as "opencl": Devices lists it once. PoCL and native open
// together, and an event of one orders the other's stream (on the host).
func TestDevicesPoCLAndNative(t *testing.T) {
	pocl := katest.Open(t, "pocl")
	native := katest.Open(t, "native")
	var names []string
	for _, r := range ka.Devices() {
		names = append(names, r.String())
		if r.Backend == "opencl" {
			assert.NotEqual(t, pocl.Name(), r.Info.Name, "PoCL's device listed twice")
		}
	}
	assert.Contains(t, names, "pocl:0")
	assert.Contains(t, names, "native:0")

	ctx := context.Background()
	src := make([]float32, 1<<16)
	for i := range src {
		src[i] = float32(i)
	}
	x, err := ka.FromSlice(ctx, pocl, src)
	require.NoError(t, err)
	y, err := ka.Alloc[float32](native, len(src))
	require.NoError(t, err)
	require.NoError(t, x.WriteAsync(pocl.Stream(), src))
	ev, err := pocl.Stream().Record()
	require.NoError(t, err)
	require.ErrorIs(t, native.Stream().WaitFor(ev), ka.ErrInvalid, "no device path between the devices")
	require.NoError(t, ev.Wait(ctx)) // across devices: on the host
	assert.True(t, ev.Done())
	require.NoError(t, ka.Copy(native.Stream(), y, x))
	got := make([]float32, len(src))
	require.NoError(t, y.Read(ctx, got))
	assert.Equal(t, src, got)
}
