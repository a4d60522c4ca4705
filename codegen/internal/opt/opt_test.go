package opt

import (
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/llir/llvm/asm"
	"github.com/llir/llvm/ir"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// localName matches a local value's name.
var localName = regexp.MustCompile(`%[-\w.]+`)

// intOperand matches an integer constant operand after its type.
var intOperand = regexp.MustCompile(`(i\d+) (-?\d+|true|false)\b`)

// effects lists f's instructions that are not pure, as text, in block
// order: what the barrier rule says no pass removes or merges.
func effects(f *ir.Func) []string {
	var out []string
	for _, b := range f.Blocks {
		for _, inst := range b.Insts {
			if _, isPhi := inst.(*ir.InstPhi); !isPhi && !pure(inst) {
				s := inst.LLString()
				if _, rhs, ok := strings.Cut(s, " = "); ok {
					s = rhs
				}
				// Operands change (merged, renumbered, folded to
				// constants); the operation, its types and volatile stay.
				s = localName.ReplaceAllString(s, "%")
				out = append(out, intOperand.ReplaceAllString(s, "$1 %"))
			}
		}
	}
	sort.Strings(out)
	return out
}

// loopInsts counts the instructions in f's loops, each 16 times for
// every loop around it past the first (a loop's preheader inside
// another runs once per entry, its body once per turn), and the sdivs
// among them.
func loopInsts(f *ir.Func) (n, sdivs int) {
	g := newCFG(f)
	lf := findLoops(g, newDomTree(g))
	for _, b := range f.Blocks {
		l := lf.innermost[b]
		if l == nil {
			continue
		}
		w := 1 << (4 * (l.depth - 1))
		for _, inst := range b.Insts {
			n += w
			if _, ok := inst.(*ir.InstSDiv); ok {
				sdivs++
			}
		}
	}
	return n, sdivs
}

// TestKernels runs Func on the benchmarks' kernels (testdata/kernels, kago
// ir's output for github.com/kago-dev/kago/benchmarks/kernels): the output
// passes ircheck, keeps every load, store, atomic, barrier and call that
// is not a query, and has fewer instructions in its loops. The NoCheck
// kernels' outputs are golden files. The inputs are
// `go run ./cmd/kago ir -o codegen/internal/opt/testdata/kernels/K.ll
// github.com/kago-dev/kago/benchmarks/kernels.K`; rerun that when the
// front end changes what it emits.
func TestKernels(t *testing.T) {
	files, err := filepath.Glob("testdata/kernels/*.ll")
	require.NoError(t, err)
	require.NotEmpty(t, files)
	for _, file := range files {
		name := strings.TrimSuffix(filepath.Base(file), ".ll")
		t.Run(name, func(t *testing.T) {
			src, err := os.ReadFile(file)
			require.NoError(t, err)
			m, f := parse(t, string(src))
			before := effects(f)
			n0, _ := loopInsts(f)
			Func(f)
			out := text(t, m, f)
			assert.Equal(t, before, effects(f), "the barrier rule: every effect stays")
			n1, sdivs := loopInsts(f)
			assert.LessOrEqual(t, n1, n0, "instructions in loops")
			t.Logf("%s: %d instructions in loops, then %d", name, n0, n1)
			if strings.HasSuffix(name, "NoCheck") {
				golden(t, filepath.Join("kernels", name+".golden"), out)
			}
			switch name {
			case "MatMulTiledNoCheck":
				assert.Zero(t, sdivs, "(n+15)/16 leaves the tile loop")
				assert.NotContains(t, out, "sdiv", "and becomes shifts")
				assert.Less(t, n1, n0)
			case "MatMulNaiveNoCheck", "SumNoCheck":
				assert.Less(t, n1, n0)
			}
			// Idempotent enough: a second run changes nothing.
			Func(f)
			assert.Equal(t, out, text(t, m, f), "a second run")
		})
	}
}

// TestMatMulTiledHeader looks at the tile loop's header in detail: only
// phis, the comparison with the tile count and the branch remain.
func TestMatMulTiledHeader(t *testing.T) {
	src, err := os.ReadFile("testdata/kernels/MatMulTiledNoCheck.ll")
	require.NoError(t, err)
	_, f := parse(t, string(src))
	Func(f)
	g := newCFG(f)
	lf := findLoops(g, newDomTree(g))
	require.Len(t, lf.top, 1, "the tile loop")
	tile := lf.top[0]
	require.Len(t, tile.children, 1, "the product loop")
	for _, inst := range tile.header.Insts {
		switch inst.(type) {
		case *ir.InstPhi, *ir.InstICmp:
		default:
			assert.Fail(t, "more than phis and the comparison in the header", inst.LLString())
		}
	}
	// The product loop reads local memory at row*16+k and k*16+col:
	// row*16 is computed once, outside both loops.
	inner := tile.children[0]
	for b := range inner.blocks {
		for _, inst := range b.Insts {
			assert.NotContains(t, inst.LLString(), "mul i64 %4, 16", "local_id(1)*16 is invariant")
		}
	}
}

// TestBarrierKeepsLoads is the barrier rule's test: the same local-memory
// element loaded before and after a barrier stays two loads through the
// whole pipeline, though the address is one.
func TestBarrierKeepsLoads(t *testing.T) {
	m, f := parse(t, `@ka.local.0 = internal addrspace(3) global [256 x float] undef

define spir_kernel void @K(float addrspace(1)* %o, HIDDEN) {
entry:
	%lid = call i64 @ka.local_id(i32 0)
	%p = getelementptr [256 x float], [256 x float] addrspace(3)* @ka.local.0, i64 0, i64 %lid
	store float 1.0, float addrspace(3)* %p
	%a = load float, float addrspace(3)* %p
	call void @ka.barrier()
	%lid2 = call i64 @ka.local_id(i32 0)
	%p2 = getelementptr [256 x float], [256 x float] addrspace(3)* @ka.local.0, i64 0, i64 %lid2
	%b = load float, float addrspace(3)* %p2
	%s = fadd float %a, %b
	store float %s, float addrspace(1)* %o
	ret void
}`+decls)
	Func(f)
	out := text(t, m, f)
	assert.Equal(t, 1, strings.Count(out, "getelementptr"), "the address is pure: one")
	assert.Equal(t, 2, strings.Count(out, "= load float, float addrspace(3)*"), "the loads are not")
	assert.Contains(t, out, "store float 1.0, float addrspace(3)* %p\n\t%a = load float, float addrspace(3)* %p\n\tcall void @ka.barrier()\n\t%b = load float, float addrspace(3)* %p\n")
}

// TestFuncEmpty checks that a declaration is left alone.
func TestFuncEmpty(t *testing.T) {
	m, err := asm.ParseString("d.ll", decls)
	require.NoError(t, err)
	Func(m.Funcs[0])
	assert.Empty(t, m.Funcs[0].Blocks)
}
