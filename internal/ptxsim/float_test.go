package ptxsim

import (
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
)

func fb(f float32) uint64 { return uint64(math.Float32bits(f)) }
func db(f float64) uint64 { return math.Float64bits(f) }

var (
	nan32  = fb(float32(math.NaN()))
	inf32  = fb(float32(math.Inf(1)))
	ninf32 = fb(float32(math.Inf(-1)))
	negz32 = fb(float32(math.Copysign(0, -1)))
	sub32  = fb(math.SmallestNonzeroFloat32)
)

// Float arithmetic is IEEE round-to-nearest-even without flushing
// subnormals; fma rounds once.
func TestFloatArith(t *testing.T) {
	// a*b+c where the float64 sum then float32 rounding would double-round:
	// 1+2^-24 (a tie in float32) plus a tiny c must round up.
	a := float32(1 + 0x1p-12)
	b := float32(1 + 0x1p-12) // a*b = 1 + 2^-11 + 2^-24
	c := float32(0x1p-60)
	x1, x3 := 0.1, 0.3
	runCases(t, []instCase{
		{"add.rn.f32 %f4, %f1, %f2", "f", fb(0.1), fb(0.2), 0, fb(float32(0.1) + float32(0.2))},
		{"sub.rn.f64 %fd4, %fd1, %fd2", "fd", db(x3), db(x1), 0, db(x3 - x1)},
		{"mul.rn.f32 %f4, %f1, %f2", "f", sub32, fb(2), 0, fb(2 * math.SmallestNonzeroFloat32)},
		{"div.rn.f32 %f4, %f1, %f2", "f", fb(1), fb(0), 0, inf32},
		{"div.rn.f32 %f4, %f1, %f2", "f", fb(-1), fb(0), 0, ninf32},
		{"div.rn.f64 %fd4, %fd1, %fd2", "fd", db(1), db(3), 0, db(1.0 / 3)},
		{"sqrt.rn.f32 %f4, %f1", "f", fb(2), 0, 0, fb(float32(math.Sqrt(2)))},
		{"sqrt.rn.f64 %fd4, %fd1", "fd", db(-1), 0, 0, db(math.NaN())},
		{"fma.rn.f64 %fd4, %fd1, %fd2, %fd3", "fd", db(0.1), db(10), db(-1), db(math.FMA(0.1, 10, -1))},
		{"fma.rn.f32 %f4, %f1, %f2, %f3", "f", fb(a), fb(b), fb(c), fb(float32(1 + 0x1p-11 + 0x1p-23))},
		{"abs.f32 %f4, %f1", "f", negz32, 0, 0, 0},
		{"neg.f64 %fd4, %fd1", "fd", db(0), 0, 0, db(math.Copysign(0, -1))},
		{"abs.f64 %fd4, %fd1", "fd", db(math.Inf(-1)), 0, 0, db(math.Inf(1))},
		{"min.f32 %f4, %f1, %f2", "f", nan32, fb(3), 0, fb(3)},
		{"max.f32 %f4, %f1, %f2", "f", fb(3), nan32, 0, fb(3)},
		{"min.f32 %f4, %f1, %f2", "f", nan32, nan32, 0, 0x7fffffff},
		{"min.f32 %f4, %f1, %f2", "f", 0, negz32, 0, negz32},
		{"max.f32 %f4, %f1, %f2", "f", negz32, 0, 0, 0},
		{"copysign.f32 %f4, %f1, %f2", "f", negz32, fb(3), 0, fb(-3)},
		{"mov.f32 %f4, 0f3F800000", "f", 0, 0, 0, fb(1)},
		{"mov.f64 %fd4, 0dBFF0000000000000", "fd", 0, 0, 0, db(-1)},
		{"add.rn.f64 %fd4, %fd1, 0d3FF0000000000000", "fd", db(2), 0, 0, db(3)},
	})
}

// Ordered comparisons are false with a NaN (ne too), unordered ones true.
func TestSetpFloat(t *testing.T) {
	runCases(t, []instCase{
		{"setp.eq.f32 %p4, %f1, %f2", "p", nan32, nan32, 0, 0},
		{"setp.ne.f32 %p4, %f1, %f2", "p", nan32, fb(1), 0, 0},
		{"setp.neu.f32 %p4, %f1, %f2", "p", nan32, fb(1), 0, 1},
		{"setp.equ.f32 %p4, %f1, %f2", "p", nan32, fb(1), 0, 1},
		{"setp.ltu.f32 %p4, %f1, %f2", "p", fb(2), fb(1), 0, 0},
		{"setp.lt.f32 %p4, %f1, %f2", "p", negz32, 0, 0, 0},
		{"setp.le.f32 %p4, %f1, %f2", "p", negz32, 0, 0, 1},
		{"setp.gt.f64 %p4, %fd1, %fd2", "p", db(math.Inf(1)), db(math.MaxFloat64), 0, 1},
		{"setp.geu.f32 %p4, %f1, %f2", "p", fb(1), nan32, 0, 1},
		{"setp.gtu.f32 %p4, %f1, %f2", "p", fb(1), fb(2), 0, 0},
		{"setp.leu.f32 %p4, %f1, %f2", "p", fb(3), fb(2), 0, 0},
		{"setp.num.f32 %p4, %f1, %f2", "p", fb(1), nan32, 0, 0},
		{"setp.nan.f64 %p4, %fd1, %fd2", "p", db(1), db(math.NaN()), 0, 1},
		{"setp.eq.or.f64 %p4, %fd1, %fd2, %p3", "p", db(1), db(2), 1, 1},
		{"selp.f32 %f4, %f1, %f2, %p3", "f", fb(1), fb(2), 0, fb(2)},
	})
}

