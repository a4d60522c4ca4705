package opt

import (
	"flag"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/kago-dev/kago/codegen/internal/ircheck"
	"github.com/llir/llvm/asm"
	"github.com/llir/llvm/ir"
	"github.com/stretchr/testify/require"
)

// update rewrites the golden files: go test ./codegen/internal/opt/ -update.
var update = flag.Bool("update", false, "rewrite the golden files under testdata/")

// hidden are the parameters that end every kernel (docs/ir.md, "Kernel
// ABI"); test kernels write HIDDEN for them.
const hidden = "i64 %ka.gsize0, i64 %ka.gsize1, i64 %ka.gsize2"

// decls declares every intrinsic a test kernel may call; ircheck ignores
// the declarations a module does not use.
var decls = `
declare i64 @ka.global_id(i32 %0)
declare i64 @ka.local_id(i32 %0)
declare i64 @ka.group_id(i32 %0)
declare i64 @ka.group_size(i32 %0)
declare i64 @ka.num_groups(i32 %0)
declare i64 @ka.global_size(i32 %0)
declare i64 @ka.subgroup_size()
declare i64 @ka.subgroup_id()
declare i64 @ka.subgroup_local_id()
declare i32 @ka.subgroup_shuffle(i32 %0, i32 %1)
declare i32 @ka.subgroup_ballot(i1 %0)
declare void @ka.barrier()
declare void @ka.printf(...)
`

// parse parses a kernel written with HIDDEN for the hidden parameters,
// adds the declarations when it has none, and checks that the input is in
// the contract, so that a test's failure is the pass's.
func parse(t *testing.T, src string) (*ir.Module, *ir.Func) {
	t.Helper()
	src = strings.ReplaceAll(src, "HIDDEN", hidden)
	if !strings.Contains(src, "\ndeclare ") {
		src += decls
	}
	m, err := asm.ParseString("test.ll", src)
	require.NoError(t, err)
	f := kernelOf(t, m)
	f.Blocks = ircheck.Layout(f)
	_, err = ircheck.Check("input", m)
	require.NoError(t, err, "the test's input is outside docs/ir.md")
	return m, f
}

// kernelOf returns m's one definition.
func kernelOf(t *testing.T, m *ir.Module) *ir.Func {
	t.Helper()
	for _, f := range m.Funcs {
		if len(f.Blocks) > 0 {
			return f
		}
	}
	require.FailNow(t, "no kernel")
	return nil
}

// text checks m after a pass (ircheck, and that it parses again) and
// returns its kernel's text, its unnamed values numbered afresh.
func text(t *testing.T, m *ir.Module, f *ir.Func) string {
	t.Helper()
	ircheck.Renumber(f)
	require.NoError(t, f.AssignIDs())
	_, err := ircheck.Check("output", m)
	require.NoError(t, err, "after the pass:\n%s", f.LLString())
	out := f.LLString() + "\n"
	_, err = asm.ParseString("out.ll", m.String())
	require.NoError(t, err, "the output does not parse again:\n%s", out)
	return out
}

// golden compares got with testdata/name, or writes it there with
// -update.
func golden(t *testing.T, name, got string) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *update {
		require.NoError(t, os.MkdirAll(filepath.Dir(path), 0o755))
		require.NoError(t, os.WriteFile(path, []byte(got), 0o644))
		return
	}
	want, err := os.ReadFile(path)
	require.NoError(t, err, "no golden file; run with -update")
	require.Equal(t, string(want), got, "%s differs; run with -update if the change is right", path)
}

// goldenDir runs pass on every testdata/dir/*.ll and compares each result
// with the .golden file beside it; it returns the outputs by case name
// for the tests' own assertions.
func goldenDir(t *testing.T, dir string, pass func(*ir.Func) bool) map[string]string {
	t.Helper()
	files, err := filepath.Glob(filepath.Join("testdata", dir, "*.ll"))
	require.NoError(t, err)
	require.NotEmpty(t, files)
	sort.Strings(files)
	outs := map[string]string{}
	for _, file := range files {
		name := strings.TrimSuffix(filepath.Base(file), ".ll")
		t.Run(name, func(t *testing.T) {
			src, err := os.ReadFile(file)
			require.NoError(t, err)
			m, f := parse(t, string(src))
			pass(f)
			out := text(t, m, f)
			outs[name] = out
			golden(t, filepath.Join(dir, name+".golden"), out)
		})
	}
	return outs
}

// run parses src, runs pass and returns the checked output.
func run(t *testing.T, src string, pass func(*ir.Func) bool) string {
	t.Helper()
	m, f := parse(t, src)
	pass(f)
	return text(t, m, f)
}

// count counts the instructions of f whose text contains s.
func count(f *ir.Func, s string) int {
	n := 0
	for _, b := range f.Blocks {
		for _, inst := range b.Insts {
			if strings.Contains(inst.LLString(), s) {
				n++
			}
		}
	}
	return n
}

// block returns f's block of that name.
func block(t *testing.T, f *ir.Func, name string) *ir.Block {
	t.Helper()
	for _, b := range f.Blocks {
		if b.Name() == name {
			return b
		}
	}
	require.FailNowf(t, "no block", "%%%s", name)
	return nil
}

// layout is ircheck.Layout, for tests that change the blocks themselves.
func layout(f *ir.Func) []*ir.Block { return ircheck.Layout(f) }
