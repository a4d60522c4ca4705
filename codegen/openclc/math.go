package openclc

// This file lowers the math intrinsics (LLVM's and kago's ka.math.*) to
// OpenCL C built-ins of the same meaning; doc.go lists their accuracy.
// llvm.minimum and llvm.maximum (Go's min and max: NaN wins, -0 < +0) are
// helpers, since fmin and fmax return the other operand for a NaN.

import (
	"fmt"
	"strings"

	"github.com/kago-dev/kago/codegen/internal/emitutil"
	"github.com/llir/llvm/ir"
)

// createMath lowers a checked call of @<base>.f32 or @<base>.f64 to the
// OpenCL C built-in of the same name, or to a helper for llvm.minimum and
// llvm.maximum.
func (fe *funcEmitter) createMath(inst *ir.InstCall, m emitutil.Math) {
	suffix := fmt.Sprintf("f%d", m.Bits)
	args := make([]string, len(inst.Args))
	for i, a := range inst.Args {
		args[i] = fe.operand(a)
	}
	fn := m.Base
	if fn == "minimum" || fn == "maximum" {
		fn = "ka_" + fn + "_" + suffix
		fe.helpers[fn] = minMaxHelper(fn, m.Bits)
	}
	fe.assign(inst, fn+"("+strings.Join(args, ", ")+")")
}

// minMaxHelper returns the definition of ka_minimum_f32 and friends: a NaN
// operand gives NaN (a + b is one, quiet), equal operands are merged by
// their bits so that min(-0, +0) is -0 (or of the sign bits) and
// max(-0, +0) is +0 (and), otherwise the smaller or larger one.
func minMaxHelper(fn string, bits int) string {
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
