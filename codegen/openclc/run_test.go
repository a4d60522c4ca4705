//go:build cgo

package openclc

// Kernels run on PoCL and checked against Go's own semantics.

import (
	"fmt"
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kago-dev/kago/codegen/internal/emittest"
	"github.com/kago-dev/kago/ka/driver"
)

func TestPoCLLoop(t *testing.T) {
	p := build(t, "loop", slice("out", driver.Int64), scalar("n", driver.Int), scalar("limit", driver.Int))
	const n, limit = 100, 50
	out := &buf{make([]byte, 8*3*n), 3 * n}
	p.run(t, dims(n), dims(32), out, n, limit)
	got := bytesU64(out.Data)
	for i, w := range emittest.LoopWant(n, limit) {
		require.Equal(t, w, int64(got[i]), "out[%d]", i)
	}
}

// intOpsRef computes IntOps' 23 results for one pair at width w (values
// held in the low w bits of uint64), with Go's fixed-width semantics.
func intOpsRef(a, b uint64, w uint) []uint64 {
	mask := uint64(1)<<w - 1
	if w == 64 {
		mask = ^uint64(0)
	}
	sx := func(v uint64) int64 { return int64(v<<(64-w)) >> (64 - w) }
	sa, sb := sx(a), sx(b)
	s := b & uint64(w-1)
	b2u := func(c bool) uint64 {
		if c {
			return 1
		}
		return 0
	}
	sel := func(c bool, x, y uint64) uint64 {
		if c {
			return x
		}
		return y
	}
	r := []uint64{
		a + b, a - b, a * b, uint64(sa / sb), a / b, uint64(sa % sb), a % b,
		a << s, a >> s, uint64(sa >> s), a & b, a | b, a ^ b,
		b2u(sa < sb), b2u(a < b), b2u(sa >= sb), b2u(a <= b), b2u(sa > sb), b2u(a >= b), b2u(a == b), b2u(a != b),
		sel(sa < sb, a, b), sel(a > b, a, b),
	}
	for i := range r {
		r[i] &= mask
	}
	return r
}

func TestPoCLIntOps(t *testing.T) {
	widths := []uint{8, 16, 32, 64}
	types := []driver.ScalarType{driver.Int8, driver.Int16, driver.Int32, driver.Int64}
	var params []driver.Param
	for i, w := range widths {
		for _, v := range []string{"a", "b", "o"} {
			params = append(params, slice(fmt.Sprint(v, w), types[i]))
		}
	}
	p := build(t, "intops", params...)
	pairs := [][2]int64{{7, 3}, {-7, 3}, {7, -3}, {-7, -3}, {100, 7}, {-100, 9}, {1, 1}, {0, 5}, {-1, 2}, {123456789, -98765}, {-128, 3}, {127, -128}, {-32768, 255}, {5, 31}, {-5, 33}, {2, 63}}
	n := len(pairs)
	const N = 23
	var args []any
	var outs []*buf
	for _, w := range widths {
		sz := int(w / 8)
		a, b := make([]byte, sz*n), make([]byte, sz*n)
		for i, pr := range pairs {
			for j := 0; j < sz; j++ {
				a[i*sz+j] = byte(uint64(pr[0]) >> (8 * j))
				b[i*sz+j] = byte(uint64(pr[1]) >> (8 * j))
			}
		}
		o := &buf{make([]byte, sz*n*N), n * N}
		outs = append(outs, o)
		args = append(args, &buf{a, n}, &buf{b, n}, o)
	}
	p.run(t, dims(n), dims(1), args...)
	names := []string{"add", "sub", "mul", "sdiv", "udiv", "srem", "urem", "shl", "lshr", "ashr", "and", "or", "xor", "slt", "ult", "sge", "ule", "sgt", "uge", "eq", "ne", "smin", "umax"}
	for wi, w := range widths {
		sz := int(w / 8)
		mask := uint64(1)<<w - 1
		if w == 64 {
			mask = ^uint64(0)
		}
		for i, pr := range pairs {
			a, b := uint64(pr[0])&mask, uint64(pr[1])&mask
			if sxb := int64(b<<(64-w)) >> (64 - w); sxb == 0 {
				continue // the shift-count input truncated to zero: no division
			}
			want := intOpsRef(a, b, w)
			for k := 0; k < N; k++ {
				var got uint64
				for j := 0; j < sz; j++ {
					got |= uint64(outs[wi].Data[(i*N+k)*sz+j]) << (8 * j)
				}
				assert.Equal(t, want[k], got, "i%d %s(%d, %d) = %#x, want %#x", w, names[k], int64(a), int64(b), got, want[k])
			}
		}
	}
}

