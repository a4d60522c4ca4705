// This file is Go 1.26's $GOROOT/src/math/lgamma.go with its coefficient
// arrays as constants and package math's functions qualified, so that
// kernels can inline it (see doc.go). Keep it in step with Go's.

package devmath

import "math"

// Copyright 2010 The Go Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

/*
	Floating-point logarithm of the Gamma function.
*/

// The original C code and the long comment below are
// from FreeBSD's /usr/src/lib/msun/src/e_lgamma_r.c and
// came with this notice. The go code is a simplified
// version of the original C.
//
// ====================================================
// Copyright (C) 1993 by Sun Microsystems, Inc. All rights reserved.
//
// Developed at SunPro, a Sun Microsystems, Inc. business.
// Permission to use, copy, modify, and distribute this
// software is freely granted, provided that this notice
// is preserved.
// ====================================================
//
// __ieee754_lgamma_r(x, signgamp)
// Reentrant version of the logarithm of the Gamma function
// with user provided pointer for the sign of Gamma(x).
//
// Method:
//   1. Argument Reduction for 0 < x <= 8
//      Since gamma(1+s)=s*gamma(s), for x in [0,8], we may
//      reduce x to a number in [1.5,2.5] by
//              lgamma(1+s) = log(s) + lgamma(s)
//      for example,
//              lgamma(7.3) = log(6.3) + lgamma(6.3)
//                          = log(6.3*5.3) + lgamma(5.3)
//                          = log(6.3*5.3*4.3*3.3*2.3) + lgamma(2.3)
//   2. Polynomial approximation of lgamma around its
//      minimum (ymin=1.461632144968362245) to maintain monotonicity.
//      On [ymin-0.23, ymin+0.27] (i.e., [1.23164,1.73163]), use
//              Let z = x-ymin;
//              lgamma(x) = -1.214862905358496078218 + z**2*poly(z)
//              poly(z) is a 14 degree polynomial.
//   2. Rational approximation in the primary interval [2,3]
//      We use the following approximation:
//              s = x-2.0;
//              lgamma(x) = 0.5*s + s*P(s)/Q(s)
//      with accuracy
//              |P/Q - (lgamma(x)-0.5s)| < 2**-61.71
//      Our algorithms are based on the following observation
//
//                             zeta(2)-1    2    zeta(3)-1    3
// lgamma(2+s) = s*(1-Euler) + --------- * s  -  --------- * s  + ...
//                                 2                 3
//
//      where Euler = 0.5772156649... is the Euler constant, which
//      is very close to 0.5.
//
//   3. For x>=8, we have
//      lgamma(x)~(x-0.5)log(x)-x+0.5*log(2pi)+1/(12x)-1/(360x**3)+....
//      (better formula:
//         lgamma(x)~(x-0.5)*(log(x)-1)-.5*(log(2pi)-1) + ...)
//      Let z = 1/x, then we approximation
//              f(z) = lgamma(x) - (x-0.5)(log(x)-1)
//      by
//                                  3       5             11
//              w = w0 + w1*z + w2*z  + w3*z  + ... + w6*z
//      where
//              |w - f(z)| < 2**-58.74
//
//   4. For negative x, since (G is gamma function)
//              -x*G(-x)*G(x) = pi/sin(pi*x),
//      we have
//              G(x) = pi/(sin(pi*x)*(-x)*G(-x))
//      since G(-x) is positive, sign(G(x)) = sign(sin(pi*x)) for x<0
//      Hence, for x<0, signgam = sign(sin(pi*x)) and
//              lgamma(x) = log(|Gamma(x)|)
//                        = log(pi/(|x*sin(pi*x)|)) - lgamma(-x);
//      Note: one should avoid computing pi*(-x) directly in the
//            computation of sin(pi*(-x)).
//
//   5. Special Cases
//              lgamma(2+s) ~ s*(1-Euler) for tiny s
//              lgamma(1)=lgamma(2)=0
//              lgamma(x) ~ -log(x) for tiny x
//              lgamma(0) = lgamma(inf) = inf
//              lgamma(-integer) = +-inf
//
//

const _lgamA_0 = 7.72156649015328655494e-02
const _lgamA_1 = 3.22467033424113591611e-01
const _lgamA_2 = 6.73523010531292681824e-02
const _lgamA_3 = 2.05808084325167332806e-02
const _lgamA_4 = 7.38555086081402883957e-03
const _lgamA_5 = 2.89051383673415629091e-03
const _lgamA_6 = 1.19270763183362067845e-03
const _lgamA_7 = 5.10069792153511336608e-04
const _lgamA_8 = 2.20862790713908385557e-04
const _lgamA_9 = 1.08011567247583939954e-04
const _lgamA_10 = 2.52144565451257326939e-05
const _lgamA_11 = 4.48640949618915160150e-05

