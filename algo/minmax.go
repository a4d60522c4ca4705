package algo

import (
	"context"

	"github.com/kago-dev/kago/ka"
)

// KPartialMin writes the least element of chunk w of x (Go's min: a NaN
// wins, -0 < +0) to out[w].
//
//ka:kernel
func KPartialMin[T ka.Number](it ka.Item, x, out []T) {
	w := it.Global()
	lo := w * SumChunk
	hi := min(lo+SumChunk, len(x))
	acc := x[lo]
	for i := lo + 1; i < hi; i++ {
		acc = min(acc, x[i])
	}
	out[w] = acc
}

// KPartialMax is KPartialMin with max.
//
//ka:kernel
func KPartialMax[T ka.Number](it ka.Item, x, out []T) {
	w := it.Global()
	lo := w * SumChunk
	hi := min(lo+SumChunk, len(x))
	acc := x[lo]
	for i := lo + 1; i < hi; i++ {
		acc = max(acc, x[i])
	}
	out[w] = acc
}

// MinMaxInstances are the instances of KPartialMin and KPartialMax.
var MinMaxInstances = []any{
	KPartialMin[int], KPartialMin[int8], KPartialMin[int16], KPartialMin[int32], KPartialMin[int64], KPartialMin[uint], KPartialMin[uint8], KPartialMin[uint16], KPartialMin[uint32], KPartialMin[uint64], KPartialMin[float32], KPartialMin[float64],
	KPartialMax[int], KPartialMax[int8], KPartialMax[int16], KPartialMax[int32], KPartialMax[int64], KPartialMax[uint], KPartialMax[uint8], KPartialMax[uint16], KPartialMax[uint32], KPartialMax[uint64], KPartialMax[float32], KPartialMax[float64],
}

// Min returns the least element of x (Go's min: a NaN wins, -0 < +0),
// waiting for it on s, or ErrEmpty. It is Reduce with OpMin, in Sum's
// order.
func Min[T ka.Number](ctx context.Context, s *ka.Stream, x *ka.Array[T]) (T, error) {
	return Reduce(ctx, s, x, OpMin)
}

// Max returns the greatest element of x, as Min does: Reduce with OpMax.
func Max[T ka.Number](ctx context.Context, s *ka.Stream, x *ka.Array[T]) (T, error) {
	return Reduce(ctx, s, x, OpMax)
}
