package algo

import (
	"context"

	"github.com/kago-dev/kago/ka"
)

// kPartialMin writes the least element of chunk w of x (Go's min: a NaN
// wins, -0 < +0) to out[w].
//
//ka:kernel
func kPartialMin[T ka.Number](it ka.Item, x, out []T) {
	w := it.Global()
	lo := w * SumChunk
	hi := min(lo+SumChunk, len(x))
	acc := x[lo]
	for i := lo + 1; i < hi; i++ {
		acc = min(acc, x[i])
	}
	out[w] = acc
}

// kPartialMax is kPartialMin with max.
//
//ka:kernel
func kPartialMax[T ka.Number](it ka.Item, x, out []T) {
	w := it.Global()
	lo := w * SumChunk
	hi := min(lo+SumChunk, len(x))
	acc := x[lo]
	for i := lo + 1; i < hi; i++ {
		acc = max(acc, x[i])
	}
	out[w] = acc
}

// minMaxInstances are the instances of kPartialMin and kPartialMax.
var minMaxInstances = []any{
	kPartialMin[int], kPartialMin[int8], kPartialMin[int16], kPartialMin[int32], kPartialMin[int64], kPartialMin[uint], kPartialMin[uint8], kPartialMin[uint16], kPartialMin[uint32], kPartialMin[uint64], kPartialMin[float32], kPartialMin[float64],
	kPartialMax[int], kPartialMax[int8], kPartialMax[int16], kPartialMax[int32], kPartialMax[int64], kPartialMax[uint], kPartialMax[uint8], kPartialMax[uint16], kPartialMax[uint32], kPartialMax[uint64], kPartialMax[float32], kPartialMax[float64],
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
