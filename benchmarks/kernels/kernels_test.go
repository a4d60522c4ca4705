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
