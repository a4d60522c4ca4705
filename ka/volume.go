package ka

import (
	"context"
	"fmt"

	"github.com/kago-dev/kago/ka/driver"
	"github.com/kago-dev/kago/ka/kernel"
)

// Volume is a row-major 3-D array of T in a device's memory: Depth()
// layers of Rows()×Cols() matrices, element (i, j, k) being layer i, row
// j, column k at i*PlaneStride()+j*Stride()+k from the first element. A
// kernel parameter of type ka.Volume[T] takes a *ka.Volume[T]; launch
// over it with ka.Range3(v.Depth(), v.Rows(), v.Cols()) and take the
// indices from it.Global3(). Read and Write copy its elements as a
// row-major []T of Depth()*Rows()*Cols() elements.
type Volume[T Scalar] struct {
	arr                 *Array[T]
	depth, rows, cols   extent
	planeStride, stride int
	data                []T // the elements, in host memory (kernels on the native backend)
}

// AllocVolume allocates a depth×rows×cols volume on dev. Its contents are
// unspecified until written.
func AllocVolume[T Scalar](dev *Device, depth, rows, cols int) (*Volume[T], error) {
	n, err := shapeLen(depth, rows, cols)
	if err != nil {
		return nil, fmt.Errorf("ka: AllocVolume of %d×%d×%d: %w", depth, rows, cols, err)
	}
	a, err := Alloc[T](dev, n)
	if err != nil {
		return nil, err
	}
	return &Volume[T]{arr: a, depth: newExtent(depth), rows: newExtent(rows), cols: newExtent(cols), planeStride: rows * cols, stride: cols}, nil
}

// VolumeFromSlice allocates a depth×rows×cols volume on dev and copies
// data, its elements in row-major order, into it.
func VolumeFromSlice[T Scalar](ctx context.Context, dev *Device, depth, rows, cols int, data []T) (*Volume[T], error) {
	if n, err := shapeLen(depth, rows, cols); err != nil || len(data) != n {
		return nil, fmt.Errorf("ka: VolumeFromSlice of %d×%d×%d from %d elements: %w", depth, rows, cols, len(data), orInvalid(err))
	}
	v, err := AllocVolume[T](dev, depth, rows, cols)
	if err != nil {
		return nil, err
	}
	if err := v.Write(ctx, data); err != nil {
		v.arr.Free()
		return nil, err
	}
	return v, nil
}

// Depth is the number of layers.
func (v Volume[T]) Depth() int { return len(v.depth) }

// Rows is the number of rows of each layer.
func (v Volume[T]) Rows() int { return len(v.rows) }

// Cols is the number of columns.
func (v Volume[T]) Cols() int { return len(v.cols) }

// PlaneStride is the number of elements from one layer to the next.
func (v Volume[T]) PlaneStride() int { return v.planeStride }

// Stride is the number of elements from one row to the next.
func (v Volume[T]) Stride() int { return v.stride }

// At returns element (i, j, k). Indices outside the volume panic (a fault
// on a device).
func (v Volume[T]) At(i, j, k int) T {
	return kernel.At3(v.data, v.depth, v.rows, v.cols, v.planeStride, v.stride, i, j, k)
}

// Set sets element (i, j, k) to x.
func (v Volume[T]) Set(i, j, k int, x T) {
	kernel.Set3(v.data, v.depth, v.rows, v.cols, v.planeStride, v.stride, i, j, k, x)
}

// Ptr returns the address of element (i, j, k), for atomics.
func (v Volume[T]) Ptr(i, j, k int) *T {
	return kernel.Ptr3(v.data, v.depth, v.rows, v.cols, v.planeStride, v.stride, i, j, k)
}

// View returns v's parts, as Matrix.View does: its elements, an
// empty-struct slice as long as each dimension, and its strides. It is for
// the group functions kago gen writes; kernels call At and Set.
func (v Volume[T]) View() (data []T, depth, rows, cols []struct{}, planeStride, stride int) {
	return v.data, v.depth, v.rows, v.cols, v.planeStride, v.stride
}

// Device is the device that holds the volume (nil for a nil or zero
// Volume).
func (v *Volume[T]) Device() *Device {
	if v == nil {
		return nil
	}
	return v.arr.Device()
}

// Free releases the volume's memory.
func (v *Volume[T]) Free() error {
	if err := v.valid("Free"); err != nil {
		return err
	}
	return v.arr.Free()
}

// valid fails, wrapping ErrInvalid, for a nil volume or one that ka did
// not make (a zero Volume has no array).
func (v *Volume[T]) valid(op string) error {
	if v == nil || v.arr == nil {
		return fmt.Errorf("ka: %s of a ka.Volume not made by AllocVolume or VolumeFromSlice: %w", op, ErrInvalid)
	}
	return nil
}

// Write copies src, Depth()*Rows()*Cols() elements in row-major order,
// into the volume.
func (v *Volume[T]) Write(ctx context.Context, src []T) error {
	if err := v.valid("Write"); err != nil {
		return err
	}
	if len(src) != v.Depth()*v.Rows()*v.Cols() {
		return fmt.Errorf("ka: Write of %d elements into a %d×%d×%d volume: %w", len(src), v.Depth(), v.Rows(), v.Cols(), ErrInvalid)
	}
	return copyRows(ctx, v.arr, 0, v.Depth(), v.Rows()*v.Cols(), v.planeStride, src, true)
}

// Read copies the volume, in row-major order, into dst, which must have
// Depth()*Rows()*Cols() elements.
func (v *Volume[T]) Read(ctx context.Context, dst []T) error {
	if err := v.valid("Read"); err != nil {
		return err
	}
	if len(dst) != v.Depth()*v.Rows()*v.Cols() {
		return fmt.Errorf("ka: Read of %d elements from a %d×%d×%d volume: %w", len(dst), v.Depth(), v.Rows(), v.Cols(), ErrInvalid)
	}
	return copyRows(ctx, v.arr, 0, v.Depth(), v.Rows()*v.Cols(), v.planeStride, dst, false)
}

// viewLaunchArg checks the volume for a launch on s and returns its argument.
func (v *Volume[T]) viewLaunchArg(s *Stream, elem driver.ScalarType) (driver.Arg, error) {
	if v == nil {
		return driver.Arg{}, fmt.Errorf("is a nil *ka.Volume[%s]", typeName[T]())
	}
	if v.arr == nil {
		return driver.Arg{}, fmt.Errorf("is a ka.Volume[%s] not made by AllocVolume or VolumeFromSlice", typeName[T]())
	}
	if !fits(0, v.arr.n, []int{v.Depth(), v.Rows(), v.Cols()}, []int{v.planeStride, v.stride, 1}) {
		return driver.Arg{}, fmt.Errorf("is a %d×%d×%d volume of strides %d, %d over an array of %d, outside it", v.Depth(), v.Rows(), v.Cols(), v.planeStride, v.stride, v.arr.n)
	}
	arg, err := v.arr.launchArg(s, elem)
	if err != nil {
		return arg, err
	}
	val := Volume[T]{depth: v.depth, rows: v.rows, cols: v.cols, planeStride: v.planeStride, stride: v.stride}
	if view, ok := arg.Value.([]T); ok {
		val.data = view
	}
	arg.Value = val
	arg.Shape = [3]int{v.Depth(), v.Rows(), v.Cols()}
	arg.Strides = [2]int{v.planeStride, v.stride}
	return arg, nil
}
