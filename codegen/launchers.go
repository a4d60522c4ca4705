package codegen

// This file writes typed launchers: for each kernel F of a package, an
// FKernel type whose Launch takes F's parameters (an *ka.Array[T] for each
// []T), and its constructor NewFKernel, so that a wrong argument is a
// compile error and an untyped constant takes the parameter's type. kago gen
// writes them into the generated file; Load sees a stub of them in its
// place (makeOverlay), so that code calling them type-checks, before the
// first kago gen too, without the generated file's references to kernel
// instances keeping stale instances alive.
//
// They are written from the syntax of the kernels' declarations, not from
// their types, because the stub is needed before the package can be
// type-checked.

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/build"
	"go/parser"
	"go/printer"
	"go/token"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// launcherImports are the imports the launchers always use, as import
// specs; genericImports those that generic kernels' constructors add.
var (
	launcherImports = []string{`"fmt"`, strconv.Quote(kaPath)}
	genericImports  = []string{`"reflect"`, strconv.Quote(kaPath + "/driver"), strconv.Quote(kaPath + "/kernel"), strconv.Quote(kaPath + "/kgen")}
)

// Launchers returns the typed launchers of the kernels of the package in
// dir, as Go declarations, and the import specs they need ("fmt",
// `"github.com/kago-dev/kago/ka"`, "reflect", ka/driver, ka/kernel and
// ka/kgen for generic kernels, and any package that a kernel's parameter
// types or type constraints name). groups names the group function of
// each kernel that has one (codegen/groupfn), by the kernel's name. A
// generic kernel's constructor asks its kgen.Generic (GenericVar, which
// kago gen writes) for its instance's spec, with native entries that bind
// the arguments as the constructor's type arguments make them, so that a
// program links the native code of only the instances it constructs. A
// kernel F gets no launcher when the package itself declares FKernel or
// NewFKernel.
func Launchers(dir string, groups map[string]string) (imports []string, decls []byte, err error) {
	return launchers(dir, groups, false)
}

// GenericVar is the name of the variable that holds the kgen.Generic of
// the generic kernel in generated code.
func GenericVar(kernel string) string { return "kagoGeneric" + kernel }

// launcherStub returns the file Load sees in place of the generated one:
// the launchers' declarations, whose generic constructors name the kernel
// with their own type parameters (so that a call such as
// NewScaleKernel[float32] makes go/ssa build the instance Scale[float32],
// which is then compiled) and name no instance themselves.
func launcherStub(dir, pkgName string) ([]byte, error) {
	imports, decls, err := launchers(dir, nil, true)
	if err != nil {
		return nil, err
	}
	var b bytes.Buffer
	fmt.Fprintf(&b, "package %s\n\n", pkgName)
	if len(decls) == 0 {
		return b.Bytes(), nil
	}
	fmt.Fprintf(&b, "import (\n\t%s\n)\n\n", strings.Join(imports, "\n\t"))
	b.Write(decls)
	return b.Bytes(), nil
}

// kernelDecl is a //ka:kernel function as declared.
type kernelDecl struct {
	name       string
	typeParams []string // "T float32 | float64", one per type parameter
	typeNames  []string // "T"
	item       string   // the type of the first parameter as written: "ka.Item"
	params     []launchParam
}

// launchParam is one kernel parameter after the Item, with its type as
// declared and in a typed Launch.
type launchParam struct{ name, decl, typ string }

func launchers(dir string, groups map[string]string, stub bool) ([]string, []byte, error) {
	decls, imports, err := kernelDecls(dir)
	if err != nil || len(decls) == 0 {
		return nil, nil, err
	}
	var b bytes.Buffer
	for _, d := range decls {
		writeLauncher(&b, d, groups[d.name], stub)
		if len(d.typeParams) > 0 && !stub {
			for _, spec := range genericImports {
				imports[spec] = true
			}
		}
	}
	for _, spec := range launcherImports {
		imports[spec] = true
	}
	specs := make([]string, 0, len(imports))
	for spec := range imports {
		specs = append(specs, spec)
	}
	sort.Strings(specs)
	return specs, b.Bytes(), nil
}

