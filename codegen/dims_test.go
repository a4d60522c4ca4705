package codegen_test

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kago-dev/kago/codegen"
)

// TestLeanDims checks the lean variant's preamble (dims.go) on katest's
// kernels: one that names no dimension (LinearIndices) is lean for 1-D
// launches, with no query of dimensions 1 and 2 and a one-dimensional
// range test; one that names all three (Indices) keeps them in its lean
// variant; a 2-D one (testdata/lean's Matrix, it.Global2) assumes only
// dimension 2 away.
func TestLeanDims(t *testing.T) {
	p, err := codegen.Load(codegen.Config{Dir: filepath.Join("..", "ka", "katest")}, ".")
	require.NoError(t, err)
	compile := func(name string) *codegen.Kernel {
		k, err := p.CompileKernel(name)
		require.NoError(t, err, name)
		return k
	}
	queries := func(k *codegen.Kernel, d string) int {
		return strings.Count(k.Module.String(), "(i32 "+d+")")
	}

	k := compile("LinearIndices")
	require.NotNil(t, k.Lean)
	assert.Subset(t, k.Lean.Facts, []string{"le(padded(1),1)", "le(padded(2),1)"})
	for _, d := range []string{"1", "2"} {
		assert.Zero(t, queries(k.Lean, d), "LinearIndices' lean variant queries dimension %s", d)
		assert.NotZero(t, queries(k, d), "LinearIndices' checked kernel must query dimension %s", d)
	}
	assert.Equal(t, 1, strings.Count(k.Lean.Module.String(), "icmp uge"), "a 1-D range test: one compare")
	assert.Equal(t, 3, strings.Count(k.Module.String(), "icmp uge"), "the checked kernel's range test: three")

	k = compile("Indices")
	require.NotNil(t, k.Lean, "Indices has checks that its launches decide")
	for _, f := range k.Lean.Facts {
		assert.NotContains(t, f, "padded", "Indices names every dimension")
	}
	assert.Contains(t, k.Lean.Module.String(), "@ka.global_size(i32 2)")

	p, err = codegen.Load(codegen.Config{Dir: "testdata"}, "./lean")
	require.NoError(t, err)
	k = compile("Matrix")
	require.NotNil(t, k.Lean)
	assert.Contains(t, k.Lean.Facts, "le(padded(2),1)")
	assert.NotContains(t, k.Lean.Facts, "le(padded(1),1)")
	assert.Zero(t, queries(k.Lean, "2"))
	assert.NotZero(t, queries(k.Lean, "1"))
}
