package ptx

// This file holds the transcendental routines, written in mprog
// (mathprog.go) so that the same code is lowered to PTX and measured in Go.
//
// Two families:
//   - kago's own, for the core functions: exp, exp2, expm1 (Cody–Waite
//     reduction by ln2 with fdlibm's split constants, Taylor polynomial of
//     degree 13 by fma), log, log2, log10, log1p (fdlibm's reduction to
//     [sqrt(1/2), sqrt(2)) and its log(1+f) = f - (hfsq - s*(hfsq+R))
//     formula with an atanh Taylor series of degree 23), sin, cos, tan
//     (Cody–Waite reduction by pi/2 with the three-part constants Go's
//     math.Sin uses, and from 2^29 Go's Payne–Hanek reduction,
//     mathtrig.go; Taylor polynomials of degree 17/16); pow is Go's
//     algorithm on them (mathpow.go), with C's special cases.
//   - the algorithms of Go's math package (Cephes/fdlibm origins, constants
//     are Go's), re-expressed here so that results agree with the native
//     backend: atan, atan2, asin, acos, sinh, cosh, tanh, asinh, acosh,
//     atanh, cbrt, hypot. Go's own unfused order of operations is kept.
//
// The measured errors are in doc.go; TestMathAccuracy re-measures them.

import "math"

// mathRoutine is a transcendental function built as a straight-line f64
// program (mathprog.go).
type mathRoutine struct {
	nargs int
	build func(p *mprog, x []mv) mv
}

var mathRoutines = map[string]mathRoutine{
	"exp":   {1, func(p *mprog, x []mv) mv { return p.exp(x[0]) }},
	"exp2":  {1, func(p *mprog, x []mv) mv { return p.exp2(x[0]) }},
	"expm1": {1, func(p *mprog, x []mv) mv { return p.expm1(x[0]) }},
	"log":   {1, func(p *mprog, x []mv) mv { return p.log(x[0]) }},
	"log2":  {1, func(p *mprog, x []mv) mv { return p.log2(x[0]) }},
	"log10": {1, func(p *mprog, x []mv) mv { return p.mul(p.log2(x[0]), p.F(math.Ln2/math.Ln10)) }},
	"log1p": {1, func(p *mprog, x []mv) mv { return p.log1p(x[0]) }},
	"sin":   {1, func(p *mprog, x []mv) mv { return p.sincos(x[0], 's') }},
	"cos":   {1, func(p *mprog, x []mv) mv { return p.sincos(x[0], 'c') }},
	"tan":   {1, func(p *mprog, x []mv) mv { return p.sincos(x[0], 't') }},
	"pow":   {2, func(p *mprog, x []mv) mv { return p.powGo(x[0], x[1]) }},
	"atan":  {1, func(p *mprog, x []mv) mv { return p.atan(x[0]) }},
	"atan2": {2, func(p *mprog, x []mv) mv { return p.atan2(x[0], x[1]) }},
	"asin":  {1, func(p *mprog, x []mv) mv { return p.asin(x[0]) }},
	"acos":  {1, func(p *mprog, x []mv) mv { return p.sub(p.F(math.Pi/2), p.asin(x[0])) }},
	"sinh":  {1, func(p *mprog, x []mv) mv { return p.sinh(x[0]) }},
	"cosh":  {1, func(p *mprog, x []mv) mv { return p.cosh(x[0]) }},
	"tanh":  {1, func(p *mprog, x []mv) mv { return p.tanh(x[0]) }},
	"asinh": {1, func(p *mprog, x []mv) mv { return p.asinh(x[0]) }},
	"acosh": {1, func(p *mprog, x []mv) mv { return p.acosh(x[0]) }},
	"atanh": {1, func(p *mprog, x []mv) mv { return p.atanh(x[0]) }},
	"cbrt":  {1, func(p *mprog, x []mv) mv { return p.cbrt(x[0]) }},
	"hypot": {2, func(p *mprog, x []mv) mv { return p.hypot(x[0], x[1]) }},
}

