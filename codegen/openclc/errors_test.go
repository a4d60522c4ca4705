package openclc

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
	emittest.Errors(t, "openclc", func(m *ir.Module) ([]byte, error) { return Emit(m, AllFeatures()) })
}

// TestErrors feeds modules outside the contract (or beyond the device) and
// checks the error's sentinel and that it names the culprit.
func TestErrors(t *testing.T) {
	cases := []struct {
		name, body, decls string
		sentinel          error
		mention           string
	}{
		{"switch", "switch i64 %n, label %done [ i64 1, label %done ]\ndone:\n  ret void", "", ErrBadIR, "switch"},
		{"call", "call void @helper()\n  ret void", "declare void @helper()", ErrBadIR, "@helper"},
		{"i16 atomic", "%p = getelementptr i16, i16 addrspace(1)* %x.ptr, i64 0\n  %0 = atomicrmw add i16 addrspace(1)* %p, i16 1 monotonic\n  ret void", "", ErrUnsupported, "32- and 64-bit atomics only"},
		{"seq_cst", "%p = bitcast i16 addrspace(1)* %x.ptr to i32 addrspace(1)*\n  %0 = atomicrmw add i32 addrspace(1)* %p, i32 1 seq_cst\n  ret void", "", ErrBadIR, "seq_cst"},
		{"nsw", "%0 = add nsw i64 %n, 1\n  ret void", "", ErrBadIR, "add nsw"},
		{"dimension", "%0 = call i64 @ka.global_id(i32 3)\n  ret void", "declare i64 @ka.global_id(i32)", ErrBadIR, "dimension"},
		{"i128", "%0 = zext i64 %n to i128\n  ret void", "", ErrBadIR, "i128"},
		{"fp64", "%0 = sitofp i64 %n to double\n  ret void", "", ErrUnsupported, "cl_khr_fp64"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			src := "define spir_kernel void @K(i16 addrspace(1)* %x.ptr, i64 %n) {\nentry:\n  " + c.body + "\n}\n" + c.decls + "\n"
			m, err := asm.ParseString(c.name+".ll", src)
			require.NoError(t, err)
			_, err = Emit(m, Options{})
			require.ErrorIs(t, err, c.sentinel)
			var e *Error
			require.True(t, errors.As(err, &e), "%v is not an *Error", err)
			assert.Equal(t, "K", e.Kernel)
			assert.Contains(t, err.Error(), "openclc: kernel K: ")
			assert.Contains(t, err.Error(), c.mention)
		})
	}
}

// TestParams checks bool and private pointer parameters are rejected.
func TestParams(t *testing.T) {
	for _, sig := range []string{"i1 %flag", "float* %p"} {
		m, err := asm.ParseString("p.ll", "define spir_kernel void @K("+sig+") {\nentry:\n  ret void\n}\n")
		require.NoError(t, err)
		_, err = Emit(m, AllFeatures())
		assert.ErrorIs(t, err, ErrBadIR, sig)
	}
}