const _lgamR_0 = 1.0
const _lgamR_1 = 1.39200533467621045958e+00
const _lgamR_2 = 7.21935547567138069525e-01
const _lgamR_3 = 1.71933865632803078993e-01
const _lgamR_4 = 1.86459191715652901344e-02
const _lgamR_5 = 7.77942496381893596434e-04
const _lgamR_6 = 7.32668430744625636189e-06

const _lgamS_0 = -7.72156649015328655494e-02
const _lgamS_1 = 2.14982415960608852501e-01
const _lgamS_2 = 3.25778796408930981787e-01
const _lgamS_3 = 1.46350472652464452805e-01
const _lgamS_4 = 2.66422703033638609560e-02
const _lgamS_5 = 1.84028451407337715652e-03
const _lgamS_6 = 3.19475326584100867617e-05

const _lgamT_0 = 4.83836122723810047042e-01
const _lgamT_1 = -1.47587722994593911752e-01
const _lgamT_2 = 6.46249402391333854778e-02
const _lgamT_3 = -3.27885410759859649565e-02
const _lgamT_4 = 1.79706750811820387126e-02
const _lgamT_5 = -1.03142241298341437450e-02
const _lgamT_6 = 6.10053870246291332635e-03
const _lgamT_7 = -3.68452016781138256760e-03
const _lgamT_8 = 2.25964780900612472250e-03
const _lgamT_9 = -1.40346469989232843813e-03
const _lgamT_10 = 8.81081882437654011382e-04
const _lgamT_11 = -5.38595305356740546715e-04
const _lgamT_12 = 3.15632070903625950361e-04
const _lgamT_13 = -3.12754168375120860518e-04
const _lgamT_14 = 3.35529192635519073543e-04

const _lgamU_0 = -7.72156649015328655494e-02
const _lgamU_1 = 6.32827064025093366517e-01
const _lgamU_2 = 1.45492250137234768737e+00
const _lgamU_3 = 9.77717527963372745603e-01
const _lgamU_4 = 2.28963728064692451092e-01
const _lgamU_5 = 1.33810918536787660377e-02

const _lgamV_0 = 1.0
const _lgamV_1 = 2.45597793713041134822e+00
const _lgamV_2 = 2.12848976379893395361e+00
const _lgamV_3 = 7.69285150456672783825e-01
const _lgamV_4 = 1.04222645593369134254e-01
const _lgamV_5 = 3.21709242282423911810e-03

const _lgamW_0 = 4.18938533204672725052e-01
const _lgamW_1 = 8.33333333333329678849e-02
const _lgamW_2 = -2.77777777728775536470e-03
const _lgamW_3 = 7.93650558643019558500e-04
const _lgamW_4 = -5.95187557450339963135e-04
const _lgamW_5 = 8.36339918996282139126e-04
const _lgamW_6 = -1.63092934096575273989e-03

