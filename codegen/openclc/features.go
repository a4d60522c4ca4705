package openclc

// This file tracks the optional OpenCL features a kernel uses, turns them
// into #pragma OPENCL EXTENSION lines, and rejects a kernel whose device
// (per Options) lacks one.

import (
	"fmt"
	"strings"
)

// feature is one optional feature: whether the kernel uses it and where it
// first did (block and instruction, for the error message).
type feature struct {
	used  bool
	block string
	inst  string
}

// features are the optional features a kernel may use.
type features struct {
	fp64      feature // double anywhere: cl_khr_fp64
	int64Base feature // atom_add/sub/xchg/cmpxchg on 64 bits: cl_khr_int64_base_atomics
	int64Ext  feature // atom_min/max/and/or/xor on 64 bits: cl_khr_int64_extended_atomics
}

// use marks f used, remembering the first position.
func (fs *features) use(f *feature, e *emitter) {
	if f.used {
		return
	}
	f.used = true
	if e.curBlock != nil {
		f.block = e.curBlock.Name()
	}
	if e.curInst != nil {
		f.inst = e.curInst.LLString()
	}
}

// checkFeatures reports each used feature the device lacks, at the
// position of its first use.
func (e *emitter) checkFeatures() {
	check := func(f feature, have bool, what, ext string) {
		if !f.used || have {
			return
		}
		e.errs = append(e.errs, &Error{Kernel: e.kernel, Block: f.block, Inst: f.inst,
			Err: fmt.Errorf("%w: the kernel uses %s, which needs %s; the device does not have it", ErrUnsupported, what, ext)})
	}
	check(e.need.fp64, e.opts.Float64, "float64 (double)", "cl_khr_fp64")
	check(e.need.int64Base, e.opts.Int64Atomics, "64-bit atomics", "cl_khr_int64_base_atomics")
	check(e.need.int64Ext, e.opts.Int64ExtendedAtomics, "64-bit atomic min/max/and/or/xor", "cl_khr_int64_extended_atomics")
}

// pragmas returns the extension pragmas of the used features.
func (e *emitter) pragmas() string {
	var b strings.Builder
	if e.need.fp64.used {
		b.WriteString("#pragma OPENCL EXTENSION cl_khr_fp64 : enable\n")
	}
	if e.need.int64Base.used || e.need.int64Ext.used {
		// The extended atomics' pragma does not imply the base one.
		b.WriteString("#pragma OPENCL EXTENSION cl_khr_int64_base_atomics : enable\n")
	}
	if e.need.int64Ext.used {
		b.WriteString("#pragma OPENCL EXTENSION cl_khr_int64_extended_atomics : enable\n")
	}
	return b.String()
}
