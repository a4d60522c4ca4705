package codegen_test

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/kago-dev/kago/codegen"
)

// TestErrors compiles testdata/errors, a package of kernels that each use
// something kernels cannot, and matches the diagnostics against the
// "// ERROR: text" comments: every marked line must get a diagnostic that
// contains its text and names a kernel, and no unmarked line may get one.
func TestErrors(t *testing.T) {
	p, err := codegen.Load(codegen.Config{Dir: "testdata"}, "./errors")
	if err != nil {
		t.Fatal(err)
	}
	_, err = p.Compile()
	var list codegen.ErrorList
	if !errors.As(err, &list) {
		t.Fatalf("Compile: got %v, want an ErrorList", err)
	}
	want := expectedErrors(t, filepath.Join("testdata", "errors", "errors.go"))
	if len(want) < 20 {
		t.Errorf("only %d expected errors; the issue asks for at least 20 programs", len(want))
	}
	got := map[int][]string{}
	for _, e := range list {
		if filepath.Base(e.Pos.Filename) != "errors.go" {
			t.Errorf("diagnostic outside errors.go: %v", e)
			continue
		}
		if e.Kernel == "" {
			t.Errorf("diagnostic without a kernel: %v", e)
		}
		if !strings.HasPrefix(e.Error(), fmt.Sprintf("%s:%d:%d: kernel %s: ", e.Pos.Filename, e.Pos.Line, e.Pos.Column, e.Kernel)) {
			t.Errorf("diagnostic not in file:line:col: kernel K: form: %q", e.Error())
		}
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
		if !found {
			t.Errorf("errors.go:%d: want a diagnostic containing %q, got %q", l, want[l], got[l])
		}
	}
	for l, msgs := range got {
		if _, ok := want[l]; !ok {
			t.Errorf("errors.go:%d: unexpected diagnostics %q", l, msgs)
		}
	}
}

var errorComment = regexp.MustCompile(`// ERROR: (.*)$`)

// expectedErrors maps line numbers to the text of their ERROR comments.
func expectedErrors(t *testing.T, path string) map[int]string {
	src, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	want := map[int]string{}
	for i, line := range strings.Split(string(src), "\n") {
		if m := errorComment.FindStringSubmatch(line); m != nil {
			want[i+1] = strings.TrimSpace(m[1])
		}
	}
	return want
}
