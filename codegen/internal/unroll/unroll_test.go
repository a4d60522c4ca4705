package unroll

import (
	"flag"
	"github.com/kago-dev/kago/codegen/internal/cfg"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/kago-dev/kago/codegen/internal/ircheck"
	"github.com/kago-dev/kago/codegen/openclc"
	"github.com/kago-dev/kago/codegen/ptx"
	"github.com/kago-dev/kago/codegen/spirv"
	"github.com/llir/llvm/asm"
	"github.com/llir/llvm/ir"
	"github.com/llir/llvm/ir/types"
	"github.com/stretchr/testify/require"
)

// The -update flag rewrites the golden files of testdata/ with the
// pass's output. emittest, which the tests import, defines the flag for
// its own golden files; the tests read it by name, and define it if no
// package has.
func init() {
	if flag.Lookup("update") == nil {
		flag.Bool("update", false, "rewrite the golden files in testdata/")
	}
}

// updating reports whether -update is set.
func updating() bool {
	return flag.Lookup("update").Value.String() == "true"
}

// decls are the intrinsics the tests' kernels call.
const decls = `
declare i64 @ka.local_id(i32 %0)
declare i64 @ka.global_id(i32 %0)
declare void @ka.barrier()
`

// gsize are the hidden parameters every kernel ends with.
const gsize = "i64 %ka.gsize0, i64 %ka.gsize1, i64 %ka.gsize2"

// kernel is a module whose kernel @K takes params, then the hidden
// parameters (and the fault record's after them when fault is set), with
// the blocks body.
func kernel(params string, fault bool, body string) string {
	if params != "" {
		params += ", "
	}
	hidden := gsize
	if fault {
		hidden += ", i32 addrspace(1)* %ka.fault, i32 %ka.launch"
	}
	return "define spir_kernel void @K(" + params + hidden + ") {\n" + body + "\n}\n"
}

// parse reads a module, typing each cmpxchg { T, i1 } as
// codegen/narrowed.go's copyModule does (llir's reader types it
// { T, i8 }), and returns its kernel.
func parse(t *testing.T, src string) (*ir.Module, *ir.Func) {
	t.Helper()
	m, err := asm.ParseString("test.ll", src)
	require.NoError(t, err, "the test's IR does not parse:\n%s", src)
	var f *ir.Func
	for _, fn := range m.Funcs {
		if len(fn.Blocks) == 0 {
			continue
		}
		f = fn
		for _, b := range fn.Blocks {
			for _, in := range b.Insts {
				if x, ok := in.(*ir.InstCmpXchg); ok {
					x.Typ = types.NewStruct(x.New.Type(), types.I1)
				}
			}
		}
		for _, b := range fn.Blocks {
			for _, in := range b.Insts {
				if x, ok := in.(*ir.InstExtractValue); ok {
					x.Typ = nil
					x.Type()
				}
			}
		}
	}
	require.NotNil(t, f)
	return m, f
}

// result is a kernel after the pass.
type result struct {
	n    int        // loops unrolled
	m    *ir.Module // the module
	f    *ir.Func   // its kernel
	text string     // the kernel's text, without the declarations
	src  string     // the module before the pass
}

// unroll parses a module (decls appended), checks it, unrolls its kernel,
// lays it out and numbers it as codegen's passes do, and checks the
// result with ircheck and by reading its text again.
func unroll(t *testing.T, src string) result {
	t.Helper()
	return unrollModule(t, src+decls)
}

// unrollModule is unroll of a whole module, declarations included.
func unrollModule(t *testing.T, src string) result {
	t.Helper()
	return passModule(t, src, Func)
}

