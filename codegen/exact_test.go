package codegen_test

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kago-dev/kago/codegen"
	"github.com/kago-dev/kago/ka/driver"
)

// TestExactVariant checks exact.go on katest's kernels: LinearIndices'
// lean variant gets an exact copy, whose PTX reads no range size and has
// one compare fewer; a kernel with barriers (CountBarrier) runs whole
// groups and has none; the spec names the copy with its PTX only.
func TestExactVariant(t *testing.T) {
	p, err := codegen.Load(codegen.Config{Dir: filepath.Join("..", "ka", "katest")}, ".")
	require.NoError(t, err)
	k, err := p.CompileKernel("LinearIndices")
	require.NoError(t, err)
	require.NotNil(t, k.Lean)
	e := k.Lean.Exact
	require.NotNil(t, e)
	assert.Equal(t, k.Lean.Entry+codegen.ExactSuffix, e.Entry)
	assert.Equal(t, k.Lean.Facts, e.Facts, "the lean variant's facts")
	assert.Nil(t, e.Exact)

	lean, err := codegen.Emit(k.Lean, driver.PTX)
	require.NoError(t, err)
	exact, err := codegen.Emit(e, driver.PTX)
	require.NoError(t, err)
	assert.Contains(t, string(exact), ".entry "+e.Entry+"(")
	assert.Equal(t, strings.Count(string(lean), "setp.")-1, strings.Count(string(exact), "setp."), "the range test's compare is gone:\n%s", exact)
	assert.Less(t, strings.Count(string(exact), "ld.param"), strings.Count(string(lean), "ld.param"), "and its range size's load")

	spec, err := k.Spec()
	require.NoError(t, err)
	require.NotNil(t, spec.Lean.Exact)
	assert.Equal(t, e.Entry, spec.Lean.Exact.Entry)
	_, err = driver.PTXOf(&driver.KernelSpec{Name: "x", Entry: e.Entry, Code: spec.Lean.Exact.Code})
	assert.NoError(t, err)
	_, err = driver.OpenCLCOf(&driver.KernelSpec{Name: "x", Entry: e.Entry, Code: spec.Lean.Exact.Code})
	assert.ErrorIs(t, err, driver.ErrUnsupported, "PTX only")

	k, err = p.CompileKernel("CountBarrier")
	require.NoError(t, err)
	require.NotNil(t, k.Lean)
	assert.Nil(t, k.Lean.Exact, "a kernel with barriers has no range test")
}
