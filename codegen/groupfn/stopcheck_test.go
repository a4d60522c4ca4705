package groupfn_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The loops of a //ka:cancel kernel get a counted check each, except the
// short ones: a constant trip count, all nested short loops together at
// most 64 iterations.
func TestStopChecksSkipShortLoops(t *testing.T) {
	imp := newImporter(t)
	for _, c := range []struct {
		name   string
		body   string
		checks int // loops with a counted check
	}{
		{"parameter bound", `for k := 0; k < n; k++ { x[k] += 1 }`, 1},
		{"constant bound", `for k := 0; k < 16; k++ { x[k] += 1 }`, 0},
		{"constant bound <=", `for k := 0; k <= 64; k++ { x[k] += 1 }`, 1},
		{"constant bounds <=", `for k := 2; k <= 64; k++ { x[k] += 1 }`, 0},
		{"range constant", `for k := range 64 { x[k] += 1 }`, 0},
		{"range array", `var a [8]float32; for k := range a { x[k] += a[k] }`, 0},
		{"range slice", `for k := range x { x[k] += 1 }`, 1},
		{"too long", `for k := 0; k < 65; k++ { x[k] += 1 }`, 1},
		{"nested within the budget", `for i := 0; i < 8; i++ { for k := 0; k < 8; k++ { x[k] += 1 } }`, 0},
		{"nested beyond the budget", `for i := 0; i < 16; i++ { for k := 0; k < 16; k++ { x[k] += 1 } }`, 1},
		{"short inside a checked loop", `for i := 0; i < n; i++ { for k := 0; k < 16; k++ { x[k] += 1 } }`, 1},
		{"counter assigned in the body", `for k := 0; k < 16; k++ { k += n }`, 1},
		{"counter's address taken", `for k := 0; k < 16; k++ { p := &k; *p = 3 }`, 1},
		{"another variable incremented", `j := 0; for k := 0; k < 16; j++ { x[j] = 1 }`, 1},
		{"decrementing", `for k := 16; k < 32; k-- { x[0] = 1 }`, 1},
		{"non-constant start", `for k := n; k < 16; k++ { x[0] = 1 }`, 1},
	} {
		t.Run(c.name, func(t *testing.T) {
			src := "//ka:kernel\n//ka:cancel\nfunc K(it ka.Item, n int, x []float32) {\n" + c.body + "\n}\n"
			fn, err := generate(t, imp, src)
			require.NoError(t, err)
			require.NotNil(t, fn)
			assert.Equal(t, c.checks, strings.Count(fn.Source, "stopn++"), "%s", fn.Source)
			compiles(t, imp, "", fn)
		})
	}
}
