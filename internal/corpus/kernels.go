package corpus

import (
	"math"

	"github.com/kago-dev/kago/ka"
)

// Saxpy computes y = a*x + y.
//
//ka:kernel
func Saxpy(it ka.Item, a float32, x, y []float32) {
	if i := it.Global(); i < len(y) {
		y[i] = a*x[i] + y[i]
	}
}

// MemCopy copies src to dst.
//
//ka:kernel
func MemCopy(it ka.Item, dst, src []uint8) {
	if i := it.Global(); i < len(dst) {
		dst[i] = src[i]
	}
}

// Transpose writes the transpose of the rows×cols matrix in to out, one
// work-item per element of in, on a 2-D range (cols, rows).
//
//ka:kernel
func Transpose(it ka.Item, rows, cols int, in, out []float32) {
	c, r := it.GlobalID(0), it.GlobalID(1)
	if r < rows && c < cols {
		out[c*rows+r] = in[r*cols+c]
	}
}

// MatMul is the naive product c = a×b of n×n matrices, one work-item per
// element of c on a 2-D range (n, n).
//
//ka:kernel
func MatMul(it ka.Item, n int, a, b, c []float32) {
	col, row := it.GlobalID(0), it.GlobalID(1)
	if row >= n || col >= n {
		return
	}
	var sum float32
	for k := 0; k < n; k++ {
		sum += a[row*n+k] * b[k*n+col]
	}
	c[row*n+col] = sum
}

// Tile is the tile size of MatMulTiled; launch it with groups of Tile×Tile.
const Tile = 8

// MatMulTiled is c = a×b for n×n matrices through tiles in local memory.
// It works for any n: out-of-range elements load as zero, and every
// work-item reaches every barrier.
//
//ka:kernel
func MatMulTiled(it ka.Item, n int, a, b, c []float32) {
	ta := ka.LocalArray[float32](it, Tile*Tile)
	tb := ka.LocalArray[float32](it, Tile*Tile)
	lx, ly := it.LocalID(0), it.LocalID(1)
	col, row := it.GlobalID(0), it.GlobalID(1)
	var sum float32
	for t := 0; t < (n+Tile-1)/Tile; t++ {
		ac, br := t*Tile+lx, t*Tile+ly
		ta[ly*Tile+lx] = 0
		if row < n && ac < n {
			ta[ly*Tile+lx] = a[row*n+ac]
		}
		tb[ly*Tile+lx] = 0
		if br < n && col < n {
			tb[ly*Tile+lx] = b[br*n+col]
		}
		it.Barrier()
		for k := 0; k < Tile; k++ {
			sum += ta[ly*Tile+k] * tb[k*Tile+lx]
		}
		it.Barrier()
	}
	if row < n && col < n {
		c[row*n+col] = sum
	}
}

// ReduceGroup is the group size of ReduceSum.
const ReduceGroup = 64

// ReduceSum writes the sum of each group's elements of in to out[group], by
// a tree reduction in local memory.
//
//ka:kernel
func ReduceSum(it ka.Item, in, out []int64) {
	s := ka.LocalArray[int64](it, ReduceGroup)
	l, i := it.Local(), it.Global()
	s[l] = 0
	if i < len(in) {
		s[l] = in[i]
	}
	it.Barrier()
	for stride := ReduceGroup / 2; stride > 0; stride /= 2 {
		if l < stride {
			s[l] += s[l+stride]
		}
		it.Barrier()
	}
	if l == 0 {
		out[it.Group()] = s[0]
	}
}

// Histogram counts the values of in (mod len(bins)) in bins.
//
//ka:kernel
func Histogram(it ka.Item, in []uint32, bins []uint32) {
	if i := it.Global(); i < len(in) {
		ka.AtomicAdd(&bins[int(in[i]%uint32(len(bins)))], 1)
	}
}

// Scale multiplies x by a, for float32 and float64.
//
//ka:kernel
func Scale[T float32 | float64](it ka.Item, a T, x []T) {
	if i := it.Global(); i < len(x) {
		x[i] *= a
	}
}

// Instances lists the instances of the generic kernels that this package
// uses, so that kago gen compiles them.
var Instances = []any{Scale[float32], Scale[float64]}

// BitOps exercises shifts (also by counts ≥ the width), wrap-around and
// bit operators on signed and unsigned integers of several widths.
//
//ka:kernel
func BitOps(it ka.Item, x []int32, s []uint8, out []int64) {
	i := it.Global()
	if i >= len(x) {
		return
	}
	v, n := x[i], s[i]
	u := uint32(v)
	var r int64
	r += int64(v << n) // 0 when n >= 32
	r ^= int64(v >> n) // sign bits when n >= 32
	r += int64(u >> n) // 0 when n >= 32
	r += int64(int8(v) << (n % 9))
	r ^= int64(uint16(u) >> (n & 15))
	r += int64(v*0x7fffffff + 12345) // wraps
	r += int64(u&^0xf0f0) | int64(^v)
	r -= int64(v%7) + int64(u/3)
	r += int64(uint64(u) << 40 >> n)
	out[i] = r
}