const (
	ln2hi = 6.93147180369123816490e-01 // fdlibm: ln2 with 21 trailing zero bits
	ln2lo = 1.90821492927058770002e-10 // ln2 - ln2hi
	pio2a = 2 * 7.85398125648498535156e-1
	pio2b = 2 * 3.77489470793079817668e-8
	pio2c = 2 * 2.69515142907905952645e-15
)

var (
	inf = math.Inf(1)
	nan = math.NaN()
)

// taylorExp is 1/(n+1)! for n = 0..12: e^r - 1 = r * sum c[n] r^n.
var taylorExp = func() []float64 {
	c := make([]float64, 13)
	f := 1.0
	for n := range c {
		f *= float64(n + 1)
		c[n] = 1 / f
	}
	return c
}()

// pow2 is 2^k for an integer k in [-1022, 1023].
func (p *mprog) pow2(k mv) mv { return p.frombits(p.shl(p.iadd(k, p.I(1023)), 52)) }

// ldexp is y * 2^k for k in [-2044, 2046], rounding once.
func (p *mprog) ldexp(y, k mv) mv {
	k1 := p.sra(k, 1)
	k2 := p.isub(k, k1)
	return p.mul(p.mul(y, p.pow2(k1)), p.pow2(k2))
}

// expReduce returns k = rint(x/ln2) and r = x - k*ln2, |r| <= ln2/2, and
// P(r) with e^r = 1 + r*P(r).
func (p *mprog) expReduce(x mv) (k, r, poly mv) {
	k = p.rint(p.mul(x, p.F(math.Log2E)))
	nk := p.neg(k)
	r = p.fma(nk, p.F(ln2hi), x)
	r = p.fma(nk, p.F(ln2lo), r)
	return k, r, p.poly(r, taylorExp...)
}

func (p *mprog) exp(x mv) mv {
	k, r, poly := p.expReduce(x)
	res := p.ldexp(p.fma(r, poly, p.F(1)), p.ftoi(k))
	res = p.sel(p.gt(x, p.F(709.782712893384)), p.F(inf), res)
	return p.sel(p.lt(x, p.F(-745.1332191019412)), p.F(0), res)
}

func (p *mprog) exp2(x mv) mv {
	k := p.rint(x)
	r := p.mul(p.sub(x, k), p.F(math.Ln2))
	res := p.ldexp(p.fma(r, p.poly(r, taylorExp...), p.F(1)), p.ftoi(k))
	res = p.sel(p.ge(x, p.F(1024)), p.F(inf), res)
	return p.sel(p.lt(x, p.F(-1076)), p.F(0), res)
}

func (p *mprog) expm1(x mv) mv {
	k, r, poly := p.expReduce(x)
	ki := p.ftoi(k)
	t := p.pow2(ki) // |k| <= 58 where it is used
	res := p.fma(t, p.mul(r, poly), p.sub(t, p.F(1)))
	big := p.ldexp(p.fma(r, poly, p.F(1)), ki)
	res = p.sel(p.gt(x, p.F(40)), big, res)
	res = p.sel(p.gt(x, p.F(709.782712893384)), p.F(inf), res)
	res = p.sel(p.lt(x, p.F(-40)), p.F(-1), res)
	return p.sel(p.eq(x, p.F(0)), x, res) // keeps -0
}

// logParts splits x = 2^k * m, m in [sqrt(1/2), sqrt(2)), and returns k,
// f = m-1 and log(m) = f - (hfsq - s*(hfsq+R)) as its pieces.
func (p *mprog) logParts(x mv) (k, f, hfsq, sr mv) {
	tiny := p.lt(x, p.F(0x1p-1022))
	xs := p.sel(tiny, p.mul(x, p.F(0x1p54)), x)
	b := p.bits(xs)
	e := p.isub(p.iand(p.srl(b, 52), p.I(0x7ff)), p.I(1023))
	e = p.sel(tiny, p.isub(e, p.I(54)), e)
	m := p.frombits(p.ior(p.iand(b, p.I(0x000FFFFFFFFFFFFF)), p.I(0x3FF0000000000000)))
	hi := p.gt(m, p.F(math.Sqrt2))
	m = p.sel(hi, p.mul(m, p.F(0.5)), m)
	e = p.sel(hi, p.iadd(e, p.I(1)), e)
	f = p.sub(m, p.F(1))
	k = p.itof(e)
	s := p.div(f, p.add(p.F(2), f))
	z := p.mul(s, s)
	c := make([]float64, 11)
	for n := range c {
		c[n] = 2 / float64(2*n+3) // 2/3, 2/5, ..., 2/23
	}
	R := p.mul(z, p.poly(z, c...))
	hfsq = p.mul(p.F(0.5), p.mul(f, f))
	sr = p.mul(s, p.add(hfsq, R))
	return k, f, hfsq, sr
}

