package groupfn_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The loops of a //ka:cancel kernel get a check each: counted loops with
// a bound that the kernel does not change run in strips, with a check
// between them; other loops count their turns; short loops (a constant
// trip count, all nested short loops together at most 64 turns) get none.
func TestStopChecks(t *testing.T) {
	imp := newImporter(t)
	for _, c := range []struct {
		name     string
		body     string
		counters int // loops with a counted check
		strips   int // loops run in strips
	}{
		{"parameter bound", `for k := 0; k < n; k++ { x[k] += 1 }`, 0, 1},
		{"constant bound", `for k := 0; k < 16; k++ { x[k] += 1 }`, 0, 0},
		{"constant bound <=", `for k := 0; k <= 64; k++ { x[k] += 1 }`, 1, 0},
		{"constant bounds <=", `for k := 2; k <= 64; k++ { x[k] += 1 }`, 0, 0},
		{"range constant", `for k := range 64 { x[k] += 1 }`, 0, 0},
		{"range array", `var a [8]float32; for k := range a { x[k] += a[k] }`, 0, 0},
		{"range slice", `for k := range x { x[k] += 1 }`, 1, 0},
		{"too long", `for k := 0; k < 65; k++ { x[k] += 1 }`, 0, 1},
		{"nested within the budget", `for i := 0; i < 8; i++ { for k := 0; k < 8; k++ { x[k] += 1 } }`, 0, 0},
		{"nested beyond the budget", `for i := 0; i < 16; i++ { for k := 0; k < 16; k++ { x[k] += 1 } }`, 0, 1},
		{"short inside a strip loop", `for i := 0; i < n; i++ { for k := 0; k < 16; k++ { x[k] += 1 } }`, 0, 1},
		{"counter assigned in the body", `for k := 0; k < 16; k++ { k += n }`, 1, 0},
		{"counter's address taken", `for k := 0; k < 16; k++ { p := &k; *p = 3 }`, 1, 0},
		{"another variable incremented", `j := 0; for k := 0; k < 16; j++ { x[j] = 1 }`, 1, 0},
		{"decrementing", `for k := 16; k < 32; k-- { x[0] = 1 }`, 1, 0},
		{"start a parameter", `for k := n; k < 100000; k++ { x[0] = 1 }`, 0, 1},
		{"bound a local", `m := n * 2; for k := 0; k < m; k++ { x[0] = 1 }`, 1, 0},
		{"bound a parameter assigned", `n++; for k := 0; k < n; k++ { x[0] = 1 }`, 1, 0},
		{"bound an expression", `for k := 0; k < len(x); k++ { x[k] = 1 }`, 1, 0},
		{"break", `for k := 0; k < n; k++ { if x[k] > 0 { break } }`, 1, 0},
		{"break of an inner loop", `for k := 0; k < n; k++ { for j := range x { if j > k { break } } }`, 1, 1},
		{"continue", `for k := 0; k < n; k++ { if x[k] > 0 { continue }; x[k] = 1 }`, 0, 1},
		{"return", `for k := 0; k < n; k++ { if x[k] > 0 { return } }`, 0, 1},
	} {
		t.Run(c.name, func(t *testing.T) {
			src := "//ka:kernel\n//ka:cancel\nfunc K(it ka.Item, n int, x []float32) {\n" + c.body + "\n}\n"
			fn, err := generate(t, imp, src)
			require.NoError(t, err)
			require.NotNil(t, fn)
			assert.Equal(t, c.counters, strings.Count(fn.Source, "stopn++"), "%s", fn.Source)
			assert.Equal(t, c.strips, strings.Count(fn.Source, "kernel.StripEnd(")/2, "%s", fn.Source)
			compiles(t, imp, "", fn)
		})
	}
}
