package codegen_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kago-dev/kago/codegen"
)

// TestInstanceNames checks that instances of generic kernels are named as
// the package's Go code writes them (kago gen writes the name into Go
// source; kago ir and the JIT look kernels up by it), not as go/ssa does
// ("Scale[github.com/.../names.MyFloat]"), and that their entries name
// the device types of their type arguments.
func TestInstanceNames(t *testing.T) {
	p, err := codegen.Load(codegen.Config{Dir: "testdata"}, "./names")
	require.NoError(t, err)
	want := []string{"Convert[Celsius]", "Convert[Kelvin]", "Copy[int32]", "Copy[int64]", "Copy[int]", "Copy[uint32]",
		"Pair[int32, float64]", "Scale[MyFloat]", "Scale[float32]"}
	assert.Equal(t, want, p.KernelNames())
	kernels, err := p.Compile()
	require.NoError(t, err)
	require.Len(t, kernels, len(want))
	for i, k := range kernels {
		assert.Equal(t, want[i], k.Name, "kernel %d", i)
	}
	for name, entry := range map[string]string{
		"Scale[MyFloat]":       "Scale_float32",
		"Pair[int32, float64]": "Pair_int32_float64",
		"Pair[int32,float64]":  "Pair_int32_float64", // spaces do not matter
		"Copy[int]":            "Copy_int64",
	} {
		k, err := p.CompileKernel(name)
		if assert.NoError(t, err, name) {
			assert.Equal(t, entry, k.Entry, "CompileKernel(%q)", name)
		}
	}
}

// TestEntries checks that instances which differ only in Go (int and
// int64, a named type and its underlying type) get one entry and the same
// IR, so that kago gen keeps their device code once, and that instances
// whose type arguments have the same device types but whose code differs
// (methods of named types) get distinct entries.
func TestEntries(t *testing.T) {
	p, err := codegen.Load(codegen.Config{Dir: "testdata"}, "./names")
	require.NoError(t, err)
	kernels, err := p.Compile()
	require.NoError(t, err)
	byName := map[string]*codegen.Kernel{}
	for _, k := range kernels {
		byName[k.Name] = k
	}
	for _, same := range [][2]string{{"Copy[int]", "Copy[int64]"}, {"Scale[MyFloat]", "Scale[float32]"}} {
		a, b := byName[same[0]], byName[same[1]]
		assert.Equal(t, a.Entry, b.Entry, "%s and %s", same[0], same[1])
		assert.Equal(t, a.Module.String(), b.Module.String(), "%s and %s", same[0], same[1])
	}
	assert.Equal(t, "Copy_int32", byName["Copy[int32]"].Entry)
	assert.Equal(t, "Copy_uint32", byName["Copy[uint32]"].Entry)
	assert.Equal(t, "Convert_float32", byName["Convert[Celsius]"].Entry)
	assert.Equal(t, "Convert_float32_2", byName["Convert[Kelvin]"].Entry, "same device types, different code")
}
