package opt

import (
	"math"
	"math/rand"
	"strings"
	"testing"

	"github.com/llir/llvm/ir/enum"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestFoldGolden runs fold on testdata/fold/*.ll.
func TestFoldGolden(t *testing.T) {
	outs := goldenDir(t, "fold", fold)

	c := outs["consts"]
	for _, folded := range []string{"i8 -56,", "i8 66,", "i8 -16,", "i8 16,", "i16 24464,", "i32 -3,", "i32 -1,", "i32 5,",
		"i64 -9223372036854775808,", "i64 u0x7FFFFFFFFFFFFFFF,", "i64 65281,", "i8 -1,", "i32 -3,", "i32 253,", "i64 7,", "i64 8,"} {
		assert.Contains(t, c, "store "+folded, "consts")
	}
	// Left for the target: division by zero, MinInt / -1, MinInt % -1,
	// a shift by the width.
	for _, kept := range []string{"sdiv i64 5, 0", "sdiv i32 -2147483648, -1", "srem i16 -32768, -1", "urem i8 7, 0", "shl i32 1, 32"} {
		assert.Contains(t, c, kept)
	}

	id := outs["identities"]
	assert.Contains(t, id, "store i64 %x,")
	assert.Contains(t, id, "mul i64 %y, 4")
	assert.Contains(t, id, "icmp sgt i64 %y, 0")
	assert.Contains(t, id, "icmp ule i64 %x, 7")
	for _, gone := range []string{"select i1 %c", "icmp eq", "icmp ult", "sdiv", "urem", "sub", "global_id", "%dead"} {
		assert.NotContains(t, id, gone)
	}

	br := outs["branches"]
	assert.NotContains(t, br, "else")
	assert.NotContains(t, br, "add i64 %x, 2")
	assert.NotContains(t, br, "phi i64 [ %")
	assert.Contains(t, br, "store i64 3,")
	assert.Contains(t, br, "phi i64 [ 0, %entry ]")

	ac := outs["addchain"]
	assert.Contains(t, ac, "add i64 %n, 15")
	assert.Contains(t, ac, "store i64 %n,")
	assert.Contains(t, ac, "sdiv")
}

// TestEvalBinaryI8 checks the constant arithmetic on every pair of i8
// operands against Go's int8 and uint8, and that it refuses what Go
// panics on or the target decides.
func TestEvalBinaryI8(t *testing.T) {
	for a := 0; a < 256; a++ {
		for b := 0; b < 256; b++ {
			x, y := uint64(a), uint64(b)
			sx, sy := int8(a), int8(b)
			ux, uy := uint8(a), uint8(b)
			want := map[string]uint8{
				"add": ux + uy, "sub": ux - uy, "mul": ux * uy,
				"and": ux & uy, "or": ux | uy, "xor": ux ^ uy,
			}
			if b != 0 {
				want["udiv"], want["urem"] = ux/uy, ux%uy
				if !(sx == math.MinInt8 && sy == -1) {
					want["sdiv"], want["srem"] = uint8(sx/sy), uint8(sx%sy)
				}
			}
			if b < 8 {
				want["shl"], want["lshr"], want["ashr"] = ux<<uy, ux>>uy, uint8(sx>>uy)
			}
			for _, op := range []string{"add", "sub", "mul", "sdiv", "udiv", "srem", "urem", "shl", "lshr", "ashr", "and", "or", "xor"} {
				got, ok := evalBinary(op, 8, x, y)
				w, defined := want[op]
				require.Equal(t, defined, ok, "%s i8 %d, %d", op, sx, sy)
				if ok {
					require.Equal(t, uint64(w), got, "%s i8 %d, %d", op, sx, sy)
				}
			}
		}
	}
}

// TestEvalBinaryWidths checks the other widths on edge and random values
// against Go's arithmetic.
func TestEvalBinaryWidths(t *testing.T) {
	r := rand.New(rand.NewSource(1))
	vals := []int64{0, 1, -1, 2, -2, math.MinInt64, math.MaxInt64, math.MinInt32, math.MaxInt32, math.MinInt16, 1 << 40}
	for range 200 {
		vals = append(vals, r.Int63()-r.Int63())
	}
	for _, a := range vals {
		for _, b := range vals {
			x, y := uint64(a), uint64(b)
			got, _ := evalBinary("mul", 64, x, y)
			require.Equal(t, uint64(a*b), got)
			got, _ = evalBinary("add", 32, x, y)
			require.Equal(t, uint64(uint32(int32(a)+int32(b))), got)
			got, ok := evalBinary("sdiv", 16, x, y)
			if int16(b) != 0 && !(int16(a) == math.MinInt16 && int16(b) == -1) {
				require.True(t, ok)
				require.Equal(t, uint64(uint16(int16(a)/int16(b))), got)
			} else {
				require.False(t, ok)
			}
			got, ok = evalBinary("srem", 64, x, y)
			if b != 0 && !(a == math.MinInt64 && b == -1) {
				require.True(t, ok)
				require.Equal(t, uint64(a%b), got)
			} else {
				require.False(t, ok)
			}
			assert.Equal(t, a < b, evalICmp(enum.IPredSLT, 64, x, y))
			assert.Equal(t, uint32(a) < uint32(b), evalICmp(enum.IPredULT, 32, toUnsigned(x, 32), toUnsigned(y, 32)))
		}
	}
}

// TestReplaceAllUses checks the helper on operands of every kind:
// instructions, a phi's values, a terminator's condition.
func TestReplaceAllUses(t *testing.T) {
	m, f := parse(t, `define spir_kernel void @K(i64 %x, i64 %y, i64 addrspace(1)* %o, HIDDEN) {
entry:
	%a = add i64 %x, 1
	%c = icmp eq i64 %x, 0
	br i1 %c, label %then, label %join
then:
	br label %join
join:
	%p = phi i64 [ %x, %entry ], [ %a, %then ]
	store i64 %x, i64 addrspace(1)* %o
	ret void
}`)
	replaceAllUses(f, f.Params[0], f.Params[1])
	out := text(t, m, f)
	_, body, _ := strings.Cut(out, "{")
	assert.NotContains(t, body, "%x")
	assert.Contains(t, out, "add i64 %y, 1")
	assert.Contains(t, out, "icmp eq i64 %y, 0")
	assert.Contains(t, out, "[ %y, %entry ]")
	assert.Contains(t, out, "store i64 %y,")
}
