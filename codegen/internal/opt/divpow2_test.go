package opt

import (
	"fmt"
	"math"
	"math/rand"
	"regexp"
	"testing"

	"github.com/llir/llvm/ir"
	"github.com/llir/llvm/ir/value"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// divOp matches a division or remainder instruction.
var divOp = regexp.MustCompile(`= [su](div|rem) `)

// TestDivPow2Golden runs divpow2 on testdata/divpow2/*.ll.
func TestDivPow2Golden(t *testing.T) {
	outs := goldenDir(t, "divpow2", divPow2)
	out := outs["i64"]
	for _, kept := range []string{"sdiv i64 %x, 3", "sdiv i64 %x, -4", "sdiv i64 %x, -9223372036854775808", "udiv i64 %x, %y"} {
		assert.Contains(t, out, kept)
	}
	assert.Contains(t, out, "lshr i64 %x, 4")
	assert.Contains(t, out, "and i64 %x, 15")
	assert.Contains(t, out, "lshr i64 %x, 63")
	assert.Contains(t, out, "store i64 %x,")
	assert.Contains(t, out, "store i64 0,")
	nn := outs["nonneg"]
	for _, want := range []string{"lshr i64 %lid, 2", "and i64 %z, 7", "lshr i64 %mk, 1", "%s1 = lshr i64 %s, 1"} {
		assert.Contains(t, nn, want)
	}
	assert.Contains(t, nn, "ashr i64 %s, 63", "past the guard %s may be negative")
	assert.NotRegexp(t, divOp, outs["narrow"])
}

// interpret runs the straight-line entry block of f, with its first
// parameter x, using fold's arithmetic, and returns the value of each
// store in order.
func interpret(t *testing.T, f *ir.Func, x uint64) []uint64 {
	t.Helper()
	env := map[value.Value]uint64{f.Params[0]: toUnsigned(x, bits(f.Params[0].Type()))}
	get := func(v value.Value) uint64 {
		if c, _, ok := intConst(v); ok {
			return c
		}
		r, ok := env[v]
		require.True(t, ok, "no value for %s", v.Ident())
		return r
	}
	var stored []uint64
	for _, inst := range f.Blocks[0].Insts {
		if s, ok := inst.(*ir.InstStore); ok {
			stored = append(stored, get(s.Src))
			continue
		}
		op, a, b := binary(inst)
		require.NotEmpty(t, op, "not a binary instruction: %s", inst.LLString())
		r, ok := evalBinary(op, bits(a.Type()), get(a), get(b))
		require.True(t, ok, "%s", inst.LLString())
		env[inst.(value.Value)] = r
	}
	return stored
}

// divKernel is a kernel that stores x op d for each of the ops, x its
// first parameter, of type typ.
func divKernel(typ string, d int64) string {
	src := fmt.Sprintf("define spir_kernel void @K(%s %%x, %s addrspace(1)* %%o, HIDDEN) {\nentry:\n", typ, typ)
	for _, op := range []string{"sdiv", "srem", "udiv", "urem"} {
		src += fmt.Sprintf("\t%%%s = %s %s %%x, %d\n\tstore %s %%%s, %s addrspace(1)* %%o\n", op, op, typ, d, typ, op, typ)
	}
	return src + "\tret void\n}\n"
}

// TestDivPow2I8 checks the sequences for every i8 dividend and every
// power-of-two divisor against Go's int8 and uint8 / and %.
func TestDivPow2I8(t *testing.T) {
	for k := 0; k < 8; k++ {
		d := int64(int8(uint8(1) << k)) // 1 ... 64, then -128
		m, f := parse(t, divKernel("i8", d))
		divPow2(f)
		out := text(t, m, f)
		if k < 7 {
			assert.NotRegexp(t, divOp, out, "2^%d", k)
		} else {
			assert.Contains(t, out, "sdiv", "MinInt8 is a negative divisor")
		}
		for x := math.MinInt8; x <= math.MaxInt8; x++ {
			got := interpret(t, f, uint64(x))
			sx, ux, sd, ud := int8(x), uint8(x), int8(d), uint8(d)
			want := []uint64{uint64(uint8(sx / sd)), uint64(uint8(sx % sd)), uint64(ux / ud), uint64(ux % ud)}
			require.Equal(t, want, got, "i8 %d by 2^%d", x, k)
		}
	}
}

// TestDivPow2I64 checks the sequences on i64 for edge and random
// dividends against Go's int64 and uint64 / and %.
func TestDivPow2I64(t *testing.T) {
	r := rand.New(rand.NewSource(2))
	for k := 0; k < 63; k++ {
		d := int64(1) << k
		m, f := parse(t, divKernel("i64", d))
		divPow2(f)
		out := text(t, m, f)
		assert.NotRegexp(t, divOp, out)
		xs := []int64{0, 1, -1, math.MinInt64, math.MaxInt64, math.MinInt64 + 1, d, -d, d + 1, d - 1, -d + 1, -d - 1}
		for range 100 {
			xs = append(xs, r.Int63()-r.Int63(), r.Int63()>>uint(r.Intn(63)))
		}
		for _, x := range xs {
			got := interpret(t, f, uint64(x))
			want := []uint64{uint64(x / d), uint64(x % d), uint64(x) / uint64(d), uint64(x) % uint64(d)}
			require.Equal(t, want, got, "i64 %d by 2^%d", x, k)
		}
	}
}
