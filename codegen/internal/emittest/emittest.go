// Package emittest holds the tests every emitter (codegen/openclc,
// codegen/spirv, codegen/ptx) runs the same way: golden files made from
// the shared IR inputs (codegen/testdata/ir/*.ll) and from each emitter's
// own extras (testdata/*.ll in the emitter's package), the errors for
// modules outside docs/ir.md that ircheck reports in every Emit, and the
// completeness test: every form of the dialect that ircheck accepts,
// emitted (complete.go).
//
// The -update flag rewrites the golden files: go test ./codegen/ptx -update.
package emittest

import (
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/llir/llvm/asm"
	"github.com/llir/llvm/ir"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

var update = flag.Bool("update", false, "rewrite the golden files from the emitter's output")

// SharedDir is where the shared IR inputs are, from an emitter's package.
const SharedDir = "../testdata/ir"

// Input is one IR module that an emitter golden-tests.
type Input struct {
	Name   string // "ir/saxpy" for a shared input, "saxpy" for an extra
	Path   string // the .ll file
	Golden string // the golden file without its extension: testdata/ir/saxpy, testdata/saxpy
}

// Inputs returns the shared inputs, then the emitter's extras.
func Inputs(t testing.TB) []Input {
	t.Helper()
	shared, err := filepath.Glob(filepath.Join(SharedDir, "*.ll"))
	require.NoError(t, err)
	require.NotEmpty(t, shared, "no shared inputs in %s", SharedDir)
	own, err := filepath.Glob(filepath.Join("testdata", "*.ll"))
	require.NoError(t, err)
	var in []Input
	for _, p := range shared {
		n := strings.TrimSuffix(filepath.Base(p), ".ll")
		in = append(in, Input{Name: "ir/" + n, Path: p, Golden: filepath.Join("testdata", "ir", n)})
	}
	for _, p := range own {
		n := strings.TrimSuffix(filepath.Base(p), ".ll")
		in = append(in, Input{Name: n, Path: p, Golden: filepath.Join("testdata", n)})
	}
	return in
}

// Find returns the path of the input called name ("saxpy" or "ir/saxpy"):
// the emitter's own testdata/<name>.ll, else the shared one.
func Find(t testing.TB, name string) string {
	t.Helper()
	if rest, ok := strings.CutPrefix(name, "ir/"); ok {
		return filepath.Join(SharedDir, rest+".ll")
	}
	own := filepath.Join("testdata", name+".ll")
	if _, err := os.Stat(own); err == nil {
		return own
	}
	return filepath.Join(SharedDir, name+".ll")
}

// Parse parses an IR file.
func Parse(t testing.TB, path string) *ir.Module {
	t.Helper()
	m, err := asm.ParseFile(path)
	require.NoError(t, err, "parse %s", path)
	return m
}

// Golden runs render on every input and compares its result with the
// golden file <Input.Golden>.<ext>; with -update it writes the file
// instead. render fails the test itself when the emitter fails.
func Golden(t *testing.T, ext string, render func(t *testing.T, m *ir.Module) []byte) {
	for _, in := range Inputs(t) {
		t.Run(in.Name, func(t *testing.T) {
			got := render(t, Parse(t, in.Path))
			golden := in.Golden + "." + ext
			if *update {
				require.NoError(t, os.MkdirAll(filepath.Dir(golden), 0o755))
				require.NoError(t, os.WriteFile(golden, got, 0o644))
				return
			}
			want, err := os.ReadFile(golden)
			require.NoError(t, err, "run go test -update to create it")
			assert.Equal(t, string(want), string(got), "output differs from %s (run go test -update and review the diff)", golden)
		})
	}
}

// FrontEnd emits the front end's own golden modules
// (codegen/testdata/golden/*.ll, the IR it makes for its test kernels):
// every one must translate without error.
func FrontEnd(t *testing.T, emit func(m *ir.Module) ([]byte, error)) {
	files, err := filepath.Glob("../testdata/golden/*.ll")
	require.NoError(t, err)
	require.NotEmpty(t, files, "no codegen/testdata/golden/*.ll from the front end")
	for _, path := range files {
		t.Run(filepath.Base(path), func(t *testing.T) {
			_, err := emit(Parse(t, path))
			assert.NoError(t, err)
		})
	}
}

// LoopWant returns what the shared input loop.ll writes to out for n
// work-items and limit, from the Go source in its comment: for work-item
// i, its Collatz steps from i+1 (at most limit), then a of a, b = b, a+b
// and p of the swap p, q = q, p after i%60 turns. The emitters' tests run
// loop.ll on a device or simulator and compare.
func LoopWant(n, limit int) []int64 {
	out := make([]int64, 0, 3*n)
	for i := 0; i < n; i++ {
		x, steps := int64(i)+1, int64(0)
		for k := 0; k < limit && x != 1; k++ {
			if x%2 == 0 {
				x /= 2
			} else {
				x = 3*x + 1
			}
			steps++
		}
		a, b, p, q := int64(0), int64(1), int64(1), int64(2)
		for j := 0; j < i%60; j++ {
			a, b = b, a+b
			p, q = q, p
		}
		out = append(out, steps, a, p)
	}
	return out
}