func TestPoCLFloatOps(t *testing.T) {
	p := build(t, "floatops", slice("a", driver.Float32), slice("b", driver.Float32), slice("out", driver.Uint32))
	nan := float32(math.NaN())
	negz := float32(math.Copysign(0, -1))
	pairs := [][2]float32{{1, 2}, {2, 1}, {nan, 1}, {1, nan}, {negz, 0}, {0, negz}, {2.5, 1}, {-2.5, 3}, {0.5, -1}, {-7.25, 2}, {float32(math.Inf(1)), 1}, {3, 3}}
	n := len(pairs)
	a, b := make([]float32, n), make([]float32, n)
	for i, pr := range pairs {
		a[i], b[i] = pr[0], pr[1]
	}
	out := &buf{make([]byte, 4*8*n), 8 * n}
	p.run(t, dims(n), dims(1), &buf{f32Bytes(a), n}, &buf{f32Bytes(b), n}, out)
	got := bytesU32(out.Data)
	same := func(x uint32, want float32) bool {
		if want != want {
			return math.IsNaN(float64(math.Float32frombits(x)))
		}
		return x == math.Float32bits(want)
	}
	for i, pr := range pairs {
		x, y := pr[0], pr[1]
		ord := x == x && y == y
		preds := []bool{x == y, x > y, x >= y, x < y, x <= y, x < y || x > y, ord, !ord,
			!(x < y || x > y), !(x <= y), !(x < y), !(x >= y), !(x > y), x != y, true, false}
		var mask uint32
		for j, c := range preds {
			if c {
				mask |= 1 << j
			}
		}
		rnd := float32(math.Round(float64(x)))
		last := x / y
		if x != x {
			last = nan
		}
		wantF := []float32{min(x, y), max(x, y), float32(math.Mod(float64(x), float64(y))), -x, float32(math.Copysign(float64(x), float64(y))), rnd}
		for k, w := range wantF {
			assert.Truef(t, same(got[8*i+k], w), "pair (%v, %v) result %d = %v (%#x), want %v", x, y, k, math.Float32frombits(got[8*i+k]), got[8*i+k], w)
		}
		assert.Equal(t, mask, got[8*i+6], "pair (%v, %v) fcmp bits = %016b, want %016b", x, y, got[8*i+6], mask)
		assert.Truef(t, same(got[8*i+7], last), "pair (%v, %v) fdiv = %v", x, y, math.Float32frombits(got[8*i+7]))
	}
}

// ulps is the distance between two float64s in units in the last place.
func ulps(a, b float64) uint64 {
	if a == b || (math.IsNaN(a) && math.IsNaN(b)) {
		return 0
	}
	ia, ib := int64(math.Float64bits(a)), int64(math.Float64bits(b))
	if ia < 0 {
		ia = math.MinInt64 - ia
	}
	if ib < 0 {
		ib = math.MinInt64 - ib
	}
	d := ia - ib
	if d < 0 {
		d = -d
	}
	return uint64(d)
}

func TestPoCLMath64(t *testing.T) {
	p := build(t, "math64", slice("x", driver.Float64), slice("y", driver.Float64), slice("z", driver.Float64), slice("out", driver.Float64))
	xs := []float64{-0.9, -0.5, -0.1, 0, 0.1, 0.3, 0.5, 0.75, 0.99, -0.25}
	ys := []float64{1, 1.5, 2, 3, 10, 1.25, 7, 2.5, 1.01, 4}
	zs := []float64{0, 1, -1, 0.5, 100, -3, 2, 1e-3, 7, -0.5}
	n := len(xs)
	const N = 33
	out := &buf{make([]byte, 8*N*n), N * n}
	p.run(t, dims(n), dims(1), &buf{f64Bytes(xs), n}, &buf{f64Bytes(ys), n}, &buf{f64Bytes(zs), n}, out)
	got := bytesF64(out.Data)
	type ref struct {
		name string
		f    func(x, y, z float64) float64
		ulp  uint64 // the OpenCL 1.2 bound (doc.go), plus 1 for Go's own error
	}
	u := func(f func(float64) float64) func(x, y, z float64) float64 {
		return func(x, _, _ float64) float64 { return f(x) }
	}
	refs := []ref{
		{"sqrt", u(math.Sqrt), 0}, {"exp", u(math.Exp), 4}, {"exp2", u(math.Exp2), 4}, {"log", u(math.Log), 4},
		{"log2", u(math.Log2), 4}, {"log10", u(math.Log10), 4}, {"sin", u(math.Sin), 5}, {"cos", u(math.Cos), 5},
		{"fabs", u(math.Abs), 0}, {"floor", u(math.Floor), 0}, {"ceil", u(math.Ceil), 0}, {"trunc", u(math.Trunc), 0},
		{"round", u(math.Round), 0}, {"tan", u(math.Tan), 6}, {"asin", u(math.Asin), 5}, {"acos", u(math.Acos), 5},
		{"atan", u(math.Atan), 6}, {"sinh", u(math.Sinh), 5}, {"cosh", u(math.Cosh), 5}, {"tanh", u(math.Tanh), 6},
		{"asinh", u(math.Asinh), 5}, {"atanh", u(math.Atanh), 6}, {"cbrt", u(math.Cbrt), 3}, {"expm1", u(math.Expm1), 4},
		{"log1p", u(math.Log1p), 3},
		{"pow", func(x, y, _ float64) float64 { return math.Pow(x, y) }, 17},
		{"copysign", func(x, y, _ float64) float64 { return math.Copysign(x, y) }, 0},
		{"minimum", func(x, y, _ float64) float64 { return min(x, y) }, 0},
		{"maximum", func(x, y, _ float64) float64 { return max(x, y) }, 0},
		{"atan2", func(x, y, _ float64) float64 { return math.Atan2(x, y) }, 7},
		{"hypot", func(x, y, _ float64) float64 { return math.Hypot(x, y) }, 5},
		{"acosh", func(_, y, _ float64) float64 { return math.Acosh(y) }, 5},
		{"fma", func(x, y, z float64) float64 { return math.FMA(x, y, z) }, 0},
	}
	for i := 0; i < n; i++ {
		for k, r := range refs {
			want := r.f(xs[i], ys[i], zs[i])
			assert.LessOrEqual(t, ulps(got[N*i+k], want), r.ulp, "%s(%v, %v, %v) = %v, want %v: ulps", r.name, xs[i], ys[i], zs[i], got[N*i+k], want)
		}
	}
}

