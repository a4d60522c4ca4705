package unroll

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// arith computes Go's results at each width, wrapping, and refuses what
// LLVM leaves undefined.
func TestArith(t *testing.T) {
	neg := func(x int64, w uint64) uint64 { return mask(uint64(x), w) }
	for _, c := range []struct {
		o       op
		x, y, w uint64
		want    uint64
		ok      bool
	}{
		{opAdd, 127, 1, 8, 0x80, true},
		{opMul, 0x10, 0x10, 8, 0, true},
		{opSub, 0, 1, 16, 0xffff, true},
		{opSDiv, neg(-7, 32), 2, 32, neg(-3, 32), true}, // truncated, as Go
		{opSRem, neg(-7, 32), 2, 32, neg(-1, 32), true},
		{opUDiv, neg(-7, 8), 2, 8, 124, true},
		{opSDiv, 0x80, neg(-1, 8), 8, 0, false}, // MinInt / -1
		{opSRem, 0x80, neg(-1, 8), 8, 0, false},
		{opSDiv, 5, 0, 64, 0, false},
		{opURem, 5, 0, 64, 0, false},
		{opAShr, neg(-8, 64), 1, 64, neg(-4, 64), true},
		{opLShr, neg(-8, 8), 1, 8, 0x7c, true},
		{opShl, 1, 63, 64, 1 << 63, true},
		{opShl, 1, 64, 64, 0, false},
		{opLShr, 1, 8, 8, 0, false},
		{opAnd, 0xf0, 0x3c, 8, 0x30, true},
		{opXor, 1, 1, 1, 0, true},
	} {
		got, ok := arith(c.o, c.x, c.y, c.w)
		require.Equal(t, c.ok, ok, "%+v", c)
		if ok {
			require.Equal(t, c.want, got, "%+v", c)
		}
	}
	require.Equal(t, int64(-128), signed(0x80, 8))
	require.Equal(t, int64(127), signed(0x7f, 8))
}