// logSpecial applies log's special cases to res.
func (p *mprog) logSpecial(x, res mv) mv {
	res = p.sel(p.eq(x, p.F(inf)), x, res)
	res = p.sel(p.eq(x, p.F(0)), p.F(-inf), res)
	res = p.sel(p.lt(x, p.F(0)), p.F(nan), res)
	return p.sel(p.isnan(x), x, res)
}

func (p *mprog) log(x mv) mv {
	k, f, hfsq, sr := p.logParts(x)
	t := p.add(sr, p.mul(k, p.F(ln2lo)))
	res := p.sub(p.mul(k, p.F(ln2hi)), p.sub(p.sub(hfsq, t), f))
	return p.logSpecial(x, res)
}

func (p *mprog) log2(x mv) mv {
	k, f, hfsq, sr := p.logParts(x)
	logm := p.sub(f, p.sub(hfsq, sr))
	return p.logSpecial(x, p.add(p.mul(logm, p.F(1/math.Ln2)), k))
}

func (p *mprog) log1p(x mv) mv {
	u := p.add(p.F(1), x)
	res := p.mul(p.log(u), p.div(x, p.sub(u, p.F(1))))
	res = p.sel(p.eq(u, p.F(1)), x, res)
	return p.sel(p.eq(x, p.F(inf)), x, res)
}

// sincos computes sin ('s'), cos ('c') or tan ('t').
func (p *mprog) sincos(x mv, which byte) mv {
	j := p.rint(p.mul(x, p.F(2/math.Pi)))
	r := p.sub(p.sub(p.sub(x, p.mul(j, p.F(pio2a))), p.mul(j, p.F(pio2b))), p.mul(j, p.F(pio2c)))
	q := p.iand(p.ftoi(j), p.I(3))
	// |x| >= 2^29: Payne–Hanek (mathtrig.go), the sign applied after.
	ax := p.abs(x)
	big := p.and(p.ge(ax, p.F(0x1p29)), p.lt(ax, p.F(inf)))
	qb, rb := p.trigReduce(ax)
	neg := p.lt(x, p.F(0))
	qb = p.sel(neg, p.iand(p.isub(p.I(0), qb), p.I(3)), qb)
	rb = p.sel(neg, p.neg(rb), rb)
	q = p.sel(big, qb, q)
	r = p.sel(big, rb, r)
	z := p.mul(r, r)
	s := p.fma(p.mul(r, z), p.poly(z, -1.0/6, 1.0/120, -1.0/5040, 1.0/362880, -1.0/39916800,
		1.0/6227020800, -1.0/1307674368000, 1.0/355687428096000), r)
	c := p.fma(p.mul(z, z), p.poly(z, 1.0/24, -1.0/720, 1.0/40320, -1.0/3628800, 1.0/479001600,
		-1.0/87178291200, 1.0/20922789888000), p.sub(p.F(1), p.mul(p.F(0.5), z)))
	swap := p.ine(p.iand(q, p.I(1)), p.I(0))
	var v mv
	switch which {
	case 's':
		v = p.sel(swap, c, s)
		v = p.sel(p.ine(p.iand(q, p.I(2)), p.I(0)), p.neg(v), v)
	case 'c':
		v = p.sel(swap, s, c)
		return p.sel(p.ine(p.iand(p.iadd(q, p.I(1)), p.I(2)), p.I(0)), p.neg(v), v)
	default:
		v = p.sel(swap, p.neg(p.div(c, s)), p.div(s, c))
	}
	return p.sel(p.eq(x, p.F(0)), x, v) // keeps -0
}