// passModule is unrollModule with pass (Func or Partial) for the pass.
func passModule(t *testing.T, src string, pass func(*ir.Func) int) result {
	t.Helper()
	m, f := parse(t, src)
	_, err := ircheck.Check("test input", m)
	require.NoError(t, err, "the test's IR is outside docs/ir.md:\n%s", src)
	n := pass(f)
	f.Blocks = ircheck.Layout(f)
	ircheck.Renumber(f)
	require.NoError(t, f.AssignIDs())
	out := m.String()
	_, err = ircheck.Check("IR after unrolling", m)
	require.NoError(t, err, "%s", out)
	_, err = asm.ParseString("out.ll", out)
	require.NoError(t, err, out)
	emitAll(t, m)
	text, _, _ := strings.Cut(out, "\ndeclare")
	return result{n: n, m: m, f: f, text: text, src: src}
}

// emitAll requires the three emitters to translate m.
func emitAll(t *testing.T, m *ir.Module) {
	t.Helper()
	_, err := ptx.Emit(m, ptx.Options{})
	require.NoError(t, err, "ptx")
	_, err = openclc.Emit(m, openclc.Options{Float64: true, Int64Atomics: true, Int64ExtendedAtomics: true})
	require.NoError(t, err, "openclc")
	_, err = spirv.Emit(m, spirv.Options{})
	require.NoError(t, err, "spirv")
}

// golden compares text with testdata/name, or writes it there with
// -update.
func golden(t *testing.T, name, text string) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if updating() {
		require.NoError(t, os.WriteFile(path, []byte(text), 0o644))
		return
	}
	want, err := os.ReadFile(path)
	require.NoError(t, err, "run go test -update to write the golden files")
	require.Equal(t, string(want), text)
}

// count returns how often the regular expression re matches text.
func count(text, re string) int {
	return len(regexp.MustCompile(re).FindAllStringIndex(text, -1))
}

// constantLoops returns the loops of f whose trip count the pass can
// compute (whether or not within the caps).
func constantLoops(f *ir.Func) int {
	g := cfg.New(f)
	n := 0
	for _, l := range g.Loops() {
		p, ok := header(f, g, l)
		if !ok {
			continue
		}
		if _, ok := tripCount(l, p.cond, p.exitWhen, p.pre, p.latch); ok {
			n++
		}
	}
	return n
}

// matmulInner is the tiled matmul's inner product over two 16×16 tiles
// in local memory, as the front end builds it: 16 turns, an accumulator.
var matmulInner = kernel("float addrspace(3)* %ta, float addrspace(3)* %tb, float addrspace(1)* %out", false, `
entry:
	%lx = call i64 @ka.local_id(i32 0)
	%ly = call i64 @ka.local_id(i32 1)
	br label %head
head:
	%sum = phi float [ 0.0, %entry ], [ %sum1, %body ]
	%k = phi i64 [ 0, %entry ], [ %k1, %body ]
	%c = icmp slt i64 %k, 16
	br i1 %c, label %body, label %exit
exit:
	%o = getelementptr float, float addrspace(1)* %out, i64 %lx
	store float %sum, float addrspace(1)* %o
	ret void
body:
	%r = mul i64 %ly, 16
	%i = add i64 %r, %k
	%p = getelementptr float, float addrspace(3)* %ta, i64 %i
	%a = load float, float addrspace(3)* %p
	%kk = mul i64 %k, 16
	%j = add i64 %kk, %lx
	%q = getelementptr float, float addrspace(3)* %tb, i64 %j
	%b = load float, float addrspace(3)* %q
	%ab = fmul float %a, %b
	%sum1 = fadd float %sum, %ab
	%k1 = add i64 %k, 1
	br label %head`)

// The tiled matmul's inner loop disappears: 16 products remain, in
// straight-line code with the tile indices folded, and the store after
// the loop reads the last sum.
func TestMatMulInner(t *testing.T) {
	r := unroll(t, matmulInner)
	require.Equal(t, 1, r.n)
	require.Equal(t, 16, count(r.text, `fmul float`))
	require.Equal(t, 16, count(r.text, `fadd float`))
	require.Equal(t, 32, count(r.text, `load float`))
	require.Zero(t, count(r.text, `phi|icmp`), r.text)
	require.Empty(t, cfg.New(r.f).Loops())
	// k*16 is folded into the second tile's index: add i64 %lx, 16, ...
	require.Contains(t, r.text, "add i64 %lx, 240")
	// The exit's store reads the 16th sum.
	require.Regexp(t, `(%\d+) = fadd float %\d+, %\d+\n(?s:.*)store float (%\d+)`, r.text)
	sums := regexp.MustCompile(`(%\d+) = fadd`).FindAllStringSubmatch(r.text, -1)
	require.Contains(t, r.text, "store float "+sums[15][1]+",")
	sameTrace(t, r)
	golden(t, "matmul_inner.golden", r.text)
}

