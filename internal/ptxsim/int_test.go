package ptxsim

import (
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
)

func u32(x int32) uint64 { return uint64(uint32(x)) }
func u64(x int64) uint64 { return uint64(x) }

type instCase struct {
	inst    string
	out     string
	a, b, c uint64
	want    uint64
}

func runCases(t *testing.T, cases []instCase) {
	t.Helper()
	for _, c := range cases {
		got := oneInst(t, c.inst, c.out, c.a, c.b, c.c)
		if bothNaN(c.out, got, c.want) {
			continue // NaN payloads are not specified
		}
		assert.Equal(t, c.want, got, "%s with a=%#x b=%#x c=%#x: got %#x, want %#x", c.inst, c.a, c.b, c.c, got, c.want)
	}
}

// Integer arithmetic wraps; division by zero and MIN/-1 give the values
// the simulator documents; mul.hi and .wide are exact.
func TestIntArith(t *testing.T) {
	runCases(t, []instCase{
		{"add.s32 %r4, %r1, %r2", "r", u32(math.MaxInt32), 1, 0, u32(math.MinInt32)},
		{"sub.s64 %rd4, %rd1, %rd2", "rd", 5, 7, 0, u64(-2)},
		{"sub.s64 %rd4, %rd2, %rd1", "rd", 5, 7, 0, 2},
		{"mul.lo.s32 %r4, %r1, %r2", "r", u32(-3), 7, 0, u32(-21)},
		{"mul.lo.s64 %rd4, %rd1, %rd2", "rd", 1 << 40, 1 << 30, 0, 0},
		{"mul.hi.u32 %r4, %r1, %r2", "r", 0xffffffff, 0xffffffff, 0, 0xfffffffe},
		{"mul.hi.s32 %r4, %r1, %r2", "r", u32(-2), 0x40000000, 0, u32(-1)},
		{"mul.hi.u64 %rd4, %rd1, %rd2", "rd", math.MaxUint64, 2, 0, 1},
		{"mul.hi.s64 %rd4, %rd1, %rd2", "rd", u64(-1), 2, 0, u64(-1)},
		{"mul.wide.u32 %rd4, %r1, %r2", "rd", 0xffffffff, 0xffffffff, 0, 0xfffffffe00000001},
		{"mul.wide.s32 %rd4, %r1, %r2", "rd", u32(-2), 3, 0, u64(-6)},
		{"mad.wide.u32 %rd4, %r1, %r2, %rd3", "rd", 0xffffffff, 2, 5, 0x1fffffffe + 5},
		{"mad.lo.s64 %rd4, %rd1, 4, %rd2", "rd", 10, 1000, 0, 1040},
		{"div.s32 %r4, %r1, %r2", "r", u32(-7), 2, 0, u32(-3)},
		{"rem.s32 %r4, %r1, %r2", "r", u32(-7), 2, 0, u32(-1)},
		{"div.u32 %r4, %r1, %r2", "r", 7, 0, 0, 0xffffffff},
		{"div.s64 %rd4, %rd1, %rd2", "rd", 7, 0, 0, u64(-1)},
		{"rem.u64 %rd4, %rd1, %rd2", "rd", 7, 0, 0, 7},
		{"div.s32 %r4, %r1, %r2", "r", u32(math.MinInt32), u32(-1), 0, u32(math.MinInt32)},
		{"rem.s32 %r4, %r1, %r2", "r", u32(math.MinInt32), u32(-1), 0, 0},
		{"div.s64 %rd4, %rd1, %rd2", "rd", u64(math.MinInt64), u64(-1), 0, u64(math.MinInt64)},
		{"abs.s32 %r4, %r1", "r", u32(math.MinInt32), 0, 0, u32(math.MinInt32)},
		{"neg.s32 %r4, %r1", "r", 5, 0, 0, u32(-5)},
		{"min.s64 %rd4, %rd1, %rd2", "rd", u64(-5), 3, 0, u64(-5)},
		{"min.u64 %rd4, %rd1, %rd2", "rd", u64(-5), 3, 0, 3},
		{"max.s32 %r4, %r1, %r2", "r", u32(-5), 3, 0, 3},
		{"max.u32 %r4, %r1, %r2", "r", u32(-5), 3, 0, u32(-5)},
		{"and.b32 %r4, %r1, %r2", "r", 0xf0f0, 0xff00, 0, 0xf000},
		{"or.b64 %rd4, %rd1, %rd2", "rd", 0xf0, 0x0f, 0, 0xff},
		{"xor.b32 %r4, %r1, %r2", "r", 0xff, 0x0f, 0, 0xf0},
		{"not.b32 %r4, %r1", "r", 0, 0, 0, 0xffffffff},
		{"cnot.b32 %r4, %r1", "r", 0, 0, 0, 1},
		{"popc.b64 %r4, %rd1", "r", 0xff00ff, 0, 0, 16},
		{"clz.b32 %r4, %r1", "r", 1, 0, 0, 31},
		{"brev.b32 %r4, %r1", "r", 1, 0, 0, 0x80000000},
	})
}