func (p *mprog) pow(x, y mv) mv {
	ax := p.abs(x)
	e := p.exp(p.mul(y, p.log(ax)))
	isInt := p.eq(p.trunc(y), y)
	half := p.mul(y, p.F(0.5))
	odd := p.and(isInt, p.not(p.eq(p.trunc(half), half)))
	negx := p.ilt(p.bits(x), p.I(0))
	res := p.sel(p.and(negx, odd), p.neg(e), e)
	finiteNeg := p.and(p.lt(x, p.F(0)), p.gt(x, p.F(-inf)))
	res = p.sel(p.and(finiteNeg, p.not(isInt)), p.F(nan), res)
	res = p.sel(p.and(p.eq(ax, p.F(1)), p.eq(p.abs(y), p.F(inf))), p.F(1), res)
	return p.sel(p.or(p.eq(y, p.F(0)), p.eq(x, p.F(1))), p.F(1), res)
}

// ma is a*b + c without fusion, as Go computes it on amd64.
func (p *mprog) ma(a, b, c mv) mv { return p.add(p.mul(a, b), c) }

// xatan is Go's Cephes rational approximation on [0, 0.66].
func (p *mprog) xatan(x mv) mv {
	z := p.mul(x, x)
	num := p.ma(p.ma(p.ma(p.ma(p.F(-8.750608600031904122785e-01), z, p.F(-1.615753718733365076637e+01)), z,
		p.F(-7.500855792314704667340e+01)), z, p.F(-1.228866684490136173410e+02)), z, p.F(-6.485021904942025371773e+01))
	den := p.ma(p.ma(p.ma(p.ma(p.add(z, p.F(2.485846490142306297962e+01)), z, p.F(1.650270098316988542046e+02)), z,
		p.F(4.328810604912902668951e+02)), z, p.F(4.853903996359136964868e+02)), z, p.F(1.945506571482613964425e+02))
	z = p.div(p.mul(z, num), den)
	return p.add(p.mul(x, z), x)
}

// satan is Go's atan for x >= 0.
func (p *mprog) satan(a mv) mv {
	const morebits, tan3pio8 = 6.123233995736765886130e-17, 2.41421356237309504880
	c1 := p.le(a, p.F(0.66))
	c3 := p.gt(a, p.F(tan3pio8))
	t := p.sel(c1, a, p.sel(c3, p.neg(p.div(p.F(1), a)), p.div(p.sub(a, p.F(1)), p.add(a, p.F(1)))))
	x := p.xatan(t)
	base := p.sel(c1, p.F(0), p.sel(c3, p.F(math.Pi/2), p.F(math.Pi/4)))
	more := p.sel(c1, p.F(0), p.sel(c3, p.F(morebits), p.F(0.5*morebits)))
	return p.sel(c1, x, p.add(p.add(base, x), more))
}

func (p *mprog) atan(x mv) mv {
	r := p.satan(p.abs(x))
	r = p.sel(p.lt(x, p.F(0)), p.neg(r), r)
	return p.sel(p.eq(x, p.F(0)), x, r)
}

// copysign is |a| with b's sign.
func (p *mprog) copysign(a, b mv) mv {
	return p.frombits(p.ior(p.iand(p.bits(a), p.I(math.MaxInt64)), p.iand(p.bits(b), p.I(math.MinInt64))))
}

func (p *mprog) atan2(y, x mv) mv {
	q := p.atan(p.div(y, x))
	xneg := p.lt(x, p.F(0))
	res := p.sel(xneg, p.sel(p.le(q, p.F(0)), p.add(q, p.F(math.Pi)), p.sub(q, p.F(math.Pi))), q)
	yinf := p.eq(p.abs(y), p.F(inf))
	res = p.sel(yinf, p.copysign(p.F(math.Pi/2), y), res)
	xinf := p.sel(yinf, p.sel(xneg, p.F(3*math.Pi/4), p.F(math.Pi/4)), p.sel(xneg, p.F(math.Pi), p.F(0)))
	res = p.sel(p.eq(p.abs(x), p.F(inf)), p.copysign(xinf, y), res)
	res = p.sel(p.eq(x, p.F(0)), p.copysign(p.F(math.Pi/2), y), res)
	xpos := p.not(p.ilt(p.bits(x), p.I(0))) // x >= 0 and not -0 (NaN handled below)
	res = p.sel(p.eq(y, p.F(0)), p.copysign(p.sel(xpos, p.F(0), p.F(math.Pi)), y), res)
	return p.sel(p.isnan2(x, y), p.F(nan), res)
}

