package codegen_test

import (
	"go/importer"
	"go/parser"
	"go/token"
	"os"
	"testing"

	"github.com/kago-dev/kago/codegen"
)

// FuzzCompile feeds mutated kernel sources to the front end: each must give
// an error or kernels whose IR prints, never a panic. The seeds are the
// golden and error packages. make test runs it for a bounded time
// (go test ./codegen -run '^$' -fuzz FuzzCompile -fuzztime 20s).
func FuzzCompile(f *testing.F) {
	for _, path := range []string{"testdata/golden/golden.go", "testdata/errors/errors.go"} {
		src, err := os.ReadFile(path)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(string(src))
	}
	f.Add("package p\nimport \"github.com/kago-dev/kago/ka\"\n//ka:kernel\nfunc K(it ka.Item, x []int8) { for i := range x { x[i] >>= uint(i) } }\n")
	// One importer for every input: it reads export data once per package.
	fset := token.NewFileSet()
	imp := importer.ForCompiler(fset, "gc", nil)
	f.Fuzz(func(t *testing.T, src string) {
		file, err := parser.ParseFile(fset, "fuzz.go", src, parser.ParseComments)
		if err != nil {
			return
		}
		p, err := codegen.LoadFiles(codegen.Config{NoChecks: len(src)%2 == 0}, fset, imp, file)
		if err != nil {
			return
		}
		kernels, _ := p.Compile()
		for _, k := range kernels {
			_ = k.Module.String()
		}
	})
}
