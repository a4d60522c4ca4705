package emitutil

// This file finds the kernel of a module: docs/ir.md's one function
// definition, next to intrinsic declarations, and its hidden parameters.

import (
	"github.com/kago-dev/kago/ka/driver"
	"github.com/llir/llvm/ir"
)

// FindKernel returns the module's one function definition, checking that
// there is exactly one and that it returns void. The error is an *Error of
// target wrapping ErrBadIR.
func FindKernel(target string, m *ir.Module) (*ir.Func, error) {
	var kernel *ir.Func
	for _, f := range m.Funcs {
		if len(f.Blocks) == 0 {
			continue // an intrinsic's declaration
		}
		if kernel != nil {
			return nil, Errorf(target, nil, nil, nil, ErrBadIR, "module defines more than one function (@%s and @%s); helpers must be inlined, one kernel per module", kernel.Name(), f.Name())
		}
		kernel = f
	}
	if kernel == nil {
		return nil, Errorf(target, nil, nil, nil, ErrBadIR, "module defines no function; docs/ir.md expects one kernel")
	}
	if !IsVoid(kernel.Sig.RetType) {
		return nil, Errorf(target, kernel, nil, nil, ErrBadIR, "a kernel returns void, not %s", kernel.Sig.RetType.LLString())
	}
	return kernel, nil
}

// GlobalSizeParam returns the kernel's hidden parameter that
// @ka.global_size(d) reads: the i64 that driver.HiddenParams names for
// dimension d (%ka.gsize<d>), which the front end appends to every kernel
// (docs/ir.md, "Kernel ABI"). The error is a *Problem of kind ErrBadIR.
func GlobalSizeParam(kernel *ir.Func, d int) (*ir.Param, error) {
	for _, h := range driver.HiddenParams {
		if h.Param.Kind != driver.ParamGlobalSize || h.Param.Dim != d {
			continue
		}
		for _, p := range kernel.Params {
			if p.Name() == h.Name && IntBits(p.Type()) == 8*h.Param.Size {
				return p, nil
			}
		}
		return nil, problem(ErrBadIR, "@ka.global_size(%d) reads the hidden parameter i%d %%%s, which the kernel lacks", d, 8*h.Param.Size, h.Name)
	}
	return nil, problem(ErrBadIR, "@ka.global_size(%d): no hidden parameter for dimension %d", d, d)
}
