package openclc

// This file tracks the optional OpenCL features a kernel uses, turns them
// into #pragma OPENCL EXTENSION lines, and rejects a kernel whose device
// (per Options) lacks one.

import (
	"strings"

	"github.com/kago-dev/kago/codegen/internal/emitutil"
	"github.com/llir/llvm/ir"
)

// feature is one optional feature: whether the kernel uses it and where it
// first did (block and instruction, for the error message).
type feature struct {
	used  bool
	block *ir.Block
	inst  ir.LLStringer
}

// features are the optional features a kernel may use.
type features struct {
	fp64      feature // double anywhere: cl_khr_fp64
	int64Base feature // atom_add/sub/xchg/cmpxchg on 64 bits: cl_khr_int64_base_atomics
	int64Ext  feature // atom_min/max/and/or/xor on 64 bits: cl_khr_int64_extended_atomics
}

// use marks f used, remembering the first position.
func (fs *features) use(f *feature, fe *funcEmitter) {
	if !f.used {
		*f = feature{used: true, block: fe.block, inst: fe.inst}
	}
}

// checkFeatures reports each used feature the device lacks, at the
// position of its first use.
func (fe *funcEmitter) checkFeatures() {
	check := func(f feature, have bool, what, ext string) {
		if !f.used || have {
			return
		}
		fe.errs.Add(emitutil.Errorf("openclc", fe.fn, f.block, f.inst, ErrUnsupported,
			"the kernel uses %s, which needs %s; the device does not have it", what, ext))
	}
	check(fe.need.fp64, fe.opts.Float64, "float64 (double)", "cl_khr_fp64")
	check(fe.need.int64Base, fe.opts.Int64Atomics, "64-bit atomics", "cl_khr_int64_base_atomics")
	check(fe.need.int64Ext, fe.opts.Int64ExtendedAtomics, "64-bit atomic min/max/and/or/xor", "cl_khr_int64_extended_atomics")
}

// pragmas returns the extension pragmas of the used features.
func (fe *funcEmitter) pragmas() string {
	var b strings.Builder
	if fe.need.fp64.used {
		b.WriteString("#pragma OPENCL EXTENSION cl_khr_fp64 : enable\n")
	}
	if fe.need.int64Base.used || fe.need.int64Ext.used {
		// The extended atomics' pragma does not imply the base one.
		b.WriteString("#pragma OPENCL EXTENSION cl_khr_int64_base_atomics : enable\n")
	}
	if fe.need.int64Ext.used {
		b.WriteString("#pragma OPENCL EXTENSION cl_khr_int64_extended_atomics : enable\n")
	}
	return b.String()
}
