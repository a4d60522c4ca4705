package jit

import (
	"reflect"
	"testing"

	"github.com/kago-dev/kago/internal/corpus"
	"github.com/kago-dev/kago/ka"
	"github.com/kago-dev/kago/ka/driver"
)

// TestCompileCorpus compiles a plain and a generic corpus kernel from
// source, then again from the cache, and checks the specs.
func TestCompileCorpus(t *testing.T) {
	c := &Compiler{Dir: "../internal/corpus", CacheDir: t.TempDir()}
	for _, tc := range []struct {
		fn            any
		name, entry   string
		wantFirstType driver.ScalarType
	}{
		{corpus.Saxpy, "github.com/kago-dev/kago/internal/corpus.Saxpy", "Saxpy", driver.Float32},
		{corpus.Scale[float64], "github.com/kago-dev/kago/internal/corpus.Scale[...]", "Scale_float64", driver.Float64},
	} {
		for round := 0; round < 2; round++ { // compile, then hit the cache
			spec, err := c.Compile(tc.fn, tc.name, reflect.TypeOf(tc.fn))
			if err != nil {
				t.Fatal(err)
			}
			if spec.Entry != tc.entry || spec.Params[0].Type != tc.wantFirstType || spec.Native != nil {
				t.Errorf("round %d: got entry %s params %v native %v", round, spec.Entry, spec.Params, spec.Native != nil)
			}
			if len(spec.Code[driver.OpenCLC]) == 0 {
				t.Errorf("round %d: %s: no OpenCL C", round, tc.entry)
			}
		}
	}
}

// TestSplitSymbol checks symbol names as runtime.FuncForPC gives them.
func TestSplitSymbol(t *testing.T) {
	for in, want := range map[string][2]string{
		"example.com/m/pkg.Saxpy":      {"example.com/m/pkg", "Saxpy"},
		"main.Scale[...]":              {"main", "Scale[...]"},
		"example.com/a.b/c.Scale[...]": {"example.com/a.b/c", "Scale[...]"},
	} {
		p, k, err := splitSymbol(in)
		if err != nil || p != want[0] || k != want[1] {
			t.Errorf("splitSymbol(%q) = %q, %q, %v; want %q", in, p, k, err, want)
		}
	}
}

var _ ka.Compiler = (*Compiler)(nil)
