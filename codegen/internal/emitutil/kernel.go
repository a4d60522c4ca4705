package emitutil

// This file finds what a kernel's hidden parameters hold (docs/ir.md,
// "Kernel ABI").

import (
	"github.com/kago-dev/kago/ka/driver"
	"github.com/llir/llvm/ir"
)

// GlobalSizeParam returns the kernel's hidden parameter that
// @ka.global_size(d) reads: the i64 that driver.HiddenParams names for
// dimension d (%ka.gsize<d>), which the front end appends to every kernel;
// nil if the kernel lacks it (ircheck refuses such a kernel).
func GlobalSizeParam(kernel *ir.Func, d int) *ir.Param {
	for _, h := range driver.HiddenParams {
		if h.Param.Kind != driver.ParamGlobalSize || h.Param.Dim != d {
			continue
		}
		for _, p := range kernel.Params {
			if p.Name() == h.Name && IntBits(p.Type()) == 8*h.Param.Size {
				return p
			}
		}
	}
	return nil
}