func (p *mprog) asin(x mv) mv {
	a := p.abs(x)
	temp := p.sqrt(p.sub(p.F(1), p.mul(a, a)))
	big := p.gt(a, p.F(0.7))
	s := p.satan(p.sel(big, p.div(temp, a), p.div(a, temp)))
	r := p.sel(big, p.sub(p.F(math.Pi/2), s), s)
	r = p.sel(p.lt(x, p.F(0)), p.neg(r), r)
	r = p.sel(p.gt(a, p.F(1)), p.F(nan), r)
	return p.sel(p.eq(x, p.F(0)), x, r)
}

func (p *mprog) sinh(x mv) mv {
	neg := p.lt(x, p.F(0))
	a := p.sel(neg, p.neg(x), x)
	ex := p.exp(a)
	sq := p.mul(a, a)
	num := p.mul(p.ma(p.ma(p.ma(p.F(-0.2630563213397497062819489e+2), sq, p.F(-0.2894211355989563807284660366e+4)), sq,
		p.F(-0.8991272022039509355398013511e+5)), sq, p.F(-0.6307673640497716991184787251e+6)), a)
	den := p.ma(p.ma(p.add(sq, p.F(-0.173678953558233699533450911e+3)), sq, p.F(0.1521517378790019070696485176e+5)), sq,
		p.F(-0.6307673640497716991212077277e+6))
	small := p.div(num, den)
	mid := p.mul(p.sub(ex, p.div(p.F(1), ex)), p.F(0.5))
	r := p.sel(p.gt(a, p.F(21)), p.mul(ex, p.F(0.5)), p.sel(p.gt(a, p.F(0.5)), mid, small))
	return p.sel(neg, p.neg(r), r)
}

func (p *mprog) cosh(x mv) mv {
	a := p.abs(x)
	ex := p.exp(a)
	return p.sel(p.gt(a, p.F(21)), p.mul(ex, p.F(0.5)), p.mul(p.add(ex, p.div(p.F(1), ex)), p.F(0.5)))
}

func (p *mprog) tanh(x mv) mv {
	const maxlog = 8.8029691931113054295988e+01
	z := p.abs(x)
	s := p.exp(p.mul(p.F(2), z))
	mid := p.sub(p.F(1), p.div(p.F(2), p.add(s, p.F(1))))
	mid = p.sel(p.lt(x, p.F(0)), p.neg(mid), mid)
	s2 := p.mul(x, x)
	num := p.ma(p.ma(p.F(-9.64399179425052238628e-1), s2, p.F(-9.92877231001918586564e1)), s2, p.F(-1.61468768441708447952e3))
	den := p.ma(p.ma(p.add(s2, p.F(1.12811678491632931402e2)), s2, p.F(2.23548839060100448583e3)), s2, p.F(4.84406305325125486048e3))
	small := p.add(x, p.div(p.mul(p.mul(x, s2), num), den))
	r := p.sel(p.ge(z, p.F(0.625)), mid, small)
	r = p.sel(p.gt(z, p.F(0.5*maxlog)), p.sel(p.lt(x, p.F(0)), p.F(-1), p.F(1)), r)
	return p.sel(p.eq(x, p.F(0)), x, r)
}

func (p *mprog) asinh(x mv) mv {
	neg := p.lt(x, p.F(0))
	a := p.sel(neg, p.neg(x), x)
	large := p.add(p.log(a), p.F(math.Ln2))
	mid := p.log(p.add(p.mul(p.F(2), a), p.div(p.F(1), p.add(p.sqrt(p.add(p.mul(a, a), p.F(1))), a))))
	sq := p.mul(a, a)
	small := p.log1p(p.add(a, p.div(sq, p.add(p.F(1), p.sqrt(p.add(p.F(1), sq))))))
	r := p.sel(p.gt(a, p.F(1<<28)), large, p.sel(p.gt(a, p.F(2)), mid, p.sel(p.lt(a, p.F(1.0/(1<<28))), a, small)))
	r = p.sel(neg, p.neg(r), r)
	return p.sel(p.or(p.isnan(x), p.eq(p.abs(x), p.F(inf))), x, r)
}

