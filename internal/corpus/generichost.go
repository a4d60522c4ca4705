package corpus

import (
	"context"

	"github.com/kago-dev/kago/ka"
)

// Generic host code: element-type-generic helpers that name a generic
// kernel's instance with their own type parameter, as host code is
// written. Go passes CopyG[T] to ka.NewKernel as an instantiation
// wrapper (a closure of CopyOn), which the registry resolves to CopyG's
// instance (ka/kgen/wrappers.go). CopyG and AddG have the same type for
// each T, so only the position tells them apart.

// CopyG copies src to dst.
//
//ka:kernel
func CopyG[T int32 | float32](it ka.Item, dst, src []T) {
	i := it.Global()
	dst[i] = src[i]
}

// AddG adds src to dst.
//
//ka:kernel
func AddG[T int32 | float32](it ka.Item, dst, src []T) {
	i := it.Global()
	dst[i] += src[i]
}

// CopyOn copies src to a new array on dev with CopyG[T].
func CopyOn[T int32 | float32](ctx context.Context, dev *ka.Device, src []T) ([]T, error) {
	return launchOn(ctx, dev, CopyG[T], src, make([]T, len(src)))
}

// AddOn adds src to dst on dev with AddG[T].
func AddOn[T int32 | float32](ctx context.Context, dev *ka.Device, src, dst []T) ([]T, error) {
	return launchOn(ctx, dev, AddG[T], src, dst)
}

// launchOn runs kernel, an instance of CopyG or AddG, on copies of src and
// dst, and returns dst.
func launchOn[T int32 | float32](ctx context.Context, dev *ka.Device, kernel any, src, dst []T) ([]T, error) {
	k, err := ka.NewKernel(dev, kernel)
	if err != nil {
		return nil, err
	}
	s, err := ka.FromSlice(ctx, dev, src)
	if err != nil {
		return nil, err
	}
	defer s.Free()
	d, err := ka.FromSlice(ctx, dev, dst)
	if err != nil {
		return nil, err
	}
	defer d.Free()
	if err := k.Launch(dev.Stream(), ka.Range(len(dst)), d, s); err != nil {
		return nil, err
	}
	out := make([]T, len(dst))
	return out, d.Read(ctx, out)
}

// The instances the package's tests use, so that kago gen compiles them.
var _ = []any{CopyOn[float32], CopyOn[int32], AddOn[float32]}
