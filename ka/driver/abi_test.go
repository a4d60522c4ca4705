package driver_test

import (
	"go/format"
	"testing"

	"github.com/kago-dev/kago/ka/driver"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestLayoutOf(t *testing.T) {
	params := []driver.Param{
		{Name: "a", Type: driver.Float32},
		{Name: "x", Type: driver.Float64, Slice: true},
		{Name: "b", Type: driver.Bool},
	}
	want := driver.DeviceParams{
		{Kind: driver.ParamScalar, Arg: 0, Size: 4},
		{Kind: driver.ParamBuffer, Arg: 1, Size: 8},
		{Kind: driver.ParamLength, Arg: 1, Size: 8},
		{Kind: driver.ParamScalar, Arg: 2, Size: 1},
		{Kind: driver.ParamGlobalSize, Dim: 0, Size: 8},
		{Kind: driver.ParamGlobalSize, Dim: 1, Size: 8},
		{Kind: driver.ParamGlobalSize, Dim: 2, Size: 8},
	}
	assert.Equal(t, want, driver.LayoutOf(params))

	spec := &driver.KernelSpec{Params: params}
	assert.Equal(t, want, spec.Layout(), "a spec without DeviceParams has the default layout")
	spec.DeviceParams = want[:1]
	assert.Equal(t, want[:1], spec.Layout(), "a spec's own DeviceParams win")
}

func TestDeviceParamsGoString(t *testing.T) {
	ps := driver.LayoutOf([]driver.Param{{Name: "x", Type: driver.Int32, Slice: true}})
	src, err := format.Source([]byte("package p\n\nvar v = " + ps.GoString() + "\n"))
	require.NoError(t, err)
	assert.Contains(t, string(src), "\t{Kind: driver.ParamBuffer, Arg: 0, Size: 8},\n")
	assert.Contains(t, string(src), "\t{Kind: driver.ParamGlobalSize, Dim: 2, Size: 8},\n")
	assert.Equal(t, "ParamLength", driver.ParamLength.String())
}

func TestLayoutOfLocal(t *testing.T) {
	params := []driver.Param{{Name: "l", Type: driver.Uint32, Local: true}, {Name: "a", Type: driver.Int32}}
	want := driver.DeviceParams{
		{Kind: driver.ParamLocalBuffer, Arg: 0, Size: 8},
		{Kind: driver.ParamLocalLength, Arg: 0, Size: 8},
		{Kind: driver.ParamScalar, Arg: 1, Size: 4},
	}
	require.Equal(t, want, driver.LayoutOf(params)[:3])
	require.Equal(t, "l ka.Local[uint32]", params[0].String())
	require.Equal(t, "ParamLocalBuffer", driver.ParamLocalBuffer.String())
	n, err := driver.LocalBytes(driver.Arg{Len: 10}, driver.Uint32)
	require.NoError(t, err)
	require.Equal(t, int64(40), n)
	_, err = driver.LocalBytes(driver.Arg{Len: -1}, driver.Uint32)
	require.ErrorIs(t, err, driver.ErrBadLaunch)
}