func (p *mprog) acosh(x mv) mv {
	large := p.add(p.log(x), p.F(math.Ln2))
	mid := p.log(p.sub(p.mul(p.F(2), x), p.div(p.F(1), p.add(x, p.sqrt(p.sub(p.mul(x, x), p.F(1)))))))
	t := p.sub(x, p.F(1))
	small := p.log1p(p.add(t, p.sqrt(p.add(p.mul(p.F(2), t), p.mul(t, t)))))
	r := p.sel(p.ge(x, p.F(1<<28)), large, p.sel(p.gt(x, p.F(2)), mid, small))
	r = p.sel(p.eq(x, p.F(1)), p.F(0), r)
	return p.sel(p.not(p.ge(x, p.F(1))), p.F(nan), r) // x < 1 or NaN
}

func (p *mprog) atanh(x mv) mv {
	neg := p.lt(x, p.F(0))
	a := p.sel(neg, p.neg(x), x)
	a2 := p.add(a, a)
	low := p.mul(p.F(0.5), p.log1p(p.add(a2, p.div(p.mul(a2, a), p.sub(p.F(1), a)))))
	high := p.mul(p.F(0.5), p.log1p(p.div(a2, p.sub(p.F(1), a))))
	r := p.sel(p.lt(a, p.F(1.0/(1<<28))), a, p.sel(p.lt(a, p.F(0.5)), low, high))
	r = p.sel(neg, p.neg(r), r)
	r = p.sel(p.eq(x, p.F(1)), p.F(inf), r)
	r = p.sel(p.eq(x, p.F(-1)), p.F(-inf), r)
	return p.sel(p.not(p.le(a, p.F(1))), p.F(nan), r) // |x| > 1 or NaN
}

func (p *mprog) cbrt(x mv) mv {
	const (
		b1 = 715094163
		b2 = 696219795
		C  = 5.42857142857142815906e-01
		D  = -7.05306122448979611050e-01
		E  = 1.41428571428571436819e+00
		F  = 1.60714285714285720630e+00
		G  = 3.57142857142857150787e-01
	)
	neg := p.lt(x, p.F(0))
	a := p.sel(neg, p.neg(x), x)
	t := p.frombits(p.iadd(p.udiv3(p.bits(a)), p.I(b1<<32)))
	sub := p.frombits(p.iadd(p.udiv3(p.bits(p.mul(p.F(0x1p54), a))), p.I(b2<<32)))
	t = p.sel(p.lt(a, p.F(0x1p-1022)), sub, t)
	r := p.div(p.mul(t, t), a)
	s := p.ma(r, t, p.F(C))
	t = p.mul(t, p.add(p.F(G), p.div(p.F(F), p.add(p.add(s, p.F(E)), p.div(p.F(D), s)))))
	t = p.frombits(p.iadd(p.iand(p.bits(t), p.I(-1<<30)), p.I(1<<30)))
	s = p.mul(t, t)
	r = p.div(a, s)
	w := p.add(t, t)
	r = p.div(p.sub(r, t), p.add(w, r))
	t = p.add(t, p.mul(t, r))
	t = p.sel(neg, p.neg(t), t)
	return p.sel(p.or(p.or(p.eq(x, p.F(0)), p.isnan(x)), p.eq(p.abs(x), p.F(inf))), x, t)
}

func (p *mprog) hypot(x, y mv) mv {
	a, b := p.abs(x), p.abs(y)
	swap := p.lt(a, b)
	hi, lo := p.sel(swap, b, a), p.sel(swap, a, b)
	q := p.div(lo, hi)
	r := p.mul(hi, p.sqrt(p.add(p.F(1), p.mul(q, q))))
	r = p.sel(p.eq(hi, p.F(0)), p.F(0), r)
	r = p.sel(p.isnan2(a, b), p.F(nan), r)
	return p.sel(p.or(p.eq(a, p.F(inf)), p.eq(b, p.F(inf))), p.F(inf), r)
}
