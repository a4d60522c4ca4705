package ptx

// This file implements mprog, a tiny straight-line language in which the
// transcendental routines of mathlib.go are written once and then either
// lowered to PTX (one instruction per operation, inlined at the call) or
// evaluated in Go (the reference interpreter that mathlib_test.go uses to
// measure each routine's error against Go's math package). Values are f64,
// i64 or predicates; every operation has exact IEEE/PTX semantics that the
// interpreter reproduces (fma, sqrt.rn, div.rn, cvt.rni/rzi/rmi, saturating
// cvt.rzi.s64.f64 with NaN -> 0, shifts by constants, selp).

import (
	"fmt"
	"math"
	"math/bits"

	"github.com/llir/llvm/ir/value"
)

type mkind uint8

const (
	kF mkind = iota // f64
	kI              // s64/b64
	kP              // pred
)

// mv is a value of an mprog: an index into its ops.
type mv int

type mop struct {
	op   string // PTX opcode with types, or "constf", "consti", "arg"
	kind mkind
	args []mv
	f    float64
	i    int64
}

// mprog is one straight-line program; build it with the methods below.
type mprog struct {
	ops []mop
}

func (p *mprog) push(kind mkind, op string, args ...mv) mv {
	p.ops = append(p.ops, mop{op: op, kind: kind, args: args})
	return mv(len(p.ops) - 1)
}

func (p *mprog) arg(i int) mv {
	v := p.push(kF, "arg")
	p.ops[v].i = int64(i)
	return v
}

// F is a float constant, I an integer constant.
func (p *mprog) F(c float64) mv { v := p.push(kF, "constf"); p.ops[v].f = c; return v }
func (p *mprog) I(c int64) mv   { v := p.push(kI, "consti"); p.ops[v].i = c; return v }

func (p *mprog) add(a, b mv) mv    { return p.push(kF, "add.rn.f64", a, b) }
func (p *mprog) sub(a, b mv) mv    { return p.push(kF, "sub.rn.f64", a, b) }
func (p *mprog) mul(a, b mv) mv    { return p.push(kF, "mul.rn.f64", a, b) }
func (p *mprog) div(a, b mv) mv    { return p.push(kF, "div.rn.f64", a, b) }
func (p *mprog) fma(a, b, c mv) mv { return p.push(kF, "fma.rn.f64", a, b, c) }
func (p *mprog) neg(a mv) mv       { return p.push(kF, "neg.f64", a) }
func (p *mprog) abs(a mv) mv       { return p.push(kF, "abs.f64", a) }
func (p *mprog) sqrt(a mv) mv      { return p.push(kF, "sqrt.rn.f64", a) }
func (p *mprog) rint(a mv) mv      { return p.push(kF, "cvt.rni.f64.f64", a) }
func (p *mprog) trunc(a mv) mv     { return p.push(kF, "cvt.rzi.f64.f64", a) }
func (p *mprog) itof(a mv) mv      { return p.push(kF, "cvt.rn.f64.s64", a) }
func (p *mprog) ftoi(a mv) mv      { return p.push(kI, "cvt.rzi.s64.f64", a) }
func (p *mprog) bits(a mv) mv      { return p.push(kI, "mov.b64", a) }
func (p *mprog) frombits(a mv) mv  { return p.push(kF, "mov.b64", a) }
func (p *mprog) iadd(a, b mv) mv   { return p.push(kI, "add.s64", a, b) }
func (p *mprog) isub(a, b mv) mv   { return p.push(kI, "sub.s64", a, b) }
func (p *mprog) iand(a, b mv) mv   { return p.push(kI, "and.b64", a, b) }
func (p *mprog) ior(a, b mv) mv    { return p.push(kI, "or.b64", a, b) }
func (p *mprog) shl(a mv, n int) mv {
	return p.push(kI, "shl.b64", a, p.I(int64(n)))
}

// udiv3 is an unsigned 64-bit division by 3 (cbrt's first guess).
func (p *mprog) udiv3(a mv) mv { return p.push(kI, "div.u64", a, p.I(3)) }

func (p *mprog) sra(a mv, n int) mv { return p.push(kI, "shr.s64", a, p.I(int64(n))) }
func (p *mprog) srl(a mv, n int) mv { return p.push(kI, "shr.u64", a, p.I(int64(n))) }

// Float comparisons are ordered (false on NaN); isnan is setp.nan.
func (p *mprog) lt(a, b mv) mv { return p.push(kP, "setp.lt.f64", a, b) }
func (p *mprog) le(a, b mv) mv { return p.push(kP, "setp.le.f64", a, b) }
func (p *mprog) gt(a, b mv) mv { return p.push(kP, "setp.gt.f64", a, b) }
func (p *mprog) ge(a, b mv) mv { return p.push(kP, "setp.ge.f64", a, b) }
func (p *mprog) eq(a, b mv) mv { return p.push(kP, "setp.eq.f64", a, b) }
func (p *mprog) isnan(a mv) mv { return p.push(kP, "setp.nan.f64", a, a) }

