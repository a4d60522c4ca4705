package kgen_test

import (
	"errors"
	"reflect"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kago-dev/kago/ka"
	"github.com/kago-dev/kago/ka/driver"
	"github.com/kago-dev/kago/ka/kernel"
	"github.com/kago-dev/kago/ka/kgen"
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
	kgen.RegisterKernel(registered, spec)

	got, err := kgen.LookupKernel(registered)
	require.NoError(t, err)
	assert.Same(t, spec, got, "the registered spec")

	got, err = kgen.LookupKernel(unknown)
	require.NoError(t, err)
	assert.Nil(t, got, "no registered code and no compiler")

	c := &fakeCompiler{}
	kgen.SetCompiler(c)
	t.Cleanup(func() { kgen.SetCompiler(nil) })

	got, err = kgen.LookupKernel(registered)
	require.NoError(t, err)
	assert.Same(t, spec, got, "registered code wins over the compiler")
	assert.Empty(t, c.calls)

	first, err := kgen.LookupKernel(compiled)
	require.NoError(t, err)
	require.NotNil(t, first)
	assert.Equal(t, "github.com/kago-dev/kago/ka/kgen_test.compiled", first.Name)
	again, err := kgen.LookupKernel(compiled)
	require.NoError(t, err)
	assert.Same(t, first, again, "a compiled spec is remembered")
	assert.Len(t, c.calls, 1)

	_, err = kgen.LookupKernel(failing)
	assert.ErrorContains(t, err, "compiling github.com/kago-dev/kago/ka/kgen_test.failing: no source")
}

func TestRegistryRejects(t *testing.T) {
	closure := func(it ka.Item) {}
	for name, fn := range map[string]any{
		"not a function":  42,
		"nil function":    (func(ka.Item))(nil),
		"no Item":         func(x []float32) {},
		"Item not first":  func(x []float32, it ka.Item) {},
		"look-alike Item": func(it kernel.Item) {},
		"results":         func(it ka.Item) int { return 0 },
		"closure":         closure,
		"method value":    ka.Item{}.Barrier,
	} {
		t.Run(name, func(t *testing.T) {
			_, err := kgen.LookupKernel(fn)
			assert.Error(t, err)
			assert.Panics(t, func() { kgen.RegisterKernel(fn, &driver.KernelSpec{}) })
		})
	}
	assert.PanicsWithValue(t, "kgen: RegisterKernel with a nil spec", func() { kgen.RegisterKernel(registered, nil) })
	assert.Panics(t, func() { kgen.RegisterKernel(registered, &driver.KernelSpec{}) }, "registered twice (TestRegistry registered it)")
}
