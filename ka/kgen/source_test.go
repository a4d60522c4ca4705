package kgen

import (
	"os"
	"testing"
	"testing/fstest"

	"github.com/stretchr/testify/assert"

	"github.com/kago-dev/kago/ka/driver"
)

const declSrc = `package p

import "github.com/kago-dev/kago/ka"

// Tile is a constant.
const Tile = 16

const (
	A = iota
	B
)

var x, y = 1, struct{ a int }{2}

type (
	Vec struct{ X, Y float32 }
	Num interface{ ~int | ~float32 }
)

type T[E any] struct{ e E }

func (v Vec) Add(w Vec) Vec { return Vec{v.X + w.X, v.Y + w.Y} }

func (t *T[E]) Get() E { return t.e }

//ka:kernel
func K(it ka.Item, x []float32) {
	s := "func F() {}"
	_ = s
	if i := it.Global(); i < len(x) { x[i] *= Tile }
}

func R() struct{ a int } { return struct{ a int }{} }
`

// TestDeclTokens checks the declarations DeclTokens finds by name, and
// that comments and spacing do not change their tokens while code does.
func TestDeclTokens(t *testing.T) {
	d := DeclTokens([]byte(declSrc))
	for _, n := range []string{"Tile", "A", "B", "x", "y", "Vec", "Num", "T", "Vec.Add", "T.Get", "K", "R"} {
		assert.Contains(t, d, n)
	}
	assert.NotContains(t, d, "F", "a func inside a string is no declaration")
	assert.Equal(t, d["A"], d["B"], "a const group counts as a whole")
	assert.Contains(t, d["K"], "Tile")
	assert.NotContains(t, d["K"], "func\nIDENT R", "a declaration ends at its body's brace")

	respaced := DeclTokens([]byte(replace(declSrc, "if i := it.Global(); i < len(x) { x[i] *= Tile }", "// a comment\n\tif i := it.Global(); i < len(x) {\n\t\tx[i] *= Tile // more\n\t}")))
	assert.Equal(t, d["K"], respaced["K"], "comments and line breaks inside braces do not count")
	edited := DeclTokens([]byte(replace(declSrc, "x[i] *= Tile", "x[i] += Tile")))
	assert.NotEqual(t, d["K"], edited["K"], "an edit of the body counts")
	assert.Equal(t, d["Vec.Add"], edited["Vec.Add"])

	h, missing := sourceHash(map[string][]byte{"p.go": []byte(declSrc)}, []string{"K", "Tile"})
	assert.Empty(t, missing)
	h2, _ := sourceHash(map[string][]byte{"p.go": []byte(replace(declSrc, "const Tile = 16", "const Tile = 32"))}, []string{"K", "Tile"})
	assert.NotEqual(t, h, h2, "a constant the kernel uses counts")
	_, missing = sourceHash(map[string][]byte{"p.go": []byte(declSrc)}, []string{"K", "Gone"})
	assert.Equal(t, []string{"Gone"}, missing)
}

// sourceHash is HashDecls over the declarations of files.
func sourceHash(files map[string][]byte, names []string) (string, []string) {
	return HashDecls(AllDecls(files), names)
}

// TestDeclTokensHostile feeds DeclTokens sources that do not parse, and a
// grouped var whose value names another declaration: it must not panic,
// and only names a spec declares are declarations.
func TestDeclTokensHostile(t *testing.T) {
	for _, src := range []string{"", "package", "func", "func (", "func (x", "func (x T", "type (", "type (A", "const ( A = (", "var", "var (", "var ( a,", "func F() { {", "}}}", "type T struct{ a int", "\x00\xff\"unterminated"} {
		assert.NotPanics(t, func() { DeclTokens([]byte(src)) }, "%q", src)
	}
	d := DeclTokens([]byte("package p\n\nfunc z() int { return 1 }\n\nvar (\n\tx, y = 1, z()\n)\n"))
	assert.Contains(t, d, "x")
	assert.Contains(t, d, "y")
	assert.Contains(t, d["z"], "func", "z is the function, not a name in var's values")
}

func replace(s, old, new string) string {
	for i := 0; i+len(old) <= len(s); i++ {
		if s[i:i+len(old)] == old {
			return s[:i] + new + s[i+len(old):]
		}
	}
	panic("no " + old)
}

// BenchmarkSourceHash is the staleness check's cost at a kernel's first
// NewKernel: the hash of a kernel's declarations over the corpus's
// largest source file.
func BenchmarkSourceHash(b *testing.B) {
	src, err := os.ReadFile("../../internal/corpus/kernels.go")
	if err != nil {
		b.Skip(err)
	}
	files := map[string][]byte{"kernels.go": src}
	b.SetBytes(int64(len(src)))
	for b.Loop() {
		sourceHash(files, []string{"Saxpy"})
	}
}

// TestCheckSource checks the check NewKernel makes: fresh code passes,
// an edited declaration or a removed one is an error naming the kernel,
// and KAGO_STALE=ok lets stale code run.
func TestCheckSource(t *testing.T) {
	hash, _ := sourceHash(map[string][]byte{"p.go": []byte(declSrc)}, []string{"K", "Tile"})
	spec := func(src string) *driver.KernelSpec {
		return &driver.KernelSpec{Name: "K", Source: &driver.Source{Files: fstest.MapFS{"p.go": {Data: []byte(src)}}, Names: []string{"K", "Tile"}, Hash: hash}}
	}
	assert.NoError(t, CheckSource(spec(declSrc)))
	assert.NoError(t, CheckSource(&driver.KernelSpec{Name: "J"}), "no record: the JIT's and reflection's kernels")
	err := CheckSource(spec(replace(declSrc, "const Tile = 16", "const Tile = 8")))
	assert.ErrorIs(t, err, driver.ErrInvalid)
	assert.ErrorContains(t, err, "kernel K: its generated code is stale: its source (K, Tile) changed since go generate; run go generate")
	err = CheckSource(spec(replace(declSrc, "const Tile = 16", "")))
	assert.ErrorContains(t, err, "Tile, which the source no longer declares")
	t.Setenv("KAGO_STALE", "ok")
	assert.NoError(t, CheckSource(spec(replace(declSrc, "const Tile = 16", "const Tile = 8"))))
}
