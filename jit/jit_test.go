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
	"github.com/kago-dev/kago/ka/kgen"
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
			require.NoError(t, err)
			assert.Equal(t, tc.entry, spec.Entry, "round %d: entry", round)
			if assert.NotEmpty(t, spec.Params, "round %d: params", round) {
				assert.Equal(t, tc.wantFirstType, spec.Params[0].Type, "round %d: params %v", round, spec.Params)
			}
			assert.Nil(t, spec.Native, "round %d: native", round)
			code, _ := spec.Code.(driver.CodeMap)
			assert.NotEmpty(t, code[driver.OpenCLC], "round %d: %s: no OpenCL C", round, tc.entry)
			if round == 1 {
				got := string(code[driver.OpenCLC])
				assert.Equal(t, "from the cache", got, "round 1: %s: OpenCL C %.40q..., want the marked cache entry", tc.entry, got)
				continue
			}
			// The cache holds the same spec; mark it to see it come back.
			_, files, err := c.findPackage("github.com/kago-dev/kago/internal/corpus")
			require.NoError(t, err)
			_, kernel, _ := splitSymbol(tc.name)
			key, err := cacheKey(files, strings.TrimSuffix(kernel, "[...]"), typ)
			require.NoError(t, err)
			cached := c.load(key)
			require.Equal(t, spec, cached, "%s: cached spec, then compiled", tc.entry)
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
		if assert.NoError(t, err, "splitSymbol(%q)", in) {
			assert.Equal(t, want, [2]string{p, k}, "splitSymbol(%q)", in)
		}
	}
}

var _ kgen.Compiler = (*Compiler)(nil)

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
