package jit

// This file compiles the kernel behind an instantiation wrapper: a generic
// kernel named inside a generic function (ka.NewKernel(dev, CopyKernel[T]))
// reaches the registry as Go's closure, whose symbol is the enclosing
// function's. The closure's position is that of the expression
// CopyKernel[T]: the source there names the generic kernel, and the
// closure's type gives the type arguments (ka/kgen/wrappers.go).

import (
	"errors"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"

	"github.com/kago-dev/kago/ka/driver"
	"golang.org/x/tools/go/packages"
)

// CompileWrapper implements kgen.WrapperCompiler: it reads file at line
// for the generic functions named there with type arguments (CopyKernel[T],
// kern.CopyKernel[T]) and compiles the instance of the first that is a
// kernel of type typ.
func (c *Compiler) CompileWrapper(fn any, name, file string, line int, typ reflect.Type) (*driver.KernelSpec, error) {
	syms, err := namedAt(file, line)
	if err != nil {
		return nil, err
	}
	if len(syms) == 0 {
		return nil, fmt.Errorf("jit: %s is a closure, and %s:%d names no generic function with type arguments: kernels are top-level functions", name, file, line)
	}
	var errs []error
	for _, sym := range syms {
		spec, err := c.Compile(fn, sym+"[...]", typ)
		if err == nil {
			return spec, nil
		}
		errs = append(errs, err)
	}
	return nil, errors.Join(errs...)
}

// namedAt returns the symbols ("example.com/m/pkg.CopyKernel", or
// "main.CopyKernel" in a command) of the functions that file names with
// type arguments at line.
func namedAt(file string, line int) ([]string, error) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, file, nil, parser.SkipObjectResolution)
	if err != nil {
		return nil, fmt.Errorf("jit: reading the source of a generic kernel's instantiation (the JIT needs the source): %w", err)
	}
	imports := map[string]string{}
	for _, im := range f.Imports {
		path, _ := strconv.Unquote(im.Path.Value)
		n := path[strings.LastIndexByte(path, '/')+1:]
		if im.Name != nil {
			n = im.Name.Name
		}
		imports[n] = path
	}
	var own string // the file's package, found on first use
	var syms []string
	ast.Inspect(f, func(n ast.Node) bool {
		var x ast.Expr
		switch e := n.(type) {
		case *ast.IndexExpr:
			x = e.X
		case *ast.IndexListExpr:
			x = e.X
		default:
			return true
		}
		if fset.Position(x.Pos()).Line != line {
			return true
		}
		switch x := x.(type) {
		case *ast.Ident:
			if own == "" {
				own = packageOf(file, f.Name.Name)
			}
			syms = append(syms, own+"."+x.Name)
		case *ast.SelectorExpr:
			if p, ok := x.X.(*ast.Ident); ok && imports[p.Name] != "" {
				syms = append(syms, imports[p.Name]+"."+x.Sel.Name)
			}
		}
		return true
	})
	return syms, nil
}

// packageOf returns the import path of the package of file, "main" for a
// command, as runtime symbols name it.
func packageOf(file, name string) string {
	if name == "main" {
		return "main"
	}
	cfg := &packages.Config{Mode: packages.NeedName, Dir: filepath.Dir(file)}
	pkgs, err := packages.Load(cfg, ".")
	if err != nil || len(pkgs) != 1 {
		return name
	}
	return pkgs[0].PkgPath
}
