package ptx

import (
	"errors"
	"testing"

	"github.com/kago-dev/kago/codegen/internal/emittest"
	"github.com/llir/llvm/asm"
	"github.com/llir/llvm/ir"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestSharedErrors checks the errors every emitter words the same way.
func TestSharedErrors(t *testing.T) {
	emittest.Errors(t, "ptx", func(m *ir.Module) ([]byte, error) { return Emit(m, Options{}) })
}

// TestKernelName checks the one identifier of docs/ir.md that PTX does not
// take: a lone underscore (PTX's start with a letter or are longer).
func TestKernelName(t *testing.T) {
	m, err := asm.ParseString("k.ll", "define spir_kernel void @_(i64 %ka.gsize0, i64 %ka.gsize1, i64 %ka.gsize2) {\nentry:\n  ret void\n}\n")
	require.NoError(t, err)
	_, err = Emit(m, Options{})
	require.ErrorIs(t, err, ErrUnsupported)
	assert.Contains(t, err.Error(), `ptx: kernel _: kernel name "_" is not a PTX identifier`)
}

// TestOptions checks the target checks of Options.
func TestOptions(t *testing.T) {
	m, err := asm.ParseFile("testdata/saxpy.ll")
	require.NoError(t, err)
	_, err = Emit(m, Options{Target: "sm_52"})
	require.Error(t, err)
	assert.Contains(t, err.Error(), "sm_60")
	assert.True(t, errors.Is(err, ErrUnsupported), "sm_52: %v is not ErrUnsupported", err)
	out, err := Emit(m, Options{Version: "7.8", Target: "sm_90"})
	require.NoError(t, err)
	assert.Contains(t, string(out), ".version 7.8\n.target sm_90\n")
}
