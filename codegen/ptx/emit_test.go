package ptx

import (
	"testing"

	"github.com/kago-dev/kago/codegen/internal/emittest"
	"github.com/kago-dev/kago/internal/ptxsim"
	"github.com/llir/llvm/ir"
	"github.com/stretchr/testify/require"
)

// kernels returns the paths of the modules this package tests: the shared
// inputs (codegen/testdata/ir) and its own (testdata).
func kernels(t *testing.T) []string {
	t.Helper()
	var paths []string
	for _, in := range emittest.Inputs(t) {
		paths = append(paths, in.Path)
	}
	return paths
}

func parse(t *testing.T, path string) *ir.Module {
	t.Helper()
	return emittest.Parse(t, path)
}

// TestGolden emits every test module and compares with its .ptx file.
// Run `go test ./codegen/ptx -run TestGolden -update` to rewrite them after
// an intended change, and review the diff.
func TestGolden(t *testing.T) {
	emittest.Golden(t, "ptx", func(t *testing.T, m *ir.Module) []byte {
		got, err := Emit(m, Options{})
		require.NoError(t, err)
		return got
	})
}

// TestComplete emits every form of every instruction and intrinsic that
// ircheck accepts (emittest.Dialect) and parses the PTX with the
// simulator, which knows every instruction the emitter uses or fails.
func TestComplete(t *testing.T) {
	emittest.Complete(t, func(m *ir.Module) ([]byte, error) { return Emit(m, Options{}) }, func(t *testing.T, _ string, src []byte) {
		_, err := ptxsim.Parse(string(src))
		require.NoError(t, err, "PTX:\n%s", src)
	})
}

// TestFrontEndGolden feeds the front end's own golden modules to the
// emitter: every one must translate without error.
func TestFrontEndGolden(t *testing.T) {
	emittest.FrontEnd(t, func(m *ir.Module) ([]byte, error) { return Emit(m, Options{}) })
}
