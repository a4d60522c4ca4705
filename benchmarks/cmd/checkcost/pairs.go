package main

import (
	"context"
	"errors"

	"github.com/kago-dev/kago/ka"
)

// pairOf returns the setup of the pair on, off: the two kernels loaded
// with opts, each launched over r with the arguments that args makes on
// the device, the same ones for both.
func pairOf(on, off any, r ka.NDRange, opts []ka.KernelOption, args func(*inputs) []any) func(context.Context, *ka.Device) (pair, error) {
	return func(ctx context.Context, dev *ka.Device) (pair, error) {
		in := &inputs{ctx: ctx, dev: dev}
		a := args(in)
		kOn, errOn := ka.NewKernel(dev, on, opts...)
		kOff, errOff := ka.NewKernel(dev, off, opts...)
		if err := errors.Join(in.err, errOn, errOff); err != nil {
			in.free()
			return pair{}, err
		}
		return pair{
			on:   func(s *ka.Stream) error { return kOn.Launch(s, r, a...) },
			off:  func(s *ka.Stream) error { return kOff.Launch(s, r, a...) },
			free: in.free,
		}, nil
	}
}

// inputs makes a pair's device memory, remembering the first error and
// what to free.
type inputs struct {
	ctx   context.Context
	dev   *ka.Device
	err   error
	frees []func() error
}

func (in *inputs) keep(free func() error, err error) {
	if err != nil {
		in.err = errors.Join(in.err, err)
		return
	}
	in.frees = append(in.frees, free)
}

func (in *inputs) free() {
	for _, f := range in.frees {
		f()
	}
	in.frees = nil
}

// array is a device copy of data.
func array[T any](in *inputs, data []T) *ka.Array[T] {
	a, err := ka.FromSlice(in.ctx, in.dev, data)
	in.keep(func() error { return a.Free() }, err)
	return a
}

// matrix is a rows×cols matrix of values from fill.
func (in *inputs) matrix(rows, cols int) *ka.Matrix[float32] {
	m, err := ka.MatrixFromSlice(in.ctx, in.dev, rows, cols, fill(rows*cols))
	in.keep(func() error { return m.Free() }, err)
	return m
}

// fill is n small float32 values, none zero.
func fill(n int) []float32 {
	v := make([]float32, n)
	for i := range v {
		v[i] = float32(i%1000)/1000 + 1
	}
	return v
}

// The arguments of each shape of kernel.

func saxpyArgs(n int) func(*inputs) []any {
	return func(in *inputs) []any { return []any{float32(0.5), array(in, fill(n)), array(in, fill(n))} }
}

// matmulArgs are n and three n×n matrices, flat.
func matmulArgs(n int) func(*inputs) []any {
	return func(in *inputs) []any {
		return []any{n, array(in, fill(n*n)), array(in, fill(n*n)), array(in, make([]float32, n*n))}
	}
}

// histogramArgs are n bytes and 256 bins.
func histogramArgs(n int) func(*inputs) []any {
	return func(in *inputs) []any {
		data := make([]uint8, n)
		for i := range data {
			data[i] = uint8(i * 2654435761 >> 13)
		}
		return []any{array(in, data), array(in, make([]uint32, 256))}
	}
}

// matrices are k rows×cols matrices: a stencil's in and out, or FDTD's ex,
// ey and hz.
func matrices(rows, cols, k int) func(*inputs) []any {
	return func(in *inputs) []any {
		a := make([]any, k)
		for i := range a {
			a[i] = in.matrix(rows, cols)
		}
		return a
	}
}

// flatGrids are w, h and two flat row-major w×h grids, in and out.
func flatGrids(w, h int) func(*inputs) []any {
	return func(in *inputs) []any { return []any{w, h, array(in, fill(w*h)), array(in, fill(w*h))} }
}

// volumes are two n×n×n volumes, in and out.
func volumes(n int) func(*inputs) []any {
	return func(in *inputs) []any {
		a := make([]any, 2)
		for i := range a {
			v, err := ka.VolumeFromSlice(in.ctx, in.dev, n, n, n, fill(n*n*n))
			in.keep(func() error { return v.Free() }, err)
			a[i] = v
		}
		return a
	}
}

// matVecArgs are an n×n matrix, x and y of n.
func matVecArgs(n int) func(*inputs) []any {
	return func(in *inputs) []any {
		return []any{in.matrix(n, n), array(in, fill(n)), array(in, make([]float32, n))}
	}
}