// reduction is a group reduction's tree, s /= 2 from 128: a barrier in
// every turn, the work-items below s adding, an if-join phi carrying
// what they added into an accumulator.
var reduction = kernel("i64 addrspace(3)* %tmp, i64 addrspace(1)* %out", false, `
entry:
	%l = call i64 @ka.local_id(i32 0)
	br label %head
head:
	%s = phi i64 [ 128, %entry ], [ %s1, %latch ]
	%acc = phi i64 [ 0, %entry ], [ %acc1, %latch ]
	%c = icmp sgt i64 %s, 0
	br i1 %c, label %body, label %exit
body:
	%in = icmp slt i64 %l, %s
	br i1 %in, label %add, label %latch
add:
	%i = add i64 %l, %s
	%p = getelementptr i64, i64 addrspace(3)* %tmp, i64 %i
	%x = load i64, i64 addrspace(3)* %p
	%q = getelementptr i64, i64 addrspace(3)* %tmp, i64 %l
	%y = load i64, i64 addrspace(3)* %q
	%z = add i64 %y, %x
	store i64 %z, i64 addrspace(3)* %q
	br label %latch
latch:
	%d = phi i64 [ %z, %add ], [ 0, %body ]
	%acc1 = add i64 %acc, %d
	call void @ka.barrier()
	%s1 = sdiv i64 %s, 2
	br label %head
exit:
	%o = getelementptr i64, i64 addrspace(1)* %out, i64 %l
	store i64 %acc, i64 addrspace(1)* %o
	ret void`)

// The reduction's 8 turns become 8 copies, each with its barrier, its
// compare against the turn's constant and its if-join phi.
func TestReduction(t *testing.T) {
	r := unroll(t, reduction)
	require.Equal(t, 1, r.n)
	require.Equal(t, 8, count(r.text, `call void @ka.barrier\(\)`))
	require.Equal(t, 8, count(r.text, `store i64 %\d+, i64 addrspace\(3\)\*`))
	require.Equal(t, 8, count(r.text, `= phi i64`))
	for _, s := range []string{"128", "64", "32", "16", "8", "4", "2", "1"} {
		require.Contains(t, r.text, "icmp slt i64 %l, "+s+"\n")
	}
	require.Zero(t, count(r.text, `sdiv`))
	require.Empty(t, cfg.New(r.f).Loops())
	sameTrace(t, r)
	golden(t, "reduction.golden", r.text)
}

// An integer accumulator over constants folds to its value: the sum of
// i*i for i < 10 is 285.
func TestAccumulatorFolds(t *testing.T) {
	src := kernel("i64 addrspace(1)* %out", false, `
entry:
	br label %head
head:
	%i = phi i64 [ 0, %entry ], [ %i1, %body ]
	%acc = phi i64 [ 0, %entry ], [ %acc1, %body ]
	%c = icmp ult i64 %i, 10
	br i1 %c, label %body, label %exit
body:
	%sq = mul i64 %i, %i
	%acc1 = add i64 %acc, %sq
	%i1 = add i64 %i, 1
	br label %head
exit:
	store i64 %acc, i64 addrspace(1)* %out
	ret void`)
	r := unroll(t, src)
	require.Equal(t, 1, r.n)
	require.Contains(t, r.text, "store i64 285, i64 addrspace(1)* %out")
	require.Zero(t, count(r.text, `= (add|mul|phi|icmp)`), r.text)
	sameTrace(t, r)
}

