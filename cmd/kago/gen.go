package main

// This file implements kago gen: compile every kernel of a package for every
// target, write the device code as files in kago_kernels/ (one per kernel
// function and target, named by the function: Saxpy.cl, Scale.spv,
// Scale.ptx, holding a section per distinct entry of its instances:
// codefiles.go), and write kago_kernels.go, which embeds those files,
// registers each plain kernel with kgen.RegisterKernel and each generic
// kernel with kgen.RegisterGeneric (specs.go), and binds each kernel's
// arguments for the native backend without reflection.
//
// Each target's files are embedded in their own embed.FS, read by its own
// method of the generated kagoCode type (OpenCLC, SPIRV, PTX), a kernel
// function's KernelSpec.Code. A backend asks only for its targets' methods
// (driver.PTXOf, driver.OpenCLCOf, driver.SPIRVOf), so the linker leaves
// the other targets' methods and files out of a program (see driver.Code).
//
// kago_kernels.go also holds each kernel's typed launcher (NewFKernel and
// FKernel.Launch, see codegen.Launchers); a generic kernel's launcher makes
// its instance's spec at first use, with native entries of its own, so that
// a program links the native code of only the instances it launches.

import (
	"bytes"
	"flag"
	"fmt"
	"go/format"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/kago-dev/kago/codegen"
	"github.com/kago-dev/kago/ka/driver"
	"golang.org/x/tools/go/ast/astutil"
)

