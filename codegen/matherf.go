package codegen

// This file implements package math's Erf, Erfc and Erfinv on every target
// as Go computes them: Go's own algorithms (FreeBSD's erf and erfc, Giles'
// erfinv), every branch evaluated and the right one selected, in plain IR
// with the same unfused operations in the same order. Only their Exp, Log
// and Sqrt are the target's (docs/kernel-language.md gives the accuracy
// that makes on each target); PTX has no erf of its own, and OpenCL's has
// no erfinv, so one implementation serves all three.

import (
	"math"

	"github.com/llir/llvm/ir/constant"
	"github.com/llir/llvm/ir/enum"
	lltypes "github.com/llir/llvm/ir/types"
	"github.com/llir/llvm/ir/value"
)

// mb builds float64 expressions in the current block.
type mb struct{ f *frame }

func (m mb) c(x float64) value.Value          { return constant.NewFloat(lltypes.Double, x) }
func (m mb) add(x, y value.Value) value.Value { return m.f.cur.NewFAdd(x, y) }
func (m mb) sub(x, y value.Value) value.Value { return m.f.cur.NewFSub(x, y) }
func (m mb) mul(x, y value.Value) value.Value { return m.f.cur.NewFMul(x, y) }
func (m mb) div(x, y value.Value) value.Value { return m.f.cur.NewFDiv(x, y) }
func (m mb) neg(x value.Value) value.Value    { return m.f.cur.NewFNeg(x) }
func (m mb) lt(x, y value.Value) value.Value  { return m.f.cur.NewFCmp(enum.FPredOLT, x, y) }
func (m mb) le(x, y value.Value) value.Value  { return m.f.cur.NewFCmp(enum.FPredOLE, x, y) }
func (m mb) sel(c, x, y value.Value) value.Value {
	return m.f.cur.NewSelect(c, x, y)
}
func (m mb) call(name string, x value.Value) value.Value {
	return m.f.createMath(name, lltypes.Double, x)
}

// horner is c[0] + s*(c[1] + s*(c[2] + ...)), unfused, as Go writes it.
func (m mb) horner(s value.Value, c ...float64) value.Value {
	r := m.c(c[len(c)-1])
	for i := len(c) - 2; i >= 0; i-- {
		r = m.add(m.c(c[i]), m.mul(s, r))
	}
	return r
}

// horner1 is 1 + s*(c[0] + s*(c[1] + ...)).
func (m mb) horner1(s value.Value, c ...float64) value.Value {
	return m.add(m.c(1), m.mul(s, m.horner(s, c...)))
}

// rhorner is ((c[n]*r + c[n-1])*r + ...)*r + c[0], Erfinv's order.
func (m mb) rhorner(r value.Value, c ...float64) value.Value {
	z := m.c(c[len(c)-1])
	for i := len(c) - 2; i >= 0; i-- {
		z = m.add(m.mul(z, r), m.c(c[i]))
	}
	return z
}

// Go's erf coefficients (math/erf.go).
var (
	erfPP = []float64{1.28379167095512558561e-01, -3.25042107247001499370e-01, -2.84817495755985104766e-02, -5.77027029648944159157e-03, -2.37630166566501626084e-05}
	erfQQ = []float64{3.97917223959155352819e-01, 6.50222499887672944485e-02, 5.08130628187576562776e-03, 1.32494738004321644526e-04, -3.96022827877536812320e-06}
	erfPA = []float64{-2.36211856075265944077e-03, 4.14856118683748331666e-01, -3.72207876035701323847e-01, 3.18346619901161753674e-01, -1.10894694282396677476e-01, 3.54783043256182359371e-02, -2.16637559486879084300e-03}
	erfQA = []float64{1.06420880400844228286e-01, 5.40397917702171048937e-01, 7.18286544141962662868e-02, 1.26171219808761642112e-01, 1.36370839120290507362e-02, 1.19844998467991074170e-02}
	erfRA = []float64{-9.86494403484714822705e-03, -6.93858572707181764372e-01, -1.05586262253232909814e+01, -6.23753324503260060396e+01, -1.62396669462573470355e+02, -1.84605092906711035994e+02, -8.12874355063065934246e+01, -9.81432934416914548592e+00}
	erfSA = []float64{1.96512716674392571292e+01, 1.37657754143519042600e+02, 4.34565877475229228821e+02, 6.45387271733267880336e+02, 4.29008140027567833386e+02, 1.08635005541779435134e+02, 6.57024977031928170135e+00, -6.04244152148580987438e-02}
	erfRB = []float64{-9.86494292470009928597e-03, -7.99283237680523006574e-01, -1.77579549177547519889e+01, -1.60636384855821916062e+02, -6.37566443368389627722e+02, -1.02509513161107724954e+03, -4.83519191608651397019e+02}
	erfSB = []float64{3.03380607434824582924e+01, 3.25792512996573918826e+02, 1.53672958608443695994e+03, 3.19985821950859553908e+03, 2.55305040643316442583e+03, 4.74528541206955367215e+02, -2.24409524465858183362e+01}
)