// Loops exercises for loops with break and continue.
//
//ka:kernel
func Loops(it ka.Item, x []int32, out []int32) {
	i := it.Global()
	if i >= len(x) {
		return
	}
	var acc int32
	for j := int32(0); j < 100; j++ {
		if j%3 == 0 {
			continue
		}
		if j > x[i] {
			break
		}
		acc += j
	}
outer:
	for a := 0; a < 10; a++ {
		for b := 0; b < 10; b++ {
			if a*b > int(x[i]) {
				break outer
			}
			if b > a {
				continue outer
			}
			acc++
		}
	}
	out[i] = acc
}

// Gotos exercises the control flow that the OpenCL C emitter writes with
// more than if, for, break and continue: a loop made of a label and a goto,
// a goto out of two loops, && and || before an else, a labelled continue
// and break carrying values out of the inner loop, and a return from
// inside a loop.
//
//ka:kernel
func Gotos(it ka.Item, x []int32, out []int32) {
	i := it.Global()
	if i >= len(x) {
		return
	}
	v := x[i]
	acc, k := int32(0), int32(0)
again:
	if k < v%7 {
		acc += k * 3
		k++
		goto again
	}
	for a := int32(0); a < 8; a++ {
		for b := int32(0); b < 8; b++ {
			if a+b > v%11 {
				goto found
			}
			acc ^= a*8 + b
		}
	}
	acc += 1000
found:
	if v > 3 && v%2 == 0 {
		acc += 7
	} else {
		acc -= 5
	}
	if v < -10 || v%5 == 0 {
		acc *= 3
	} else {
		acc += 2
	}
	s, t := int32(1), int32(0)
next:
	for a := int32(0); a < 6; a++ {
		for b := int32(0); b < 6; b++ {
			if b > a {
				s, t = t+b, s
				continue next
			}
			if s > v+30 {
				break next
			}
			s += b
		}
	}
	acc += s*5 + t
	for j := int32(0); j < 20; j++ {
		if j*j > v+50 {
			out[i] = acc + j
			return
		}
	}
	out[i] = acc
}

// Switch exercises switch statements with fallthrough and default.
//
//ka:kernel
func Switch(it ka.Item, x []int32, out []float64) {
	i := it.Global()
	if i >= len(x) {
		return
	}
	var r float64
	switch v := x[i] % 6; v {
	case 0:
		r = 1.5
	case 1, 2:
		r = float64(v) * 2
		fallthrough
	case 3:
		r += 10
	default:
		r = -1
	}
	switch {
	case x[i] < 0:
		r *= -1
	case x[i] > 100:
		r += 0.25
	}
	out[i] = r
}

// SignedDiv divides and takes remainders of every signed width by
// divisors that include -1, so that the most negative value divided by -1
// wraps to itself with a remainder of 0, as Go defines (LLVM's sdiv and srem
// leave it undefined).
//
//ka:kernel
func SignedDiv(it ka.Item, x, y []int64, out []int64) {
	if i := it.Global(); i < len(x) {
		a, b := x[i], y[i]
		out[8*i+0] = int64(int8(a) / int8(b))
		out[8*i+1] = int64(int8(a) % int8(b))
		out[8*i+2] = int64(int16(a) / int16(b))
		out[8*i+3] = int64(int16(a) % int16(b))
		out[8*i+4] = int64(int32(a) / int32(b))
		out[8*i+5] = int64(int32(a) % int32(b))
		out[8*i+6] = a / b
		out[8*i+7] = a % b
	}
}

// divmod returns the quotient and remainder, and whether b was zero.
func divmod(a, b int64) (q, r int64, zero bool) {
	if b == 0 {
		return 0, 0, true
	}
	return a / b, a % b, false
}

// clampAdd adds and clamps to [lo, hi].
func clampAdd(a, b, lo, hi float32) float32 {
	return min(max(a+b, lo), hi)
}

// Helpers calls helper functions with several results.
//
//ka:kernel
func Helpers(it ka.Item, a, b []int64, q, r []int64, f []float32) {
	i := it.Global()
	if i >= len(a) {
		return
	}
	qq, rr, zero := divmod(a[i], b[i])
	if zero {
		qq, rr = -1, -1
	}
	q[i], r[i] = qq, rr
	f[i] = clampAdd(float32(a[i]), float32(b[i]), -100, 100)
}