func genCmd(args []string) error {
	fs := flag.NewFlagSet("kago gen", flag.ContinueOnError)
	bounds := fs.Bool("bounds", true, "Go's index, slice and division checks in device code; -bounds=false compiles every kernel as if marked //ka:nocheck")
	targetList := fs.String("targets", "", "comma-separated targets to generate (clc, spirv, ptx); default: all")
	embed := fs.Bool("embed", true, "write the device code into kago_kernels/ and embed it; -embed=false, for kago's own test kernels, writes none and compiles it from the package's source at first use (internal/testcode)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	dir := "."
	switch fs.NArg() {
	case 0:
	case 1:
		dir = fs.Arg(0)
	default:
		return fmt.Errorf("usage: kago gen [-bounds] [-targets list] [-embed] [dir]")
	}
	targets, err := parseTargets(*targetList)
	if err != nil {
		return err
	}
	out, err := generate(codegen.Config{Dir: dir, NoChecks: !*bounds}, targets, *embed)
	if err != nil {
		return err
	}
	return out.write(dir)
}

// codeDir is the directory, beside the generated Go file, that holds the
// device code files.
const codeDir = "kago_kernels"

// codeExt is the file extension of each target's code files.
var codeExt = map[driver.Target]string{driver.OpenCLC: ".cl", driver.SPIRV: ".spv", driver.PTX: ".ptx"}

// output is what kago gen writes into a package directory.
type output struct {
	src   []byte            // kago_kernels.go; nil when the package has no kernels
	files map[string][]byte // code files by name in codeDir
}

// write writes the output into dir: the Go file and the code files, each
// only when its contents changed, and removes the code files (and the Go
// file) of kernels and targets that are gone, so that nothing stale is
// embedded or registered.
func (o *output) write(dir string) error {
	gofile := filepath.Join(dir, codegen.GeneratedFile)
	if o.src == nil {
		if err := os.Remove(gofile); err != nil && !os.IsNotExist(err) {
			return err
		}
	} else if err := writeIfChanged(gofile, o.src); err != nil {
		return err
	}
	cdir := filepath.Join(dir, codeDir)
	if len(o.files) > 0 {
		if err := os.MkdirAll(cdir, 0o755); err != nil {
			return err
		}
	}
	for name, data := range o.files {
		if err := writeIfChanged(filepath.Join(cdir, name), data); err != nil {
			return err
		}
	}
	entries, err := os.ReadDir(cdir)
	if os.IsNotExist(err) {
		return nil
	} else if err != nil {
		return err
	}
	left := 0
	for _, e := range entries {
		name := e.Name()
		if _, ok := o.files[name]; ok || !e.Type().IsRegular() || !isCodeFile(name) {
			left++
			continue
		}
		if err := os.Remove(filepath.Join(cdir, name)); err != nil {
			return err
		}
	}
	if left == 0 {
		return os.Remove(cdir)
	}
	return nil
}

// isCodeFile reports whether name is a code file that kago gen writes.
func isCodeFile(name string) bool {
	for _, ext := range codeExt {
		if strings.HasSuffix(name, ext) {
			return true
		}
	}
	return false
}

// writeIfChanged writes data to path unless path already holds it.
func writeIfChanged(path string, data []byte) error {
	if old, err := os.ReadFile(path); err == nil && bytes.Equal(old, data) {
		return nil
	}
	return os.WriteFile(path, data, 0o644)
}

// parseTargets reads the -targets flag.
func parseTargets(s string) ([]driver.Target, error) {
	if s == "" {
		return codegen.Targets(), nil
	}
	var ts []driver.Target
	for _, name := range strings.Split(s, ",") {
		t, ok := printTargets[strings.TrimSpace(name)]
		if !ok {
			return nil, fmt.Errorf("unknown target %q (want clc, spirv or ptx)", name)
		}
		ts = append(ts, t)
	}
	sort.Slice(ts, func(i, j int) bool { return ts[i] < ts[j] })
	return ts, nil
}

// generate compiles the package in cfg.Dir and returns the generated Go
// file and code files (none when the package has no kernels, or without
// embed, when the generated file compiles its code at run time).
func generate(cfg codegen.Config, targets []driver.Target, embed bool) (*output, error) {
	p, err := codegen.Load(cfg, ".")
	if err != nil {
		return nil, err
	}
	for _, w := range p.Warnings {
		fmt.Fprintln(os.Stderr, "kago gen: warning:", w)
	}
	kernels, err := p.Compile()
	if err != nil {
		return nil, err
	}
	out := &output{files: map[string][]byte{}}
	if len(kernels) == 0 {
		return out, nil
	}
	funcs := kernelFuncs(p, kernels)
	if embed {
		if out.files, err = codeFiles(funcs, targets); err != nil {
			return nil, err
		}
	}
	groups, err := groupFuncs(p, kernels)
	if err != nil {
		return nil, err
	}
	groupNames := map[string]string{}
	for name, g := range groups {
		if g.fn != nil {
			groupNames[name] = g.fn.Name
		}
	}
	imports, launchers, err := codegen.Launchers(p.Dir, groupNames)
	if err != nil {
		return nil, err
	}
	imports = append(imports, `"github.com/kago-dev/kago/ka"`, `"github.com/kago-dev/kago/ka/driver"`, strconv.Quote(kernelPath), `"github.com/kago-dev/kago/ka/kgen"`, `"embed"`)
	if !embed {
		imports = append(imports, strconv.Quote(testcodePath))
	}
	index, err := newSourceIndex(p)
	if err != nil {
		return nil, err
	}
	srcs := map[string]*sourceRecord{}
	for _, f := range funcs {
		if srcs[f.name], err = index.record(f.name); err != nil {
			return nil, err
		}
	}
	for _, g := range groups {
		if g.fn != nil {
			imports = append(imports, g.fn.Imports...)
		}
	}
	pkgSym := p.Path
	if p.Name == "main" {
		pkgSym = "main"
	}
	var b bytes.Buffer
	fmt.Fprintf(&b, "// Code generated by kago gen. DO NOT EDIT.\n\npackage %s\n\n", p.Name)
	writeImports(&b, imports)
	if embed {
		writeCode(&b, targets)
	} else {
		writeSourceCode(&b, p.Path, cfg.NoChecks, targets)
	}
	var fsDecl strings.Builder
	writeSourceFS(&fsDecl, srcs)
	b.WriteString(fsDecl.String())
	b.WriteString("func init() {\n")
	for _, f := range funcs {
		if f.generic {
			fmt.Fprintf(&b, "kgen.RegisterGeneric(%s)\n", codegen.GenericVar(f.name))
		} else {
			writeRegistration(&b, f.instances[0], groups[f.name], srcs[f.name])
		}
	}
	// Where generic functions name generic kernels with type parameters:
	// Go passes those as closures, which the registry resolves by these
	// positions (ka/kgen/wrappers.go).
	for _, s := range p.InstanceSites() {
		fmt.Fprintf(&b, "\tkgen.RegisterInstanceSite(%q, %d, %q)\n", s.File, s.Line, s.Kernel)
	}
	b.WriteString("}\n\n")
	for _, f := range funcs {
		if f.generic {
			if err := writeGeneric(&b, f, pkgSym+"."+f.name, groups[f.name], srcs[f.name]); err != nil {
				return nil, err
			}
		}
	}
	b.Write(launchers)
	writeGroupFuncs(&b, kernels, groups)
	src, err := format.Source(b.Bytes())
	if err != nil {
		return nil, fmt.Errorf("internal error: generated code does not format: %v\n%s", err, b.Bytes())
	}
	if out.src, err = dropUnusedImport(src, kernelPath); err != nil {
		return nil, fmt.Errorf("internal error: generated code does not parse: %v\n%s", err, src)
	}
	return out, nil
}

// kernelPath is the package of the native entries' state, which a
// generated file names in its binders and group functions.
const kernelPath = "github.com/kago-dev/kago/ka/kernel"

// dropUnusedImport removes src's import of path when src does not use it:
// a file whose kernels are all generic, with neither typed launchers (the
// package declares its own) nor group functions, names nothing of
// ka/kernel.
func dropUnusedImport(src []byte, path string) ([]byte, error) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, codegen.GeneratedFile, src, parser.ParseComments)
	if err != nil {
		return nil, err
	}
	if astutil.UsesImport(f, path) {
		return src, nil
	}
	astutil.DeleteImport(fset, f, path)
	var b bytes.Buffer
	if err := format.Node(&b, fset, f); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// writeImports writes an import declaration of the given specs, without
