package main

// This file implements kago gen: compile every kernel of a package for every
// target, write the device code as files in kago_kernels/ (one per kernel
// instance and target, named by its entry: Saxpy.cl, Saxpy.spv, Saxpy.ptx),
// and write kago_kernels.go, which embeds those files, registers the
// kernels with driver.RegisterKernel and binds each kernel's arguments for
// the native backend without reflection.
//
// Each target's files are embedded in their own embed.FS, read by its own
// method of the generated kagoCode type (OpenCLC, SPIRV, PTX), which is the
// KernelSpec.Code of every kernel of the package. A backend asks only for
// its targets' methods (driver.PTXOf, driver.OpenCLCOf, driver.SPIRVOf), so
// the linker leaves the other targets' methods and files out of a program
// (see driver.Code).
//
// kago_kernels.go also holds each kernel's typed launcher (NewFKernel and
// FKernel.Launch, see codegen.Launchers).

import (
	"bytes"
	"flag"
	"fmt"
	"go/format"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/kago-dev/kago/codegen"
	"github.com/kago-dev/kago/ka/driver"
)

func genCmd(args []string) error {
	fs := flag.NewFlagSet("kago gen", flag.ContinueOnError)
	bounds := fs.Bool("bounds", true, "Go's index, slice and division checks in device code; -bounds=false compiles every kernel as if marked //ka:nocheck")
	targetList := fs.String("targets", "", "comma-separated targets to generate (clc, spirv, ptx); default: all")
	if err := fs.Parse(args); err != nil {
		return err
	}
	dir := "."
	switch fs.NArg() {
	case 0:
	case 1:
		dir = fs.Arg(0)
	default:
		return fmt.Errorf("usage: kago gen [-bounds] [-targets list] [dir]")
	}
	targets, err := parseTargets(*targetList)
	if err != nil {
		return err
	}
	out, err := generate(codegen.Config{Dir: dir, NoChecks: !*bounds}, targets)
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
// file and code files (none when the package has no kernels).
func generate(cfg codegen.Config, targets []driver.Target) (*output, error) {
	p, err := codegen.Load(cfg, ".")
	if err != nil {
		return nil, err
	}
	kernels, err := p.Compile()
	if err != nil {
		return nil, err
	}
	out := &output{files: map[string][]byte{}}
	if len(kernels) == 0 {
		return out, nil
	}
	names := make([]string, len(kernels))
	for i, k := range kernels {
		names[i] = k.Name
	}
	imports, launchers, err := codegen.Launchers(p.Dir, names)
	if err != nil {
		return nil, err
	}
	imports = append(imports, `"embed"`, `"github.com/kago-dev/kago/ka"`, `"github.com/kago-dev/kago/ka/driver"`)
	groups, err := groupFuncs(p, kernels)
	if err != nil {
		return nil, err
	}
	for _, g := range groups {
		if g.fn != nil {
			imports = append(imports, g.fn.Imports...)
		}
	}
	var b bytes.Buffer
	fmt.Fprintf(&b, "// Code generated by kago gen. DO NOT EDIT.\n\npackage %s\n\n", p.Name)
	writeImports(&b, imports)
	writeCode(&b, targets)
	b.WriteString("func init() {\n")
	for _, k := range kernels {
		if !validEntry(k.Entry) {
			return nil, fmt.Errorf("kernel %s: entry %q cannot name a file", k.Name, k.Entry)
		}
		spec, err := k.Spec(targets...)
		if err != nil {
			return nil, err
		}
		code := spec.Code.(driver.CodeMap)
		for _, t := range targets {
			name := k.Entry + codeExt[t]
			if _, dup := out.files[name]; dup {
				return nil, fmt.Errorf("kernel %s: two kernels have the entry %s", k.Name, k.Entry)
			}
			out.files[name] = code[t]
		}
		writeRegistration(&b, k, groups[originName(k.Name)])
	}
	// Where generic functions name generic kernels with type parameters:
	// Go passes those as closures, which the registry resolves by these
	// positions (ka/driver/wrappers.go).
	for _, s := range p.InstanceSites() {
		fmt.Fprintf(&b, "\tdriver.RegisterInstanceSite(%q, %d, %q)\n", s.File, s.Line, s.Kernel)
	}
	b.WriteString("}\n\n")
	b.Write(launchers)
	writeGroupFuncs(&b, kernels, groups)
	src, err := format.Source(b.Bytes())
	if err != nil {
		return nil, fmt.Errorf("internal error: generated code does not format: %v", err)
	}
	out.src = src
	return out, nil
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

// targetCode is how the generated code names a target's files, embed.FS
// and method.
var targetCode = map[driver.Target]struct{ method, fs, what string }{
	driver.OpenCLC: {"OpenCLC", "kagoOpenCLC", "OpenCL C source"},
	driver.SPIRV:   {"SPIRV", "kagoSPIRV", "SPIR-V module"},
	driver.PTX:     {"PTX", "kagoPTX", "PTX"},
}

// writeCode writes the kagoCode type: one embed.FS and one method per
// target, so that a backend that asks for one target links only its files.
func writeCode(b *bytes.Buffer, targets []driver.Target) {
	b.WriteString("// kagoCode is the device code of the package's kernels, embedded from\n")
	fmt.Fprintf(b, "// %s/ with one embed.FS per target. A backend reads only its own\n", codeDir)
	b.WriteString("// targets' methods, so a program links only the code its backends take\n")
	b.WriteString("// (see driver.Code).\n")
	b.WriteString("type kagoCode struct{}\n\n")
	for _, t := range targets {
		tc := targetCode[t]
		fmt.Fprintf(b, "//go:embed %s/*%s\nvar %s embed.FS\n\n", codeDir, codeExt[t], tc.fs)
		fmt.Fprintf(b, "// %s returns the %s of the kernel entry.\n", tc.method, tc.what)
		fmt.Fprintf(b, "func (kagoCode) %s(entry string) ([]byte, error) {\n", tc.method)
		fmt.Fprintf(b, "\treturn %s.ReadFile(%q + entry + %q)\n}\n\n", tc.fs, codeDir+"/", codeExt[t])
	}
}

// scalarNames are the Go names of the scalar types in generated code.
var scalarNames = map[driver.ScalarType]string{
	driver.Bool: "Bool", driver.Int: "Int", driver.Int8: "Int8", driver.Int16: "Int16",
	driver.Int32: "Int32", driver.Int64: "Int64", driver.Uint: "Uint", driver.Uint8: "Uint8",
	driver.Uint16: "Uint16", driver.Uint32: "Uint32", driver.Uint64: "Uint64",
	driver.Float32: "Float32", driver.Float64: "Float64", driver.Invalid: "Invalid",
}

// writeRegistration writes one driver.RegisterKernel call.
func writeRegistration(b *bytes.Buffer, k *codegen.Kernel, group *groupFunc) {
	if group != nil && group.fn == nil {
		fmt.Fprintf(b, "\t// %s runs a work-item at a time on native: %s.\n", k.Name, group.refused.Reason)
	}
	fmt.Fprintf(b, "\tdriver.RegisterKernel(%s, &driver.KernelSpec{\n", k.Name)
	fmt.Fprintf(b, "\t\tName: %q,\n\t\tEntry: %q,\n", k.Name, k.Entry)
	b.WriteString("\t\tParams: []driver.Param{\n")
	for _, p := range k.Params {
		fmt.Fprintf(b, "\t\t\t{Name: %q, Type: driver.%s", p.Name, scalarNames[p.Type])
		if p.Slice {
			b.WriteString(", Slice: true")
		}
		if p.Dims != 0 {
			fmt.Fprintf(b, ", Dims: %d", p.Dims)
		}
		if p.Local {
			b.WriteString(", Local: true")
		}
		if p.Fields != nil {
			fmt.Fprintf(b, ", StructSize: %d, Fields: []driver.Field{", p.StructSize)
			for i, f := range p.Fields {
				if i > 0 {
					b.WriteString(", ")
				}
				fmt.Fprintf(b, "{Offset: %d, Size: %d}", f.Offset, f.Size)
			}
			b.WriteString("}")
		}
		b.WriteString("},\n")
	}
	b.WriteString("\t\t},\n")
	fmt.Fprintf(b, "\t\tDeviceParams: %#v,\n", k.DeviceParams)
	if k.Faults != nil {
		fmt.Fprintf(b, "\t\tFaults: %#v,\n", k.Faults)
	}
	fmt.Fprintf(b, "\t\tBarrier: %v,\n\t\tNeeds: %s,\n", k.Barrier, featuresExpr(k.Needs))
	if k.MaxGroup > 0 {
		fmt.Fprintf(b, "\t\tMaxGroup: %d,\n", k.MaxGroup)
	}
	b.WriteString("\t\tCode: kagoCode{},\n")
	b.WriteString("\t\tNative: func(args []driver.Arg) func(driver.Item) {\n")
	names := make([]string, len(k.Params))
	for i := range k.Params {
		names[i] = "a" + strconv.Itoa(i)
		fmt.Fprintf(b, "\t\t\t%s := %s\n", names[i], argValue(k, i))
	}
	call := append([]string{"ka.Item(it)"}, names...)
	fmt.Fprintf(b, "\t\t\treturn func(it driver.Item) { %s(%s) }\n", k.Name, strings.Join(call, ", "))
	b.WriteString("\t\t},\n")
	if group != nil && group.fn != nil {
		b.WriteString("\t\tGroup: func(args []driver.Arg) func(*driver.WorkGroup) {\n")
		for i := range k.Params {
			fmt.Fprintf(b, "\t\t\t%s := %s\n", names[i], argValue(k, i))
		}
		gcall := append([]string{"g"}, names...)
		fmt.Fprintf(b, "\t\t\treturn func(g *driver.WorkGroup) { %s%s(%s) }\n", group.fn.Name, strings.TrimPrefix(k.Name, originName(k.Name)), strings.Join(gcall, ", "))
		b.WriteString("\t\t},\n")
	}
	b.WriteString("\t})\n")
}

// argValue is the expression of a native binder that takes argument i of
// k from args as its parameter's Go type. ka passes a scalar as a value of
// its predeclared type, also for a parameter of a named type (ka's
// scalarValue), which the binder converts.
func argValue(k *codegen.Kernel, i int) string {
	p := k.Params[i]
	if p.Slice || p.Dims > 0 || p.Fields != nil || p.Local || p.StructSize > 0 || p.Type == driver.Invalid || k.GoTypes[i] == p.Type.String() {
		return fmt.Sprintf("args[%d].Value.(%s)", i, k.GoTypes[i])
	}
	return fmt.Sprintf("%s(args[%d].Value.(%s))", k.GoTypes[i], i, p.Type)
}

// featureNames are the Go names of the features in generated code.
var featureNames = []struct {
	f    driver.Features
	name string
}{{driver.FP64, "driver.FP64"}, {driver.Int64Atomics, "driver.Int64Atomics"}}

// featuresExpr writes f as a Go expression: "0", or the features' names
// joined by |.
func featuresExpr(f driver.Features) string {
	var names []string
	for _, n := range featureNames {
		if f.Has(n.f) {
			names = append(names, n.name)
			f &^= n.f
		}
	}
	if f != 0 {
		// A feature gen does not know yet: still exact, if unreadable.
		names = append(names, fmt.Sprintf("%#x", uint32(f)))
	}
	if len(names) == 0 {
		return "0"
	}
	return strings.Join(names, " | ")
}