// isnan2 is true if a or b is NaN.
func (p *mprog) isnan2(a, b mv) mv { return p.push(kP, "setp.nan.f64", a, b) }
func (p *mprog) ine(a, b mv) mv    { return p.push(kP, "setp.ne.s64", a, b) }
func (p *mprog) iltu(a, b mv) mv   { return p.push(kP, "setp.lt.u64", a, b) }

// 64x64-bit products, shifts by a register (amounts up to 64 give 0, as
// PTX clamps them), and the unsigned conversion toward zero (Payne–Hanek's
// reduction, mathtrig.go).
func (p *mprog) mulhi(a, b mv) mv { return p.push(kI, "mul.hi.u64", a, b) }
func (p *mprog) mullo(a, b mv) mv { return p.push(kI, "mul.lo.u64", a, b) }
func (p *mprog) shlv(a, n mv) mv  { return p.push(kI, "shl.b64", a, n) }
func (p *mprog) srlv(a, n mv) mv  { return p.push(kI, "shr.u64", a, n) }
func (p *mprog) utofz(a mv) mv    { return p.push(kF, "cvt.rz.f64.u64", a) }
func (p *mprog) ilt(a, b mv) mv   { return p.push(kP, "setp.lt.s64", a, b) }
func (p *mprog) and(a, b mv) mv   { return p.push(kP, "and.pred", a, b) }
func (p *mprog) or(a, b mv) mv    { return p.push(kP, "or.pred", a, b) }
func (p *mprog) not(a mv) mv      { return p.push(kP, "not.pred", a) }

// sel is c ? a : b, for f64 or i64 values.
func (p *mprog) sel(c, a, b mv) mv {
	if p.ops[a].kind == kI {
		return p.push(kI, "selp.b64", a, b, c)
	}
	return p.push(kF, "selp.f64", a, b, c)
}

// poly evaluates c[0] + x*(c[1] + x*(c[2] + ...)) by Horner with fma.
func (p *mprog) poly(x mv, c ...float64) mv {
	r := p.F(c[len(c)-1])
	for i := len(c) - 2; i >= 0; i-- {
		r = p.fma(r, x, p.F(c[i]))
	}
	return r
}

// lower emits the program as PTX; args are the f64 argument registers.
func (fe *funcEmitter) createProg(p *mprog, args []string, result mv) string {
	regs := make([]string, len(p.ops))
	for i, o := range p.ops {
		switch o.op {
		case "constf":
			regs[i] = f64Imm(o.f)
			continue
		case "consti":
			regs[i] = fmt.Sprint(o.i)
			continue
		case "arg":
			regs[i] = args[o.i]
			continue
		}
		var d string
		switch o.kind {
		case kF:
			d = fe.newReg(classF64)
		case kI:
			d = fe.newReg(classB64)
		case kP:
			d = fe.newReg(classPred)
		}
		ops := make([]string, len(o.args))
		for j, a := range o.args {
			ops[j] = regs[a]
			// Unary instructions and predicate logic want registers.
			if ops[j][0] != '%' && (len(o.args) == 1 || o.kind == kP && o.op[0] != 's') {
				c := classF64
				if p.ops[a].kind == kI {
					c = classB64
				}
				ops[j] = fe.createMovImm(c, ops[j])
			}
		}
		if (o.op == "shl.b64" || o.op == "shr.u64" || o.op == "shr.s64") && ops[1][0] == '%' {
			// A shift amount in a register is a .u32 operand.
			amt := fe.newReg(classB32)
			fe.ins("cvt.u32.u64 %s, %s", amt, ops[1])
			ops[1] = amt
		}
		line := o.op + " " + d
		for _, s := range ops {
			line += ", " + s
		}
		fe.ins("%s", line)
		regs[i] = d
	}
	return regs[result]
}

