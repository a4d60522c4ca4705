package codegen

// Package math's functions that kernels compile from Go source: package
// ka/internal/devmath holds Go's own code for them (math.Gamma,
// math.Lgamma), which the front end inlines like a function of the
// kernel's package, lowering the package math calls inside as usual.
// So are the 16-bit float conversions of package ka (ka.ToFloat16,
// Float16.Float32, ka.ToBFloat16, BFloat16.Float32), which the host runs
// too: one code, the same bits everywhere.

import (
	"go/types"

	"golang.org/x/tools/go/ssa"
)

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

// halfConversions maps package ka's 16-bit float conversions, by name
// (a method by its receiver's type), to devmath's code for them.
var halfConversions = map[string]string{
	"ToFloat16": "F32ToF16", "Float16.Float32": "F16ToF32",
	"ToBFloat16": "F32ToBF16", "BFloat16.Float32": "BF16ToF32",
}

// halfConversion returns devmath's code for callee when it is one of
// package ka's 16-bit float conversions, else nil.
func (f *frame) halfConversion(callee *ssa.Function) *ssa.Function {
	name := callee.Name()
	if recv := callee.Signature.Recv(); recv != nil {
		named, ok := recv.Type().(*types.Named)
		if !ok {
			return nil
		}
		name = named.Obj().Name() + "." + name
	}
	if dm, ok := halfConversions[name]; ok {
		return f.devmathFunc(dm)
	}
	return nil
}

// isDevmath reports whether fn is one of devmath's functions, which
// kernels may call (through package math) although they are another
// package's.
func isDevmath(fn *ssa.Function) bool {
	return fn.Pkg != nil && fn.Pkg.Pkg.Path() == devmathPath
}
