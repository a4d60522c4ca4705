package codegen

// This file lets a package whose host code does not type-check still have
// its kernels compiled: kago gen needs only the kernels, and the host code
// under repair is often the very call of a typed launcher that the
// generated file is about to change. A type error inside the body of a
// function that no kernel uses is a warning: the function's body is
// replaced by a panic and the package is type-checked again. Anything
// else — a parse error, an error in a kernel or in what a kernel uses,
// outside a function body, or in another package — stops the load, each
// message once (go list's copy of the compiler's output is dropped when
// the type checker reports the same errors).

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"sort"
	"strings"

	"golang.org/x/tools/go/packages"
)

// loadErrors are the errors of p and its dependencies, each once.
func loadErrors(p *packages.Package) []packages.Error {
	var errs []packages.Error
	seen := map[string]bool{}
	hasTypeErrors := map[*packages.Package]bool{}
	packages.Visit([]*packages.Package{p}, nil, func(q *packages.Package) {
		for _, e := range q.Errors {
			if e.Kind == packages.TypeError {
				hasTypeErrors[q] = true
			}
		}
	})
	packages.Visit([]*packages.Package{p}, nil, func(q *packages.Package) {
		for _, e := range q.Errors {
			// go list's compile of the package prints what the type
			// checker reports again, as "# path" and the same lines.
			if e.Kind == packages.ListError && hasTypeErrors[q] && strings.HasPrefix(strings.TrimPrefix(e.Msg, "# "), q.PkgPath) {
				continue
			}
			if k := e.Error(); !seen[k] {
				seen[k] = true
				errs = append(errs, e)
			}
		}
	})
	return errs
}

// elideHostErrors replaces the bodies of the functions of p that hold
// errs with a panic, if that leaves every kernel and everything kernels
// use untouched, and returns the warnings to print; ok is false when the
// errors must stop the load, and why then says so when it is a kernel's
// use of a broken function.
func elideHostErrors(p *packages.Package, errs []packages.Error) (warnings []string, why string, ok bool) {
	if p.TypesInfo == nil || p.Types == nil {
		return nil, "", false
	}
	// The declaration each error is in: a function's body, or nothing.
	var funcs []*ast.FuncDecl
	for _, f := range p.Syntax {
		for _, d := range f.Decls {
			if fd, isFunc := d.(*ast.FuncDecl); isFunc && fd.Body != nil {
				funcs = append(funcs, fd)
			}
		}
	}
	for _, e := range errs {
		if e.Kind != packages.TypeError {
			return nil, "", false
		}
	}
	// The type checker's errors, with their positions (errs has them as
	// text): each must lie in a function's body.
	broken := map[*ast.FuncDecl]bool{}
	for _, e := range p.TypeErrors {
		var in *ast.FuncDecl
		for _, fd := range funcs {
			if fd.Body.Lbrace <= e.Pos && e.Pos <= fd.Body.Rbrace {
				in = fd
			}
		}
		if in == nil || hasKernelDirective(in.Doc) {
			return nil, "", false
		}
		broken[in] = true
		warnings = append(warnings, fmt.Sprintf("%s: %s (in %s, host code: its kernels are generated anyway)", e.Fset.Position(e.Pos), e.Msg, in.Name.Name))
	}
	if len(broken) == 0 {
		return nil, "", false
	}
	// No kernel may use a broken function, directly or through others.
	decl := map[types.Object]*ast.FuncDecl{}
	for _, fd := range funcs {
		if obj := p.TypesInfo.Defs[fd.Name]; obj != nil {
			decl[obj] = fd
		}
	}
	for _, fd := range funcs {
		if !hasKernelDirective(fd.Doc) {
			continue
		}
		if uses := usesBroken(p.TypesInfo, decl, broken, fd); uses != nil {
			return nil, fmt.Sprintf("kernel %s uses %s, which does not type-check", fd.Name.Name, uses.Name.Name), false
		}
	}
	for fd := range broken {
		fd.Body = &ast.BlockStmt{List: []ast.Stmt{&ast.ExprStmt{X: &ast.CallExpr{
			Fun:  ast.NewIdent("panic"),
			Args: []ast.Expr{&ast.BasicLit{Kind: token.STRING, Value: `"kago gen: this body does not type-check"`}},
		}}}}
	}
	// Type-check the files again, importing what the first check did.
	imports := map[string]*types.Package{}
	packages.Visit([]*packages.Package{p}, nil, func(q *packages.Package) {
		if q.Types != nil {
			imports[q.PkgPath] = q.Types
		}
	})
	info := &types.Info{
		Types: map[ast.Expr]types.TypeAndValue{}, Defs: map[*ast.Ident]types.Object{}, Uses: map[*ast.Ident]types.Object{},
		Implicits: map[ast.Node]types.Object{}, Instances: map[*ast.Ident]types.Instance{}, Scopes: map[ast.Node]*types.Scope{},
		Selections: map[*ast.SelectorExpr]*types.Selection{}, FileVersions: map[*ast.File]string{},
	}
	tc := &types.Config{Importer: importerFunc(func(path string) (*types.Package, error) {
		if q := imports[path]; q != nil {
			return q, nil
		}
		return nil, fmt.Errorf("kago gen: %s was not loaded", path)
	}), GoVersion: p.TypesInfo.FileVersions[p.Syntax[0]], Sizes: p.TypesSizes}
	pkg, err := tc.Check(p.PkgPath, p.Fset, p.Syntax, info)
	if err != nil {
		return nil, "", false
	}
	p.Types, p.TypesInfo, p.Errors, p.IllTyped = pkg, info, nil, false
	sort.Strings(warnings)
	return warnings, "", true
}

// usesBroken returns the broken function fd reaches through the
// package's functions it names, or nil.
func usesBroken(info *types.Info, decl map[types.Object]*ast.FuncDecl, broken map[*ast.FuncDecl]bool, fd *ast.FuncDecl) *ast.FuncDecl {
	seen := map[*ast.FuncDecl]bool{}
	var walk func(fd *ast.FuncDecl) *ast.FuncDecl
	walk = func(fd *ast.FuncDecl) *ast.FuncDecl {
		if broken[fd] {
			return fd
		}
		if seen[fd] {
			return nil
		}
		seen[fd] = true
		var found *ast.FuncDecl
		ast.Inspect(fd, func(n ast.Node) bool {
			if id, ok := n.(*ast.Ident); ok && found == nil {
				obj := info.Uses[id]
				if f, ok := obj.(*types.Func); ok {
					obj = f.Origin()
				}
				if d := decl[obj]; d != nil {
					found = walk(d)
				}
			}
			return found == nil
		})
		return found
	}
	return walk(fd)
}

type importerFunc func(path string) (*types.Package, error)

func (f importerFunc) Import(path string) (*types.Package, error) { return f(path) }