// eval runs the program in Go with PTX semantics (the test's reference).
func (p *mprog) eval(args []float64, result mv) float64 {
	f := make([]float64, len(p.ops))
	n := make([]int64, len(p.ops))
	b := make([]bool, len(p.ops))
	for i, o := range p.ops {
		a := func(j int) float64 { return f[o.args[j]] }
		ia := func(j int) int64 { return n[o.args[j]] }
		switch o.op {
		case "constf":
			f[i] = o.f
		case "consti":
			n[i] = o.i
		case "arg":
			f[i] = args[o.i]
		case "add.rn.f64":
			f[i] = a(0) + a(1)
		case "sub.rn.f64":
			f[i] = a(0) - a(1)
		case "mul.rn.f64":
			f[i] = a(0) * a(1)
		case "div.rn.f64":
			f[i] = a(0) / a(1)
		case "fma.rn.f64":
			f[i] = math.FMA(a(0), a(1), a(2))
		case "neg.f64":
			f[i] = -a(0)
		case "abs.f64":
			f[i] = math.Abs(a(0))
		case "sqrt.rn.f64":
			f[i] = math.Sqrt(a(0))
		case "cvt.rni.f64.f64":
			f[i] = math.RoundToEven(a(0))
		case "cvt.rzi.f64.f64":
			f[i] = math.Trunc(a(0))
		case "cvt.rn.f64.s64":
			f[i] = float64(ia(0))
		case "cvt.rzi.s64.f64":
			x := a(0)
			switch {
			case x != x:
				n[i] = 0
			case x >= 0x1p63:
				n[i] = math.MaxInt64
			case x <= -0x1p63:
				n[i] = math.MinInt64
			default:
				n[i] = int64(x)
			}
		case "mov.b64":
			if o.kind == kI {
				n[i] = int64(math.Float64bits(a(0)))
			} else {
				f[i] = math.Float64frombits(uint64(ia(0)))
			}
		case "add.s64":
			n[i] = ia(0) + ia(1)
		case "div.u64":
			n[i] = int64(uint64(ia(0)) / uint64(ia(1)))
		case "sub.s64":
			n[i] = ia(0) - ia(1)
		case "and.b64":
			n[i] = ia(0) & ia(1)
		case "or.b64":
			n[i] = ia(0) | ia(1)
		case "shl.b64":
			n[i] = ia(0) << ia(1)
		case "shr.s64":
			n[i] = ia(0) >> ia(1)
		case "shr.u64":
			n[i] = int64(uint64(ia(0)) >> ia(1))
		case "setp.lt.f64":
			b[i] = a(0) < a(1)
		case "setp.le.f64":
			b[i] = a(0) <= a(1)
		case "setp.gt.f64":
			b[i] = a(0) > a(1)
		case "setp.ge.f64":
			b[i] = a(0) >= a(1)
		case "setp.eq.f64":
			b[i] = a(0) == a(1)
		case "setp.nan.f64":
			b[i] = a(0) != a(0) || a(1) != a(1)
		case "setp.ne.s64":
			b[i] = ia(0) != ia(1)
		case "setp.lt.s64":
			b[i] = ia(0) < ia(1)
		case "setp.lt.u64":
			b[i] = uint64(ia(0)) < uint64(ia(1))
		case "mul.hi.u64":
			hi, _ := bits.Mul64(uint64(ia(0)), uint64(ia(1)))
			n[i] = int64(hi)
		case "mul.lo.u64":
			n[i] = int64(uint64(ia(0)) * uint64(ia(1)))
		case "cvt.rz.f64.u64":
			v := uint64(ia(0))
			sh := max(0, 64-bits.LeadingZeros64(v)-53)
			f[i] = math.Ldexp(float64(v>>sh), sh)
		case "and.pred":
			b[i] = b[o.args[0]] && b[o.args[1]]
		case "or.pred":
			b[i] = b[o.args[0]] || b[o.args[1]]
		case "not.pred":
			b[i] = !b[o.args[0]]
		case "selp.f64":
			if b[o.args[2]] {
				f[i] = a(0)
			} else {
				f[i] = a(1)
			}
		case "selp.b64":
			if b[o.args[2]] {
				n[i] = ia(0)
			} else {
				n[i] = ia(1)
			}
		default:
			panic("mprog: no interpreter for " + o.op) // a bug in this file, caught by the tests
		}
	}
	return f[result]
}

// createRoutine inlines a mathlib routine; float arguments are widened to
// double and the result rounded once back to float.
func (fe *funcEmitter) createRoutine(inst value.Named, c regClass, r mathRoutine, args []string) {
	p := &mprog{}
	in := make([]mv, r.nargs)
	for i := range in {
		in[i] = p.arg(i)
	}
	res := r.build(p, in)
	if c == classF64 {
		out := fe.createProg(p, args, res)
		fe.ins("mov.f64 %s, %s", fe.def(inst), out)
		return
	}
	wide := make([]string, len(args))
	for i, a := range args {
		wide[i] = fe.newReg(classF64)
		fe.ins("cvt.f64.f32 %s, %s", wide[i], a)
	}
	out := fe.createProg(p, wide, res)
	fe.ins("cvt.rn.f32.f64 %s, %s", fe.def(inst), out)
}