func TestPoCLReduce(t *testing.T) {
	p := build(t, "reduce", slice("x", driver.Float32), slice("partial", driver.Float32))
	const n, group = 1000, 64
	groups := (n + group - 1) / group
	x := make([]float32, n)
	for i := range x {
		x[i] = float32(i % 17)
	}
	partial := &buf{make([]byte, 4*groups), groups}
	p.run(t, dims(n), dims(group), &buf{f32Bytes(x), n}, partial)
	for g, got := range bytesF32(partial.Data) {
		var want float32
		for i := g * group; i < min(n, (g+1)*group); i++ {
			want += x[i]
		}
		assert.Equal(t, want, got, "group %d: sum (small integers: exact in any order)", g)
	}
}

func TestPoCLAtomics(t *testing.T) {
	p := build(t, "atomics", slice("counts", driver.Uint32), slice("sum", driver.Float32), slice("mm", driver.Uint32),
		slice("fmax", driver.Uint32), slice("vals", driver.Float32))
	const n = 100
	vals := make([]float32, n)
	for i := range vals {
		vals[i] = float32(i%10) * 0.5
	}
	vals[37] = 99.5
	counts := &buf{make([]byte, 16), 4}
	sum := &buf{make([]byte, 4), 1}
	mm := &buf{u32Bytes([]uint32{1 << 31, 1<<31 - 1, 0, ^uint32(0), 1000, 0}), 6}
	fmax := &buf{u32Bytes([]uint32{math.Float32bits(-1)}), 1}
	p.run(t, dims(n), dims(64), counts, sum, mm, fmax, &buf{f32Bytes(vals), n})
	assert.Equal(t, []uint32{25, 25, 25, 25}, bytesU32(counts.Data), "counts")
	var wantSum float32
	for _, v := range vals {
		wantSum += v
	}
	assert.Equal(t, wantSum, bytesF32(sum.Data)[0], "sum (multiples of 0.5: exact in any order)")
	m := bytesU32(mm.Data)
	// k = i - 8 for i in 0..99: signed max 91, signed min -8; unsigned max
	// 0xffffffff (k = -1), unsigned min 0 (k = 0).
	want := []uint32{91, uint32(0xfffffff8), 0xffffffff, 0, 1000 - n, 7}
	for i := range want {
		assert.Equal(t, want[i], m[i], "mm[%d] = %#x, want %#x", i, m[i], want[i])
	}
	assert.Equal(t, float32(99.5), math.Float32frombits(bytesU32(fmax.Data)[0]), "float max")
}

func TestPoCLAtomics64(t *testing.T) {
	p := build(t, "atomics64", slice("acc", driver.Uint64), slice("sum", driver.Float64), scalar("n", driver.Int64))
	const n = 40
	acc := &buf{u64Bytes([]uint64{0, 1 << 63, ^uint64(0), 0}), 4}
	sum := &buf{make([]byte, 8), 1}
	p.run(t, dims(n), dims(32), acc, sum, int64(n))
	a := bytesU64(acc.Data)
	want := []uint64{n * (n - 1) / 2, n - 1 - 5, 0, 1<<n - 1}
	for i := range want {
		assert.Equal(t, want[i], a[i], "acc[%d] = %#x, want %#x", i, a[i], want[i])
	}
	assert.Equal(t, float64(n*(n-1)/2), bytesF64(sum.Data)[0], "sum")
}

