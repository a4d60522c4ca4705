package emitutil

// This file names the math intrinsics of docs/ir.md: LLVM's and kago's,
// with their arity.

import (
	"sort"
	"strings"
)

// Math is a call of one of docs/ir.md's math intrinsics, @llvm.<Base>.f32
// or @ka.math.<Base>.f64 and so on.
type Math struct {
	Base  string // the function: "sqrt", "atan2", "minimum", ...
	Bits  int    // 32 for .f32 (float), 64 for .f64 (double)
	Arity int    // how many operands, all of the result's type
}

// ParseMath returns the math intrinsic that a callee's name denotes, or
// false when the name is none of the contract's. LLVM's intrinsics take the
// "llvm." prefix and kago's the "ka.math." prefix, never the other one
// (llvm.tan and ka.math.sqrt are not intrinsics of the contract).
func ParseMath(name string) (Math, bool) {
	table := llvmMath
	rest, ok := strings.CutPrefix(name, "llvm.")
	if !ok {
		table = kagoMath
		if rest, ok = strings.CutPrefix(name, "ka.math."); !ok {
			return Math{}, false
		}
	}
	base, suffix, ok := strings.Cut(rest, ".")
	arity, known := table[base]
	if !ok || !known {
		return Math{}, false
	}
	switch suffix {
	case "f32":
		return Math{Base: base, Bits: 32, Arity: arity}, true
	case "f64":
		return Math{Base: base, Bits: 64, Arity: arity}, true
	}
	return Math{}, false
}

// llvmMath and kagoMath give the arity of each math intrinsic of
// docs/ir.md, LLVM's and kago's.
var (
	llvmMath = map[string]int{
		"sqrt": 1, "exp": 1, "exp2": 1, "log": 1, "log2": 1, "log10": 1,
		"sin": 1, "cos": 1, "pow": 2, "fabs": 1, "fma": 3, "floor": 1,
		"ceil": 1, "trunc": 1, "round": 1, "copysign": 2, "minimum": 2, "maximum": 2,
	}
	kagoMath = map[string]int{
		"tan": 1, "asin": 1, "acos": 1, "atan": 1, "atan2": 2, "sinh": 1,
		"cosh": 1, "tanh": 1, "asinh": 1, "acosh": 1, "atanh": 1, "cbrt": 1,
		"hypot": 2, "expm1": 1, "log1p": 1,
	}
)

// MathFuncs returns every math intrinsic of docs/ir.md, LLVM's then kago's,
// each name sorted, .f32 before .f64: what every emitter maps.
func MathFuncs() []string {
	var names []string
	for _, t := range []struct {
		prefix string
		table  map[string]int
	}{{"llvm.", llvmMath}, {"ka.math.", kagoMath}} {
		bases := make([]string, 0, len(t.table))
		for b := range t.table {
			bases = append(bases, b)
		}
		sort.Strings(bases)
		for _, b := range bases {
			names = append(names, t.prefix+b+".f32", t.prefix+b+".f64")
		}
	}
	return names
}