// Lgamma returns the natural logarithm and sign (-1 or +1) of [Gamma](x).
//
// Special cases are:
//
//	Lgamma(+Inf) = +Inf
//	Lgamma(0) = +Inf
//	Lgamma(-integer) = +Inf
//	Lgamma(-Inf) = -Inf
//	Lgamma(NaN) = NaN
func Lgamma(x float64) (lgamma float64, sign int) {
	const (
		Ymin  = 1.461632144968362245
		Two52 = 1 << 52                     // 0x4330000000000000 ~4.5036e+15
		Two53 = 1 << 53                     // 0x4340000000000000 ~9.0072e+15
		Two58 = 1 << 58                     // 0x4390000000000000 ~2.8823e+17
		Tiny  = 1.0 / (1 << 70)             // 0x3b90000000000000 ~8.47033e-22
		Tc    = 1.46163214496836224576e+00  // 0x3FF762D86356BE3F
		Tf    = -1.21486290535849611461e-01 // 0xBFBF19B9BCC38A42
		// Tt = -(tail of Tf)
		Tt = -3.63867699703950536541e-18 // 0xBC50C7CAA48A971F
	)
	// special cases
	sign = 1
	switch {
	case math.IsNaN(x):
		lgamma = x
		return
	case math.IsInf(x, 0):
		lgamma = x
		return
	case x == 0:
		lgamma = math.Inf(1)
		return
	}

	neg := false
	if x < 0 {
		x = -x
		neg = true
	}

	if x < Tiny { // if |x| < 2**-70, return -log(|x|)
		if neg {
			sign = -1
		}
		lgamma = -math.Log(x)
		return
	}
	var nadj float64
	if neg {
		if x >= Two52 { // |x| >= 2**52, must be -integer
			lgamma = math.Inf(1)
			return
		}
		t := sinPi(x)
		if t == 0 {
			lgamma = math.Inf(1) // -integer
			return
		}
		nadj = math.Log(math.Pi / math.Abs(t*x))
		if t < 0 {
			sign = -1
		}
	}

	switch {
	case x == 1 || x == 2: // purge off 1 and 2
		lgamma = 0
		return
	case x < 2: // use lgamma(x) = lgamma(x+1) - log(x)
		var y float64
		var i int
		if x <= 0.9 {
			lgamma = -math.Log(x)
			switch {
			case x >= (Ymin - 1 + 0.27): // 0.7316 <= x <=  0.9
				y = 1 - x
				i = 0
			case x >= (Ymin - 1 - 0.27): // 0.2316 <= x < 0.7316
				y = x - (Tc - 1)
				i = 1
			default: // 0 < x < 0.2316
				y = x
				i = 2
			}
		} else {
			lgamma = 0
			switch {
			case x >= (Ymin + 0.27): // 1.7316 <= x < 2
				y = 2 - x
				i = 0
			case x >= (Ymin - 0.27): // 1.2316 <= x < 1.7316
				y = x - Tc
				i = 1
			default: // 0.9 < x < 1.2316
				y = x - 1
				i = 2
			}
		}
		switch i {
		case 0:
			z := y * y
			p1 := _lgamA_0 + z*(_lgamA_2+z*(_lgamA_4+z*(_lgamA_6+z*(_lgamA_8+z*_lgamA_10))))
			p2 := z * (_lgamA_1 + z*(+_lgamA_3+z*(_lgamA_5+z*(_lgamA_7+z*(_lgamA_9+z*_lgamA_11)))))
			p := y*p1 + p2
			lgamma += (p - 0.5*y)
		case 1:
			z := y * y
			w := z * y
			p1 := _lgamT_0 + w*(_lgamT_3+w*(_lgamT_6+w*(_lgamT_9+w*_lgamT_12))) // parallel comp
			p2 := _lgamT_1 + w*(_lgamT_4+w*(_lgamT_7+w*(_lgamT_10+w*_lgamT_13)))
			p3 := _lgamT_2 + w*(_lgamT_5+w*(_lgamT_8+w*(_lgamT_11+w*_lgamT_14)))
			p := z*p1 - (Tt - w*(p2+y*p3))
			lgamma += (Tf + p)
		case 2:
			p1 := y * (_lgamU_0 + y*(_lgamU_1+y*(_lgamU_2+y*(_lgamU_3+y*(_lgamU_4+y*_lgamU_5)))))
			p2 := 1 + y*(_lgamV_1+y*(_lgamV_2+y*(_lgamV_3+y*(_lgamV_4+y*_lgamV_5))))
			lgamma += (-0.5*y + p1/p2)
		}
	case x < 8: // 2 <= x < 8
		i := int(x)
		y := x - float64(i)
		p := y * (_lgamS_0 + y*(_lgamS_1+y*(_lgamS_2+y*(_lgamS_3+y*(_lgamS_4+y*(_lgamS_5+y*_lgamS_6))))))
		q := 1 + y*(_lgamR_1+y*(_lgamR_2+y*(_lgamR_3+y*(_lgamR_4+y*(_lgamR_5+y*_lgamR_6)))))
		lgamma = 0.5*y + p/q
		z := 1.0 // Lgamma(1+s) = math.Log(s) + Lgamma(s)
		switch i {
		case 7:
			z *= (y + 6)
			fallthrough
		case 6:
			z *= (y + 5)
			fallthrough
		case 5:
			z *= (y + 4)
			fallthrough
		case 4:
			z *= (y + 3)
			fallthrough
		case 3:
			z *= (y + 2)
			lgamma += math.Log(z)
		}
	case x < Two58: // 8 <= x < 2**58
		t := math.Log(x)
		z := 1 / x
		y := z * z
		w := _lgamW_0 + z*(_lgamW_1+y*(_lgamW_2+y*(_lgamW_3+y*(_lgamW_4+y*(_lgamW_5+y*_lgamW_6)))))
		lgamma = (x-0.5)*(t-1) + w
	default: // 2**58 <= x <= Inf
		lgamma = x * (math.Log(x) - 1)
	}
	if neg {
		lgamma = nadj - lgamma
	}
	return
}

// sinPi(x) is a helper function for negative x
func sinPi(x float64) float64 {
	const (
		Two52 = 1 << 52 // 0x4330000000000000 ~4.5036e+15
		Two53 = 1 << 53 // 0x4340000000000000 ~9.0072e+15
	)
	if x < 0.25 {
		return -math.Sin(math.Pi * x)
	}

	// argument reduction
	z := math.Floor(x)
	var n int
	if z != x { // inexact
		x = math.Mod(x, 2)
		n = int(x * 4)
	} else {
		if x >= Two53 { // x must be even
			x = 0
			n = 0
		} else {
			if x < Two52 {
				z = x + Two52 // exact
			}
			n = int(1 & math.Float64bits(z))
			x = float64(n)
			n <<= 2
		}
	}
	switch n {
	case 0:
		x = math.Sin(math.Pi * x)
	case 1, 2:
		x = math.Cos(math.Pi * (0.5 - x))
	case 3, 4:
		x = math.Sin(math.Pi * (1 - x))
	case 5, 6:
		x = -math.Cos(math.Pi * (x - 1.5))
	default:
		x = math.Sin(math.Pi * (x - 2))
	}
	return -x
}
