package unroll

import (
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// partial is passModule with Partial.
func partial(t *testing.T, src string) result {
	t.Helper()
	return passModule(t, src+decls, Partial)
}

// dot is the naive matmul's product: for k := init; k < n; k++ { acc +=
// a[row*n+k] * b[k*n+col] }, then c[0] = acc; cond and the header's
// branch are written by each case.
func dot(cond, branch string) string {
	return kernel("i64 %n, i64 %init, float addrspace(1)* %a, float addrspace(1)* %b, float addrspace(1)* %c", false, `
entry:
	%row = call i64 @ka.global_id(i32 1)
	%col = call i64 @ka.global_id(i32 0)
	%rn = mul i64 %row, %n
	br label %head
head:
	%k = phi i64 [ %init, %entry ], [ %k1, %body ]
	%acc = phi float [ 0.0, %entry ], [ %acc1, %body ]
	%cond = `+cond+`
	`+branch+`
body:
	%ia = add i64 %rn, %k
	%pa = getelementptr float, float addrspace(1)* %a, i64 %ia
	%va = load float, float addrspace(1)* %pa
	%kn = mul i64 %k, %n
	%ib = add i64 %kn, %col
	%pb = getelementptr float, float addrspace(1)* %b, i64 %ib
	%vb = load float, float addrspace(1)* %pb
	%p = fmul float %va, %vb
	%acc1 = fadd float %acc, %p
	%k1 = add i64 %k, 1
	br label %head
exit:
	store float %acc, float addrspace(1)* %c
	ret void`)
}

// TestPartialCounted unrolls the product in its four spellings and runs
// it before and after for starts and bounds around every remainder,
// empty ranges and bounds near the ends of int64, where n - init wraps.
func TestPartialCounted(t *testing.T) {
	for name, src := range map[string]string{
		"slt":        dot("icmp slt i64 %k, %n", "br i1 %cond, label %body, label %exit"),
		"sgt":        dot("icmp sgt i64 %n, %k", "br i1 %cond, label %body, label %exit"),
		"sge leaves": dot("icmp sge i64 %k, %n", "br i1 %cond, label %exit, label %body"),
		"sle leaves": dot("icmp sle i64 %n, %k", "br i1 %cond, label %exit, label %body"),
	} {
		t.Run(name, func(t *testing.T) {
			r := partial(t, src)
			require.Equal(t, 1, r.n)
			assert.Equal(t, 2*(Factor+1), count(r.text, `= load float`), "a and b in four copies and the remainder:\n%s", r.text)
			assert.Equal(t, 1, count(r.text, `select i1 %\d+, i64 %\d+, i64 %init`), "the main loop's bound:\n%s", r.text)
			narrowed(t, r)
			const minInt, maxInt = math.MinInt64, math.MaxInt64
			for _, c := range []struct{ init, n int64 }{
				{0, 0}, {0, 1}, {0, 3}, {0, 4}, {0, 5}, {0, 8}, {0, 11}, {2, 13}, {-3, 6},
				{5, 5}, {9, 2}, {0, -4},
				{minInt, minInt + 6}, {maxInt - 2, maxInt}, {minInt, minInt}, {maxInt, minInt},
				{minInt + 3, minInt}, // without the select, lim = init - 4 wraps to MaxInt
			} {
				t.Run(fmt.Sprintf("init=%d,n=%d", c.init, c.n), func(t *testing.T) {
					sameTraceWith(t, r, map[string]uint64{"init": uint64(c.init), "n": uint64(c.n)})
				})
			}
		})
	}
}

// TestPartialBarrier checks that a loop with a barrier keeps its
// barriers' order with the loads and stores around them, copy by copy.
func TestPartialBarrier(t *testing.T) {
	r := partial(t, kernel("i64 %n, float addrspace(3)* %l, float addrspace(1)* %o", false, `
entry:
	%lid = call i64 @ka.local_id(i32 0)
	br label %head
head:
	%k = phi i64 [ 0, %entry ], [ %k1, %body ]
	%cond = icmp slt i64 %k, %n
	br i1 %cond, label %body, label %exit
body:
	%pl = getelementptr float, float addrspace(3)* %l, i64 %k
	%v = load float, float addrspace(3)* %pl
	call void @ka.barrier()
	%po = getelementptr float, float addrspace(1)* %o, i64 %k
	store float %v, float addrspace(1)* %po
	%k1 = add i64 %k, 1
	br label %head
exit:
	ret void`))
	require.Equal(t, 1, r.n)
	assert.Equal(t, Factor+1, count(r.text, `call void @ka.barrier`))
	for _, n := range []uint64{0, 3, 4, 9} {
		trace := strings.Join(sameTraceWith(t, r, map[string]uint64{"n": n}), "\n")
		assert.Equal(t, int(n), strings.Count(trace, "barrier"))
	}
}

// TestPartialInnerBranch unrolls a body with an if inside, whose merge
// phi each copy gets.
func TestPartialInnerBranch(t *testing.T) {
	r := partial(t, kernel("i64 %n, i64 addrspace(1)* %o", false, `
entry:
	br label %head
head:
	%k = phi i64 [ 0, %entry ], [ %k1, %join ]
	%s = phi i64 [ 0, %entry ], [ %s1, %join ]
	%cond = icmp slt i64 %k, %n
	br i1 %cond, label %body, label %exit
body:
	%odd = and i64 %k, 1
	%isodd = icmp eq i64 %odd, 1
	br i1 %isodd, label %then, label %join
then:
	%t = mul i64 %k, 3
	br label %join
join:
	%x = phi i64 [ %t, %then ], [ %k, %body ]
	%s1 = add i64 %s, %x
	%po = getelementptr i64, i64 addrspace(1)* %o, i64 %k
	store i64 %s1, i64 addrspace(1)* %po
	%k1 = add i64 %k, 1
	br label %head
exit:
	store i64 %s, i64 addrspace(1)* %o
	ret void`))
	require.Equal(t, 1, r.n)
	assert.Equal(t, Factor+1, count(r.text, `mul i64 %\w+, 3`), "the if's block per copy:\n%s", r.text)
	assert.Equal(t, Factor+1+4, count(r.text, `= phi i64`), "a merge per copy, the main loop's and the remainder's k and s:\n%s", r.text)
	for _, n := range []uint64{0, 1, 4, 6, 7} {
		sameTraceWith(t, r, map[string]uint64{"n": n})
	}
}

// TestPartialLeftAlone lists the loops Partial does not touch: another
// exit (a break), a step other than 1, an unsigned or inclusive bound, a
// bound computed in the loop, a header with a load, too much code, and
// the loops Func unrolls fully (they are gone first in codegen, but
// Partial would take any k < n).
func TestPartialLeftAlone(t *testing.T) {
	loop := func(cond, next, extra, exit string) string {
		return kernel("i64 %n, i64 addrspace(1)* %o", false, `
entry:
	br label %head
head:
	%i = phi i64 [ 0, %entry ], [ %i1, %latch ]
	%c = `+cond+`
	br i1 %c, label %body, label %exit
body:
	store i64 %i, i64 addrspace(1)* %o`+extra+`
	br `+exit+`
latch:
	%i1 = `+next+`
	br label %head
exit:
	ret void`)
	}
	big := strings.Repeat("\n\tstore i64 %i, i64 addrspace(1)* %o", 64)
	for name, src := range map[string]string{
		"break":          loop("icmp slt i64 %i, %n", "add i64 %i, 1", "\n\t%q = icmp eq i64 %i, 5", "i1 %q, label %exit, label %latch"),
		"step 2":         loop("icmp slt i64 %i, %n", "add i64 %i, 2", "", "label %latch"),
		"unsigned":       loop("icmp ult i64 %i, %n", "add i64 %i, 1", "", "label %latch"),
		"inclusive":      loop("icmp sle i64 %i, %n", "add i64 %i, 1", "", "label %latch"),
		"bound in loop":  loop("icmp slt i64 %i, %m", "add i64 %i, 1", "", "label %latch"),
		"loaded in head": loop("icmp slt i64 %i, %n", "add i64 %i, %ld", "\n\t%ld = load i64, i64 addrspace(1)* %o", "label %latch"),
		"too much code":  loop("icmp slt i64 %i, %n", "add i64 %i, 1", big, "label %latch"),
	} {
		t.Run(name, func(t *testing.T) {
			if name == "bound in loop" {
				src = strings.Replace(src, "%c = icmp", "%m = add i64 %n, %i\n\t%c = icmp", 1)
			}
			if name == "loaded in head" {
				src = strings.Replace(src, "%c = icmp", "%h = load i64, i64 addrspace(1)* %o\n\t%c = icmp", 1)
				src = strings.Replace(src, "\n\t%ld = load i64, i64 addrspace(1)* %o", "", 1)
				src = strings.Replace(src, "add i64 %i, %ld", "add i64 %i, 1", 1)
			}
			r := partial(t, src)
			assert.Zero(t, r.n, r.text)
		})
	}
}
