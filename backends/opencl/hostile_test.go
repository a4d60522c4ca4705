package opencl_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/kago-dev/kago/backends/opencl"
	"github.com/kago-dev/kago/ka/driver"
)

// The backend's own exported functions, given nil and foreign inputs,
// return errors instead of dereferencing them.
func TestExportedFunctionsRefuseNil(t *testing.T) {
	ctx := context.Background()
	spec := &driver.KernelSpec{Name: "K", Entry: "K"}
	_, err := opencl.LoadBitcode(nil, spec, []byte{1})
	assert.ErrorIs(t, err, driver.ErrUnsupported, "LoadBitcode on a nil device")
	_, err = opencl.LoadBitcode((*opencl.Device)(nil), spec, []byte{1})
	assert.ErrorIs(t, err, driver.ErrUnsupported, "LoadBitcode on a typed nil device")
	_, err = opencl.NewUserEvent(nil)
	assert.ErrorIs(t, err, driver.ErrUnsupported, "NewUserEvent on a nil device")
	_, err = opencl.NewUserEvent((*opencl.Device)(nil))
	assert.ErrorIs(t, err, driver.ErrUnsupported, "NewUserEvent on a typed nil device")
	assert.Error(t, opencl.SynchronizeWith(ctx, nil, opencl.CallbackStrategy), "SynchronizeWith a nil queue")
	assert.Error(t, opencl.WaitEvents(ctx, nil), "WaitEvents of a nil event")
}