// kernelDecls parses the package's Go files in dir (those the default build
// context selects, tests and the generated file excepted) and returns its
// kernels, sorted by name, and the import specs their launchers need
// beyond launcherImports.
func kernelDecls(dir string) ([]kernelDecl, map[string]bool, error) {
	matches, err := filepath.Glob(filepath.Join(dir, "*.go"))
	if err != nil {
		return nil, nil, err
	}
	fset := token.NewFileSet()
	var decls []kernelDecl
	imports := map[string]bool{}
	declared := map[string]bool{} // the package's own top-level names
	for _, path := range matches {
		name := filepath.Base(path)
		if strings.HasSuffix(name, "_test.go") || name == GeneratedFile || name == instancesFile {
			continue
		}
		if ok, err := build.Default.MatchFile(dir, name); err != nil || !ok {
			continue
		}
		src, err := os.ReadFile(path)
		if err != nil {
			return nil, nil, err
		}
		f, err := parser.ParseFile(fset, path, src, parser.ParseComments|parser.SkipObjectResolution)
		if err != nil {
			return nil, nil, err
		}
		for _, decl := range f.Decls {
			addDeclared(declared, decl)
			fd, ok := decl.(*ast.FuncDecl)
			if !ok || fd.Recv != nil || !hasKernelDirective(fd.Doc) {
				continue
			}
			d, used, ok := kernelDeclOf(fset, fd)
			if !ok {
				continue // Compile reports what is wrong with it
			}
			for _, spec := range importsUsed(f, used) {
				imports[spec] = true
			}
			decls = append(decls, d)
		}
	}
	// A kernel whose launcher names the package already uses gets none.
	decls = slices.DeleteFunc(decls, func(d kernelDecl) bool {
		typ, ctor := launcherNames(d.name)
		return declared[typ] || declared[ctor]
	})
	sort.Slice(decls, func(i, j int) bool { return decls[i].name < decls[j].name })
	return decls, imports, nil
}

// addDeclared adds the package-level names that decl declares.
func addDeclared(names map[string]bool, decl ast.Decl) {
	switch d := decl.(type) {
	case *ast.FuncDecl:
		if d.Recv == nil {
			names[d.Name.Name] = true
		}
	case *ast.GenDecl:
		for _, spec := range d.Specs {
			switch s := spec.(type) {
			case *ast.TypeSpec:
				names[s.Name.Name] = true
			case *ast.ValueSpec:
				for _, n := range s.Names {
					names[n.Name] = true
				}
			}
		}
	}
}

// kernelDeclOf reads a kernel's declaration: its type parameters and its
// parameters after the first (the Item). It also returns the package
// names that the types mention. ok is false for a function with no
// parameters.
func kernelDeclOf(fset *token.FileSet, fd *ast.FuncDecl) (d kernelDecl, used map[string]bool, ok bool) {
	d.name = fd.Name.Name
	used = map[string]bool{}
	str := func(e ast.Expr) string {
		ast.Inspect(e, func(n ast.Node) bool {
			if sel, ok := n.(*ast.SelectorExpr); ok {
				if id, ok := sel.X.(*ast.Ident); ok {
					used[id.Name] = true
				}
			}
			return true
		})
		var b bytes.Buffer
		printer.Fprint(&b, fset, e)
		return b.String()
	}
	if tps := fd.Type.TypeParams; tps != nil {
		for _, f := range tps.List {
			constraint := str(f.Type)
			if !scalarConstraint(f.Type) {
				// *ka.Array[T] needs T in ka.Scalar.
				constraint = "interface{ ka.Scalar; " + constraint + " }"
			}
			for _, n := range f.Names {
				d.typeParams = append(d.typeParams, n.Name+" "+constraint)
				d.typeNames = append(d.typeNames, n.Name)
			}
		}
	}
	i := 0
	for _, f := range fd.Type.Params.List {
		names := f.Names
		if len(names) == 0 {
			names = []*ast.Ident{nil}
		}
		for _, n := range names {
			i++
			if i == 1 {
				d.item = str(f.Type)
				continue
			}
			p := launchParam{name: fmt.Sprintf("p%d", i-1), decl: str(f.Type)}
			if n != nil && n.Name != "_" {
				p.name = n.Name
			}
			if at, ok := f.Type.(*ast.ArrayType); ok && at.Len == nil {
				p.typ = "*ka.Array[" + str(at.Elt) + "]"
			} else if isViewExpr(f.Type) {
				// A ka.Matrix[T] or ka.Volume[T] parameter takes the
				// host's *ka.Matrix[T] or *ka.Volume[T].
				p.typ = "*" + str(f.Type)
			} else {
				p.typ = str(f.Type)
			}
			d.params = append(d.params, p)
		}
	}
	return d, used, i > 0
}

