// Package algo has parallel algorithms on ka arrays, written as kago
// kernels and compiled by kago gen (kago_kernels.go is generated and
// committed): Fill, Iota, Copy and Sum so far (docs/algorithms.md). Every
// function takes the *ka.Stream it runs on and is ordered on it.
package algo

import (
	"context"
	"fmt"

	"github.com/kago-dev/kago/ka"
)

// Fill sets every element of x to v.
func Fill[T ka.Number](s *ka.Stream, x *ka.Array[T], v T) error {
	if x.Len() == 0 {
		return nil
	}
	k, err := NewKFillKernel[T](s.Device())
	if err != nil {
		return err
	}
	return k.Launch(s, ka.Range(x.Len()), x, v)
}

// Iota sets x[i] to T(i) (wrapping for narrow integer types).
func Iota[T ka.Number](s *ka.Stream, x *ka.Array[T]) error {
	if x.Len() == 0 {
		return nil
	}
	k, err := NewKIotaKernel[T](s.Device())
	if err != nil {
		return err
	}
	return k.Launch(s, ka.Range(x.Len()), x)
}

// Copy copies src into dst, which must have the same length and live on
// the same device.
func Copy[T ka.Number](s *ka.Stream, dst, src *ka.Array[T]) error {
	if dst.Len() != src.Len() {
		return fmt.Errorf("algo.Copy: lengths %d and %d differ", dst.Len(), src.Len())
	}
	if dst.Len() == 0 {
		return nil
	}
	k, err := NewKCopyKernel[T](s.Device())
	if err != nil {
		return err
	}
	return k.Launch(s, ka.Range(dst.Len()), dst, src)
}

// Sum returns the sum of x, waiting for it on s. The order is fixed, so a
// float sum is the same bits on every device and run: x is cut into
// chunks of SumChunk elements, each added in order from 0 (one work-item
// per chunk); the chunk sums are added the same way, until one is left.
func Sum[T ka.Number](ctx context.Context, s *ka.Stream, x *ka.Array[T]) (T, error) {
	n := x.Len()
	if n == 0 {
		return 0, nil
	}
	k, err := NewKPartialSumKernel[T](s.Device())
	if err != nil {
		return 0, err
	}
	var temps []*ka.Array[T]
	defer func() {
		for _, t := range temps {
			t.Free()
		}
	}()
	cur := x
	for first := true; first || n > 1; first = false {
		m := (n + SumChunk - 1) / SumChunk
		p, err := ka.Alloc[T](s.Device(), m)
		if err != nil {
			return 0, err
		}
		temps = append(temps, p)
		if err := k.Launch(s, ka.Range(m), cur, p); err != nil {
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
