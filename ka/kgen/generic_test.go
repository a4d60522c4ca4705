package kgen_test

import (
	"reflect"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kago-dev/kago/ka"
	"github.com/kago-dev/kago/ka/driver"
	"github.com/kago-dev/kago/ka/kernel"
	"github.com/kago-dev/kago/ka/kgen"
)

// gain is a named scalar type, as a type argument.
type gain float32

func gscale[T float32 | float64 | gain | int32](it ka.Item, a T, x []T, n int) {}
func gcancel[T int32 | int64](it ka.Item, x []T)                               {}

// gscaleOf names gscale with a type parameter: Go passes an instantiation
// wrapper.
func gscaleOf[T float32 | float64 | gain | int32]() any { return gscale[T] }

var faults = driver.FaultSites{{Kind: driver.FaultIndex, File: "k.go", Line: 3, Format: "index out of range [%d] with length %d", Args: []driver.ScalarType{driver.Int, driver.Int}}}

var (
	gscaleGeneric = &kgen.Generic{
		Symbol: "github.com/kago-dev/kago/ka/kgen_test.gscale",
		Params: []driver.Param{{Name: "a"}, {Name: "x", Slice: true}, {Name: "n"}},
		Code:   driver.CodeMap{driver.PTX: []byte("ptx")},
		Instances: []kgen.Instance{
			{Name: "gscale[float32]", Entry: "gscale_float32", Func: (func(ka.Item, float32, []float32, int))(nil), Faults: faults},
			{Name: "gscale[gain]", Entry: "gscale_float32", Func: (func(ka.Item, gain, []gain, int))(nil), Faults: faults},
			{Name: "gscale[float64]", Entry: "gscale_float64", Func: (func(ka.Item, float64, []float64, int))(nil), Needs: driver.FP64, Barrier: true, MaxGroup: 64},
		},
	}
	gcancelGeneric = &kgen.Generic{
		Symbol: "github.com/kago-dev/kago/ka/kgen_test.gcancel",
		Params: []driver.Param{{Name: "x", Slice: true}},
		Stops:  true,
		Instances: []kgen.Instance{
			{Name: "gcancel[int64]", Entry: "gcancel_int64", Func: (func(ka.Item, []int64))(nil),
				Params: []driver.Param{{Name: "x", Type: driver.Int64, Slice: true}}},
		},
	}
)

func init() {
	kgen.RegisterGeneric(gscaleGeneric)
	kgen.RegisterGeneric(gcancelGeneric)
}