// scalarTypes are the predeclared types in ka.Scalar.
var scalarTypes = map[string]bool{
	"bool": true, "int": true, "int8": true, "int16": true, "int32": true, "int64": true,
	"uint": true, "uint8": true, "uint16": true, "uint32": true, "uint64": true,
	"float32": true, "float64": true, "byte": true, "rune": true,
}

// scalarConstraint reports whether a type constraint is plainly within
// ka.Scalar: a union of the predeclared scalar types.
func scalarConstraint(e ast.Expr) bool {
	switch e := e.(type) {
	case *ast.Ident:
		return scalarTypes[e.Name]
	case *ast.BinaryExpr:
		return e.Op == token.OR && scalarConstraint(e.X) && scalarConstraint(e.Y)
	case *ast.ParenExpr:
		return scalarConstraint(e.X)
	}
	return false
}

// importsUsed returns the import specs of f whose package names are in
// used, except kago's ka under its own name, which launcherImports has.
func importsUsed(f *ast.File, used map[string]bool) []string {
	var specs []string
	for _, is := range f.Imports {
		path, err := strconv.Unquote(is.Path.Value)
		if err != nil {
			continue
		}
		name := path[strings.LastIndexByte(path, '/')+1:]
		if is.Name != nil {
			name = is.Name.Name
		}
		if !used[name] || name == "_" || name == "." || (name == "ka" && path == kaPath) {
			continue
		}
		specs = append(specs, name+" "+strconv.Quote(path))
	}
	return specs
}

// launcherNames returns the names of a kernel's launcher type and
// constructor: SaxpyKernel and NewSaxpyKernel for Saxpy, saxpyKernel and
// newSaxpyKernel for saxpy.
func launcherNames(kernel string) (typ, ctor string) {
	r, n := utf8.DecodeRuneInString(kernel)
	upper := string(unicode.ToUpper(r)) + kernel[n:]
	if unicode.IsUpper(r) {
		return kernel + "Kernel", "New" + upper + "Kernel"
	}
	return kernel + "Kernel", "new" + upper + "Kernel"
}

// fresh returns base, or base with a digit appended, whichever is not
// taken.
func fresh(base string, taken map[string]bool) string {
	name := base
	for i := 0; taken[name]; i++ {
		name = base + strconv.Itoa(i)
	}
	taken[name] = true
	return name
}

// writeLauncher writes one kernel's launcher type, constructor, Kernel and
// Launch methods. group is the kernel's group function, "" for none. In a
// stub, the constructor of a generic kernel names the kernel with its own
// type parameters instead of asking for its instance's spec.
func writeLauncher(b *bytes.Buffer, d kernelDecl, group string, stub bool) {
	typ, ctor := launcherNames(d.name)
	tparams, targs := "", ""
	if len(d.typeParams) > 0 {
		tparams = "[" + strings.Join(d.typeParams, ", ") + "]"
		targs = "[" + strings.Join(d.typeNames, ", ") + "]"
	}
	taken := map[string]bool{}
	for _, p := range d.params {
		taken[p.name] = true
	}
	for _, t := range d.typeNames {
		taken[t] = true
	}
	for _, name := range []string{"ka", "fmt"} {
		taken[name] = true
	}
	recv, stream, rng := fresh("k", taken), fresh("s", taken), fresh("r", taken)

	kind := "the kernel " + d.name
	if tparams != "" {
		kind = "an instance of the generic kernel " + d.name
	}
	fmt.Fprintf(b, "// %s is %s loaded on a device. Its Launch\n", typ, kind)
	fmt.Fprintf(b, "// takes %s's parameters, so a wrong argument is a compile error.\n", d.name)
	fmt.Fprintf(b, "type %s%s struct{ k *ka.Kernel }\n\n", typ, tparams)

	if tparams == "" {
		fmt.Fprintf(b, "// %s loads the kernel %s on dev, as ka.NewKernel does.\n", ctor, d.name)
		fmt.Fprintf(b, "func %s(dev *ka.Device, opts ...ka.KernelOption) (%s, error) {\n", ctor, typ)
		fmt.Fprintf(b, "\tk, err := ka.NewKernel(dev, %s, opts...)\n", d.name)
		fmt.Fprintf(b, "\treturn %s{k}, err\n}\n\n", typ)
	} else {
		writeGenericCtor(b, d, typ+targs, ctor, tparams, group, stub)
	}

	fmt.Fprintf(b, "// Kernel returns the loaded kernel (nil for the zero %s).\n", typ)
	fmt.Fprintf(b, "func (%s %s%s) Kernel() *ka.Kernel { return %s.k }\n\n", recv, typ, targs, recv)

	fmt.Fprintf(b, "// Launch enqueues %s on %s over %s, as ka.Kernel.Launch does.\n", d.name, stream, rng)
	fmt.Fprintf(b, "func (%s %s%s) Launch(%s *ka.Stream, %s ka.NDRange", recv, typ, targs, stream, rng)
	args := []string{stream, rng}
	for _, p := range d.params {
		fmt.Fprintf(b, ", %s %s", p.name, p.typ)
		args = append(args, p.name)
	}
	b.WriteString(") error {\n")
	fmt.Fprintf(b, "\tif %s.k == nil {\n", recv)
	fmt.Fprintf(b, "\t\treturn fmt.Errorf(\"launching %s: a zero %s, not one from %s: %%w\", ka.ErrInvalid)\n\t}\n", d.name, typ, ctor)
	fmt.Fprintf(b, "\treturn %s.k.Launch(%s)\n}\n\n", recv, strings.Join(args, ", "))
}