// cvt: integer widening and narrowing, .sat, float to integer (always
// saturating, NaN by width), rounding modes, float narrowing, round to
// integral.
func TestCvt(t *testing.T) {
	big := db(1e300)
	runCases(t, []instCase{
		{"cvt.u64.u32 %rd4, %r1", "rd", 0xffffffff, 0, 0, 0xffffffff},
		{"cvt.s64.s32 %rd4, %r1", "rd", 0xffffffff, 0, 0, math.MaxUint64},
		{"cvt.u32.u64 %r4, %rd1", "r", 0x1_0000_0005, 0, 0, 5},
		{"cvt.sat.u32.s64 %r4, %rd1", "r", u64(-5), 0, 0, 0},
		{"cvt.sat.s32.s64 %r4, %rd1", "r", u64(-1 << 40), 0, 0, u32(math.MinInt32)},
		{"cvt.sat.s32.u64 %r4, %rd1", "r", math.MaxUint64, 0, 0, math.MaxInt32},
		{"cvt.sat.u32.u64 %r4, %rd1", "r", 1 << 40, 0, 0, math.MaxUint32},
		{"cvt.s32.s8 %r4, %r1", "r", 0x80, 0, 0, u32(-128)},
		{"cvt.u32.u8 %r4, %r1", "r", 0x180, 0, 0, 0x80},
		{"cvt.u16.u32 %r4, %r1", "r", 0x12345, 0, 0, 0x2345},
		// float to integer
		{"cvt.rzi.s32.f32 %r4, %f1", "r", fb(-2.7), 0, 0, u32(-2)},
		{"cvt.rmi.s32.f32 %r4, %f1", "r", fb(-2.2), 0, 0, u32(-3)},
		{"cvt.rpi.s32.f32 %r4, %f1", "r", fb(2.2), 0, 0, 3},
		{"cvt.rni.s32.f32 %r4, %f1", "r", fb(2.5), 0, 0, 2},
		{"cvt.rni.s32.f32 %r4, %f1", "r", fb(3.5), 0, 0, 4},
		{"cvt.rzi.s32.f32 %r4, %f1", "r", nan32, 0, 0, 0},
		{"cvt.rzi.s32.f32 %r4, %f1", "r", inf32, 0, 0, math.MaxInt32},
		{"cvt.rzi.s32.f32 %r4, %f1", "r", ninf32, 0, 0, u32(math.MinInt32)},
		{"cvt.rzi.u32.f32 %r4, %f1", "r", fb(-5), 0, 0, 0},
		{"cvt.rzi.u32.f32 %r4, %f1", "r", fb(5e9), 0, 0, math.MaxUint32},
		{"cvt.rzi.s64.f64 %rd4, %fd1", "rd", big, 0, 0, math.MaxInt64},
		{"cvt.rzi.s64.f64 %rd4, %fd1", "rd", db(-1e300), 0, 0, u64(math.MinInt64)},
		// NaN: 0 unless the source is .f64 or the destination 64-bit,
		// then 1 << (width-1).
		{"cvt.rzi.s64.f64 %rd4, %fd1", "rd", db(math.NaN()), 0, 0, 1 << 63},
		{"cvt.rzi.u64.f64 %rd4, %fd1", "rd", db(math.NaN()), 0, 0, 1 << 63},
		{"cvt.rzi.s64.f32 %rd4, %f1", "rd", nan32, 0, 0, 1 << 63},
		{"cvt.rzi.s32.f64 %r4, %fd1", "r", db(math.NaN()), 0, 0, 1 << 31},
		{"cvt.rni.u32.f64 %r4, %fd1", "r", db(math.NaN()), 0, 0, 1 << 31},
		{"cvt.rzi.u32.f32 %r4, %f1", "r", nan32, 0, 0, 0},
		// A signed result goes into a wider register sign-extended.
		{"cvt.s16.s32 %r4, %r1", "r", 0x18000, 0, 0, 0xffff8000},
		{"cvt.u16.s32 %r4, %r1", "r", 0x18000, 0, 0, 0x8000},
		{"cvt.rzi.s16.f32 %r4, %f1", "r", fb(-2), 0, 0, u32(-2)},
		{"cvt.sat.s8.s32 %r4, %r1", "r", 1000, 0, 0, 127},
		{"cvt.sat.s8.s32 %r4, %r1", "r", u32(-1000), 0, 0, u32(-128)},
		{"cvt.rzi.s64.f64 %rd4, %fd1", "rd", db(-0x1p63), 0, 0, u64(math.MinInt64)},
		{"cvt.rzi.u64.f64 %rd4, %fd1", "rd", db(0x1p64), 0, 0, math.MaxUint64},
		{"cvt.rzi.u64.f64 %rd4, %fd1", "rd", db(-0.9), 0, 0, 0},
		{"cvt.rzi.u64.f32 %rd4, %f1", "rd", fb(1e19), 0, 0, uint64(float32(1e19))},
		// integer to float
		{"cvt.rn.f32.s32 %f4, %r1", "f", u32(-3), 0, 0, fb(-3)},
		{"cvt.rn.f32.u32 %f4, %r1", "f", 0xffffffff, 0, 0, fb(4294967296)},
		{"cvt.rz.f32.u32 %f4, %r1", "f", 0xffffffff, 0, 0, fb(4294967040)},
		{"cvt.rm.f32.s32 %f4, %r1", "f", u32(-16777217), 0, 0, fb(-16777218)},
		{"cvt.rp.f32.s32 %f4, %r1", "f", 16777217, 0, 0, fb(16777218)},
		{"cvt.rn.f32.s32 %f4, %r1", "f", 16777217, 0, 0, fb(16777216)},
		{"cvt.rn.f64.s64 %fd4, %rd1", "fd", u64(math.MinInt64), 0, 0, db(-0x1p63)},
		{"cvt.rn.f64.u64 %fd4, %rd1", "fd", math.MaxUint64, 0, 0, db(0x1p64)},
		{"cvt.rz.f64.u64 %fd4, %rd1", "fd", math.MaxUint64, 0, 0, db(0x1p64 - 2048)},
		{"cvt.rn.f32.s64 %f4, %rd1", "f", (1 << 24) + 1, 0, 0, fb(1 << 24)},
		// float to float
		{"cvt.f64.f32 %fd4, %f1", "fd", sub32, 0, 0, db(math.SmallestNonzeroFloat32)},
		{"cvt.f64.f32 %fd4, %f1", "fd", ninf32, 0, 0, db(math.Inf(-1))},
		{"cvt.rn.f32.f64 %f4, %fd1", "f", big, 0, 0, inf32},
		{"cvt.rz.f32.f64 %f4, %fd1", "f", big, 0, 0, fb(math.MaxFloat32)},
		{"cvt.rm.f32.f64 %f4, %fd1", "f", db(-1e300), 0, 0, ninf32},
		{"cvt.rp.f32.f64 %f4, %fd1", "f", db(-1e300), 0, 0, fb(-math.MaxFloat32)},
		{"cvt.rn.f32.f64 %f4, %fd1", "f", db(1e-50), 0, 0, 0},
		{"cvt.rp.f32.f64 %f4, %fd1", "f", db(1e-50), 0, 0, sub32},
		{"cvt.rm.f32.f64 %f4, %fd1", "f", db(0.1), 0, 0, fb(math.Nextafter32(float32(0.1), 0))},
		{"cvt.rp.f32.f64 %f4, %fd1", "f", db(0.1), 0, 0, fb(float32(0.1))},
		{"cvt.rn.f32.f64 %f4, %fd1", "f", db(math.NaN()), 0, 0, nan32},
		{"cvt.rni.f64.f64 %fd4, %fd1", "fd", db(-2.5), 0, 0, db(-2)},
		{"cvt.rni.f64.f64 %fd4, %fd1", "fd", db(-0.4), 0, 0, db(math.Copysign(0, -1))},
		{"cvt.rmi.f64.f64 %fd4, %fd1", "fd", db(-0.5), 0, 0, db(-1)},
		{"cvt.rpi.f64.f64 %fd4, %fd1", "fd", db(-0.5), 0, 0, db(math.Copysign(0, -1))},
		{"cvt.rzi.f64.f64 %fd4, %fd1", "fd", db(math.Inf(-1)), 0, 0, db(math.Inf(-1))},
		{"cvt.rzi.f32.f32 %f4, %f1", "f", fb(-3.9), 0, 0, fb(-3)},
		{"cvt.rmi.f32.f32 %f4, %f1", "f", nan32, 0, 0, nan32},
		{"cvt.sat.f32.f32 %f4, %f1", "f", fb(1.5), 0, 0, fb(1)},
		{"cvt.rn.sat.f32.f64 %f4, %fd1", "f", db(math.NaN()), 0, 0, 0},
	})
}

// A rounding modifier is required where the ISA requires one.
func TestCvtNeedsRounding(t *testing.T) {
	for _, inst := range []string{"cvt.s32.f32 %r4, %f1", "cvt.f32.s32 %f4, %r1", "cvt.f32.f64 %f4, %fd1", "cvt.rn.u32.u64 %r4, %rd1", "cvt.rn.f64.f32 %fd4, %f1"} {
		_, err := tryInst(inst, "r", 0, 0, 0)
		assert.Error(t, err, inst)
	}
}
