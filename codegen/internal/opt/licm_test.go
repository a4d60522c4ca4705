package opt

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestLICMGolden runs licm on testdata/licm/*.ll.
func TestLICMGolden(t *testing.T) {
	outs := goldenDir(t, "licm", licm)
	n := outs["nested"]
	entry, rest, _ := strings.Cut(n, "outer:")
	for _, moved := range []string{"%rn = mul", "%tiles = sdiv i64 %n, 16", "%lid = call", "%p = getelementptr"} {
		assert.Contains(t, entry, moved, "out of both loops")
	}
	outerBody, innerLoop, _ := strings.Cut(rest, "inner:")
	assert.Contains(t, outerBody, "%i16 = mul i64 %i, 16", "out of the inner loop only")
	for _, stays := range []string{"%q = sdiv i64 %n, %d", "%v = load", "%k = add i64 %i16, %j", "%idx = add", "%op = getelementptr", "%op2 = getelementptr"} {
		assert.Contains(t, innerLoop, stays)
	}

	e := outs["entries"]
	assert.Contains(t, e, "phi i64 [ 0, %entry ], [ 1, %other ]")
	assert.NotContains(t, strings.SplitN(e, "head:", 2)[1], "mul", "the invariant left the loop")
}

// TestLICMBarrier checks that a load of local memory in a loop with a
// barrier stays in the loop, at its place, though its address is
// invariant and hoisted.
func TestLICMBarrier(t *testing.T) {
	m, f := parse(t, `define spir_kernel void @K(i64 %n, float addrspace(3)* %l, float addrspace(1)* %o, HIDDEN) {
entry:
	br label %head
head:
	%i = phi i64 [ 0, %entry ], [ %i1, %head ]
	%p = getelementptr float, float addrspace(3)* %l, i64 %n
	%a = load float, float addrspace(3)* %p
	call void @ka.barrier()
	%b = load float, float addrspace(3)* %p
	%s = fadd float %a, %b
	store float %s, float addrspace(1)* %o
	%i1 = add i64 %i, 1
	%c = icmp slt i64 %i1, %n
	br i1 %c, label %head, label %exit
exit:
	ret void
}`)
	require.True(t, licm(f))
	out := text(t, m, f)
	assert.Contains(t, out, "entry:\n\t%p = getelementptr")
	assert.Contains(t, out, "%a = load float, float addrspace(3)* %p\n\tcall void @ka.barrier()\n\t%b = load float, float addrspace(3)* %p")
}