// MathFuncs applies math functions in float32 (ka's) and float64
// (package math's).
//
//ka:kernel
func MathFuncs(it ka.Item, x []float32, y []float64, out32 []float32, out64 []float64) {
	i := it.Global()
	if i >= len(x) {
		return
	}
	v, w := x[i], y[i]
	out32[4*i] = ka.Sqrt(v) + ka.Exp(v/4)
	out32[4*i+1] = ka.Sin(v) * ka.Cos(v)
	out32[4*i+2] = ka.Log(v+1) + ka.Floor(v*3)
	out32[4*i+3] = ka.Pow(v, 1.5) - ka.Abs(-v)
	out64[4*i] = math.Sqrt(w) + math.Exp(w/4)
	out64[4*i+1] = math.Tanh(w) + math.Atan2(w, 2)
	out64[4*i+2] = math.Log10(w+1) + math.Ceil(w)
	out64[4*i+3] = math.Hypot(w, 3) + math.Cbrt(w)
}

// Convert exercises conversions: float to int, signed to unsigned,
// narrowing and widening.
//
//ka:kernel
func Convert(it ka.Item, x []float64, out []int64) {
	i := it.Global()
	if i >= len(x) {
		return
	}
	v := x[i]
	a := int32(v)
	b := uint8(a)
	c := int16(int64(a) * 1000)
	d := uint64(uint32(a))
	e := float32(v)
	f := int64(float64(e) * 3)
	g := uint16(b) + uint16(c)
	out[8*i] = int64(a)
	out[8*i+1] = int64(b)
	out[8*i+2] = int64(c)
	out[8*i+3] = int64(d)
	out[8*i+4] = f
	out[8*i+5] = int64(g)
	out[8*i+6] = int64(int8(uint8(200 + b)))
	out[8*i+7] = int64(math.Float32bits(e))
}

// Partial2D writes its linear index to a rows×cols matrix on a 2-D range
// that is not a multiple of the group size.
//
//ka:kernel
func Partial2D(it ka.Item, rows, cols int, out []int32) {
	x, y := it.GlobalID(0), it.GlobalID(1)
	if x < it.GlobalSize(0) && y < it.GlobalSize(1) && y < rows && x < cols {
		out[y*cols+x] = int32(it.Global() + 1000*it.GroupID(1) + 100000*it.LocalID(0))
	}
}

// MinMax folds x into out[0] (a float sum: exact for the small integers
// the test uses), out[1] (max), out[2] (min), iout[0] (max), iout[1] (min)
// and uout[0] (unsigned max) with atomics. Float min and max are
// compare-and-swap loops on the bits (docs/ir.md).
//
//ka:kernel
func MinMax(it ka.Item, x []float32, out []float32, iout []int32, uout []uint64) {
	if i := it.Global(); i < len(x) {
		ka.AtomicAdd(&out[0], x[i])
		ka.AtomicMax(&out[1], x[i])
		ka.AtomicMin(&out[2], x[i])
		ka.AtomicMax(&iout[0], int32(x[i]))
		ka.AtomicMin(&iout[1], int32(x[i]))
		ka.AtomicMax(&uout[0], uint64(x[i]*3+400))
	}
}

// BitAtomics folds x into u, i and f with AtomicSub, AtomicAnd, AtomicOr
// and AtomicXor, whose results do not depend on the order of the
// work-items (the float subtractions are of small integers, so exact).
//
//ka:kernel
func BitAtomics(it ka.Item, x []uint32, u []uint32, i []int64, f []float32) {
	if k := it.Global(); k < len(x) {
		ka.AtomicSub(&u[0], x[k])
		ka.AtomicAnd(&u[1], ^(uint32(1) << (x[k] % 32)))
		ka.AtomicOr(&u[2], uint32(1)<<(x[k]%32))
		ka.AtomicXor(&u[3], x[k]*2654435761)
		ka.AtomicSub(&i[0], int64(x[k])<<33)
		ka.AtomicAnd(&i[1], ^(int64(1) << (x[k] % 63)))
		ka.AtomicOr(&i[2], int64(1)<<(x[k]%63))
		ka.AtomicXor(&i[3], int64(x[k])*-7046029254386353131)
		ka.AtomicSub(&f[0], float32(x[k]%16))
	}
}

// PrivateArray uses a fixed-size local array and slicing.
//
//ka:kernel
func PrivateArray(it ka.Item, x []int32, out []int32) {
	i := it.Global()
	if i >= len(out) {
		return
	}
	var window [5]int32
	for k := range window {
		if j := i + k; j < len(x) {
			window[k] = x[j]
		}
	}
	sum := int32(0)
	for _, w := range window[1:4] {
		sum += w
	}
	tail := x[i:]
	out[i] = sum*10 + int32(len(tail)) + window[0]
}

// BoolFlags takes a bool parameter and writes bools.
//
//ka:kernel
func BoolFlags(it ka.Item, negate bool, x []int32, out []bool) {
	if i := it.Global(); i < len(x) {
		b := x[i] > 0
		if negate {
			b = !b
		}
		out[i] = b
	}
}
