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

// TestErrors checks that constructs outside docs/ir.md are reported as
// errors naming them, all of them in one run, never a panic.
func TestErrors(t *testing.T) {
	src := `
define spir_kernel void @Bad(i128 %wide, <2 x float> addrspace(1)* %v.ptr, i64 %v.len, i1 %b) {
entry:
  fence seq_cst
  %x = call i64 @helper(i64 1)
  %y = call double @llvm.erf.f64(double 1.0)
  %z = call float @llvm.tan.f32(float 1.0)
  ret void
}
declare i64 @helper(i64)
declare double @llvm.erf.f64(double)
declare float @llvm.tan.f32(float)
`
	m, err := asm.ParseString("bad.ll", src)
	require.NoError(t, err)
	_, err = Emit(m, Options{})
	require.Error(t, err, "Emit accepted a module outside the contract")
	assert.ErrorIs(t, err, ErrBadIR)
	for _, want := range []string{
		"ptx: kernel Bad: parameter %wide: unsupported type i128",
		"block %entry: fence seq_cst: unsupported instruction *ir.InstFence",
		"call of @helper, which is not an intrinsic",
		"call of @llvm.erf.f64, which is not an intrinsic",
		"call of @llvm.tan.f32, which is not an intrinsic", // tan is kago's: @ka.math.tan.f32
		"parameter %b: i1 at the kernel boundary",
	} {
		assert.Contains(t, err.Error(), want)
	}
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
