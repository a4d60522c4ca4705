package algo

import (
	"math"

	"github.com/kago-dev/kago/ka"
)

// negNaNs32 and negNaNs64 are the numbers of float32 and float64 NaNs with
// the sign bit set. The float keys are the usual order-preserving map
// (set the sign bit of a positive float, invert a negative one) minus
// this count, so that the NaNs with the sign bit set, which the usual map
// puts before -Inf, wrap around to the top, after the NaNs without it.
const (
	negNaNs32 = 1<<23 - 1
	negNaNs64 = 1<<52 - 1
)

// kFloat32Key maps x to radix keys whose unsigned order is the order Sort
// documents for floats: -Inf, the negative numbers, -0, +0, the positive
// numbers, +Inf, the NaNs without the sign bit by increasing bits, the
// NaNs with it by decreasing bits. The map is a bijection
// (kFloat32FromKey inverts it), so every NaN keeps its bits.
//
//ka:kernel
func kFloat32Key(it ka.Item, x []float32, keys []uint32) {
	i := it.Global()
	b := math.Float32bits(x[i])
	k := b ^ 0x80000000
	if b&0x80000000 != 0 {
		k = ^b
	}
	keys[i] = k - negNaNs32
}

// kFloat32FromKey writes the floats whose keys (kFloat32Key) are keys.
//
//ka:kernel
func kFloat32FromKey(it ka.Item, keys []uint32, x []float32) {
	i := it.Global()
	k := keys[i] + negNaNs32
	b := ^k
	if k&0x80000000 != 0 {
		b = k ^ 0x80000000
	}
	x[i] = math.Float32frombits(b)
}

// kFloat64Key is kFloat32Key for float64.
//
//ka:kernel
func kFloat64Key(it ka.Item, x []float64, keys []uint64) {
	i := it.Global()
	b := math.Float64bits(x[i])
	k := b ^ (1 << 63)
	if b&(1<<63) != 0 {
		k = ^b
	}
	keys[i] = k - negNaNs64
}

// kFloat64FromKey is kFloat32FromKey for float64.
//
//ka:kernel
func kFloat64FromKey(it ka.Item, keys []uint64, x []float64) {
	i := it.Global()
	k := keys[i] + negNaNs64
	b := ^k
	if k&(1<<63) != 0 {
		b = k ^ (1 << 63)
	}
	x[i] = math.Float64frombits(b)
}
