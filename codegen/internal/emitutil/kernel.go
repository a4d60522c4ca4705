package emitutil

// This file finds the kernel of a module: docs/ir.md's one function
// definition, next to intrinsic declarations.

import (
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
