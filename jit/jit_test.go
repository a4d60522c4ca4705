package jit

import (
	"reflect"
	"runtime"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kago-dev/kago/internal/corpus"
	"github.com/kago-dev/kago/ka/driver"
)

// TestCompileCorpus compiles a plain and a generic corpus kernel from
// source, then again from the cache, and checks the specs: the cache keeps
// every field, and the second Compile returns the cached entry.
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
		typ := reflect.TypeOf(tc.fn)
		for round := 0; round < 2; round++ { // compile, then hit the cache
			spec, err := c.Compile(tc.fn, tc.name, typ)
			if err != nil {
				t.Fatal(err)
			}
			if spec.Entry != tc.entry || spec.Params[0].Type != tc.wantFirstType || spec.Native != nil {
				t.Errorf("round %d: got entry %s params %v native %v", round, spec.Entry, spec.Params, spec.Native != nil)
			}
			code, _ := spec.Code.(driver.CodeMap)
			if len(code[driver.OpenCLC]) == 0 {
				t.Errorf("round %d: %s: no OpenCL C", round, tc.entry)
			}
			if round == 1 {
				if got := string(code[driver.OpenCLC]); got != "from the cache" {
					t.Errorf("round 1: %s: OpenCL C %.40q..., want the marked cache entry", tc.entry, got)
				}
				continue
			}
			// The cache holds the same spec; mark it to see it come back.
			_, files, err := c.findPackage("github.com/kago-dev/kago/internal/corpus")
			if err != nil {
				t.Fatal(err)
			}
			_, kernel, _ := splitSymbol(tc.name)
			key, err := cacheKey(files, strings.TrimSuffix(kernel, "[...]"), typ)
			if err != nil {
				t.Fatal(err)
			}
			cached := c.load(key)
			if !reflect.DeepEqual(cached, spec) {
				t.Fatalf("%s: cached spec %+v, compiled %+v", tc.entry, cached, spec)
			}
			cached.Code.(driver.CodeMap)[driver.OpenCLC] = []byte("from the cache")
			c.store(key, cached)
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

var _ driver.Compiler = (*Compiler)(nil)

// wrapperOf returns AddG[T] named inside a generic function: Go's
// instantiation wrapper, a closure, not the instance itself.
//
//go:noinline
func wrapperOf[T int32 | float32]() any { return corpus.AddG[T] }

// TestCompileWrapper compiles the instance behind a generic host
// function's wrapper from the source at its position.
func TestCompileWrapper(t *testing.T) {
	c := &Compiler{Dir: "../internal/corpus", CacheDir: "off"}
	fn := wrapperOf[float32]()
	pc := reflect.ValueOf(fn).Pointer()
	f := runtime.FuncForPC(pc)
	require.Contains(t, f.Name(), ".func", "Go passes a closure")
	file, line := f.FileLine(pc)
	spec, err := c.CompileWrapper(fn, f.Name(), file, line, reflect.TypeOf(fn))
	require.NoError(t, err)
	assert.Equal(t, "AddG_float32", spec.Entry)

	_, err = c.CompileWrapper(fn, f.Name(), file, line-3, reflect.TypeOf(fn))
	require.ErrorContains(t, err, "names no generic function with type arguments")
}
