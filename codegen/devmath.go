package codegen

// Package math's functions that kernels compile from Go source: package
// ka/internal/devmath holds Go's own code for them (math.Gamma,
// math.Lgamma), which the front end inlines like a function of the
// kernel's package, lowering the package math calls inside as usual.

import "golang.org/x/tools/go/ssa"

// devmathPath is the package of the inlined math functions.
const devmathPath = "github.com/kago-dev/kago/ka/internal/devmath"

// devmathFunc returns devmath's function name (math.<name>'s code), nil
// when there is none or the program does not hold devmath.
func (f *frame) devmathFunc(name string) *ssa.Function {
	p := f.pkg.ssa.Prog.ImportedPackage(devmathPath)
	if p == nil {
		return nil
	}
	return p.Func(name)
}

// isDevmath reports whether fn is one of devmath's functions, which
// kernels may call (through package math) although they are another
// package's.
func isDevmath(fn *ssa.Function) bool {
	return fn.Pkg != nil && fn.Pkg.Pkg.Path() == devmathPath
}
