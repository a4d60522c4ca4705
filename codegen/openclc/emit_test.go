package openclc

import (
	"testing"

	"github.com/kago-dev/kago/codegen/internal/emittest"
	"github.com/llir/llvm/ir"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// emitFile parses the test module called name (see emittest.Find) and
// emits it with opts.
func emitFile(t *testing.T, name string, opts Options) ([]byte, error) {
	t.Helper()
	return Emit(emittest.Parse(t, emittest.Find(t, name)), opts)
}

// goldenNames lists the test modules, each with a golden .cl file.
func goldenNames(t *testing.T) []string {
	t.Helper()
	var names []string
	for _, in := range emittest.Inputs(t) {
		names = append(names, in.Name)
	}
	return names
}

// TestGolden compares the emitter's output for every test module with its
// .cl file; go test -update rewrites the .cl files.
func TestGolden(t *testing.T) {
	emittest.Golden(t, "cl", func(t *testing.T, m *ir.Module) []byte {
		got, err := Emit(m, AllFeatures())
		require.NoError(t, err)
		return got
	})
}

// TestFrontEndGolden feeds the front end's own golden modules to the
// emitter: every one must translate without error.
func TestFrontEndGolden(t *testing.T) {
	emittest.FrontEnd(t, func(m *ir.Module) ([]byte, error) { return Emit(m, AllFeatures()) })
}

// TestZeroOptions checks which samples need optional features: with the
// zero Options they fail with ErrUnsupported naming the extension, the
// others emit the same code as with every feature.
// TestComplete emits every form of every instruction and intrinsic that
// ircheck accepts (emittest.Dialect); TestPoCLBuildComplete builds them.
func TestComplete(t *testing.T) {
	emittest.Complete(t, func(m *ir.Module) ([]byte, error) { return Emit(m, AllFeatures()) }, nil)
}

func TestZeroOptions(t *testing.T) {
	needs := map[string]string{
		"ir/math64":     "cl_khr_fp64",
		"ir/atomics64":  "cl_khr_int64_base_atomics",
		"ir/convert":    "cl_khr_fp64",
		"ir/bitatomics": "cl_khr_int64_extended_atomics",
		"ir/print":      "cl_khr_fp64", // floats print as double
	}
	for _, name := range goldenNames(t) {
		t.Run(name, func(t *testing.T) {
			_, err := emitFile(t, name, Options{})
			ext, needed := needs[name]
			if !needed {
				require.NoError(t, err, "Emit with zero Options")
				return
			}
			require.ErrorIs(t, err, ErrUnsupported)
			assert.Contains(t, err.Error(), ext)
		})
	}
}
