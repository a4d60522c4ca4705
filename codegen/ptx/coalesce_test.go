package ptx

import (
	"regexp"
	"strings"
	"testing"

	"github.com/llir/llvm/asm"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestCoalescePhis checks coalesce.go on a loop with an accumulator, a
// counter and a value that the exit block reads: the counter and the sum
// is computed in its phi's register (no mov on the back edge), while the
// counter, whose old value another copy of the edge (d = k) reads, keeps
// its own register and copy. TestLoopOnSimulator runs swapped phis.
func TestCoalescePhis(t *testing.T) {
	body := loopBody(t, `
define spir_kernel void @K(i64 addrspace(1)* %out.ptr, i64 %out.len, i64 %n, i64 %ka.gsize0, i64 %ka.gsize1, i64 %ka.gsize2) {
entry:
	br label %head
head:
	%k = phi i64 [ 0, %entry ], [ %k1, %body ]
	%s = phi i64 [ 0, %entry ], [ %s1, %body ]
	%d = phi i64 [ 0, %entry ], [ %k, %body ]
	%c = icmp slt i64 %k, %n
	br i1 %c, label %body, label %exit
body:
	%s1 = add i64 %s, %k
	%k1 = add i64 %k, 1
	br label %head
exit:
	%p = getelementptr i64, i64 addrspace(1)* %out.ptr, i64 %d
	store i64 %s, i64 addrspace(1)* %p
	ret void
}
`)
	sum := regexp.MustCompile(`add\.s64 (%rd\d+), (%rd\d+), %rd\d+;`).FindStringSubmatch(body)
	require.NotNil(t, sum, body)
	assert.Equal(t, sum[1], sum[2], "the sum in its phi's register: %s", body)
	assert.Equal(t, 2, strings.Count(body, "mov.b64"), "d's and k's copies, k's old value read by d's: %s", body)
}

// TestCoalescePointerStep checks that a strength-reduced pointer's step
// (a getelementptr by a constant or by a register, one add or mad) is
// computed in its phi's register: the loop's back edge has no mov.
func TestCoalescePointerStep(t *testing.T) {
	body := loopBody(t, `
define spir_kernel void @K(float addrspace(1)* %a.ptr, i64 %a.len, i64 %n, i64 %ka.gsize0, i64 %ka.gsize1, i64 %ka.gsize2) {
entry:
	br label %head
head:
	%p = phi float addrspace(1)* [ %a.ptr, %entry ], [ %p1, %body ]
	%q = phi float addrspace(1)* [ %a.ptr, %entry ], [ %q1, %body ]
	%k = phi i64 [ 0, %entry ], [ %k1, %body ]
	%c = icmp slt i64 %k, %n
	br i1 %c, label %body, label %exit
body:
	store float 1.0, float addrspace(1)* %p
	store float 2.0, float addrspace(1)* %q
	%k1 = add i64 %k, 1
	%p1 = getelementptr float, float addrspace(1)* %p, i64 1
	%q1 = getelementptr float, float addrspace(1)* %q, i64 %n
	br label %head
exit:
	ret void
}
`)
	assert.NotContains(t, body, "mov.b64", "no copies on the back edge: %s", body)
	step := regexp.MustCompile(`add\.s64 (%rd\d+), (%rd\d+), 4;`).FindStringSubmatch(body)
	require.NotNil(t, step, body)
	assert.Equal(t, step[1], step[2], "p steps in its own register: %s", body)
	mad := regexp.MustCompile(`mad\.lo\.s64 (%rd\d+), %rd\d+, 4, (%rd\d+);`).FindStringSubmatch(body)
	require.NotNil(t, mad, body)
	assert.Equal(t, mad[1], mad[2], "q too: %s", body)
}

// loopBody emits the kernel src (IR text) and returns its PTX from label
// $L__BB2 (a loop's body, in these tests' kernels) to $L__BB3 or the end.
func loopBody(t *testing.T, src string) string {
	t.Helper()
	m, err := asm.ParseString("k.ll", src)
	require.NoError(t, err)
	ptx, err := Emit(m, Options{})
	require.NoError(t, err)
	code := string(ptx)
	_, body, ok := strings.Cut(code, "$L__BB2:")
	require.True(t, ok, code)
	body, _, _ = strings.Cut(body, "$L__BB3:")
	return body
}