// Loops that stay: a runtime bound, start or step, too many turns, too
// much code, a step loaded from memory, a division by zero, MinInt / -1
// or an oversized shift on the way, a loop that never leaves, a bottom-tested
// loop, two latches, two entries into the header, a body value or a
// header value used after a break without a phi.
func TestLeftAlone(t *testing.T) {
	loop := func(start, cond, next, extra string) string {
		return kernel("i64 %n, i64 addrspace(1)* %o", false, `
entry:
	br label %head
head:
	%i = phi i64 [ `+start+`, %entry ], [ %i1, %body ]
	%c = `+cond+`
	br i1 %c, label %body, label %exit
body:
	store i64 %i, i64 addrspace(1)* %o`+extra+`
	%i1 = `+next+`
	br label %head
exit:
	ret void`)
	}
	big := strings.Repeat("\n\tstore i64 %i, i64 addrspace(1)* %o", 40)
	for name, src := range map[string]string{
		"runtime bound":   loop("0", "icmp slt i64 %i, %n", "add i64 %i, 1", ""),
		"runtime start":   loop("%n", "icmp slt i64 %i, 16", "add i64 %i, 1", ""),
		"runtime step":    loop("0", "icmp slt i64 %i, 16", "add i64 %i, %n", ""),
		"too many turns":  loop("0", "icmp slt i64 %i, 33", "add i64 %i, 1", ""),
		"too much code":   loop("0", "icmp slt i64 %i, 32", "add i64 %i, 1", big),
		"loaded step":     loop("0", "icmp slt i64 %i, 16", "add i64 %i, %ld", "\n\t%ld = load i64, i64 addrspace(1)* %o"),
		"divide by zero":  loop("4", "icmp sgt i64 %i, -8", "sdiv i64 %i, %z", "\n\t%z = sub i64 %i, 2"),
		"MinInt / -1":     loop("-9223372036854775808", "icmp ne i64 %i, 0", "sdiv i64 %i, -1", ""),
		"oversized shift": loop("1", "icmp ne i64 %i, 0", "shl i64 %i, 64", ""),
		"never leaves":    loop("0", "icmp sge i64 %i, 0", "and i64 %i, 7", ""),
		"bottom-tested": kernel("i64 addrspace(1)* %o", false, `
entry:
	br label %body
body:
	%i = phi i64 [ 0, %entry ], [ %i1, %body ]
	store i64 %i, i64 addrspace(1)* %o
	%i1 = add i64 %i, 1
	%c = icmp slt i64 %i1, 4
	br i1 %c, label %body2, label %exit
body2:
	br label %body
exit:
	ret void`),
		"two preheaders": kernel("i64 %n, i64 addrspace(1)* %o", false, `
entry:
	%z = icmp eq i64 %n, 0
	br i1 %z, label %a, label %b
a:
	br label %head
b:
	br label %head
head:
	%i = phi i64 [ 0, %a ], [ 0, %b ], [ %i1, %body ]
	%c = icmp slt i64 %i, 4
	br i1 %c, label %body, label %exit
body:
	store i64 %i, i64 addrspace(1)* %o
	%i1 = add i64 %i, 1
	br label %head
exit:
	ret void`),
		"body value after a break":   breakLoop("%v"),
		"header value after a break": breakLoop("%i"),
		"two latches": kernel("i64 addrspace(1)* %o", false, `
entry:
	br label %head
head:
	%i = phi i64 [ 0, %entry ], [ %i1, %a ], [ %i1, %b ]
	%c = icmp slt i64 %i, 4
	br i1 %c, label %body, label %exit
body:
	%i1 = add i64 %i, 1
	%odd = and i64 %i, 1
	%e = icmp eq i64 %odd, 0
	br i1 %e, label %a, label %b
a:
	store i64 %i, i64 addrspace(1)* %o
	br label %head
b:
	br label %head
exit:
	ret void`),
	} {
		t.Run(name, func(t *testing.T) {
			_, f := parse(t, src+decls)
			before := f.String()
			require.Zero(t, Func(f))
			require.Equal(t, before, f.String())
		})
	}
}

