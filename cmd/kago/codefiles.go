package main

// This file makes the device code files of kago gen: for each kernel
// function and target one file in kago_kernels/, named by the function
// (Saxpy.ptx, Scale.cl), holding a section per distinct entry of its
// instances (kgen.FormatCodeFile), each followed by its lean variant's
// where it has one. Instances that share an entry have
// the same IR (codegen's entries.go), so their code is emitted and kept
// once.

import (
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/kago-dev/kago/codegen"
	"github.com/kago-dev/kago/ka/driver"
	"github.com/kago-dev/kago/ka/kgen"
)

// kernelFunc is one kernel function of the package: a plain kernel, or a
// generic kernel with its compiled instances.
type kernelFunc struct {
	name      string
	generic   bool
	instances []*codegen.Kernel // sorted by name; one for a plain kernel
}

// kernelFuncs groups the compiled kernels by function, in the order of
// their names, and adds the package's generic kernels that have no
// compiled instance.
func kernelFuncs(p *codegen.Package, kernels []*codegen.Kernel) []*kernelFunc {
	var funcs []*kernelFunc
	byName := map[string]*kernelFunc{}
	add := func(name string, generic bool) *kernelFunc {
		f := byName[name]
		if f == nil {
			f = &kernelFunc{name: name, generic: generic}
			byName[name] = f
			funcs = append(funcs, f)
		}
		return f
	}
	for _, g := range p.GenericKernels() {
		add(g, true)
	}
	for _, k := range kernels {
		name := originName(k.Name)
		f := add(name, name != k.Name)
		f.instances = append(f.instances, k)
	}
	sort.Slice(funcs, func(i, j int) bool { return funcs[i].name < funcs[j].name })
	return funcs
}

// entries returns f's distinct entries, in the order of their first
// instance, each with the instances that have it.
func (f *kernelFunc) entries() ([]string, map[string][]*codegen.Kernel) {
	var order []string
	by := map[string][]*codegen.Kernel{}
	for _, k := range f.instances {
		if by[k.Entry] == nil {
			order = append(order, k.Entry)
		}
		by[k.Entry] = append(by[k.Entry], k)
	}
	return order, by
}

// codeFiles emits the code of every kernel function for targets and
// returns the code files by name.
func codeFiles(funcs []*kernelFunc, targets []driver.Target) (map[string][]byte, error) {
	files := map[string][]byte{}
	for _, f := range funcs {
		if len(f.instances) == 0 {
			continue
		}
		if !validEntry(f.name) {
			return nil, fmt.Errorf("kernel %s: its name cannot name a file", f.name)
		}
		order, by := f.entries()
		sections := make(map[driver.Target][]kgen.CodeSection, len(targets))
		for _, entry := range order {
			if !validEntry(entry) {
				return nil, fmt.Errorf("kernel %s: entry %q cannot name a section", by[entry][0].Name, entry)
			}
			names := make([]string, len(by[entry]))
			for i, k := range by[entry] {
				names[i] = k.Name
			}
			variants := []*codegen.Kernel{by[entry][0]}
			if lean := by[entry][0].Lean; lean != nil {
				variants = append(variants, lean)
			}
			for _, v := range variants {
				for _, t := range targets {
					code, err := codegen.Emit(v, t)
					if err != nil {
						return nil, err
					}
					sections[t] = append(sections[t], kgen.CodeSection{Entry: v.Entry, Code: code, Comment: strings.Join(names, ", ")})
				}
			}
			if lean := by[entry][0].Lean; lean != nil && lean.Exact != nil && slices.Contains(targets, driver.PTX) {
				code, err := codegen.Emit(lean.Exact, driver.PTX) // PTX only (codegen/exact.go)
				if err != nil {
					return nil, err
				}
				sections[driver.PTX] = append(sections[driver.PTX], kgen.CodeSection{Entry: lean.Exact.Entry, Code: code, Comment: strings.Join(names, ", ")})
			}
		}
		for _, t := range targets {
			files[f.name+codeExt[t]] = kgen.FormatCodeFile(sections[t])
		}
	}
	return files, nil
}