// duplicates: the standard library's first, then the others.
func writeImports(b *bytes.Buffer, specs []string) {
	sort.Strings(specs)
	specs = slices.Compact(specs)
	var std, other []string
	for _, spec := range specs {
		path := spec[strings.IndexByte(spec, '"'):]
		if first, _, _ := strings.Cut(path, "/"); strings.Contains(first, ".") {
			other = append(other, spec)
		} else {
			std = append(std, spec)
		}
	}
	b.WriteString("import (\n")
	for _, spec := range std {
		fmt.Fprintf(b, "\t%s\n", spec)
	}
	if len(std) > 0 && len(other) > 0 {
		b.WriteString("\n")
	}
	for _, spec := range other {
		fmt.Fprintf(b, "\t%s\n", spec)
	}
	b.WriteString(")\n\n")
}

// validEntry reports whether an entry symbol is a safe file name.
func validEntry(entry string) bool {
	if entry == "" {
		return false
	}
	for _, c := range entry {
		if !(c == '_' || '0' <= c && c <= '9' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z') {
			return false
		}
	}
	return true
}

// targetCode is how the generated code names a target's files, embed.FS,
// method and constant.
var targetCode = map[driver.Target]struct{ method, fs, what, target string }{
	driver.OpenCLC: {"OpenCLC", "kagoOpenCLC", "OpenCL C source", "driver.OpenCLC"},
	driver.SPIRV:   {"SPIRV", "kagoSPIRV", "SPIR-V module", "driver.SPIRV"},
	driver.PTX:     {"PTX", "kagoPTX", "PTX", "driver.PTX"},
}

// testcodePath is the package that compiles test kernels' code at run
// time (kago gen -embed=false).
const testcodePath = "github.com/kago-dev/kago/internal/testcode"

// writeCode writes the kagoCode type: one embed.FS and one method per
// target, so that a backend that asks for one target links only its files.
func writeCode(b *bytes.Buffer, targets []driver.Target) {
	b.WriteString("// kagoCode is the device code of one kernel function of the package, by\n")
	fmt.Fprintf(b, "// its name: its files in %s/, one per target, each with a section per\n", codeDir)
	b.WriteString("// entry (kgen.ReadCodeFile), embedded with one embed.FS per target.\n")
	b.WriteString("// A backend reads only its own targets' methods, so a program links only\n")
	b.WriteString("// the code its backends take (see driver.Code).\n")
	b.WriteString("type kagoCode string\n\n")
	for _, t := range targets {
		tc := targetCode[t]
		fmt.Fprintf(b, "//go:embed %s/*%s\nvar %s embed.FS\n\n", codeDir, codeExt[t], tc.fs)
		fmt.Fprintf(b, "// %s returns the %s of the kernel's entry.\n", tc.method, tc.what)
		fmt.Fprintf(b, "func (c kagoCode) %s(entry string) ([]byte, error) {\n", tc.method)
		fmt.Fprintf(b, "\treturn kgen.ReadCodeFile(%s, %q+string(c)+%q, entry)\n}\n\n", tc.fs, codeDir+"/", codeExt[t])
	}
}

// writeSourceCode writes the kagoCode type of kago gen -embed=false: the
// code of the package path is compiled from its source at first use
// (internal/testcode), not embedded; the type and its methods are those
// of writeCode.
func writeSourceCode(b *bytes.Buffer, path string, noChecks bool, targets []driver.Target) {
	b.WriteString("// kagoCode is the device code of one kernel function of the package, by\n")
	b.WriteString("// its name, compiled from the package's source at first use and not\n")
	b.WriteString("// committed (kago gen -embed=false, for test kernels: see internal/testcode).\n")
	b.WriteString("type kagoCode string\n\n")
	ts := make([]string, len(targets))
	for i, t := range targets {
		ts[i] = targetCode[t].target
	}
	b.WriteString("// kagoSource compiles the package's kernels.\n")
	fmt.Fprintf(b, "var kagoSource = testcode.New(%q, %v, %s)\n\n", path, noChecks, strings.Join(ts, ", "))
	for _, t := range targets {
		tc := targetCode[t]
		fmt.Fprintf(b, "// %s returns the %s of the kernel's entry.\n", tc.method, tc.what)
		fmt.Fprintf(b, "func (kagoCode) %s(entry string) ([]byte, error) {\n", tc.method)
		fmt.Fprintf(b, "\treturn kagoSource.Code(%s, entry)\n}\n\n", tc.target)
	}
}
