package main

// Group functions: for each kernel function, kago gen writes a Go function
// that runs a whole work-group as loops over its work-items (package
// codegen/groupfn), registered as KernelSpec.Group for the native backend.
// Kernels the transformation refuses get a comment saying why, and run a
// work-item at a time as before.

import (
	"bytes"
	"errors"
	"go/ast"
	"strings"

	"github.com/kago-dev/kago/codegen"
	"github.com/kago-dev/kago/codegen/groupfn"
)

// groupFunc is the group function of a kernel function, or why there is
// none.
type groupFunc struct {
	fn      *groupfn.Func
	refused *groupfn.Refused
}

// originName is the name of a kernel's function: "Scale" for
// "Scale[float32]".
func originName(name string) string {
	if i := strings.IndexByte(name, '['); i >= 0 {
		return name[:i]
	}
	return name
}

// groupFuncs makes the group function of every kernel function of p, by
// origin name.
func groupFuncs(p *codegen.Package, kernels []*codegen.Kernel) (map[string]*groupFunc, error) {
	files, info, pkg := p.Syntax()
	decls := map[string]*ast.FuncDecl{}
	for _, f := range files {
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && fd.Recv == nil {
				decls[fd.Name.Name] = fd
			}
		}
	}
	out := map[string]*groupFunc{}
	for _, k := range kernels {
		name := originName(k.Name)
		if out[name] != nil {
			continue
		}
		fd := decls[name]
		if fd == nil {
			continue
		}
		fn, err := groupfn.Generate(p.Fset, info, pkg, fd)
		var refused *groupfn.Refused
		switch {
		case errors.As(err, &refused):
			out[name] = &groupFunc{refused: refused}
		case err != nil:
			return nil, err
		default:
			out[name] = &groupFunc{fn: fn}
		}
	}
	return out, nil
}

// writeGroupFuncs writes the group functions, in the order of the kernels.
func writeGroupFuncs(b *bytes.Buffer, kernels []*codegen.Kernel, groups map[string]*groupFunc) {
	done := map[string]bool{}
	for _, k := range kernels {
		name := originName(k.Name)
		if g := groups[name]; g != nil && g.fn != nil && !done[name] {
			done[name] = true
			b.WriteString("\n" + g.fn.Source)
		}
	}
}
