package opt

import (
	"strings"
	"testing"

	"github.com/llir/llvm/ir"
	"github.com/stretchr/testify/assert"
)

// reduceAndFold is reduceStrength and the fold that follows it in Func,
// which removes the index computations left unused.
func reduceAndFold(f *ir.Func) bool {
	changed := reduceStrength(f)
	fold(f)
	return changed
}

// TestStrengthGolden runs reduceStrength on testdata/strength/*.ll.
func TestStrengthGolden(t *testing.T) {
	outs := goldenDir(t, "strength", reduceAndFold)

	a := outs["affine"]
	assert.Equal(t, 3, strings.Count(a, "= phi float addrspace(1)*"), "a, b and c get a pointer phi each")
	for _, kept := range []string{"i64 1\n", "i64 -2\n", "i64 3\n", "mul i64 %k, %k", "getelementptr float, float addrspace(1)* %e, i64 %k"} {
		assert.Contains(t, a, kept)
	}
	assert.NotContains(t, a, "mul i64 %k, %n", "k*n is gone from the loop")
	assert.NotContains(t, a, "shl i64 %k", "and k<<2")

	n := outs["nested"]
	assert.Equal(t, 3, strings.Count(n, "= phi float addrspace(1)*"), "a[i*n+j] in the inner loop; o[i] and the inner loop's start a[i*n] in the outer")
	assert.Contains(t, n, "getelementptr float, float addrspace(1)* %a, i64 %m", "m is no induction variable")
}

// TestStrengthNoLoop checks that a function without loops is left alone.
func TestStrengthNoLoop(t *testing.T) {
	_, f := parse(t, `define spir_kernel void @K(float addrspace(1)* %o, HIDDEN) {
entry:
	%x = call i64 @ka.global_id(i32 0)
	%p = getelementptr float, float addrspace(1)* %o, i64 %x
	store float 1.0, float addrspace(1)* %p
	ret void
}`)
	assert.False(t, reduceStrength(f))
}
