package codegen_test

import (
	"errors"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kago-dev/kago/codegen"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestSubgroupErrors compiles testdata/sgerrors: a subgroup exchange under
// a branch or in a loop that depends on the work-item is refused (the
// ERROR lines), and one under a uniform condition compiles.
func TestSubgroupErrors(t *testing.T) {
	p, err := codegen.Load(codegen.Config{Dir: "testdata"}, "./sgerrors")
	require.NoError(t, err)
	_, err = p.Compile()
	var list codegen.ErrorList
	require.True(t, errors.As(err, &list), "Compile: got %v, want an ErrorList", err)
	want := expectedErrors(t, filepath.Join("testdata", "sgerrors", "errors.go"))
	got := map[int][]string{}
	for _, e := range list {
		got[e.Pos.Line] = append(got[e.Pos.Line], e.Msg)
		assert.NotEqual(t, "Uniform", e.Kernel, "the uniform kernel must compile: %v", e)
	}
	for l, w := range want {
		found := false
		for _, m := range got[l] {
			found = found || strings.Contains(m, w)
		}
		assert.True(t, found, "errors.go:%d: want a diagnostic containing %q, got %q", l, w, got[l])
	}
	for l, msgs := range got {
		_, ok := want[l]
		assert.True(t, ok, "errors.go:%d: unexpected diagnostics %q", l, msgs)
	}
}