// Every kind of instruction a loop body may hold is copied, in order:
// atomics, cmpxchg and its extractvalues, select, conversions, float
// arithmetic and comparisons, printf, both getelementptr forms, the stop
// flag's volatile load, a barrier.
func TestEveryKind(t *testing.T) {
	src := "@ka.local.0 = internal addrspace(3) global [8 x i32] undef\n" +
		kernel("i32 addrspace(1)* %cnt, float addrspace(1)* %f", true, `
entry:
	%flag = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 6
	br label %head
head:
	%i = phi i64 [ 0, %entry ], [ %i1, %body ]
	%c = icmp ult i64 %i, 3
	br i1 %c, label %body, label %exit
body:
	%t = trunc i64 %i to i32
	%old = atomicrmw add i32 addrspace(1)* %cnt, i32 %t monotonic
	%x = cmpxchg i32 addrspace(1)* %cnt, i32 %old, i32 7 monotonic monotonic
	%x0 = extractvalue { i32, i1 } %x, 0
	%x1 = extractvalue { i32, i1 } %x, 1
	%sel = select i1 %x1, i32 %x0, i32 %t
	%l = getelementptr [8 x i32], [8 x i32] addrspace(3)* @ka.local.0, i64 0, i64 %i
	store i32 %sel, i32 addrspace(3)* %l
	%z = zext i32 %sel to i64
	%fl = sitofp i64 %z to float
	%n = fneg float %fl
	%q = getelementptr float, float addrspace(1)* %f, i64 %i
	%v = load float, float addrspace(1)* %q
	%s = fsub float %v, %n
	%lt = fcmp olt float %s, 100.0
	%s2 = select i1 %lt, float %s, float 100.0
	store float %s2, float addrspace(1)* %q
	%d = fpext float %s2 to double
	call void (...) @ka.printf([7 x i8] c"%ld %f\00", i64 %i, double %d)
	%stop = load volatile i32, i32 addrspace(1)* %flag, align 4
	call void @ka.barrier()
	%i1 = add i64 %i, 1
	br label %head
exit:
	ret void`) + "declare void @ka.printf(...)\n"
	r := unroll(t, src)
	require.Equal(t, 1, r.n)
	for re, n := range map[string]int{
		`atomicrmw add`: 3, `cmpxchg`: 3, `extractvalue`: 6, `select`: 6, `sitofp`: 3, `fneg`: 3,
		`fcmp olt`: 3, `call void \(...\) @ka.printf`: 3, `load volatile`: 3, `@ka.barrier\(\)\n`: 3,
		`getelementptr \[8 x i32\]`: 3, `fpext`: 3,
	} {
		require.Equal(t, n, count(r.text, re), re)
	}
	require.Empty(t, cfg.New(r.f).Loops())
	sameTrace(t, r)
}

// breakLoop is a search that breaks out of its loop to a block that
// stores stored, without a phi.
func breakLoop(stored string) string {
	return kernel("i64 %n, i64 addrspace(1)* %o", false, `
entry:
	br label %head
head:
	%i = phi i64 [ 0, %entry ], [ %i1, %latch ]
	%c = icmp slt i64 %i, 4
	br i1 %c, label %body, label %exit
body:
	%v = mul i64 %i, 3
	%hit = icmp eq i64 %v, %n
	br i1 %hit, label %found, label %latch
latch:
	%i1 = add i64 %i, 1
	br label %head
found:
	store i64 `+stored+`, i64 addrspace(1)* %o
	ret void
exit:
	ret void`)
}