const (
	erfErx  = 8.45062911510467529297e-01
	erfEfx  = 1.28379167095512586316e-01
	erfEfx8 = 1.02703333676410069053e+00
)

// erfParts computes what erf and erfc share for a = |x|: y = r/s of the
// first interval, P/Q of the second, and r of the tail
// (exp(-z*z-0.5625) * exp((z-a)*(z+a)+R/S)).
func (m mb) erfParts(a value.Value) (y, pq, tail value.Value) {
	b := m.f.cur
	z := m.mul(a, a)
	y = m.div(m.horner(z, erfPP...), m.horner1(z, erfQQ...))
	s := m.sub(a, m.c(1))
	pq = m.div(m.horner(s, erfPA...), m.horner1(s, erfQA...))
	s = m.div(m.c(1), m.mul(a, a))
	near := m.lt(a, m.c(1/0.35))
	R := m.sel(near, m.horner(s, erfRA...), m.horner(s, erfRB...))
	S := m.sel(near, m.horner1(s, erfSA...), m.horner1(s, erfSB...))
	zb := b.NewBitCast(b.NewAnd(b.NewBitCast(a, lltypes.I64), constant.NewInt(lltypes.I64, -1<<32)), lltypes.Double)
	e1 := m.call("llvm.exp", m.sub(m.mul(m.neg(zb), zb), m.c(0.5625)))
	e2 := m.call("llvm.exp", m.add(m.mul(m.sub(zb, a), m.add(zb, a)), m.div(R, S)))
	return y, pq, m.mul(e1, e2)
}

// createErf is math.Erf.
func (f *frame) createErf(x value.Value) value.Value {
	m := mb{f}
	sign := m.lt(x, m.c(0))
	a := m.sel(sign, m.neg(x), x)
	y, pq, tail := m.erfParts(a)
	tiny := m.sel(m.lt(a, m.c(2.848094538889218e-306)), m.mul(m.c(0.125), m.add(m.mul(m.c(8), a), m.mul(m.c(erfEfx8), a))),
		m.add(a, m.mul(m.c(erfEfx), a)))
	t1 := m.sel(m.lt(a, m.c(1.0/(1<<28))), tiny, m.add(a, m.mul(a, y)))
	r1 := m.sel(sign, m.neg(t1), t1)
	r2 := m.sel(sign, m.sub(m.c(-erfErx), pq), m.add(m.c(erfErx), pq))
	r3 := m.sel(sign, m.c(-1), m.c(1))
	r4 := m.sel(sign, m.sub(m.div(tail, a), m.c(1)), m.sub(m.c(1), m.div(tail, a)))
	r := m.sel(m.lt(a, m.c(0.84375)), r1, m.sel(m.lt(a, m.c(1.25)), r2, m.sel(m.lt(a, m.c(6)), r4, r3)))
	return m.sel(f.cur.NewFCmp(enum.FPredUNO, x, x), f.goNaN(), r)
}