func TestPoCLGrid2D(t *testing.T) {
	p := build(t, "grid2d", slice("out", driver.Uint64))
	const w, h, gx, gy = 10, 5, 4, 2 // launched as 12 x 6
	out := &buf{make([]byte, 8*12*w*h), 12 * w * h}
	p.run(t, dims(w, h), dims(gx, gy), out)
	got := bytesU64(out.Data)
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			want := []uint64{uint64(x), uint64(y), uint64(x % gx), uint64(y % gy), uint64(x / gx), uint64(y / gy), gx, gy, 3, 3, w, h}
			base := (y*w + x) * 12
			for k, wv := range want {
				require.Equal(t, wv, got[base+k], "(%d,%d) field %d", x, y, k)
			}
		}
	}
}

func TestPoCLPrivateAndFlags(t *testing.T) {
	p := build(t, "private", slice("out", driver.Int32), slice("idx", driver.Int64))
	const n = 16
	idx := make([]uint64, n)
	for i := range idx {
		idx[i] = uint64(i % 8)
	}
	out := &buf{make([]byte, 4*n), n}
	p.run(t, dims(n), dims(1), out, &buf{u64Bytes(idx), n})
	for i, v := range bytesU32(out.Data) {
		assert.Equal(t, uint32(i*(i%8)+i*7), v, "out[%d]", i)
	}

	f := build(t, "boolparam", scalar("neg", driver.Bool), scalar("twice", driver.Bool), slice("x", driver.Float32))
	for _, c := range []struct {
		neg, twice bool
		want       float32
	}{{false, false, 3}, {true, false, -3}, {false, true, 6}, {true, true, 1.5}} {
		x := &buf{f32Bytes([]float32{3}), 1}
		f.run(t, dims(1), dims(1), c.neg, c.twice, x)
		assert.Equal(t, c.want, bytesF32(x.Data)[0], "Flags(neg=%v, twice=%v) on 3", c.neg, c.twice)
	}
}

func TestPoCLConvert(t *testing.T) {
	p := build(t, "convert", slice("a", driver.Int32), slice("f", driver.Float32), slice("d", driver.Float64), slice("out", driver.Uint64))
	as := []int32{-1, 0, 1, 127, 128, -129, 255, 40000, -40000, math.MaxInt32, math.MinInt32, 16777217}
	fs := []float32{-1.75, 0, 1.5, 100.9, -100.9, 12.5, -0.5, 3e4, -3e4, 65535.5, 7, -7}
	ds := []float64{-1e12 - 0.5, 0, 2.75, 1e15, -3.5, 0.1, -0.9, 123456789.5, -42, 1 << 40, 5, -5}
	n := len(as)
	av := make([]uint32, n)
	for i, a := range as {
		av[i] = uint32(a)
	}
	out := &buf{make([]byte, 8*24*n), 24 * n}
	p.run(t, dims(n), dims(1), &buf{u32Bytes(av), n}, &buf{f32Bytes(fs), n}, &buf{f64Bytes(ds), n}, out)
	got := bytesU64(out.Data)
	for i := 0; i < n; i++ {
		a, f, d := as[i], fs[i], ds[i]
		absf := float32(math.Abs(float64(f)))
		b := uint64(a & 1)
		want := []uint64{
			uint64(int64(int8(a))), uint64(uint8(a)), uint64(int64(int16(a))), uint64(uint16(a)), uint64(int64(a)), uint64(uint32(a)),
			-b, b, uint64(int64(int32(f))), uint64(uint32(absf)), uint64(int64(d)), uint64(math.Abs(d)), uint64(int64(int8(f))),
			uint64(math.Float32bits(float32(a))), uint64(math.Float32bits(float32(uint32(a)))),
			math.Float64bits(float64(a)), math.Float64bits(float64(uint32(a))),
			math.Float64bits(float64(f)), uint64(math.Float32bits(float32(d))), uint64(math.Float32bits(f)),
			uint64(int64(int16(a))), uint64(uint16(absf)),
			uint64(math.Float32bits(float32(int8(a)))), uint64(math.Float32bits(float32(uint16(a)))),
		}
		for k, w := range want {
			if k == 12 && (f > 127 || f < -128) {
				continue // out of int8's range: the target's behaviour
			}
			assert.Equal(t, w, got[24*i+k], "a=%d f=%v d=%v: field %d = %#x, want %#x", a, f, d, k, got[24*i+k], w)
		}
	}
}
