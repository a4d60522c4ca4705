package codegen

// This file names kernels' entries, the symbols of their device code. An
// instance of a generic kernel is named by the device types of its type
// arguments, not by their Go names: int and int64 are both int64 on a
// device, a named type is its underlying type. Instances that differ only
// in Go then have the same entry and the same IR, so kago gen keeps their
// device code once; instances that share an entry but not their IR (named
// types whose methods differ) are told apart by a number.

import (
	"go/types"
	"strconv"
	"strings"

	"golang.org/x/tools/go/ssa"
)

// entryName is the entry of the kernel fn: its name, with the device types
// of its type arguments for an instance ("Scale_float32" for Scale[float32]
// and Scale[MyFloat], "Copy_int64" for Copy[int] and Copy[int64]).
func (p *Package) entryName(fn *ssa.Function) string {
	targs := fn.TypeArgs()
	if len(targs) == 0 {
		return mangle(fn.Name())
	}
	qual := types.RelativeTo(p.ssa.Pkg)
	args := make([]string, len(targs))
	for i, t := range targs {
		args[i] = deviceTypeName(t, qual)
	}
	return mangle(fn.Origin().Name() + "[" + strings.Join(args, ",") + "]")
}

// deviceTypeName names t by its representation on a device: a basic type
// (or a named type with a basic underlying type) by the sized Go type of
// the same representation, any other type by its Go name.
func deviceTypeName(t types.Type, qual types.Qualifier) string {
	b, ok := t.Underlying().(*types.Basic)
	if !ok {
		return types.TypeString(t, qual)
	}
	switch b.Kind() {
	case types.Int:
		return "int64"
	case types.Uint, types.Uintptr:
		return "uint64"
	}
	return types.Typ[b.Kind()].Name() // byte is uint8, rune int32
}

// distinctEntries renames, among kernels that share an entry, those whose
// IR differs from the earlier ones' ("Convert_float32_2"), so that an entry
// names one device program in the package.
func distinctEntries(kernels []*Kernel) {
	type program struct {
		entry, ir string
	}
	seen := map[string][]program{} // by the entry entryName gave
	taken := map[string]bool{}
	for _, k := range kernels {
		taken[k.Entry] = true
	}
	for _, k := range kernels {
		base, text := k.Entry, k.Module.String()
		progs := seen[base]
		name := ""
		for _, pr := range progs {
			if pr.ir == text {
				name = pr.entry
			}
		}
		if name == "" {
			name = base
			for n := len(progs) + 1; len(progs) > 0 && taken[name]; n++ {
				name = base + "_" + strconv.Itoa(n)
			}
			taken[name] = true
			seen[base] = append(progs, program{name, text})
		}
		if name != base {
			renameEntry(k, name)
			if k.Lean != nil {
				renameEntry(k.Lean, name+LeanSuffix)
				if k.Lean.Exact != nil {
					renameEntry(k.Lean.Exact, k.Lean.Entry+ExactSuffix)
				}
			}
		}
	}
}

// renameEntry gives k's entry function the name entry.
func renameEntry(k *Kernel, entry string) {
	for _, f := range k.Module.Funcs {
		if f.Name() == k.Entry {
			f.SetName(entry)
		}
	}
	k.Entry = entry
}