// A break whose target takes the loop's values through phis unrolls: the
// phis get one entry per copy.
func TestBreakThroughPhi(t *testing.T) {
	src := kernel("i64 %n, i64 addrspace(1)* %o", false, `
entry:
	br label %head
head:
	%i = phi i64 [ 0, %entry ], [ %i1, %latch ]
	%c = icmp slt i64 %i, 4
	br i1 %c, label %body, label %exit
body:
	%v = mul i64 %i, 3
	%hit = icmp eq i64 %v, %n
	br i1 %hit, label %exit, label %latch
latch:
	%i1 = add i64 %i, 1
	br label %head
exit:
	%at = phi i64 [ -1, %head ], [ %i, %body ]
	%what = phi i64 [ 0, %head ], [ %v, %body ]
	store i64 %at, i64 addrspace(1)* %o
	store i64 %what, i64 addrspace(1)* %o
	ret void`)
	r := unroll(t, src)
	require.Equal(t, 1, r.n)
	require.Regexp(t, `%at = phi i64 \[ -1, %\w+ \], \[ 0, %\w+ \], \[ 1, %\w+ \], \[ 2, %\w+ \], \[ 3, %\w+ \]\n`, r.text)
	require.Regexp(t, `%what = phi i64 \[ 0, %\w+ \], \[ 0, %\w+ \], \[ 3, %\w+ \], \[ 6, %\w+ \], \[ 9, %\w+ \]\n`, r.text)
	for _, n := range []uint64{0, 6, 9, 10} {
		sameTraceWith(t, r, map[string]uint64{"n": n})
	}
}

// The caps' edges: MaxTrips turns of exactly MaxSize instructions in
// all unroll; one more instruction, or one more turn, and the loop stays.
func TestCaps(t *testing.T) {
	loop := func(trips, stores int) string {
		return kernel("i64 addrspace(1)* %o", false, `
entry:
	br label %head
head:
	%i = phi i64 [ 0, %entry ], [ %i1, %body ]
	%c = icmp slt i64 %i, `+strconv.Itoa(trips)+`
	br i1 %c, label %body, label %exit
body:`+strings.Repeat("\n\tstore i64 %i, i64 addrspace(1)* %o", stores)+`
	%i1 = add i64 %i, 1
	br label %head
exit:
	ret void`)
	}
	// 3 in the header, 27 stores, the add and the br: 32 × 32 = 1024.
	r := unroll(t, loop(MaxTrips, 27))
	require.Equal(t, 1, r.n)
	require.Equal(t, 32*27, count(r.text, `store i64`))
	require.Contains(t, r.text, "store i64 31, ")
	require.Zero(t, unroll(t, loop(MaxTrips, 28)).n)
	require.Zero(t, unroll(t, loop(MaxTrips+1, 1)).n)
	require.Equal(t, 1, unroll(t, loop(MaxTrips, 1)).n)
}

// A loop whose condition fails at once keeps one header copy: the body,
// its store and the fault block only it reached are gone.
func TestZeroTrips(t *testing.T) {
	src := kernel("i64 addrspace(1)* %o, i64 %o.len", false, `
entry:
	br label %head
head:
	%i = phi i64 [ 5, %entry ], [ %i1, %ok ]
	%c = icmp slt i64 %i, 5
	br i1 %c, label %body, label %exit
body:
	%in = icmp ult i64 %i, %o.len
	br i1 %in, label %ok, label %fault
ok:
	%p = getelementptr i64, i64 addrspace(1)* %o, i64 %i
	store i64 %i, i64 addrspace(1)* %p
	%i1 = add i64 %i, 1
	br label %head
exit:
	%last = add i64 %i, 100
	store i64 %last, i64 addrspace(1)* %o
	ret void
fault:
	%at = phi i64 [ %i, %body ]
	store i64 %at, i64 addrspace(1)* %o
	unreachable`)
	r := unroll(t, src)
	require.Equal(t, 1, r.n)
	require.Equal(t, 1, count(r.text, `store`))
	// The exit reads the header's value, 5; instructions outside the loop
	// are not folded.
	require.Contains(t, r.text, "add i64 5, 100")
	require.NotContains(t, r.text, "unreachable")
	sameTrace(t, r)
}

