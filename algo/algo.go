// Package algo has parallel algorithms on ka arrays, written as kago
// kernels and compiled by kago gen (kago_kernels.go is generated and
// committed): Fill and Iota; Sum, Min, Max, Reduce and MapReduce;
// InclusiveScan and ExclusiveScan; Sort and SortPairs of every integer
// and float key type; MatMul, a GEMM of float32 and float64 matrices
// (docs/algorithms.md); arrays are copied with ka.Copy.
// Every function takes the
// *ka.Stream it runs on and is ordered on it; the reductions wait for
// their result on it. Float results are deterministic: each function
// documents its fixed combination order.
package algo

import (
	"context"

	"github.com/kago-dev/kago/ka"
)

// Fill sets every element of x to v.
func Fill[T ka.Number](s *ka.Stream, x *ka.Array[T], v T) error {
	if err := checkArgs("Fill", s, x); err != nil {
		return err
	}
	if x.Len() == 0 {
		return nil
	}
	k, err := newKFillKernel[T](s.Device())
	if err != nil {
		return err
	}
	return k.Launch(s, ka.Range(x.Len()), x, v)
}

// Iota sets x[i] to T(i) (wrapping for narrow integer types).
func Iota[T ka.Number](s *ka.Stream, x *ka.Array[T]) error {
	if err := checkArgs("Iota", s, x); err != nil {
		return err
	}
	if x.Len() == 0 {
		return nil
	}
	k, err := newKIotaKernel[T](s.Device())
	if err != nil {
		return err
	}
	return k.Launch(s, ka.Range(x.Len()), x)
}

// Sum returns the sum of x, waiting for it on s (0 for an empty array).
// The order is fixed, so a float sum is the same bits on every device and
// run: x is cut into chunks of SumChunk elements, each added by one
// work-item in four interleaved accumulators (kPartialSum); the chunk sums
// are added the same way, until one is left. It is Reduce with OpSum.
func Sum[T ka.Number](ctx context.Context, s *ka.Stream, x *ka.Array[T]) (T, error) {
	return Reduce(ctx, s, x, OpSum)
}
