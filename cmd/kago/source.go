package main

import (
	"fmt"
	"go/ast"
	"go/types"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"

	"github.com/kago-dev/kago/codegen"
	"github.com/kago-dev/kago/ka/kgen"
)

// This file records what each kernel's generated code was generated
// from, for the staleness check at NewKernel (ka/kgen/source.go): the
// declarations of the package that the kernel follows from, the files that
// hold them, which the generated file embeds, and the hash of their tokens.

// sourceRecord is one kernel function's record.
type sourceRecord struct {
	names []string // sorted, as kgen.HashDecls takes them
	files []string // base names
	hash  string
}

// sourceIndex is what the records of a package's kernels are made from,
// built once: the package's declarations by kgen.DeclTokens' names, the
// file of each, and the tokens of every declaration of its files.
type sourceIndex struct {
	info   *types.Info
	pkg    *types.Package
	decls  map[string]ast.Node
	fileOf map[ast.Node]string // base names
	tokens map[string]string   // kgen.AllDecls of the package's files
}

func newSourceIndex(p *codegen.Package) (*sourceIndex, error) {
	files, info, pkg := p.Syntax()
	ix := &sourceIndex{info: info, pkg: pkg, decls: map[string]ast.Node{}, fileOf: map[ast.Node]string{}}
	contents := map[string][]byte{}
	for _, f := range files {
		file := filepath.Base(p.Fset.File(f.Pos()).Name())
		if file == codegen.GeneratedFile {
			continue // its loaded form is a stub; no kernel uses it
		}
		b, err := os.ReadFile(filepath.Join(p.Dir, file))
		if err != nil {
			return nil, err
		}
		contents[file] = b
		for _, d := range f.Decls {
			switch d := d.(type) {
			case *ast.FuncDecl:
				ix.decls[funcKey(d)], ix.fileOf[d] = d, file
			case *ast.GenDecl:
				for _, s := range d.Specs {
					switch s := s.(type) {
					case *ast.TypeSpec:
						ix.decls[s.Name.Name], ix.fileOf[s] = s, file
					case *ast.ValueSpec:
						for _, n := range s.Names {
							ix.decls[n.Name], ix.fileOf[s] = s, file
						}
					}
				}
			}
		}
	}
	ix.tokens = kgen.AllDecls(contents)
	return ix, nil
}

// record returns the record of the kernel function name.
func (ix *sourceIndex) record(name string) (*sourceRecord, error) {
	root, ok := ix.decls[name]
	if !ok {
		return nil, fmt.Errorf("kernel %s: no declaration of it", name)
	}
	used := map[string]bool{}
	var visit func(key string, n ast.Node)
	visit = func(key string, n ast.Node) {
		if used[key] {
			return
		}
		used[key] = true
		ast.Inspect(n, func(m ast.Node) bool {
			id, ok := m.(*ast.Ident)
			if !ok {
				return true
			}
			obj := ix.info.Uses[id]
			if obj == nil || obj.Pkg() != ix.pkg {
				return true
			}
			k := objKey(obj)
			if d, ok := ix.decls[k]; ok && k != "" {
				visit(k, d)
			}
			return true
		})
	}
	visit(name, root)
	src := &sourceRecord{}
	fileSet := map[string]bool{}
	for k := range used {
		src.names = append(src.names, k)
		if f := ix.fileOf[ix.decls[k]]; !fileSet[f] {
			fileSet[f] = true
			src.files = append(src.files, f)
		}
	}
	sort.Strings(src.names)
	sort.Strings(src.files)
	var missing []string
	src.hash, missing = kgen.HashDecls(ix.tokens, src.names)
	if len(missing) > 0 {
		return nil, fmt.Errorf("internal error: kernel %s: the staleness check finds no declaration of %s", name, strings.Join(missing, ", "))
	}
	return src, nil
}

// funcKey is kgen.DeclTokens' name of a function or method: "F", "T.M".
func funcKey(d *ast.FuncDecl) string {
	if d.Recv == nil || len(d.Recv.List) == 0 {
		return d.Name.Name
	}
	t := d.Recv.List[0].Type
	for {
		switch x := t.(type) {
		case *ast.StarExpr:
			t = x.X
			continue
		case *ast.IndexExpr:
			t = x.X
			continue
		case *ast.IndexListExpr:
			t = x.X
			continue
		case *ast.ParenExpr:
			t = x.X
			continue
		}
		break
	}
	if id, ok := t.(*ast.Ident); ok {
		return id.Name + "." + d.Name.Name
	}
	return d.Name.Name
}

// objKey is the name of obj's declaration, "" for objects that are not
// package-level declarations of their package (locals, fields,
// parameters).
func objKey(obj types.Object) string {
	if f, ok := obj.(*types.Func); ok {
		f = f.Origin()
		if recv := f.Signature().Recv(); recv != nil {
			t := recv.Type()
			if p, ok := t.(*types.Pointer); ok {
				t = p.Elem()
			}
			if n, ok := types.Unalias(t).(*types.Named); ok {
				return n.Origin().Obj().Name() + "." + f.Name()
			}
			return ""
		}
		obj = f
	}
	if obj.Parent() == nil || obj.Pkg() == nil || obj.Parent() != obj.Pkg().Scope() {
		return ""
	}
	return obj.Name()
}

// sourceExpr is the driver.Source of src in the generated file.
func sourceExpr(src *sourceRecord) string {
	names := make([]string, len(src.names))
	for i, n := range src.names {
		names[i] = strconv.Quote(n)
	}
	return fmt.Sprintf("&driver.Source{Files: kagoKernelSource, Names: []string{%s}, Hash: %q}", strings.Join(names, ", "), src.hash)
}

// writeSourceFS declares kagoKernelSource, the embedded files of every kernel's
// record.
func writeSourceFS(b *strings.Builder, srcs map[string]*sourceRecord) {
	set := map[string]bool{}
	for _, s := range srcs {
		for _, f := range s.files {
			set[f] = true
		}
	}
	files := make([]string, 0, len(set))
	for f := range set {
		files = append(files, f)
	}
	sort.Strings(files)
	b.WriteString("// kagoKernelSource holds the source files the kernels were generated from, so\n")
	b.WriteString("// that NewKernel can tell that the code below is not stale (kgen.CheckSource).\n")
	fmt.Fprintf(b, "//\n//go:embed %s\nvar kagoKernelSource embed.FS\n\n", strings.Join(files, " "))
}
