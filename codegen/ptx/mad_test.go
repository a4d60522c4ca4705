package ptx

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestMadFusion checks mad.go: a multiply whose only use is an add of the
// same block becomes one mad.lo with it, unless a value computed into a
// phi's register (coalesce.go) comes between them: there k*3 reads the
// counter k, and k+1, written into k's register after it, must not be
// what the add's mad reads. The second store's k*5+2 has nothing between.
func TestMadFusion(t *testing.T) {
	body := loopBody(t, `
define spir_kernel void @K(i64 addrspace(1)* %out.ptr, i64 %out.len, i64 %n, i64 %ka.gsize0, i64 %ka.gsize1, i64 %ka.gsize2) {
entry:
	br label %head
head:
	%k = phi i64 [ 0, %entry ], [ %k1, %body ]
	%c = icmp slt i64 %k, %n
	br i1 %c, label %body, label %exit
body:
	%m = mul i64 %k, 3
	%k1 = add i64 %k, 1
	%s = add i64 %m, 7
	store i64 %s, i64 addrspace(1)* %out.ptr
	%m5 = mul i64 %n, 5
	%t = add i64 %m5, 2
	store i64 %t, i64 addrspace(1)* %out.ptr
	br label %head
exit:
	ret void
}
`)
	assert.Contains(t, body, "mul.lo.s64", "k*3 stays a multiply: k+1 is written into k's register before the add:\n%s", body)
	assert.NotContains(t, body, ", 3, 7;", body)
	assert.Contains(t, body, ", 5, 2;", "n*5+2 is one mad:\n%s", body)
	assert.Equal(t, 1, strings.Count(body, "mad.lo.s64"), body)
	assert.NotContains(t, body, "mov.b64", "k+1 is computed in k's register:\n%s", body)
}
