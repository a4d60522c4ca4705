package ptx

import (
	"strings"
	"testing"

	"github.com/llir/llvm/asm"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// vectorKernel reads four neighbouring floats of a shared tile row at
// tile[row*16 + first ...], with between after the second load, and
// stores their sum.
func vectorKernel(first, between string) string {
	return `@ka.local.0 = internal addrspace(3) global [256 x float] undef

define spir_kernel void @K(float addrspace(1)* %o.ptr, i64 %o.len, i64 %ka.gsize0, i64 %ka.gsize1, i64 %ka.gsize2) {
entry:
	%row = call i64 @ka.local_id(i32 1)
	%r16 = mul i64 %row, 16
	%i = add i64 %r16, ` + first + `
	%p = getelementptr [256 x float], [256 x float] addrspace(3)* @ka.local.0, i64 0, i64 %i
	%a = load float, float addrspace(3)* %p
	%p1 = getelementptr float, float addrspace(3)* %p, i64 1
	%b = load float, float addrspace(3)* %p1
	` + between + `
	%p2 = getelementptr float, float addrspace(3)* %p, i64 2
	%c = load float, float addrspace(3)* %p2
	%p3 = getelementptr float, float addrspace(3)* %p, i64 3
	%d = load float, float addrspace(3)* %p3
	%s1 = fadd float %a, %b
	%s2 = fadd float %s1, %c
	%s3 = fadd float %s2, %d
	store float %s3, float addrspace(1)* %o.ptr
	ret void
}

declare i64 @ka.local_id(i32 %0)
declare void @ka.barrier()
`
}

// TestVectorLoads checks vector.go: four loads of one 16-byte aligned
// row are one ld.shared.v4; a row that starts one float in, or a store
// or barrier among the loads, keeps four loads.
func TestVectorLoads(t *testing.T) {
	for _, c := range []struct {
		name, first, between string
		vector               bool
	}{
		{"aligned row", "0", "", true},
		{"aligned by a multiple", "32", "", true},
		{"one float in", "1", "", false},
		{"a store between", "0", "store float 0.0, float addrspace(1)* %o.ptr", false},
		{"a barrier between", "0", "call void @ka.barrier()", false},
		{"a query between", "0", "%q = call i64 @ka.local_id(i32 0)", true},
	} {
		t.Run(c.name, func(t *testing.T) {
			m, err := asm.ParseString("k.ll", vectorKernel(c.first, c.between))
			require.NoError(t, err)
			src, err := Emit(m, Options{})
			require.NoError(t, err)
			code := string(src)
			if c.vector {
				assert.Equal(t, 1, strings.Count(code, "ld.shared.v4.f32 {"), code)
				assert.Zero(t, strings.Count(code, "ld.shared.f32"), code)
			} else {
				assert.Zero(t, strings.Count(code, ".v4"), code)
				assert.Equal(t, 4, strings.Count(code, "ld.shared.f32"), code)
			}
		})
	}
}
