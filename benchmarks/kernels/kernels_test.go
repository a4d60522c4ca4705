package kernels

import (
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// funcSource returns the declaration of the function name in the Go file
// path, from its doc comment to its closing brace.
func funcSource(t *testing.T, path, name string) string {
	b, err := os.ReadFile(path)
	require.NoError(t, err)
	s := string(b)
	i := strings.Index(s, "\nfunc "+name+"(")
	require.GreaterOrEqual(t, i, 0, "%s in %s", name, path)
	start := strings.LastIndex(s[:i], "\n\n") + 2
	end := i + strings.Index(s[i:], "\n}\n") + 3
	return s[start:end]
}

// TestSameAsExamples: the benchmarked kernels are the examples' own.
func TestSameAsExamples(t *testing.T) {
	for _, c := range []struct{ example, name string }{
		{"matmul", "MatMul"}, {"reduce", "BlockSum"}, {"histogram", "Histogram"},
	} {
		require.Equal(t, funcSource(t, "../../examples/"+c.example+"/main.go", c.name), funcSource(t, "kernels.go", c.name), c.name)
	}
}

// TestCheckedPairs: each of checkcost's pairs is one source under two sets
// of directives. The checked kernel has no //ka:nocheck, its twin has it,
// and the two bodies are the same, names aside.
func TestCheckedPairs(t *testing.T) {
	for _, c := range []struct{ path, name, nocheckPath string }{
		{"../../ka/katest/kernels.go", "Saxpy", "nocheck.go"},
		{"kernels.go", "MatMulTiled", "nocheck.go"},
		{"kernels.go", "Histogram", "nocheck.go"},
		{"stencils.go", "Stencil5Matrix", "stencils_nocheck.go"},
		{"stencils.go", "Stencil5Slice", "stencils_nocheck.go"},
		{"stencils.go", "Stencil9Matrix", "stencils_nocheck.go"},
		{"stencils.go", "Stencil9Slice", "stencils_nocheck.go"},
		{"stencils.go", "Stencil7Volume", "stencils_nocheck.go"},
		{"stencils.go", "FDTD", "stencils_nocheck.go"},
		{"stencils.go", "MatVecRows", "stencils_nocheck.go"},
		{"stencils.go", "MatVecCols", "stencils_nocheck.go"},
		{"stencils.go", "Triangular", "stencils_nocheck.go"},
	} {
		on := funcSource(t, c.path, c.name)
		off := funcSource(t, c.nocheckPath, c.name+"NoCheck")
		require.Contains(t, on, "//ka:kernel\nfunc "+c.name+"(", c.name)
		require.NotContains(t, on, "//ka:nocheck", c.name)
		require.Contains(t, off, "//ka:kernel\n//ka:nocheck\nfunc "+c.name+"NoCheck(", c.name)
		require.Equal(t, funcBody(on, c.name), funcBody(off, c.name+"NoCheck"), c.name)
	}
}

// funcBody is the declaration in src of the function name, from its
// parameters on, without its name.
func funcBody(src, name string) string {
	return src[strings.Index(src, "\nfunc "+name+"(")+len("\nfunc "+name):]
}
