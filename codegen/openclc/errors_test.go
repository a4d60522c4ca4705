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

// TestErrors feeds kernels inside the contract that the device the Options
// describe cannot run, or that OpenCL C cannot name, and checks the
// error's sentinel and that it names the culprit.
func TestErrors(t *testing.T) {
	cases := []struct {
		name, kernel, body string
		opts               Options
		mention            string
	}{
		{"fp64", "K1", "%0 = sitofp i64 %n to double\n  ret void", Options{}, "the kernel uses float64 (double), which needs cl_khr_fp64"},
		{"int64 atomics", "K1", "%0 = atomicrmw add i64 addrspace(1)* %x.ptr, i64 1 monotonic\n  ret void", Options{}, "cl_khr_int64_base_atomics"},
		{"int64 extended", "K1", "%0 = atomicrmw max i64 addrspace(1)* %x.ptr, i64 1 monotonic\n  ret void", Options{Int64Atomics: true}, "cl_khr_int64_extended_atomics"},
		{"keyword", "kernel", "ret void", AllFeatures(), `kernel name "kernel" is reserved in OpenCL C`},
		{"built-in", "sqrt", "ret void", AllFeatures(), `kernel name "sqrt" is reserved`},
		{"vector type", "float4", "ret void", AllFeatures(), `kernel name "float4" is reserved`},
		{"macro", "INFINITY", "ret void", AllFeatures(), `kernel name "INFINITY" is reserved`},
		{"macro family", "M_PI", "ret void", AllFeatures(), `kernel name "M_PI" is reserved`},
		{"fence", "CLK_LOCAL_MEM_FENCE", "ret void", AllFeatures(), `is reserved`},
		{"C's reserved", "_Kernel", "ret void", AllFeatures(), `is reserved`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			src := "define spir_kernel void @" + c.kernel + "(i64 addrspace(1)* %x.ptr, i64 %n, i64 %ka.gsize0, i64 %ka.gsize1, i64 %ka.gsize2) {\nentry:\n  " + c.body + "\n}\n"
			m, err := asm.ParseString(c.name+".ll", src)
			require.NoError(t, err)
			_, err = Emit(m, c.opts)
			require.ErrorIs(t, err, ErrUnsupported)
			var e *Error
			require.True(t, errors.As(err, &e), "%v is not an *Error", err)
			assert.Equal(t, c.kernel, e.Kernel)
			assert.Contains(t, err.Error(), "openclc: kernel "+c.kernel+": ")
			assert.Contains(t, err.Error(), c.mention)
		})
	}
}