// TestGeneric checks the specs a Generic makes: parameters typed from the
// instance's function type, the layout with the fault record's parameters
// where the code has them, what the instance's line says, one spec per
// instance for LookupKernel (without native entries) and one for Typed
// (with the launcher's), and no spec for an instance kago gen did not
// compile.
func TestGeneric(t *testing.T) {
	spec, err := kgen.LookupKernel(gscale[float32])
	require.NoError(t, err)
	require.NotNil(t, spec)
	assert.Equal(t, "gscale[float32]", spec.Name)
	assert.Equal(t, "gscale_float32", spec.Entry)
	assert.Equal(t, []driver.Param{{Name: "a", Type: driver.Float32}, {Name: "x", Type: driver.Float32, Slice: true}, {Name: "n", Type: driver.Int}}, spec.Params)
	want := driver.LayoutOf(spec.Params)
	for _, fp := range driver.FaultParams {
		want = append(want, fp.Param)
	}
	assert.Equal(t, want, spec.DeviceParams)
	assert.Equal(t, faults, spec.Faults)
	assert.Nil(t, spec.Native, "LookupKernel's spec has no native entries: ka binds by reflection")
	again, err := kgen.LookupKernel(gscale[float32])
	require.NoError(t, err)
	assert.Same(t, spec, again)

	named, err := kgen.LookupKernel(gscale[gain])
	require.NoError(t, err)
	assert.Equal(t, driver.Float32, named.Params[0].Type, "a named type is its underlying type")
	assert.Equal(t, spec.Entry, named.Entry, "the same device code")

	f64, err := kgen.LookupKernel(gscale[float64])
	require.NoError(t, err)
	assert.Equal(t, driver.LayoutOf(f64.Params), f64.DeviceParams, "no fault sites: no fault record")
	assert.Equal(t, driver.FP64, f64.Needs)
	assert.True(t, f64.Barrier)
	assert.Equal(t, 64, f64.MaxGroup)
	assert.Equal(t, gscaleGeneric.Code, f64.Code)

	none, err := kgen.LookupKernel(gscale[int32])
	require.NoError(t, err)
	assert.Nil(t, none, "kago gen compiled no gscale[int32]")

	stops, err := kgen.LookupKernel(gcancel[int64])
	require.NoError(t, err)
	assert.Equal(t, []driver.Param{{Name: "x", Type: driver.Int64, Slice: true}}, stops.Params, "the instance's own Params")
	assert.Len(t, stops.DeviceParams, len(driver.LayoutOf(stops.Params))+len(driver.FaultParams), "a //ka:cancel kernel has the fault record without fault sites")

	called := false
	native := func(args []driver.Arg) func(kernel.Item) { called = true; return nil }
	typed, err := gscaleGeneric.Typed(reflect.TypeOf(gscale[float32]), native, nil)
	require.NoError(t, err)
	assert.NotSame(t, spec, typed)
	require.NotNil(t, typed.Native)
	typed.Native(nil)
	assert.True(t, called)
	assert.Equal(t, spec.Params, typed.Params)
	second, err := gscaleGeneric.Typed(reflect.TypeOf(gscale[float32]), nil, nil)
	require.NoError(t, err)
	assert.Same(t, typed, second, "one typed spec per instance")
	got, err := kgen.LookupKernel(typed)
	require.NoError(t, err)
	assert.Same(t, typed, got, "a spec passed as the kernel is returned as it is")

	_, err = gscaleGeneric.Typed(reflect.TypeOf(gscale[int32]), native, nil)
	assert.ErrorIs(t, err, driver.ErrUnsupported)
	assert.ErrorContains(t, err, "kago gen compiled no such instance")
	_, err = kgen.LookupKernel(&driver.KernelSpec{Name: "no native"})
	assert.ErrorIs(t, err, driver.ErrInvalid)
	_, err = kgen.LookupKernel((*driver.KernelSpec)(nil))
	assert.ErrorIs(t, err, driver.ErrInvalid)
}

// TestGenericWrapper resolves an instantiation wrapper of a generic
// kernel to the instance its Generic makes.
func TestGenericWrapper(t *testing.T) {
	spec, err := kgen.LookupKernel(gscaleOf[float64]())
	require.NoError(t, err)
	require.NotNil(t, spec)
	assert.Equal(t, "gscale[float64]", spec.Name)
	_, err = kgen.LookupKernel(gscaleOf[int32]())
	assert.ErrorIs(t, err, driver.ErrInvalid, "no compiled instance has the wrapper's type")
}

// TestRegisterGenericRejects checks the programming errors.
func TestRegisterGenericRejects(t *testing.T) {
	assert.Panics(t, func() { kgen.RegisterGeneric(nil) })
	assert.Panics(t, func() { kgen.RegisterGeneric(&kgen.Generic{}) })
	assert.Panics(t, func() { kgen.RegisterGeneric(&kgen.Generic{Symbol: gscaleGeneric.Symbol}) }, "registered twice")
}

// TestArgValue converts the predeclared value ka passes to a named type,
// and passes others through.
func TestArgValue(t *testing.T) {
	assert.Equal(t, gain(2.5), kgen.ArgValue[gain](driver.Arg{Value: float32(2.5)}))
	assert.Equal(t, int32(7), kgen.ArgValue[int32](driver.Arg{Value: int32(7)}))
	assert.Equal(t, []gain{1, 2}, kgen.ArgValue[[]gain](driver.Arg{Value: []gain{1, 2}}))
}