// writeGenericCtor writes the constructor of a generic kernel's launcher.
// Naming the kernel with the constructor's own type parameters would give
// ka a function value it cannot look up (an instantiation closure), so the
// constructor asks the kernel's kgen.Generic for the spec of the instance
// of its function type, with native entries instantiated with the
// constructor's type arguments: the instance is registered at its first
// use, and a program links only the instances it constructs.
func writeGenericCtor(b *bytes.Buffer, d kernelDecl, typ, ctor, tparams, group string, stub bool) {
	fmt.Fprintf(b, "// %s loads an instance of the generic kernel %s on dev, as\n", ctor, d.name)
	b.WriteString("// ka.NewKernel does. Its type arguments must be those of an instance that\n")
	b.WriteString("// kago gen compiled (a call of it in this package makes kago gen compile\n")
	b.WriteString("// that instance); for any other the error wraps ka.ErrUnsupported.\n")
	fmt.Fprintf(b, "func %s%s(dev *ka.Device, opts ...ka.KernelOption) (%s, error) {\n", ctor, tparams, typ)
	targs := "[" + strings.Join(d.typeNames, ", ") + "]"
	if stub {
		fmt.Fprintf(b, "\tpanic(any(%s%s))\n}\n\n", d.name, targs)
		return
	}
	fnType := d.item
	binds := make([]string, len(d.params))
	for i, p := range d.params {
		fnType += ", " + p.decl
		binds[i] = fmt.Sprintf("\t\ta%d := kgen.ArgValue[%s](args[%d])\n", i, p.decl, i)
	}
	call := func(first string) string {
		args := []string{first}
		for i := range d.params {
			args = append(args, "a"+strconv.Itoa(i))
		}
		return strings.Join(args, ", ")
	}
	fmt.Fprintf(b, "\tspec, err := %s.Typed(reflect.TypeFor[func(%s)](), func(args []driver.Arg) func(kernel.Item) {\n", GenericVar(d.name), fnType)
	b.WriteString(strings.Join(binds, ""))
	fmt.Fprintf(b, "\t\treturn func(it kernel.Item) { %s%s(%s) }\n\t}, ", d.name, targs, call("ka.Item(it)"))
	if group == "" {
		b.WriteString("nil)\n")
	} else {
		b.WriteString("func(args []driver.Arg) func(*kernel.WorkGroup) {\n")
		b.WriteString(strings.Join(binds, ""))
		fmt.Fprintf(b, "\t\treturn func(g *kernel.WorkGroup) { %s%s(%s) }\n\t})\n", group, targs, call("g"))
	}
	fmt.Fprintf(b, "\tif err != nil {\n\t\treturn %s{}, err\n\t}\n", typ)
	b.WriteString("\tk, err := ka.NewKernel(dev, spec, opts...)\n")
	fmt.Fprintf(b, "\treturn %s{k}, err\n}\n\n", typ)
}

// isViewExpr reports whether a parameter's type is written ka.Matrix[T] or
// ka.Volume[T] (any name for package ka).
func isViewExpr(e ast.Expr) bool {
	ix, ok := e.(*ast.IndexExpr)
	if !ok {
		return false
	}
	sel, ok := ix.X.(*ast.SelectorExpr)
	return ok && (sel.Sel.Name == "Matrix" || sel.Sel.Name == "Volume")
}
