package codegen

// This file implements the math functions: ka's generic ones (ka.Sqrt[T])
// and package math's float64 ones that have device equivalents. Each
// becomes an LLVM intrinsic (llvm.sqrt.f32) or a kago one
// (ka.math.tan.f64); docs/ir.md lists them.

import (
	"github.com/llir/llvm/ir/constant"
	"github.com/llir/llvm/ir/enum"
	lltypes "github.com/llir/llvm/ir/types"
	"github.com/llir/llvm/ir/value"
	"golang.org/x/tools/go/ssa"
)

// kaMath maps ka's math functions to intrinsic base names.
var kaMath = map[string]string{
	"Sqrt": "llvm.sqrt", "Exp": "llvm.exp", "Exp2": "llvm.exp2", "Log": "llvm.log",
	"Log2": "llvm.log2", "Sin": "llvm.sin", "Cos": "llvm.cos", "Tan": "ka.math.tan",
	"Tanh": "ka.math.tanh", "Atan2": "ka.math.atan2", "Pow": "llvm.pow", "Abs": "llvm.fabs",
	"FMA": "llvm.fma", "Floor": "llvm.floor", "Ceil": "llvm.ceil", "Trunc": "llvm.trunc",
	"Round": "llvm.round",
}

// goMath maps package math's functions to intrinsic base names.
var goMath = map[string]string{
	"Sqrt": "llvm.sqrt", "Exp": "llvm.exp", "Exp2": "llvm.exp2", "Log": "llvm.log",
	"Log2": "llvm.log2", "Log10": "llvm.log10", "Sin": "llvm.sin", "Cos": "llvm.cos",
	"Pow": "llvm.pow", "Abs": "llvm.fabs", "FMA": "llvm.fma", "Floor": "llvm.floor",
	"Ceil": "llvm.ceil", "Trunc": "llvm.trunc", "Round": "llvm.round",
	"Copysign": "llvm.copysign", "Min": "llvm.minimum", "Max": "llvm.maximum",
	"Tan": "ka.math.tan", "Asin": "ka.math.asin", "Acos": "ka.math.acos",
	"Atan": "ka.math.atan", "Atan2": "ka.math.atan2", "Sinh": "ka.math.sinh",
	"Cosh": "ka.math.cosh", "Tanh": "ka.math.tanh", "Asinh": "ka.math.asinh",
	"Acosh": "ka.math.acosh", "Atanh": "ka.math.atanh", "Cbrt": "ka.math.cbrt",
	"Hypot": "ka.math.hypot", "Expm1": "ka.math.expm1", "Log1p": "ka.math.log1p",
}

// createMathCall lowers a math function of type t (float or double):
// table is kaMath for package ka's functions, goMath for package math's.
func (f *frame) createMathCall(call *ssa.Call, name string, table map[string]string, t lltypes.Type) lowered {
	pos := call.Pos()
	if _, ok := table[name]; !ok {
		if fn := f.devmathFunc(name); fn != nil {
			return f.createInlinedCall(call, fn) // Go's own code, devmath.go
		}
	}
	vs, ok := f.args(call)
	if !ok {
		return poison{}
	}
	if base, ok := table[name]; ok && t != nil {
		return f.createMath(base, t, vs...)
	}
	// package math functions that are bit manipulations, not calls.
	switch name {
	case "Float32bits":
		return f.cur.NewBitCast(vs[0], lltypes.I32)
	case "Float32frombits":
		return f.cur.NewBitCast(vs[0], lltypes.Float)
	case "Float64bits":
		return f.cur.NewBitCast(vs[0], lltypes.I64)
	case "Float64frombits":
		return f.cur.NewBitCast(vs[0], lltypes.Double)
	case "IsNaN":
		return f.cur.NewFCmp(enum.FPredUNO, vs[0], vs[0])
	case "NaN":
		// 0x7FF8000000000001 is the NaN package math returns.
		return f.cur.NewBitCast(constant.NewInt(lltypes.I64, 0x7FF8000000000001), lltypes.Double)
	}
	if l, ok := f.createExactMath(name, vs); ok { // mathexact.go
		return l
	}
	f.unsupportedAt(pos, "math."+name+" (no device equivalent)")
	return poison{}
}

// createMath calls the intrinsic base.f32 or base.f64 with args of type t.
func (f *frame) createMath(base string, t lltypes.Type, args ...value.Value) value.Value {
	suffix := ".f64"
	if t.Equal(lltypes.Float) {
		suffix = ".f32"
	}
	params := make([]lltypes.Type, len(args))
	for i := range params {
		params[i] = t
	}
	return f.cur.NewCall(f.declare(base+suffix, t, params...), args...)
}
