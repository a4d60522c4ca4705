package ptx

// This file implements the math intrinsics of docs/ir.md. The ones PTX does
// exactly are single instructions or short exact sequences here; the
// transcendental ones are inlined straight-line f64 routines from
// mathlib.go (float versions compute in double and round once). doc.go
// lists the accuracy of each.

import (
	"github.com/kago-dev/kago/codegen/internal/emitutil"
	"github.com/llir/llvm/ir"
)

// createMath emits a checked call of @llvm.<name>.f32|f64 or
// @ka.math.<name>.f32|f64.
func (fe *funcEmitter) createMath(inst *ir.InstCall, m emitutil.Math) {
	c := classF32
	if m.Bits == 64 {
		c = classF64
	}
	name := m.Base
	t := c.ptxType()
	args := make([]string, len(inst.Args))
	for i, a := range inst.Args {
		args[i] = fe.reg(a)
	}
	switch name {
	case "sqrt":
		fe.ins("sqrt.rn.%s %s, %s", t, fe.def(inst), args[0])
	case "fabs":
		fe.ins("abs.%s %s, %s", t, fe.def(inst), args[0])
	case "fma":
		fe.ins("fma.rn.%s %s, %s, %s, %s", t, fe.def(inst), args[0], args[1], args[2])
	case "floor":
		fe.ins("cvt.rmi.%s.%s %s, %s", t, t, fe.def(inst), args[0])
	case "ceil":
		fe.ins("cvt.rpi.%s.%s %s, %s", t, t, fe.def(inst), args[0])
	case "trunc":
		fe.ins("cvt.rzi.%s.%s %s, %s", t, t, fe.def(inst), args[0])
	case "round":
		fe.createRound(inst, c, args[0])
	case "copysign":
		fe.createCopysign(fe.def(inst), c, args[0], args[1])
	case "minimum", "maximum":
		fe.createMinMax(inst, c, args[0], args[1], name == "minimum")
	default:
		if r, ok := mathRoutines[name]; ok && len(args) == r.nargs {
			fe.createRoutine(inst, c, r, args)
			return
		}
		fe.errorf(ErrUnsupported, "math function %s has no PTX mapping", name)
	}
}

// bitsClass is the integer class with the width of float class c.
func bitsClass(c regClass) (regClass, string) {
	if c == classF64 {
		return classB64, "b64"
	}
	return classB32, "b32"
}

// createCopysign: d = |a| with b's sign, on the bits (exact, NaN included).
func (fe *funcEmitter) createCopysign(d string, c regClass, a, b string) {
	ic, bt := bitsClass(c)
	mag, sign := "0x7FFFFFFF", "0x80000000"
	if c == classF64 {
		mag, sign = "0x7FFFFFFFFFFFFFFF", "0x8000000000000000"
	}
	ia, ib := fe.newReg(ic), fe.newReg(ic)
	fe.ins("mov.%s %s, %s", bt, ia, a)
	fe.ins("mov.%s %s, %s", bt, ib, b)
	fe.ins("and.%s %s, %s, %s", bt, ia, ia, mag)
	fe.ins("and.%s %s, %s, %s", bt, ib, ib, sign)
	fe.ins("or.%s %s, %s, %s", bt, ia, ia, ib)
	fe.ins("mov.%s %s, %s", bt, d, ia)
}

// createRound implements Go's math.Round (half away from zero), exactly:
// t = trunc(x); if |x-t| >= 0.5 { t += copysign(1, x) }. x-t is exact; NaN
// and infinities come out of the trunc unchanged (the compare is false).
func (fe *funcEmitter) createRound(inst *ir.InstCall, c regClass, x string) {
	t := c.ptxType()
	half, one := "0f3F000000", "0f3F800000"
	if c == classF64 {
		half, one = "0d3FE0000000000000", "0d3FF0000000000000"
	}
	tr, diff, s, bumped := fe.newReg(c), fe.newReg(c), fe.newReg(c), fe.newReg(c)
	p := fe.newReg(classPred)
	fe.ins("cvt.rzi.%s.%s %s, %s", t, t, tr, x)
	fe.ins("sub.rn.%s %s, %s, %s", t, diff, x, tr)
	fe.ins("abs.%s %s, %s", t, diff, diff)
	fe.ins("setp.ge.%s %s, %s, %s", t, p, diff, half)
	fe.ins("mov.%s %s, %s", t, s, one)
	fe.createCopysign(s, c, s, x)
	fe.ins("add.rn.%s %s, %s, %s", t, bumped, tr, s)
	fe.ins("selp.%s %s, %s, %s, %s", t, fe.def(inst), bumped, tr, p)
}

// createMinMax implements llvm.minimum/maximum (Go's min/max): NaN if either
// is NaN, -0 < +0. Equal operands (±0 included) combine their bits: OR for
// min keeps a -0, AND for max keeps a +0.
func (fe *funcEmitter) createMinMax(inst *ir.InstCall, c regClass, a, b string, isMin bool) {
	t := c.ptxType()
	ic, bt := bitsClass(c)
	cmp, comb := "lt", "or"
	if !isMin {
		cmp, comb = "gt", "and"
	}
	p, eq, nan := fe.newReg(classPred), fe.newReg(classPred), fe.newReg(classPred)
	r, e, sum := fe.newReg(c), fe.newReg(c), fe.newReg(c)
	ia, ib := fe.newReg(ic), fe.newReg(ic)
	fe.ins("setp.%s.%s %s, %s, %s", cmp, t, p, a, b)
	fe.ins("selp.%s %s, %s, %s, %s", t, r, a, b, p)
	fe.ins("mov.%s %s, %s", bt, ia, a)
	fe.ins("mov.%s %s, %s", bt, ib, b)
	fe.ins("%s.%s %s, %s, %s", comb, bt, ia, ia, ib)
	fe.ins("mov.%s %s, %s", bt, e, ia)
	fe.ins("setp.eq.%s %s, %s, %s", t, eq, a, b)
	fe.ins("selp.%s %s, %s, %s, %s", t, r, e, r, eq)
	fe.ins("setp.nan.%s %s, %s, %s", t, nan, a, b)
	fe.ins("add.rn.%s %s, %s, %s", t, sum, a, b)
	fe.ins("selp.%s %s, %s, %s, %s", t, fe.def(inst), sum, r, nan)
}
