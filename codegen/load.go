package codegen

// This file implements loading: a Go package from disk (go/packages) or
// from parsed files (the fuzz target), its SSA form with generic instances,
// and the list of kernels in it (//ka:kernel functions, and the instances of
// generic kernels that the package's code uses).

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"

	"golang.org/x/tools/go/packages"
	"golang.org/x/tools/go/ssa"
	"golang.org/x/tools/go/ssa/ssautil"
)

// GeneratedFile is the name of the file kago gen writes in a package
// directory. Load ignores its contents (it registers instances of generic
// kernels, which would otherwise keep stale instances alive) and sees only
// the declarations of its typed launchers.
const GeneratedFile = "kago_kernels.go"

// instancesFile is the file of the overlay that names Config.Instances.
const instancesFile = "kago_instances_overlay.go"

// kaPath is the import path of the kernel-side API.
const kaPath = "github.com/kago-dev/kago/ka"

// Config says how to load and compile a package.
type Config struct {
	// Dir is the directory the pattern is resolved in ("" = current).
	Dir string
	// NoChecks compiles every kernel as if it were marked //ka:nocheck:
	// without Go's index, slice and division checks (panics are still
	// reported). Checks are on by default (docs/kernel-language.md).
	NoChecks bool
	// Instances names extra instances of generic kernels to compile, as Go
	// expressions in the package's scope ("Scale[float32]"). The JIT uses
	// it for instances that only other packages use.
	Instances []string
}

// Package is a loaded Go package, ready to compile.
type Package struct {
	// Path and Name are the package's import path and name; Dir its
	// directory (empty for packages made from files).
	Path, Name, Dir string
	// Fset holds the positions of the package's files.
	Fset *token.FileSet
	// Warnings are the type errors of host code that Load passed over:
	// functions no kernel uses, whose bodies it compiled as a panic.
	Warnings []string

	cfg      Config
	ssa      *ssa.Package
	kernels  []*ssa.Function      // sorted by name
	nocheck  map[*types.Func]bool // kernels marked //ka:nocheck
	contract map[*types.Func]bool // kernels marked //ka:contract (contract.go)
	cancel   map[*types.Func]bool // kernels marked //ka:cancel (stopchecks.go)
	errs     ErrorList            // problems found while looking for kernels
	files    []*ast.File
	info     *types.Info
}

// Syntax returns the package's parsed files, their type information and
// the package's types, for tools that work on the kernels' source (kago
// gen's group functions, package codegen/groupfn).
func (p *Package) Syntax() ([]*ast.File, *types.Info, *types.Package) {
	return p.files, p.info, p.ssa.Pkg
}

// Load loads the single package that pattern names (for example "." or an
// import path), relative to cfg.Dir, and builds its SSA form. Type errors
// are returned as an error; unsupported kernel code is reported by Compile.
func Load(cfg Config, pattern string) (*Package, error) {
	dir := cfg.Dir
	if dir == "" {
		dir = "."
	}
	overlay, err := makeOverlay(cfg, dir, pattern)
	if err != nil {
		return nil, err
	}
	pcfg := &packages.Config{
		Mode: packages.NeedName | packages.NeedFiles | packages.NeedSyntax |
			packages.NeedTypes | packages.NeedTypesInfo | packages.NeedImports,
		Dir:     dir,
		Overlay: overlay,
	}
	// devmath (package math's functions that kernels compile from Go
	// source, devmath.go) is loaded with its syntax too, so that its
	// functions have bodies to inline.
	pkgs, err := packages.Load(pcfg, pattern, devmathPath)
	if err != nil {
		return nil, fmt.Errorf("loading %s: %w", pattern, err)
	}
	var dm []*packages.Package
	if len(pkgs) == 2 {
		for i, q := range pkgs {
			if q.PkgPath == devmathPath {
				if len(q.Errors) == 0 {
					dm = []*packages.Package{q}
				}
				pkgs = pkgs[1-i : 2-i]
				break
			}
		}
	}
	if len(pkgs) != 1 {
		return nil, fmt.Errorf("loading %s: matched %d packages, want exactly one", pattern, len(pkgs))
	}
	p := pkgs[0]
	// The errors of the package and of its dependencies: SSA cannot be
	// built for a package that imports one that does not type-check. Type
	// errors in host code that no kernel uses are warnings
	// (hosterrors.go).
	var warnings []string
	if errs := loadErrors(p); len(errs) > 0 {
		var ok bool
		var why string
		if warnings, why, ok = elideHostErrors(p, errs); !ok {
			var msgs []string
			if why != "" {
				msgs = append(msgs, why+":")
			}
			for _, e := range errs {
				msgs = append(msgs, e.Error())
			}
			return nil, fmt.Errorf("loading %s:\n%s", pattern, strings.Join(msgs, "\n"))
		}
	}
	prog, ssaPkgs := ssautil.Packages(append([]*packages.Package{p}, dm...), ssa.InstantiateGenerics)
	if ssaPkgs[0] == nil {
		return nil, fmt.Errorf("loading %s: it does not type-check", pattern)
	}
	prog.Build()
	pkgDir := ""
	if len(p.GoFiles) > 0 {
		pkgDir = filepath.Dir(p.GoFiles[0])
	}
	pk := newPackage(cfg, p.Fset, ssaPkgs[0], p.Syntax, pkgDir)
	pk.files, pk.info, pk.Warnings = p.Syntax, p.TypesInfo, warnings
	return pk, nil
}