// Shift amounts at or beyond the width are clamped to the width.
func TestShifts(t *testing.T) {
	runCases(t, []instCase{
		{"shl.b32 %r4, %r1, %r2", "r", 1, 31, 0, 0x80000000},
		{"shl.b32 %r4, %r1, %r2", "r", 1, 32, 0, 0},
		{"shl.b32 %r4, %r1, %r2", "r", 1, 0xffffffff, 0, 0},
		{"shl.b64 %rd4, %rd1, %r2", "rd", 1, 63, 0, 1 << 63},
		{"shl.b64 %rd4, %rd1, %r2", "rd", 1, 64, 0, 0},
		{"shr.u32 %r4, %r1, %r2", "r", 0x80000000, 31, 0, 1},
		{"shr.u32 %r4, %r1, %r2", "r", 0x80000000, 40, 0, 0},
		{"shr.s32 %r4, %r1, %r2", "r", 0x80000000, 40, 0, 0xffffffff},
		{"shr.s32 %r4, %r1, %r2", "r", 0x40000000, 40, 0, 0},
		{"shr.s64 %rd4, %rd1, %r2", "rd", 1 << 63, 100, 0, math.MaxUint64},
		{"shr.u64 %rd4, %rd1, %r2", "rd", 1 << 63, 64, 0, 0},
		{"shr.s64 %rd4, %rd1, 3", "rd", u64(-16), 0, 0, u64(-2)},
	})
}

// bfe takes pos and len modulo 256 and fills from the sign bit.
func TestBFE(t *testing.T) {
	runCases(t, []instCase{
		{"bfe.s32 %r4, %r1, %r2, %r3", "r", 0x00f0, 4, 4, u32(-1)},
		{"bfe.s32 %r4, %r1, %r2, %r3", "r", 0x0070, 4, 4, 7},
		{"bfe.u32 %r4, %r1, %r2, %r3", "r", 0x00f0, 4, 4, 0xf},
		{"bfe.s32 %r4, %r1, %r2, %r3", "r", 0xabcd, 0, 8, u32(-0x33)},
		{"bfe.s32 %r4, %r1, %r2, %r3", "r", 0x80000000, 28, 10, u32(-8)},
		{"bfe.s32 %r4, %r1, %r2, %r3", "r", 0x12345678, 4, 0, 0},
		{"bfe.s32 %r4, %r1, %r2, %r3", "r", 0xff, 0x100, 0x104, u32(-1)},
		{"bfe.u64 %rd4, %rd1, %r2, %r3", "rd", 0xff00000000, 32, 8, 0xff},
	})
}

// setp: signed, unsigned, and boolean combinations, with the complement.
func TestSetpInt(t *testing.T) {
	runCases(t, []instCase{
		{"setp.lt.s32 %p4, %r1, %r2", "p", u32(-1), 1, 0, 1},
		{"setp.lo.u32 %p4, %r1, %r2", "p", u32(-1), 1, 0, 0},
		{"setp.lt.u32 %p4, %r1, %r2", "p", u32(-1), 1, 0, 0},
		{"setp.hs.u64 %p4, %rd1, %rd2", "p", 5, 5, 0, 1},
		{"setp.hi.u64 %p4, %rd1, %rd2", "p", 5, 5, 0, 0},
		{"setp.ls.u32 %p4, %r1, %r2", "p", 4, 5, 0, 1},
		{"setp.ge.s64 %p4, %rd1, %rd2", "p", u64(-5), 5, 0, 0},
		{"setp.eq.b32 %p4, %r1, %r2", "p", 7, 7, 0, 1},
		{"setp.ne.b64 %p4, %rd1, %rd2", "p", 7, 7, 0, 0},
		{"setp.eq.and.s32 %p4, %r1, %r2, %p3", "p", 1, 1, 0, 0},
		{"setp.eq.or.s32 %p4, %r1, %r2, %p3", "p", 1, 2, 1, 1},
		{"setp.eq.xor.s32 %p4, %r1, %r2, !%p3", "p", 1, 1, 1, 1},
		{"setp.eq.s32 %p1|%p4, %r1, %r2", "p", 1, 1, 0, 0},
		{"setp.eq.s32 %p1|%p4, %r1, %r2", "p", 1, 2, 0, 1},
		{"selp.b32 %r4, %r1, %r2, %p3", "r", 10, 20, 1, 10},
		{"selp.b64 %rd4, %rd1, %rd2, %p3", "rd", 10, 20, 0, 20},
		{"and.pred %p4, %p1, %p2", "p", 1, 0, 0, 0},
		{"or.pred %p4, %p1, %p2", "p", 1, 0, 0, 1},
		{"xor.pred %p4, %p1, %p2", "p", 1, 1, 0, 0},
		{"not.pred %p4, %p1", "p", 0, 0, 0, 1},
		{"@%p1 mov.b64 %rd4, 9", "rd", 0, 0, 0, 0},
		{"@!%p1 mov.b64 %rd4, 9", "rd", 0, 0, 0, 9},
	})
}

// bothNaN reports whether got and want are both NaNs of out's type.
func bothNaN(out string, got, want uint64) bool {
	switch out {
	case "f":
		return f32(got) != f32(got) && f32(want) != f32(want)
	case "fd":
		return f64(got) != f64(got) && f64(want) != f64(want)
	}
	return false
}

// Funnel shifts (llc's rotates): .wrap takes the amount mod 32, .clamp
// caps it at 32.
func TestFunnelShift(t *testing.T) {
	runCases(t, []instCase{
		{"shf.l.wrap.b32 %r4, %r1, %r2, %r3", "r", 0x80000000, 0x00000001, 1, 0x00000003},
		{"shf.l.wrap.b32 %r4, %r1, %r1, %r3", "r", 0x80000001, 0, 33, 0x00000003},
		{"shf.l.clamp.b32 %r4, %r1, %r2, %r3", "r", 0x12345678, 0x9abcdef0, 40, 0x12345678},
		{"shf.r.wrap.b32 %r4, %r1, %r2, %r3", "r", 0x00000001, 0x00000001, 1, 0x80000000},
		{"shf.r.clamp.b32 %r4, %r1, %r2, %r3", "r", 0x12345678, 0x9abcdef0, 99, 0x9abcdef0},
	})
}
