package spirv

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
	emittest.Errors(t, "spirv", func(m *ir.Module) ([]byte, error) { return Emit(m, Options{}) })
}

// TestErrors feeds modules outside docs/ir.md to Emit: each must give an
// *Error naming the problem and the instruction, never a panic or a binary.
func TestErrors(t *testing.T) {
	kernel := func(params, body string) string {
		return "define spir_kernel void @K(" + params + ") {\nentry:\n" + body + "\n}\n"
	}
	tests := []struct {
		name, ll string
		want     []string // substrings of the error
	}{
		{"fence", kernel("", "  fence seq_cst\n  ret void"), []string{"unsupported instruction", "fence seq_cst", "spirv: kernel K: block %entry: "}},
		{"switch", kernel("i32 %x", "  switch i32 %x, label %a [ i32 0, label %a ]\na:\n  ret void"), []string{"unsupported terminator", "switch"}},
		{"call", kernel("", "  call void @helper()\n  ret void") + "declare void @helper()\n", []string{"call of @helper, which is not an intrinsic"}},
		{"addrspace", kernel("float addrspace(2)* %p", "  ret void"), []string{"address space 2"}},
		{"half", kernel("half %h", "  ret void"), []string{"unsupported type half"}},
		{"i128", kernel("i128 %h", "  ret void"), []string{"unsupported type i128"}},
		{"fastmath", kernel("float %a", "  %b = fadd fast float %a, %a\n  ret void"), []string{"fast-math", "fadd fast"}},
		{"ordering", kernel("i32 addrspace(1)* %p", "  %o = atomicrmw add i32 addrspace(1)* %p, i32 1 seq_cst\n  ret void"), []string{"ordering seq_cst"}},
		{"private atomic", kernel("", "  %a = alloca i32\n  %o = atomicrmw add i32* %a, i32 1 monotonic\n  ret void"), []string{"global or workgroup pointer"}},
		{"math", kernel("float %a", "  %b = call float @llvm.tan.f32(float %a)\n  ret void") + "declare float @llvm.tan.f32(float)\n", []string{"@llvm.tan.f32"}},
		{"two kernels", kernel("", "  ret void") + "define void @L() {\n  ret void\n}\n", []string{"more than one function"}},
		{"no kernel", "declare void @ka.barrier()\n", []string{"no function"}},
		{"global", "@g = global i32 0\n" + kernel("", "  ret void"), []string{"unsupported global"}},
		{"several", kernel("half %h", "  fence seq_cst\n  ret void"), []string{"half", "fence"}},
		{"variable dimension", kernel("i32 %d", "  %x = call i64 @ka.global_id(i32 %d)\n  %y = call i64 @ka.global_size(i32 %d)\n  ret void") + "declare i64 @ka.global_id(i32)\ndeclare i64 @ka.global_size(i32)\n", []string{"must be a constant"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m, err := asm.ParseString(tt.name+".ll", tt.ll)
			require.NoError(t, err)
			spv, err := Emit(m, Options{})
			require.Error(t, err, "Emit succeeded (%d bytes)", len(spv))
			assert.Nil(t, spv, "Emit returned a binary with its error")
			var e *Error
			assert.True(t, errors.As(err, &e), "error %T is not an *Error", err)
			assert.True(t, errors.Is(err, ErrBadIR) || errors.Is(err, ErrUnsupported), "%v has no kind", err)
			for _, w := range tt.want {
				assert.Contains(t, err.Error(), w)
			}
		})
	}
}