// LoadFiles type-checks and builds already parsed files of one package,
// importing dependencies with imp. It is Load without the go command, for
// tests and fuzzing that compile many small sources in one process.
func LoadFiles(cfg Config, fset *token.FileSet, imp types.Importer, files ...*ast.File) (*Package, error) {
	if len(files) == 0 {
		return nil, fmt.Errorf("no files")
	}
	tc := &types.Config{Importer: imp}
	pkg := types.NewPackage(files[0].Name.Name, files[0].Name.Name)
	ssaPkg, info, err := buildPackage(tc, fset, pkg, files)
	if err != nil {
		return nil, err
	}
	pk := newPackage(cfg, fset, ssaPkg, files, "")
	pk.files, pk.info = files, info
	return pk, nil
}

// makeOverlay hides the generated file's contents from the loader and, for
// cfg.Instances, adds a file that references the requested instances so
// that go/ssa builds them.
func makeOverlay(cfg Config, dir, pattern string) (map[string][]byte, error) {
	pkgDir := filepath.Join(dir, pattern)
	if st, err := os.Stat(pkgDir); err != nil || !st.IsDir() {
		if len(cfg.Instances) > 0 {
			return nil, fmt.Errorf("instances need a package directory, not %q", pattern)
		}
		return nil, nil // an import path: nothing to hide
	}
	abs, err := filepath.Abs(pkgDir)
	if err != nil {
		return nil, err
	}
	name, err := packageName(abs)
	if err != nil || name == "" {
		return nil, err
	}
	overlay := map[string][]byte{}
	// The generated file's place holds only the typed launchers'
	// declarations (launchers.go), so that code calling them type-checks,
	// even before the first kago gen. A package that does not parse gets
	// the bare package clause, and the loader's own error.
	gen := filepath.Join(abs, GeneratedFile)
	stub, err := launcherStub(abs, name)
	if err != nil {
		stub = []byte("package " + name + "\n")
	}
	if _, err := os.Stat(gen); err == nil || bytes.Contains(stub, []byte("\nfunc ")) {
		overlay[gen] = stub
	}
	if len(cfg.Instances) > 0 {
		src := "package " + name + "\n\nvar kagoInstances = []any{" + strings.Join(cfg.Instances, ", ") + "}\n"
		overlay[filepath.Join(abs, instancesFile)] = []byte(src)
	}
	return overlay, nil
}

