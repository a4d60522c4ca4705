package codegen

// This file finds instance sites: places where the package's generic
// functions name one of its generic kernels with type arguments that are
// type parameters (ka.NewKernel(dev, CopyKernel[T]) in func Copy[T]). Go
// passes such a kernel as a closure at that position, which the runtime
// resolves to the instance with kgen.RegisterInstanceSite's table
// (ka/kgen/wrappers.go).

import (
	"go/ast"
	"go/types"
	"path/filepath"
	"slices"
	"sort"
)

// InstanceSite is one place where a generic kernel is named with type
// parameters.
type InstanceSite struct {
	// File is the base name of the file, Line the line of the kernel's
	// name.
	File string
	Line int
	// Kernel is the generic kernel's symbol as the runtime names it
	// ("example.com/m/pkg.CopyKernel", "main.CopyKernel").
	Kernel string
}

// InstanceSites returns the package's instance sites, in source order.
func (p *Package) InstanceSites() []InstanceSite {
	if p.info == nil {
		return nil
	}
	marked := map[types.Object]bool{}
	for _, f := range p.files {
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && fd.Recv == nil && fd.Type.TypeParams != nil && hasKernelDirective(fd.Doc) {
				marked[p.info.Defs[fd.Name]] = true
			}
		}
	}
	pkgSym := p.Path
	if p.Name == "main" {
		pkgSym = "main"
	}
	var sites []InstanceSite
	seen := map[InstanceSite]bool{}
	for id, inst := range p.info.Instances {
		if !marked[p.info.Uses[id]] || !slices.ContainsFunc(slices.Collect(inst.TypeArgs.Types()), hasTypeParam) {
			continue
		}
		pos := p.Fset.Position(id.Pos())
		if base := filepath.Base(pos.Filename); base == GeneratedFile || base == instancesFile {
			continue
		}
		s := InstanceSite{File: filepath.Base(pos.Filename), Line: pos.Line, Kernel: pkgSym + "." + id.Name}
		if !seen[s] {
			seen[s] = true
			sites = append(sites, s)
		}
	}
	sort.Slice(sites, func(i, j int) bool {
		a, b := sites[i], sites[j]
		if a.File != b.File {
			return a.File < b.File
		}
		if a.Line != b.Line {
			return a.Line < b.Line
		}
		return a.Kernel < b.Kernel
	})
	return sites
}
