package driver_test

import (
	"errors"
	"reflect"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kago-dev/kago/ka"
	"github.com/kago-dev/kago/ka/driver"
)

func registered(it ka.Item, x []float32) {}
func compiled(it ka.Item, n int)         {}
func failing(it ka.Item)                 {}
func unknown(it ka.Item, b bool)         {}

// fakeCompiler makes a spec per call, or fails for failing.
type fakeCompiler struct{ calls []string }

func (c *fakeCompiler) Compile(fn any, name string, typ reflect.Type) (*driver.KernelSpec, error) {
	c.calls = append(c.calls, name)
	if typ == reflect.TypeOf(failing) {
		return nil, errors.New("no source")
	}
	return &driver.KernelSpec{Name: name}, nil
}

func TestRegistry(t *testing.T) {
	spec := &driver.KernelSpec{Name: "registered"}
	driver.RegisterKernel(registered, spec)

	got, err := driver.LookupKernel(registered)
	require.NoError(t, err)
	assert.Same(t, spec, got, "the registered spec")

	got, err = driver.LookupKernel(unknown)
	require.NoError(t, err)
	assert.Nil(t, got, "no registered code and no compiler")

	c := &fakeCompiler{}
	driver.SetCompiler(c)
	t.Cleanup(func() { driver.SetCompiler(nil) })

	got, err = driver.LookupKernel(registered)
	require.NoError(t, err)
	assert.Same(t, spec, got, "registered code wins over the compiler")
	assert.Empty(t, c.calls)

	first, err := driver.LookupKernel(compiled)
	require.NoError(t, err)
	require.NotNil(t, first)
	assert.Equal(t, "github.com/kago-dev/kago/ka/driver_test.compiled", first.Name)
	again, err := driver.LookupKernel(compiled)
	require.NoError(t, err)
	assert.Same(t, first, again, "a compiled spec is remembered")
	assert.Len(t, c.calls, 1)

	_, err = driver.LookupKernel(failing)
	assert.ErrorContains(t, err, "compiling github.com/kago-dev/kago/ka/driver_test.failing: no source")
}

func TestRegistryRejects(t *testing.T) {
	closure := func(it ka.Item) {}
	for name, fn := range map[string]any{
		"not a function":  42,
		"nil function":    (func(ka.Item))(nil),
		"no Item":         func(x []float32) {},
		"Item not first":  func(x []float32, it ka.Item) {},
		"look-alike Item": func(it driver.Item) {},
		"results":         func(it ka.Item) int { return 0 },
		"closure":         closure,
		"method value":    ka.Item{}.Barrier,
	} {
		t.Run(name, func(t *testing.T) {
			_, err := driver.LookupKernel(fn)
			assert.Error(t, err)
			assert.Panics(t, func() { driver.RegisterKernel(fn, &driver.KernelSpec{}) })
		})
	}
	assert.PanicsWithValue(t, "driver: RegisterKernel with a nil spec", func() { driver.RegisterKernel(registered, nil) })
	assert.Panics(t, func() { driver.RegisterKernel(registered, &driver.KernelSpec{}) }, "registered twice (TestRegistry registered it)")
}
