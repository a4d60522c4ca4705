package driver

import (
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestScalarBits(t *testing.T) {
	for _, tc := range []struct {
		t    ScalarType
		v    any
		want uint64
	}{
		{Bool, false, 0}, {Bool, true, 1},
		{Int, -1, math.MaxUint64}, {Int8, int8(-128), 0x80}, {Int16, int16(-1), 0xffff},
		{Int32, int32(-1), 0xffffffff}, {Int64, int64(-2), math.MaxUint64 - 1},
		{Uint, uint(7), 7}, {Uint8, uint8(255), 255}, {Uint16, uint16(65535), 65535},
		{Uint32, uint32(1 << 31), 1 << 31}, {Uint64, uint64(1 << 63), 1 << 63},
		{Float32, float32(0), 0}, {Float32, float32(math.Copysign(0, -1)), 0x80000000}, {Float32, float32(1), 0x3f800000},
		{Float64, 1.0, 0x3ff0000000000000}, {Float64, math.Copysign(0, -1), 1 << 63},
	} {
		got, ok := ScalarBits(tc.t, tc.v)
		if assert.True(t, ok, "ScalarBits(%v, %T %v) rejected", tc.t, tc.v, tc.v) {
			assert.Equal(t, tc.want, got, "ScalarBits(%v, %T %v) = %#x; want %#x", tc.t, tc.v, tc.v, got, tc.want)
		}
	}
	for _, tc := range []struct {
		t ScalarType
		v any
	}{{Bool, 1}, {Int, int64(1)}, {Uint64, uint(1)}, {Float32, 1.0}, {Int32, "x"}, {Int32, nil}} {
		_, ok := ScalarBits(tc.t, tc.v)
		assert.False(t, ok, "ScalarBits(%v, %T) accepted", tc.t, tc.v)
	}
}
