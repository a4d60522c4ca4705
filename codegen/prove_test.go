package codegen_test

import (
	"bufio"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kago-dev/kago/codegen"
	"github.com/kago-dev/kago/ka/driver"
)

var checksComment = regexp.MustCompile(`// checks: (\d+)`)

// TestProve compiles testdata/prove and compares the index checks left on
// each line (the kernels' FaultIndex sites) with its "// checks: N"
// comment: the front end leaves out the checks it proves redundant and
// keeps every other one, where elimination would be wrong included.
func TestProve(t *testing.T) {
	p, err := codegen.Load(codegen.Config{Dir: "testdata"}, "./prove")
	require.NoError(t, err)
	kernels, err := p.Compile()
	require.NoError(t, err)
	got := map[int]int{}
	for _, k := range kernels {
		for _, s := range k.Faults {
			if s.Kind == driver.FaultIndex {
				require.Equal(t, "prove.go", filepath.Base(s.File))
				got[s.Line]++
			}
		}
	}
	want := map[int]int{}
	f, err := os.Open(filepath.Join("testdata", "prove", "prove.go"))
	require.NoError(t, err)
	defer f.Close()
	sc := bufio.NewScanner(f)
	for line := 1; sc.Scan(); line++ {
		if m := checksComment.FindStringSubmatch(sc.Text()); m != nil {
			n, err := strconv.Atoi(m[1])
			require.NoError(t, err)
			want[line] = n
		}
	}
	require.NoError(t, sc.Err())
	require.Len(t, want, 44)
	for line, n := range want {
		assert.Equal(t, n, got[line], "prove.go:%d: index checks", line)
	}
	for line, n := range got {
		assert.Contains(t, want, line, "prove.go:%d: %d index checks on a line without a checks comment", line, n)
	}
}
