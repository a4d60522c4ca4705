package ptx

// This file implements Payne–Hanek argument reduction for sin, cos and tan
// of |x| >= 2^29, where the three-part Cody–Waite reduction by pi/2 of
// sincos loses the low bits: Go's trigReduce (math/trig_reduce.go), the
// bits of 4/pi from its table mPi4, the 64x64-bit products with
// mul.hi/mul.lo.u64. It returns the quadrant and the remainder in
// [-pi/4, pi/4] that sincos's polynomials take.

import "math"

// mPi4 is the binary expansion of 4/pi, Go's table.
var mPi4 = [...]uint64{
	0x0000000000000001, 0x45f306dc9c882a53, 0xf84eafa3ea69bb81, 0xb6c52b3278872083,
	0xfca2c757bd778ac3, 0x6e48dc74849ba5c0, 0x0c925dd413a32439, 0xfc3bd63962534e7d,
	0xd1046bea5d768909, 0xd338e04d68befc82, 0x7323ac7306a673e9, 0x3908bf177bf25076,
	0x3ff12fffbc0b301f, 0xde5e2316b414da3e, 0xda6cfd9e4f96136e, 0x9e8c7ecd3cbfd45a,
	0xea4f758fd7cbe2f6, 0x7a0e73ef14a525d4, 0xd7f6bf623f1aba10, 0xac06608df8f6d757,
}

// pi4Digit is mPi4[digit+c] for the digit of a register, by selects.
func (p *mprog) pi4Digit(digit mv, c int) mv {
	r := p.I(0)
	for k := len(mPi4) - 1 - c; k >= 0; k-- {
		v := p.I(int64(mPi4[k+c]))
		if k == len(mPi4)-1-c {
			r = v
			continue
		}
		r = p.sel(p.ilt(digit, p.I(int64(k+1))), v, r)
	}
	return r
}

// trigReduce is Go's trigReduce for finite a >= 2^29: the quadrant q (0..3)
// and r in [-pi/4, pi/4] with a = q*pi/2 + r modulo 2*pi.
func (p *mprog) trigReduce(a mv) (q, r mv) {
	ix := p.bits(a)
	exp := p.isub(p.iand(p.srl(ix, 52), p.I(0x7FF)), p.I(1023+52))
	m := p.ior(p.iand(ix, p.I(1<<52-1)), p.I(1<<52))
	digit := p.srl(p.iadd(exp, p.I(61)), 6)
	bs := p.iand(p.iadd(exp, p.I(61)), p.I(63))
	rs := p.isub(p.I(64), bs)
	t0, t1, t2, t3 := p.pi4Digit(digit, 0), p.pi4Digit(digit, 1), p.pi4Digit(digit, 2), p.pi4Digit(digit, 3)
	z0 := p.ior(p.shlv(t0, bs), p.srlv(t1, rs))
	z1 := p.ior(p.shlv(t1, bs), p.srlv(t2, rs))
	z2 := p.ior(p.shlv(t2, bs), p.srlv(t3, rs))
	z2hi := p.mulhi(z2, m)
	z1hi, z1lo := p.mulhi(z1, m), p.mullo(z1, m)
	z0lo := p.mullo(z0, m)
	lo := p.iadd(z1lo, z2hi)
	carry := p.sel(p.iltu(lo, z1lo), p.I(1), p.I(0))
	hi := p.iadd(p.iadd(z0lo, z1hi), carry)
	j := p.srl(hi, 61)
	hi = p.ior(p.shl(hi, 3), p.srl(lo, 61))
	// lz+1 from the exponent of hi converted toward zero.
	lz1 := p.isub(p.I(64), p.isub(p.iand(p.srl(p.bits(p.utofz(hi)), 52), p.I(0x7FF)), p.I(1023)))
	e := p.isub(p.I(1023), lz1)
	hi = p.ior(p.shlv(hi, lz1), p.srlv(lo, p.isub(p.I(64), lz1)))
	hi = p.ior(p.srl(hi, 12), p.shl(e, 52))
	z := p.frombits(hi)
	odd := p.ine(p.iand(j, p.I(1)), p.I(0))
	j = p.sel(odd, p.iadd(j, p.I(1)), j)
	z = p.sel(odd, p.sub(z, p.F(1)), z)
	return p.iand(p.srl(j, 1), p.I(3)), p.mul(z, p.F(math.Pi/4))
}
