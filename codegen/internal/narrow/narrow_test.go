package narrow

import (
	"strings"
	"testing"

	"github.com/llir/llvm/asm"
	"github.com/stretchr/testify/require"
)

const decls = `
declare i64 @ka.local_id(i32 %0)
declare i64 @ka.global_id(i32 %0)
declare i64 @ka.group_size(i32 %0)
`

// run parses a kernel, narrows it and returns its text and the count.
func run(t *testing.T, body string) (string, int) {
	t.Helper()
	m, err := asm.ParseString("test.ll", body+decls)
	require.NoError(t, err)
	var f = m.Funcs[0]
	n := Func(f)
	require.NoError(t, f.AssignIDs())
	out := m.String()
	// What the pass made must parse again (types agree).
	_, err = asm.ParseString("out.ll", out)
	require.NoError(t, err, out)
	out, _, _ = strings.Cut(out, "\ndeclare")
	return out, n
}

// The tiled matmul's inner loop: a counter with a constant bound, local
// ids and local-memory indices narrow; the 64-bit global load's index does
// not.
func TestLoopCounterAndLocalIndices(t *testing.T) {
	out, n := run(t, `
define void @K(float addrspace(3)* %p, float addrspace(1)* %g, i64 %n) {
entry:
	%ly = call i64 @ka.local_id(i32 1)
	%lx = call i64 @ka.local_id(i32 0)
	br label %head
head:
	%k = phi i64 [ 0, %entry ], [ %k1, %body ]
	%c = icmp slt i64 %k, 16
	br i1 %c, label %body, label %exit
body:
	%r = mul i64 %ly, 16
	%i = add i64 %r, %k
	%q = getelementptr float, float addrspace(3)* %p, i64 %i
	%gi = mul i64 %k, %n
	%gq = getelementptr float, float addrspace(1)* %g, i64 %gi
	%k1 = add i64 %k, 1
	br label %head
exit:
	ret void
}`)
	require.Greater(t, n, 0)
	require.Contains(t, out, "phi i32 [ 0, %entry ]")
	require.Contains(t, out, "icmp slt i32")
	require.Contains(t, out, "mul i32")
	require.Contains(t, out, "add i32")
	// k*n with n unbounded stays 64-bit.
	require.Regexp(t, `mul i64 %\d+, %n`, out)
}

// Values masked by or compared with small constants narrow; the
// comparison bounds only the blocks its true edge reaches.
func TestMaskAndCompare(t *testing.T) {
	out, _ := run(t, `
define void @K(i64 %x, i64 %y, i64 addrspace(1)* %o) {
entry:
	%m = and i64 %x, 255
	%a = add i64 %m, 1
	store i64 %a, i64 addrspace(1)* %o
	%c = icmp ult i64 %y, 1000
	br i1 %c, label %in, label %out
in:
	%b = mul i64 %y, 3
	store i64 %b, i64 addrspace(1)* %o
	ret void
out:
	%d = mul i64 %y, 3
	store i64 %d, i64 addrspace(1)* %o
	ret void
}`)
	require.Contains(t, out, "and i32")
	require.Contains(t, out, "add i32")
	require.Contains(t, out, "mul i32")
	// %y ≥ 1000 (unsigned) is unbounded: the multiply there stays 64-bit.
	require.Regexp(t, `mul i64 %y, 3`, out)
}

// What must not narrow: global ids, parameters, counters with an unknown
// or a large bound, products that could leave 32 bits, masks with a
// negative constant, divisions by variables, remainders of negative
// values by a variable.
func TestMustNotNarrow(t *testing.T) {
	for name, body := range map[string]string{
		"global id": `
	%g = call i64 @ka.global_id(i32 0)
	%a = add i64 %g, 1
	store i64 %a, i64 addrspace(1)* %o`,
		"parameter": `
	%a = add i64 %x, 1
	store i64 %a, i64 addrspace(1)* %o`,
		"local id times large": `
	%l = call i64 @ka.local_id(i32 0)
	%a = mul i64 %l, 65536
	store i64 %a, i64 addrspace(1)* %o`,
		"negative mask": `
	%m = and i64 %x, -256
	%a = add i64 %m, 1
	store i64 %a, i64 addrspace(1)* %o`,
		"signed remainder of unbounded": `
	%m = srem i64 %x, %x
	store i64 %m, i64 addrspace(1)* %o`,
		"group size squared": `
	%s = call i64 @ka.group_size(i32 0)
	%a = mul i64 %s, %s
	store i64 %a, i64 addrspace(1)* %o`,
		"unsigned division of maybe-negative": `
	%m = srem i64 %x, 100
	%d = udiv i64 %m, 3
	store i64 %d, i64 addrspace(1)* %o`,
	} {
		t.Run(name, func(t *testing.T) {
			out, _ := run(t, "define void @K(i64 %x, i64 addrspace(1)* %o) {\nentry:"+body+"\n\tret void\n}")
			require.NotContains(t, out, " i32 ", "narrowed:\n%s", out)
		})
	}
}

// Loops whose counters have no small bound keep 64 bits, and so does
// everything computed from them.
func TestUnboundedLoops(t *testing.T) {
	for name, bound := range map[string]string{"parameter": "%n", "large constant": "4294967296"} {
		t.Run(name, func(t *testing.T) {
			out, _ := run(t, strings.ReplaceAll(`
define void @K(i64 %n, i64 addrspace(1)* %o) {
entry:
	br label %head
head:
	%k = phi i64 [ 0, %entry ], [ %k1, %body ]
	%c = icmp slt i64 %k, BOUND
	br i1 %c, label %body, label %exit
body:
	%d = mul i64 %k, 2
	store i64 %d, i64 addrspace(1)* %o
	%k1 = add i64 %k, 1
	br label %head
exit:
	ret void
}`, "BOUND", bound))
			require.NotContains(t, out, "i32 ", out)
		})
	}
}

// A counter halved from a constant (the reduction's s /= 2) narrows,
// division included.
func TestHalvingCounter(t *testing.T) {
	out, _ := run(t, `
define void @K(i64 addrspace(1)* %o) {
entry:
	%l = call i64 @ka.local_id(i32 0)
	br label %head
head:
	%s = phi i64 [ 128, %entry ], [ %s1, %body ]
	%c = icmp sgt i64 %s, 0
	br i1 %c, label %body, label %exit
body:
	%i = add i64 %l, %s
	store i64 %i, i64 addrspace(1)* %o
	%s1 = sdiv i64 %s, 2
	br label %head
exit:
	ret void
}`)
	require.Contains(t, out, "phi i32 [ 128, %entry ]")
	require.Contains(t, out, "sdiv i32")
	require.Contains(t, out, "add i32")
}
