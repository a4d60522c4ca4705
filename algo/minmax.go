package algo

import (
	"context"
	"errors"

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

// ErrEmpty is returned by Min and Max of an empty array.
var ErrEmpty = errors.New("algo: Min or Max of an empty array")

// Min returns the least element of x (Go's min: a NaN wins, -0 < +0),
// waiting for it on s. It reduces chunks of SumChunk as Sum does.
func Min[T ka.Number](ctx context.Context, s *ka.Stream, x *ka.Array[T]) (T, error) {
	k, err := NewKPartialMinKernel[T](s.Device())
	if err != nil {
		return 0, err
	}
	return reduce(ctx, s, x, k.Launch)
}

// Max returns the greatest element of x, as Min does.
func Max[T ka.Number](ctx context.Context, s *ka.Stream, x *ka.Array[T]) (T, error) {
	k, err := NewKPartialMaxKernel[T](s.Device())
	if err != nil {
		return 0, err
	}
	return reduce(ctx, s, x, k.Launch)
}

// reduce applies a chunk kernel level after level until one value is left.
func reduce[T ka.Number](ctx context.Context, s *ka.Stream, x *ka.Array[T], launch func(*ka.Stream, ka.NDRange, *ka.Array[T], *ka.Array[T]) error) (T, error) {
	n := x.Len()
	if n == 0 {
		return 0, ErrEmpty
	}
	cur := x
	for first := true; first || n > 1; first = false {
		m := (n + SumChunk - 1) / SumChunk
		p, err := ka.Alloc[T](s.Device(), m)
		if err != nil {
			return 0, err
		}
		defer p.Free()
		if err := launch(s, ka.Range(m), cur, p); err != nil {
			return 0, err
		}
		cur, n = p, m
	}
	out := make([]T, 1)
	if err := cur.ReadAsync(s, out); err != nil {
		return 0, err
	}
	if err := s.Synchronize(ctx); err != nil {
		return 0, err
	}
	return out[0], nil
}
