package codegen_test

import (
	"errors"
	"fmt"
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/kago-dev/kago/codegen"
	"github.com/kago-dev/kago/codegen/groupfn"
	"github.com/kago-dev/kago/ka"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// itemUse returns a statement that calls the ka.Item method m and stores
// what it returns in x[0], from m's signature; "" for a signature it does
// not know.
func itemUse(m reflect.Method) string {
	t := m.Type // with the receiver first
	arg := ""
	switch {
	case t.NumIn() == 2 && t.In(1).Kind() == reflect.Int:
		arg = "1" // a dimension
	case t.NumIn() != 1:
		return ""
	}
	call := "it." + m.Name + "(" + arg + ")"
	switch {
	case t.NumOut() == 0:
		return call
	case t.NumOut() == 1 && t.Out(0).Kind() == reflect.Int:
		return "x[0] = int32(" + call + ")"
	case t.NumOut() == 1 && t.Out(0).Kind() == reflect.Bool:
		return "if " + call + " { x[0] = 1 }"
	case t.NumOut() == 2:
		return "a, b := " + call + "\n\tx[0] = int32(a + b)"
	case t.NumOut() == 3:
		return "a, b, c := " + call + "\n\tx[0] = int32(a + b + c)"
	}
	return ""
}

// TestItemMethods checks that every method of ka.Item reaches every
// place a new one needs: the front end lowers it (codegen/intrinsics.go,
// subgroups.go) to IR the verifier accepts after every pass, the three
// emitters translate it, spirv-val accepts the SPIR-V and the PTX
// simulator parses the PTX, and codegen/groupfn rewrites it, unless it is
// in groupfn.UnsupportedItemMethods, and then refuses it with the reason
// given there.
func TestItemMethods(t *testing.T) {
	fset := token.NewFileSet()
	imp := importer.ForCompiler(fset, "gc", exportData(t, "github.com/kago-dev/kago/ka"))
	val := newSPIRVValidator(t)
	item := reflect.TypeOf(ka.Item{})
	methods := map[string]bool{}
	for i := range item.NumMethod() {
		m := item.Method(i)
		methods[m.Name] = true
		t.Run(m.Name, func(t *testing.T) {
			use := itemUse(m)
			require.NotEmpty(t, use, "no kernel for the signature %s of ka.Item.%s: add one to itemUse", m.Type, m.Name)
			src := fmt.Sprintf("package p\n\nimport \"github.com/kago-dev/kago/ka\"\n\n//ka:kernel\nfunc Use%s(it ka.Item, x []int32) {\n\t%s\n}\n", m.Name, use)
			path := filepath.Join(t.TempDir(), "use.go") // groupfn reads the source
			require.NoError(t, os.WriteFile(path, []byte(src), 0o644))
			file, err := parser.ParseFile(fset, path, src, parser.ParseComments)
			require.NoError(t, err, src)
			p, err := codegen.LoadFiles(codegen.Config{}, fset, imp, file)
			require.NoError(t, err, src)
			kernels, err := p.Compile()
			require.NoError(t, err, "the front end does not lower it.%s:\n%s", m.Name, src)
			require.Len(t, kernels, 1)
			emitAll(t, kernels[0], val)

			_, info, pkg := p.Syntax()
			fd := file.Decls[len(file.Decls)-1].(*ast.FuncDecl)
			_, err = groupfn.Generate(fset, info, pkg, fd)
			if why, ok := groupfn.UnsupportedItemMethods[m.Name]; ok {
				var refused *groupfn.Refused
				require.True(t, errors.As(err, &refused), "groupfn lists it.%s as unsupported but rewrites it", m.Name)
				assert.Contains(t, refused.Reason, why)
				return
			}
			require.NoError(t, err, "groupfn does not rewrite it.%s (or list it in UnsupportedItemMethods)", m.Name)
		})
	}
	for m := range groupfn.UnsupportedItemMethods {
		assert.True(t, methods[m], "groupfn.UnsupportedItemMethods lists %s, which ka.Item does not have", m)
	}
}