// createErfc is math.Erfc.
func (f *frame) createErfc(x value.Value) value.Value {
	m := mb{f}
	sign := m.lt(x, m.c(0))
	a := m.sel(sign, m.neg(x), x)
	y, pq, tail := m.erfParts(a)
	t := m.sel(m.lt(a, m.c(0.25)), m.add(a, m.mul(a, y)), m.add(m.c(0.5), m.add(m.mul(a, y), m.sub(a, m.c(0.5)))))
	t = m.sel(m.lt(a, m.c(1.0/(1<<56))), a, t)
	r1 := m.sel(sign, m.add(m.c(1), t), m.sub(m.c(1), t))
	r2 := m.sel(sign, m.add(m.add(m.c(1), m.c(erfErx)), pq), m.sub(m.sub(m.c(1), m.c(erfErx)), pq))
	r3 := m.sel(sign, m.sub(m.c(2), m.div(tail, a)), m.div(tail, a))
	r3 = m.sel(f.cur.NewAnd(sign, m.lt(m.c(6), a)), m.c(2), r3)
	r4 := m.sel(sign, m.c(2), m.c(0))
	r := m.sel(m.lt(a, m.c(0.84375)), r1, m.sel(m.lt(a, m.c(1.25)), r2, m.sel(m.lt(a, m.c(28)), r3, r4)))
	return m.sel(f.cur.NewFCmp(enum.FPredUNO, x, x), f.goNaN(), r)
}

// createErfinv is math.Erfinv.
func (f *frame) createErfinv(x value.Value) value.Value {
	m := mb{f}
	sign := m.lt(x, m.c(0))
	a := m.sel(sign, m.neg(x), x)
	r := m.sub(m.c(0.180625), m.mul(m.mul(m.c(0.25), a), a))
	small := m.div(m.mul(a, m.rhorner(r, 1.1975323115670912564578e0, 4.7072688112383978012285e1, 6.9706266534389598238465e2,
		4.8548868893843886794648e3, 1.6235862515167575384252e4, 2.3782041382114385731252e4, 1.1819493347062294404278e4,
		8.8709406962545514830200e2)), m.rhorner(r, 1.0000000000000000000e0, 4.2313330701600911252e1, 6.8718700749205790830e2,
		5.3941960214247511077e3, 2.1213794301586595867e4, 3.9307895800092710610e4, 2.8729085735721942674e4, 5.2264952788528545610e3))
	q := m.call("llvm.sqrt", m.sub(m.c(math.Ln2), m.call("llvm.log", m.sub(m.c(1), a))))
	q1 := m.sub(q, m.c(1.6))
	mid := m.div(m.rhorner(q1, 1.42343711074968357734e0, 4.63033784615654529590e0, 5.76949722146069140550e0, 3.64784832476320460504e0,
		1.27045825245236838258e0, 2.41780725177450611770e-1, 2.27238449892691845833e-2, 7.74545014278341407640e-4),
		m.rhorner(q1, 1.4142135623730950488016887e0, 2.9036514445419946173133295e0, 2.3707661626024532365971225e0,
			9.7547832001787427186894837e-1, 2.0945065210512749128288442e-1, 2.1494160384252876777097297e-2,
			7.7441459065157709165577218e-4, 1.4859850019840355905497876e-9))
	q5 := m.sub(q, m.c(5))
	far := m.div(m.rhorner(q5, 6.65790464350110377720e0, 5.46378491116411436990e0, 1.78482653991729133580e0, 2.96560571828504891230e-1,
		2.65321895265761230930e-2, 1.24266094738807843860e-3, 2.71155556874348757815e-5, 2.01033439929228813265e-7),
		m.rhorner(q5, 1.414213562373095048801689e0, 8.482908416595164588112026e-1, 1.936480946950659106176712e-1,
			2.103693768272068968719679e-2, 1.112800997078859844711555e-3, 2.611088405080593625138020e-5,
			2.010321207683943062279931e-7, 2.891024605872965461538222e-15))
	ans := m.sel(m.le(a, m.c(0.85)), small, m.sel(m.le(q, m.c(5)), mid, far))
	ans = m.sel(sign, m.neg(ans), ans)
	// ±1 give ±Inf; NaN and |x| > 1 give NaN.
	ans = m.sel(f.cur.NewFCmp(enum.FPredOEQ, a, m.c(1)), m.sel(sign, m.c(math.Inf(-1)), m.c(math.Inf(1))), ans)
	return m.sel(f.cur.NewFCmp(enum.FPredUGT, a, m.c(1)), f.goNaN(), ans)
}

// goNaN is package math's NaN.
func (f *frame) goNaN() value.Value {
	return f.cur.NewBitCast(constant.NewInt(lltypes.I64, goNaN), lltypes.Double)
}
