package ptx

// This file implements pow as Go's math.Pow computes it: x^yf by
// exp(yf*log x) for the fraction yf of |y| in [-0.5, 0.5], times x^yi by
// repeated squaring of frexp's mantissa over the 63 bits of the integer
// part yi (unrolled; each step selected only while bits remain), the
// exponents summed apart and applied once by Go's ldexp. The squaring is
// exact IEEE arithmetic, the same as Go's, so the result differs from
// package math only by what exp and log differ (doc.go: ≤ 2 ULP).

import "math"

// goLdexp is package math's Ldexp(frac, e): the exponent field set
// directly, a subnormal result made by one multiplication by 2^-53,
// underflow to ±0 and overflow to ±Inf without rounding.
func (p *mprog) goLdexp(frac, e mv) mv {
	sub := p.lt(p.abs(frac), p.F(2.2250738585072014e-308))
	nf := p.sel(sub, p.mul(frac, p.F(1<<52)), frac)
	b := p.bits(nf)
	e = p.iadd(p.iadd(e, p.sel(sub, p.I(-52), p.I(0))), p.isub(p.iand(p.srl(b, 52), p.I(0x7FF)), p.I(1023)))
	denorm := p.ilt(e, p.I(-1022))
	e2 := p.sel(denorm, p.iadd(e, p.I(53)), e)
	m := p.sel(denorm, p.F(1.0/(1<<53)), p.F(1))
	nb := p.ior(p.iand(b, p.I(^(0x7FF<<52))), p.shl(p.iadd(e2, p.I(1023)), 52))
	r := p.mul(m, p.frombits(nb))
	r = p.sel(p.ilt(e, p.I(-1075)), p.copysign(p.F(0), frac), r)
	return p.sel(p.ilt(p.I(1023), e), p.copysign(p.F(inf), frac), r)
}

// goPowFinite is Go's pow for finite nonzero x and finite y with |y| <
// 2^63 (the caller selects the special cases).
func (p *mprog) goPowFinite(x, y mv) mv {
	ay := p.abs(y)
	yi := p.trunc(ay)
	yf := p.sub(ay, yi)
	big := p.gt(yf, p.F(0.5))
	yf = p.sel(big, p.sub(yf, p.F(1)), yf)
	yi = p.sel(big, p.add(yi, p.F(1)), yi)
	a1 := p.sel(p.eq(yf, p.F(0)), p.F(1), p.exp(p.mul(yf, p.log(x))))
	ae := p.I(0)
	// x1, xe = Frexp(x) (x normal or subnormal, not 0).
	sub := p.lt(p.abs(x), p.F(2.2250738585072014e-308))
	nx := p.sel(sub, p.mul(x, p.F(1<<52)), x)
	b := p.bits(nx)
	xe := p.iadd(p.sel(sub, p.I(-52), p.I(0)), p.isub(p.iand(p.srl(b, 52), p.I(0x7FF)), p.I(1022)))
	x1 := p.frombits(p.ior(p.iand(b, p.I(^(0x7FF<<52))), p.I(1022<<52)))
	i := p.ftoi(yi)
	done := p.ine(p.I(0), p.I(0)) // false
	for k := 0; k < 63; k++ {
		ik := p.sra(i, k)
		active := p.and(p.not(done), p.ine(ik, p.I(0)))
		over := p.or(p.ilt(xe, p.I(-1<<12)), p.ilt(p.I(1<<12), xe))
		brk := p.and(active, over)
		ae = p.sel(brk, p.iadd(ae, xe), ae)
		done = p.or(done, brk)
		act := p.and(active, p.not(over))
		mulIn := p.and(act, p.ine(p.iand(ik, p.I(1)), p.I(0)))
		a1 = p.sel(mulIn, p.mul(a1, x1), a1)
		ae = p.sel(mulIn, p.iadd(ae, xe), ae)
		sq := p.mul(x1, x1)
		xe2 := p.shl(xe, 1)
		small := p.lt(sq, p.F(0.5))
		sq = p.sel(small, p.add(sq, sq), sq)
		xe2 = p.sel(small, p.isub(xe2, p.I(1)), xe2)
		x1 = p.sel(act, sq, x1)
		xe = p.sel(act, xe2, xe)
	}
	neg := p.lt(y, p.F(0))
	a1 = p.sel(neg, p.div(p.F(1), a1), a1)
	ae = p.sel(neg, p.isub(p.I(0), ae), ae)
	return p.goLdexp(a1, ae)
}

// powGo is math.Pow: goPowFinite where it applies, Go's y = ±0.5 cases,
// and the special cases of pow (the same in Go and C) elsewhere.
func (p *mprog) powGo(x, y mv) mv {
	special := p.pow(x, y)
	ax, ay := p.abs(x), p.abs(y)
	finite := p.and(p.and(p.lt(ax, p.F(inf)), p.lt(ay, p.F(math.Ldexp(1, 63)))), p.not(p.eq(x, p.F(0))))
	isInt := p.eq(p.trunc(y), y)
	finite = p.and(finite, p.or(isInt, p.gt(x, p.F(0)))) // negative x needs an integer y
	core := p.goPowFinite(x, y)
	core = p.sel(p.eq(y, p.F(0.5)), p.sqrt(x), core)
	core = p.sel(p.eq(y, p.F(-0.5)), p.div(p.F(1), p.sqrt(x)), core)
	core = p.sel(p.eq(y, p.F(1)), x, core)
	res := p.sel(finite, core, special)
	return p.sel(p.or(p.eq(y, p.F(0)), p.eq(x, p.F(1))), p.F(1), res)
}
