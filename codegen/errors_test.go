package codegen_test

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kago-dev/kago/codegen"
)

// TestErrors compiles testdata/errors, a package of kernels that each use
// something kernels cannot, and matches the diagnostics against the
// "// ERROR: text" comments: every marked line must get a diagnostic that
// contains its text and names a kernel, and no unmarked line may get one.
func TestErrors(t *testing.T) {
	p, err := codegen.Load(codegen.Config{Dir: "testdata"}, "./errors")
	require.NoError(t, err)
	_, err = p.Compile()
	var list codegen.ErrorList
	require.ErrorAs(t, err, &list, "Compile; want an ErrorList")
	want := expectedErrors(t, filepath.Join("testdata", "errors", "errors.go"))
	assert.GreaterOrEqual(t, len(want), 20, "expected errors; want at least 20 programs")
	got := map[int][]string{}
	for _, e := range list {
		if !assert.Equal(t, "errors.go", filepath.Base(e.Pos.Filename), "diagnostic outside errors.go: %v", e) {
			continue
		}
		assert.NotEmpty(t, e.Kernel, "diagnostic without a kernel: %v", e)
		assert.Truef(t, strings.HasPrefix(e.Error(), fmt.Sprintf("%s:%d:%d: kernel %s: ", e.Pos.Filename, e.Pos.Line, e.Pos.Column, e.Kernel)),
			"diagnostic not in file:line:col: kernel K: form: %q", e.Error())
		got[e.Pos.Line] = append(got[e.Pos.Line], e.Msg)
	}
	lines := make([]int, 0, len(want))
	for l := range want {
		lines = append(lines, l)
	}
	sort.Ints(lines)
	for _, l := range lines {
		found := false
		for _, m := range got[l] {
			found = found || strings.Contains(m, want[l])
		}
		assert.Truef(t, found, "errors.go:%d: want a diagnostic containing %q, got %q", l, want[l], got[l])
	}
	for l, msgs := range got {
		assert.Contains(t, want, l, "errors.go:%d: unexpected diagnostics %q", l, msgs)
	}
}

var errorComment = regexp.MustCompile(`// ERROR: (.*)$`)

// expectedErrors maps line numbers to the text of their ERROR comments.
func expectedErrors(t *testing.T, path string) map[int]string {
	src, err := os.ReadFile(path)
	require.NoError(t, err)
	want := map[int]string{}
	for i, line := range strings.Split(string(src), "\n") {
		if m := errorComment.FindStringSubmatch(line); m != nil {
			want[i+1] = strings.TrimSpace(m[1])
		}
	}
	return want
}