// checkedLoop is a loop of a checked kernel without barriers: a bounds
// check in the body branches to the kernel's fault block, whose phis
// carry the site and the index, and a stop check to a ret void block.
var checkedLoop = kernel("i64 addrspace(1)* %x.ptr, i64 %x.len", true, `
entry:
	%flag = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 6
	br label %head
head:
	%i = phi i64 [ 0, %entry ], [ %i1, %ok ]
	%c = icmp slt i64 %i, 4
	br i1 %c, label %body, label %exit
body:
	%in = icmp ult i64 %i, %x.len
	br i1 %in, label %go, label %fault
go:
	%stop = load volatile i32, i32 addrspace(1)* %flag, align 4
	%s = icmp ne i32 %stop, 0
	br i1 %s, label %stopped, label %ok
ok:
	%p = getelementptr i64, i64 addrspace(1)* %x.ptr, i64 %i
	%v = load i64, i64 addrspace(1)* %p
	%v2 = mul i64 %v, 2
	store i64 %v2, i64 addrspace(1)* %p
	%i1 = add i64 %i, 1
	br label %head
exit:
	ret void
stopped:
	ret void
fault:
	%site = phi i32 [ 3, %body ]
	%idx = phi i64 [ %i, %body ]
	%r = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 0
	%won = cmpxchg i32 addrspace(1)* %r, i32 0, i32 1 monotonic monotonic
	%ok1 = extractvalue { i32, i1 } %won, 1
	br i1 %ok1, label %record, label %done
record:
	%sp = getelementptr i32, i32 addrspace(1)* %ka.fault, i64 2
	store i32 %site, i32 addrspace(1)* %sp
	%wide = bitcast i32 addrspace(1)* %ka.fault to i64 addrspace(1)*
	%ip = getelementptr i64, i64 addrspace(1)* %wide, i64 4
	store i64 %idx, i64 addrspace(1)* %ip
	br label %done
done:
	ret void`)

// Exits from the body to the fault block and to the stop check's return:
// each copy of an exiting block gets its entry in the fault block's
// phis, and every copy keeps its volatile load.
func TestBodyExits(t *testing.T) {
	r := unroll(t, checkedLoop)
	require.Equal(t, 1, r.n)
	require.Equal(t, 4, count(r.text, `load volatile i32`))
	require.Equal(t, 4, count(r.text, `icmp ugt i64 %x.len, \d\n`))
	require.Regexp(t, `phi i32 \[ 3, %\w+ \], \[ 3, %\w+ \], \[ 3, %\w+ \], \[ 3, %\w+ \]\n`, r.text)
	require.Regexp(t, `phi i64 \[ 0, %\w+ \], \[ 1, %\w+ \], \[ 2, %\w+ \], \[ 3, %\w+ \]\n`, r.text)
	require.Equal(t, 1, count(r.text, `cmpxchg`))
	require.Empty(t, cfg.New(r.f).Loops())
	for _, xlen := range []uint64{0, 2, 100} {
		sameTraceWith(t, r, map[string]uint64{"x.len": xlen})
	}
	golden(t, "body_exits.golden", r.text)
}