// packageName reads the package clause of the first Go file in dir that is
// not a test.
func packageName(dir string) (string, error) {
	matches, err := filepath.Glob(filepath.Join(dir, "*.go"))
	if err != nil {
		return "", err
	}
	sort.Strings(matches)
	for _, m := range matches {
		if strings.HasSuffix(m, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(token.NewFileSet(), m, nil, parser.PackageClauseOnly)
		if err != nil {
			continue
		}
		return f.Name.Name, nil
	}
	return "", nil
}

// newPackage finds the kernels of an SSA package: every function marked
// //ka:kernel that is not generic, and every instance of a generic one.
func newPackage(cfg Config, fset *token.FileSet, pkg *ssa.Package, files []*ast.File, dir string) *Package {
	p := &Package{Path: pkg.Pkg.Path(), Name: pkg.Pkg.Name(), Dir: dir, Fset: fset, cfg: cfg, ssa: pkg}
	marked := map[*types.Func]bool{}
	for _, f := range files {
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || !hasKernelDirective(fd.Doc) {
				continue
			}
			obj, _ := pkg.Pkg.Scope().Lookup(fd.Name.Name).(*types.Func)
			if fd.Recv != nil || obj == nil {
				p.errs = append(p.errs, &Error{Pos: fset.Position(fd.Pos()), Kernel: fd.Name.Name,
					Msg: "//ka:kernel marks a method; kernels are top-level functions"})
				continue
			}
			marked[obj] = true
			for _, d := range []struct {
				name string
				set  *map[*types.Func]bool
			}{{"//ka:nocheck", &p.nocheck}, {"//ka:contract", &p.contract}, {"//ka:cancel", &p.cancel}} {
				if hasDirective(fd.Doc, d.name) {
					if *d.set == nil {
						*d.set = map[*types.Func]bool{}
					}
					(*d.set)[obj] = true
				}
			}
		}
	}
	for fn := range ssautil.AllFunctions(pkg.Prog) {
		obj, ok := fn.Object().(*types.Func)
		if !ok || fn.Signature.Recv() != nil || !marked[obj.Origin()] {
			continue
		}
		if fn.TypeParams().Len() > 0 && len(fn.TypeArgs()) == 0 {
			continue // the generic function itself: only its instances compile
		}
		if slices.ContainsFunc(fn.TypeArgs(), hasTypeParam) {
			continue // Scale[T] in a generic body (a launcher's stub): not an instance
		}
		if fn.Parent() != nil {
			continue
		}
		p.kernels = append(p.kernels, fn)
	}
	sort.Slice(p.kernels, func(i, j int) bool { return p.kernelName(p.kernels[i]) < p.kernelName(p.kernels[j]) })
	return p
}

// kernelName is a kernel's Go name as the package's own code writes it:
// "Saxpy", "Scale[float32]", "Pair[int32, float64]", "Scale[MyFloat]".
// go/ssa's name for an instance qualifies a named type argument with its
// full package path ("Scale[example.com/m/pkg.MyFloat]"), which is not Go
// that kago gen can write nor a name that kago ir or the JIT asks for.
func (p *Package) kernelName(fn *ssa.Function) string {
	targs := fn.TypeArgs()
	if len(targs) == 0 {
		return fn.Name()
	}
	qual := types.RelativeTo(p.ssa.Pkg)
	args := make([]string, len(targs))
	for i, t := range targs {
		args[i] = types.TypeString(t, qual)
	}
	return fn.Origin().Name() + "[" + strings.Join(args, ", ") + "]"
}

// hasTypeParam reports whether t mentions a type parameter.
func hasTypeParam(t types.Type) bool {
	switch t := t.(type) {
	case *types.TypeParam:
		return true
	case *types.Pointer:
		return hasTypeParam(t.Elem())
	case *types.Slice:
		return hasTypeParam(t.Elem())
	case *types.Array:
		return hasTypeParam(t.Elem())
	case *types.Map:
		return hasTypeParam(t.Key()) || hasTypeParam(t.Elem())
	case *types.Named:
		for i := range t.TypeArgs().Len() {
			if hasTypeParam(t.TypeArgs().At(i)) {
				return true
			}
		}
	}
	return false
}

// hasKernelDirective reports whether a doc comment holds //ka:kernel.
func hasKernelDirective(doc *ast.CommentGroup) bool {
	return hasDirective(doc, "//ka:kernel")
}

// hasDirective reports whether a doc comment holds the directive d.
func hasDirective(doc *ast.CommentGroup, d string) bool {
	if doc == nil {
		return false
	}
	for _, c := range doc.List {
		if strings.TrimSpace(c.Text) == d {
			return true
		}
	}
	return false
}

// KernelNames lists the kernels Compile would compile, by Go name
// ("Saxpy", "Scale[float32]"), sorted.
func (p *Package) KernelNames() []string {
	names := make([]string, len(p.kernels))
	for i, fn := range p.kernels {
		names[i] = p.kernelName(fn)
	}
	return names
}

// GenericKernels lists the package's generic kernels by name, sorted,
// whether or not any instance of them compiles.
func (p *Package) GenericKernels() []string {
	var names []string
	for _, f := range p.files {
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && fd.Recv == nil && fd.Type.TypeParams != nil && hasKernelDirective(fd.Doc) {
				names = append(names, fd.Name.Name)
			}
		}
	}
	sort.Strings(names)
	return names
}

// buildPackage is ssautil.BuildPackage, turning a panic of go/types or
// go/ssa on malformed input into an error (the fuzz target found none so
// far, but a compiler must not crash on bad input).
func buildPackage(tc *types.Config, fset *token.FileSet, pkg *types.Package, files []*ast.File) (p *ssa.Package, info *types.Info, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("internal error building %s: %v", pkg.Path(), r)
		}
	}()
	return ssautil.BuildPackage(tc, fset, pkg, files, ssa.InstantiateGenerics)
}
