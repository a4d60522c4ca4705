package openclc

// This file lowers the math intrinsics (LLVM's and kago's ka.math.*) to
// OpenCL C built-ins of the same meaning; doc.go lists their accuracy.
// llvm.minimum and llvm.maximum (Go's min and max: NaN wins, -0 < +0) are
// helpers, since fmin and fmax return the other operand for a NaN.

import (
	"fmt"
	"strings"

	"github.com/llir/llvm/ir"
)

// mathFuncs maps intrinsic base names to OpenCL C built-ins and arity.
var mathFuncs = map[string]struct {
	fn    string
	arity int
}{
	"llvm.sqrt": {"sqrt", 1}, "llvm.exp": {"exp", 1}, "llvm.exp2": {"exp2", 1},
	"llvm.log": {"log", 1}, "llvm.log2": {"log2", 1}, "llvm.log10": {"log10", 1},
	"llvm.sin": {"sin", 1}, "llvm.cos": {"cos", 1}, "llvm.pow": {"pow", 2},
	"llvm.fabs": {"fabs", 1}, "llvm.fma": {"fma", 3}, "llvm.floor": {"floor", 1},
	"llvm.ceil": {"ceil", 1}, "llvm.trunc": {"trunc", 1},
	"llvm.round":    {"round", 1}, // half away from zero in both
	"llvm.copysign": {"copysign", 2},
	"llvm.minimum":  {"ka_minimum", 2},
	"llvm.maximum":  {"ka_maximum", 2},

	"ka.math.tan": {"tan", 1}, "ka.math.asin": {"asin", 1}, "ka.math.acos": {"acos", 1},
	"ka.math.atan": {"atan", 1}, "ka.math.atan2": {"atan2", 2}, "ka.math.sinh": {"sinh", 1},
	"ka.math.cosh": {"cosh", 1}, "ka.math.tanh": {"tanh", 1}, "ka.math.asinh": {"asinh", 1},
	"ka.math.acosh": {"acosh", 1}, "ka.math.atanh": {"atanh", 1}, "ka.math.cbrt": {"cbrt", 1},
	"ka.math.hypot": {"hypot", 2}, "ka.math.expm1": {"expm1", 1}, "ka.math.log1p": {"log1p", 1},
}

// math lowers a call of @<base>.f32 or @<base>.f64.
func (e *emitter) math(inst *ir.InstCall, name string) {
	i := strings.LastIndexByte(name, '.')
	base, suffix := name[:i], name[i+1:]
	m, ok := mathFuncs[base]
	if !ok || (suffix != "f32" && suffix != "f64") {
		e.errorf(ErrBadIR, "call of @%s, which is not an intrinsic of the contract", name)
		return
	}
	bits := uint64(32)
	if suffix == "f64" {
		bits = 64
	}
	if len(inst.Args) != m.arity || floatBits(inst.Typ) != bits {
		e.errorf(ErrBadIR, "@%s takes %d %s operand(s) and returns one", name, m.arity, suffix)
		return
	}
	args := make([]string, len(inst.Args))
	for i, a := range inst.Args {
		if floatBits(a.Type()) != bits {
			e.errorf(ErrBadIR, "@%s: operand of type %s", name, a.Type())
			return
		}
		args[i] = e.operand(a)
	}
	fn := m.fn
	if strings.HasPrefix(fn, "ka_") {
		fn += "_" + suffix
		e.helpers[fn] = minMaxHelper(fn, bits)
	}
	e.assign(inst, fn+"("+strings.Join(args, ", ")+")")
}

// minMaxHelper returns the definition of ka_minimum_f32 and friends: a NaN
// operand gives NaN (a + b is one, quiet), equal operands are merged by
// their bits so that min(-0, +0) is -0 (or of the sign bits) and
// max(-0, +0) is +0 (and), otherwise the smaller or larger one.
func minMaxHelper(fn string, bits uint64) string {
	ft, it := "float", "uint"
	if bits == 64 {
		ft, it = "double", "ulong"
	}
	merge, cmp, what := "|", "<", "llvm.minimum (Go's min)"
	if strings.HasPrefix(fn, "ka_maximum") {
		merge, cmp, what = "&", ">", "llvm.maximum (Go's max)"
	}
	return fmt.Sprintf(`// %s is %s: NaN if either operand is NaN, and -0 < +0.
%s %s(%s a, %s b)
{
	if (isnan(a) || isnan(b))
		return a + b;
	if (a == b)
		return as_%s(as_%s(a) %s as_%s(b));
	return a %s b ? a : b;
}
`, fn, what, ft, fn, ft, ft, ft, it, merge, it, cmp)
}
