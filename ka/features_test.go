package ka

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kago-dev/kago/ka/driver"
	"github.com/kago-dev/kago/ka/kgen"
)

func needsBoth(it Item, x []float64) {}
func needsFP64(it Item, x []float64) {}

func init() {
	register := func(fn any, needs Features) {
		kgen.RegisterKernel(fn, &driver.KernelSpec{
			Name: "k", Entry: "k", Needs: needs,
			Params: []driver.Param{{Name: "x", Type: driver.Float64, Slice: true}},
		})
	}
	register(needsBoth, FP64|Int64Atomics)
	register(needsFP64, FP64)
}

// openWithFeatures opens a fake device that has only the features f.
func openWithFeatures(t *testing.T, name string, f Features) *Device {
	fd := newFakeDevice(false)
	fd.info.Capabilities.Features = f
	Register(name, &fakeBackend{dev: fd})
	dev, err := Open(name)
	require.NoError(t, err)
	return dev
}

// TestNewKernelChecksFeatures: ka, not the backend, refuses a kernel that
// needs features the device lacks, naming the missing ones and the device.
func TestNewKernelChecksFeatures(t *testing.T) {
	dev := openWithFeatures(t, "fake-partial", FP64)
	_, err := NewKernel(dev, needsBoth)
	require.ErrorIs(t, err, ErrUnsupported)
	assert.Contains(t, err.Error(), "needs int64 atomics, which "+dev.String()+" lacks")
	assert.NotContains(t, err.Error(), "fp64", "only what is missing is named")
	_, err = NewKernel(dev, needsFP64)
	assert.NoError(t, err)

	dev = openWithFeatures(t, "fake-bare", 0)
	_, err = NewKernel(dev, needsBoth)
	require.ErrorIs(t, err, ErrUnsupported)
	assert.Contains(t, err.Error(), "needs fp64, int64 atomics, which "+dev.String()+" lacks")
}