// A constant loop inside a constant loop: the inner is unrolled first,
// then the outer, within the cap; the 16 stores get constant indices.
// When the outer loop would exceed the cap, only the inner one unrolls.
func TestNested(t *testing.T) {
	nest := func(outer, inner string) string {
		return kernel("i64 addrspace(1)* %o", false, `
entry:
	br label %oh
oh:
	%i = phi i64 [ 0, %entry ], [ %i1, %ol ]
	%oc = icmp slt i64 %i, `+outer+`
	br i1 %oc, label %ob, label %exit
ob:
	%row = mul i64 %i, 4
	br label %ih
ih:
	%j = phi i64 [ 0, %ob ], [ %j1, %ib ]
	%ic = icmp slt i64 %j, `+inner+`
	br i1 %ic, label %ib, label %ol
ib:
	%k = add i64 %row, %j
	%p = getelementptr i64, i64 addrspace(1)* %o, i64 %k
	store i64 %j, i64 addrspace(1)* %p
	%j1 = add i64 %j, 1
	br label %ih
ol:
	%i1 = add i64 %i, 1
	br label %oh
exit:
	ret void`)
	}
	src := nest("4", "4")
	r := unroll(t, src)
	require.Equal(t, 2, r.n)
	require.Empty(t, cfg.New(r.f).Loops())
	require.Equal(t, 16, count(r.text, `store i64 \d, i64 addrspace\(1\)\* %\d+`))
	for k := 0; k < 16; k++ {
		require.Regexp(t, `getelementptr i64, i64 addrspace\(1\)\* %o, i64 `+strconv.Itoa(k)+`\n`, r.text)
	}
	sameTrace(t, r)

	// 30 turns of an outer body of 55 instructions once the inner loop's
	// 16 turns are unrolled: over MaxSize.
	src = nest("30", "16")
	r = unroll(t, src)
	require.Equal(t, 1, r.n)
	require.Len(t, cfg.New(r.f).Loops(), 1)
	require.Equal(t, 16, count(r.text, `store i64`))
	sameTrace(t, r)
}

// A loop bounded by an earlier loop's last counter becomes constant when
// that loop is unrolled, even though it was tried first (it has fewer
// blocks).
func TestBoundFromEarlierLoop(t *testing.T) {
	src := kernel("i64 addrspace(1)* %o", false, `
entry:
	br label %h1
h1:
	%i = phi i64 [ 0, %entry ], [ %i1, %b1b ]
	%c1 = icmp slt i64 %i, 3
	br i1 %c1, label %b1, label %x1
b1:
	store i64 %i, i64 addrspace(1)* %o
	br label %b1b
b1b:
	%i1 = add i64 %i, 1
	br label %h1
x1:
	br label %h2
h2:
	%j = phi i64 [ 0, %x1 ], [ %j1, %b2 ]
	%c2 = icmp slt i64 %j, %i
	br i1 %c2, label %b2, label %exit
b2:
	%j1 = add i64 %j, 1
	br label %h2
exit:
	store i64 %j, i64 addrspace(1)* %o
	ret void`)
	r := unroll(t, src)
	require.Equal(t, 2, r.n)
	require.Empty(t, cfg.New(r.f).Loops())
	require.Contains(t, r.text, "store i64 3, ")
	sameTrace(t, r)
}

// A self-loop (the header is its own latch) and a loop whose header
// leaves on true (for s := 1; !(s > 8); s <<= 1).
func TestShapes(t *testing.T) {
	self := kernel("i64 addrspace(1)* %o", false, `
entry:
	br label %h
h:
	%i = phi i64 [ 0, %entry ], [ %i1, %h ]
	%p = getelementptr i64, i64 addrspace(1)* %o, i64 %i
	store i64 %i, i64 addrspace(1)* %p
	%i1 = add i64 %i, 1
	%c = icmp slt i64 %i1, 3
	br i1 %c, label %h, label %exit
exit:
	ret void`)
	r := unroll(t, self)
	require.Equal(t, 1, r.n)
	require.Equal(t, 3, count(r.text, `store i64`))
	sameTrace(t, r)

	onTrue := kernel("i64 addrspace(1)* %o", false, `
entry:
	br label %h
h:
	%s = phi i32 [ 1, %entry ], [ %s1, %b ]
	%c = icmp sgt i32 %s, 8
	br i1 %c, label %exit, label %b
b:
	%w = sext i32 %s to i64
	store i64 %w, i64 addrspace(1)* %o
	%s1 = shl i32 %s, 1
	br label %h
exit:
	ret void`)
	r = unroll(t, onTrue)
	require.Equal(t, 1, r.n)
	for _, s := range []string{"1", "2", "4", "8"} {
		require.Contains(t, r.text, "store i64 "+s+", ")
	}
	sameTrace(t, r)
}
