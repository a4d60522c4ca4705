package ptx

// This file implements frem (Go's math.Mod, C's fmod): the exact remainder
// x - trunc(x/y)*y with the sign of x. It is exact, in a small loop:
//
//   - while q = |x|/|y| >= 2^53 (or overflows, for a tiny |y|) the quotient
//     is not an exact integer, so |x| is first reduced modulo t = |y|*2^d,
//     a multiple of |y| with |x|/t in [2^51, 2^53), d from the exponents of
//     |x| and |y|; each step is exact and removes ~51 bits of quotient (at
//     most ~42 steps for doubles, one or two for floats);
//   - then r = fma(-trunc(q), |y|, r), exact because the true remainder and
//     the result are multiples of ulp(|y|) below |y| (division rounds
//     monotonically, so trunc(q) overshoots by at most one, fixed by +|y|).
//
// NaN operands, x infinite or y zero give NaN; y infinite gives x. Floats
// are computed in double, where every step is still exact, and converted
// back without rounding.

import (
	"fmt"

	"github.com/llir/llvm/ir/value"
)

func (fe *funcEmitter) createFRem(inst value.Named, x, y value.Value, c regClass) {
	xs, ys := fe.reg(x), fe.reg(y)
	if c == classF32 {
		wx, wy := fe.newReg(classF64), fe.newReg(classF64)
		fe.ins("cvt.f64.f32 %s, %s", wx, xs)
		fe.ins("cvt.f64.f32 %s, %s", wy, ys)
		xs, ys = wx, wy
	}
	fe.nedges++
	loop := fmt.Sprintf("$L__FREM%d_loop", fe.nedges)
	done := fmt.Sprintf("$L__FREM%d_done", fe.nedges)
	f := func() string { return fe.newReg(classF64) }
	i := func() string { return fe.newReg(classB64) }
	pr := func() string { return fe.newReg(classPred) }
	ax, ay, r, q, t, tmp := f(), f(), f(), f(), f(), f()
	bad, p := pr(), pr()
	e, e1, e2, b := i(), i(), i(), i()
	fe.ins("abs.f64 %s, %s", ax, xs)
	fe.ins("abs.f64 %s, %s", ay, ys)
	fe.ins("mov.f64 %s, %s", r, ax)
	// Inputs that would not terminate or are special skip the loop.
	fe.ins("setp.nan.f64 %s, %s, %s", bad, xs, ys)
	fe.ins("setp.eq.or.f64 %s, %s, 0d7FF0000000000000, %s", bad, ax, bad)
	fe.ins("setp.eq.or.f64 %s, %s, 0d7FF0000000000000, %s", bad, ay, bad)
	fe.ins("setp.eq.or.f64 %s, %s, 0d0000000000000000, %s", bad, ay, bad)
	fe.ins("@%s bra %s", bad, done)
	fmt.Fprintf(&fe.body, "%s:\n", loop)
	fe.ins("div.rn.f64 %s, %s, %s", q, r, ay)
	fe.ins("setp.lt.f64 %s, %s, 0d4340000000000000", p, q) // q < 2^53
	fe.ins("@%s bra %s", p, done)
	// d = ilogb(r) - ilogb(|y|) - 52 >= 1, so that r/t is in [2^51, 2^53)
	// (from the exponents, not from q, which overflows when |y| is tiny);
	// a subnormal |y| is scaled by 2^64 first. t = |y| * 2^d in two exact
	// steps (d <= 2097 - 52).
	ps, ys := pr(), f()
	fe.ins("mov.b64 %s, %s", b, r)
	fe.ins("shr.u64 %s, %s, 52", e, b) // r >= 2^53 |y| is normal and positive
	fe.ins("setp.lt.f64 %s, %s, 0d0010000000000000", ps, ay)
	fe.ins("mul.rn.f64 %s, %s, 0d43F0000000000000", ys, ay) // 2^64
	fe.ins("selp.f64 %s, %s, %s, %s", ys, ys, ay, ps)
	fe.ins("mov.b64 %s, %s", b, ys)
	fe.ins("shr.u64 %s, %s, 52", e1, b)
	fe.ins("@%s sub.s64 %s, %s, 64", ps, e1, e1)
	fe.ins("sub.s64 %s, %s, %s", e, e, e1)
	fe.ins("sub.s64 %s, %s, 52", e, e)
	fe.ins("min.s64 %s, %s, 2045", e, e)
	fe.ins("shr.s64 %s, %s, 1", e1, e)
	fe.ins("sub.s64 %s, %s, %s", e2, e, e1)
	fe.ins("add.s64 %s, %s, 1023", e1, e1)
	fe.ins("shl.b64 %s, %s, 52", e1, e1)
	fe.ins("add.s64 %s, %s, 1023", e2, e2)
	fe.ins("shl.b64 %s, %s, 52", e2, e2)
	fe.ins("mov.b64 %s, %s", tmp, e1)
	fe.ins("mul.rn.f64 %s, %s, %s", t, ay, tmp)
	fe.ins("mov.b64 %s, %s", tmp, e2)
	fe.ins("mul.rn.f64 %s, %s, %s", t, t, tmp)
	fe.createRemStep(r, t, q, p)
	fe.ins("bra.uni %s", loop)
	fmt.Fprintf(&fe.body, "%s:\n", done)
	fe.createRemStep(r, ay, q, p)
	// Sign of x; specials.
	res := f()
	fe.createCopysign(res, classF64, r, xs)
	fe.ins("setp.eq.f64 %s, %s, 0d7FF0000000000000", p, ay)
	fe.ins("selp.f64 %s, %s, %s, %s", res, xs, res, p)
	fe.ins("selp.f64 %s, 0d7FF8000000000000, %s, %s", res, res, bad)
	fe.ins("setp.nan.f64 %s, %s, %s", p, xs, ys) // NaN operands (bad also covers y inf)
	fe.ins("selp.f64 %s, 0d7FF8000000000000, %s, %s", res, res, p)
	fe.ins("setp.eq.f64 %s, %s, 0d7FF0000000000000", p, ay)
	fe.ins("selp.f64 %s, %s, %s, %s", res, xs, res, p) // y = ±Inf, x finite: x
	fe.ins("setp.eq.f64 %s, %s, 0d7FF0000000000000", p, ax)
	fe.ins("selp.f64 %s, 0d7FF8000000000000, %s, %s", res, res, p)
	if c == classF32 {
		fe.ins("cvt.rn.f32.f64 %s, %s", fe.def(inst), res)
		return
	}
	fe.ins("mov.f64 %s, %s", fe.def(inst), res)
}

// createRemStep emits r = r mod m for 0 <= r/m < 2^53: r = fma(-trunc(r/m), m, r),
// plus m if the quotient overshot.
func (fe *funcEmitter) createRemStep(r, m, q, p string) {
	fe.ins("div.rn.f64 %s, %s, %s", q, r, m)
	fe.ins("cvt.rzi.f64.f64 %s, %s", q, q)
	fe.ins("neg.f64 %s, %s", q, q)
	fe.ins("fma.rn.f64 %s, %s, %s, %s", r, q, m, r)
	fe.ins("setp.lt.f64 %s, %s, 0d0000000000000000", p, r)
	fe.ins("@%s add.rn.f64 %s, %s, %s", p, r, r, m)
}
