package ka

import (
	"context"
	"fmt"
	"unsafe"

	"github.com/kago-dev/kago/ka/driver"
	"github.com/kago-dev/kago/ka/kernel"
)

// Matrix is a row-major 2-D array of T in a device's memory, with gonum's
// conventions: element (i, j) is row i, column j, at i*Stride()+j from the
// first element. A kernel parameter of type ka.Matrix[T] takes a
// *ka.Matrix[T]; inside the kernel At, Set, Ptr, Rows, Cols and Stride
// read it. Launch over a matrix with ka.Range2(m.Rows(), m.Cols()) and take
// the element's indices from it.Global2():
//
//	//ka:kernel
//	func Scale(it ka.Item, a float32, m ka.Matrix[float32]) {
//		i, j := it.Global2() // row, column
//		m.Set(i, j, a*m.At(i, j))
//	}
//
//	k.Launch(s, ka.Range2(m.Rows(), m.Cols()), float32(2), m)
//
// A sub-matrix view (Slice) shares the memory of the matrix it was sliced
// from and keeps its stride. On the host, Read and Write copy the elements
// as a row-major []T of Rows()*Cols() elements, like Array's.
type Matrix[T Scalar] struct {
	arr        *Array[T]
	off        int
	rows, cols extent
	stride     int
	data       []T // the elements from off, in host memory (kernels on the native backend)
}

// AllocMatrix allocates a rows×cols matrix on dev. Its contents are
// unspecified until written.
func AllocMatrix[T Scalar](dev *Device, rows, cols int) (*Matrix[T], error) {
	n, err := shapeLen(rows, cols)
	if err != nil {
		return nil, fmt.Errorf("ka: AllocMatrix of %d×%d: %w", rows, cols, err)
	}
	a, err := Alloc[T](dev, n)
	if err != nil {
		return nil, err
	}
	return &Matrix[T]{arr: a, rows: newExtent(rows), cols: newExtent(cols), stride: cols}, nil
}

// MatrixFromSlice allocates a rows×cols matrix on dev and copies data, its
// elements in row-major order, into it. len(data) must be rows*cols.
func MatrixFromSlice[T Scalar](ctx context.Context, dev *Device, rows, cols int, data []T) (*Matrix[T], error) {
	if n, err := shapeLen(rows, cols); err != nil || len(data) != n {
		return nil, fmt.Errorf("ka: MatrixFromSlice of %d×%d from %d elements: %w", rows, cols, len(data), orInvalid(err))
	}
	m, err := AllocMatrix[T](dev, rows, cols)
	if err != nil {
		return nil, err
	}
	if err := m.Write(ctx, data); err != nil {
		m.arr.Free()
		return nil, err
	}
	return m, nil
}

// Rows is the number of rows.
func (m Matrix[T]) Rows() int { return len(m.rows) }

// Cols is the number of columns.
func (m Matrix[T]) Cols() int { return len(m.cols) }

// Stride is the number of elements from one row to the next: Cols() for
// an allocated matrix, the parent's for a view.
func (m Matrix[T]) Stride() int { return m.stride }

// At returns element (i, j). Indices outside the matrix panic (a fault on
// a device), as Go's index checks do. At, Set and Ptr are small enough for
// Go to inline them, in plain Go and in a native group function alike.
func (m Matrix[T]) At(i, j int) T { return kernel.At2(m.data, m.rows, m.cols, m.stride, i, j) }

// Set sets element (i, j) to v.
func (m Matrix[T]) Set(i, j int, v T) { kernel.Set2(m.data, m.rows, m.cols, m.stride, i, j, v) }

// Ptr returns the address of element (i, j), for atomics.
func (m Matrix[T]) Ptr(i, j int) *T { return kernel.Ptr2(m.data, m.rows, m.cols, m.stride, i, j) }

// View returns m's parts: its elements from (0, 0) in host memory, an
// empty-struct slice as long as each dimension, and its stride. It is for
// the group functions kago gen writes, which take a matrix parameter apart
// once and index it with ka/kernel's At2 and Set2 (ka/kernel/views.go
// says why); kernels call At and Set.
func (m Matrix[T]) View() (data []T, rows, cols []struct{}, stride int) {
	return m.data, m.rows, m.cols, m.stride
}

// Slice returns the view of rows i0..i1-1 and columns j0..j1-1, as gonum's
// Slice: it shares m's memory and stride. Bounds outside m are an error
// wrapping ErrInvalid.
func (m *Matrix[T]) Slice(i0, i1, j0, j1 int) (*Matrix[T], error) {
	if err := m.valid("Slice"); err != nil {
		return nil, err
	}
	if i0 < 0 || i1 < i0 || i1 > m.Rows() || j0 < 0 || j1 < j0 || j1 > m.Cols() {
		return nil, fmt.Errorf("ka: Slice(%d, %d, %d, %d) of a %d×%d matrix: %w", i0, i1, j0, j1, m.Rows(), m.Cols(), ErrInvalid)
	}
	return &Matrix[T]{arr: m.arr, off: m.off + i0*m.stride + j0, rows: m.rows[i0:i1], cols: m.cols[j0:j1], stride: m.stride}, nil
}

// Device is the device that holds the matrix (nil for a nil or zero
// Matrix).
func (m *Matrix[T]) Device() *Device { return m.Array().Device() }

// Array is the array that holds the matrix's memory (of a view, its
// parent's; nil for a nil or zero Matrix).
func (m *Matrix[T]) Array() *Array[T] {
	if m == nil {
		return nil
	}
	return m.arr
}

// Free releases the matrix's memory; a view frees its parent's.
func (m *Matrix[T]) Free() error {
	if err := m.valid("Free"); err != nil {
		return err
	}
	return m.arr.Free()
}

// valid fails, wrapping ErrInvalid, for a nil matrix or one that ka did
// not make (a zero Matrix has no array).
func (m *Matrix[T]) valid(op string) error {
	if m == nil || m.arr == nil {
		return fmt.Errorf("ka: %s of a ka.Matrix not made by AllocMatrix, MatrixFromSlice or Slice: %w", op, ErrInvalid)
	}
	return nil
}

// Write copies src, Rows()*Cols() elements in row-major order, into the
// matrix.
func (m *Matrix[T]) Write(ctx context.Context, src []T) error {
	if err := m.valid("Write"); err != nil {
		return err
	}
	if len(src) != m.Rows()*m.Cols() {
		return fmt.Errorf("ka: Write of %d elements into a %d×%d matrix: %w", len(src), m.Rows(), m.Cols(), ErrInvalid)
	}
	return copyRows(ctx, m.arr, m.off, m.Rows(), m.Cols(), m.stride, src, true)
}

// Read copies the matrix, in row-major order, into dst, which must have
// Rows()*Cols() elements.
func (m *Matrix[T]) Read(ctx context.Context, dst []T) error {
	if err := m.valid("Read"); err != nil {
		return err
	}
	if len(dst) != m.Rows()*m.Cols() {
		return fmt.Errorf("ka: Read of %d elements from a %d×%d matrix: %w", len(dst), m.Rows(), m.Cols(), ErrInvalid)
	}
	return copyRows(ctx, m.arr, m.off, m.Rows(), m.Cols(), m.stride, dst, false)
}

// copyRows copies rows rows of cols elements, stride apart from element
// off of a, to (write) or from host, which holds them densely: one copy
// when the rows are contiguous, one per row otherwise.
func copyRows[T Scalar](ctx context.Context, a *Array[T], off, rows, cols, stride int, host []T, write bool) error {
	if rows == 0 || cols == 0 {
		return a.check()
	}
	size := int(unsafe.Sizeof(host[0]))
	if stride == cols {
		rows, cols = 1, rows*cols
	}
	return a.copy(func(q *queue) error {
		for r := 0; r < rows; r++ {
			b := unsafe.Slice((*byte)(unsafe.Pointer(&host[r*cols])), cols*size)
			at := (off + r*stride) * size
			var err error
			if write {
				err = q.q.Write(ctx, a.buf, at, b)
			} else {
				err = q.q.Read(ctx, a.buf, at, b)
			}
			if err != nil {
				return err
			}
		}
		return nil
	})
}

// viewLaunchArg checks the matrix for a launch on s and returns its argument.
func (m *Matrix[T]) viewLaunchArg(s *Stream, elem driver.ScalarType) (driver.Arg, error) {
	if m == nil {
		return driver.Arg{}, fmt.Errorf("is a nil *ka.Matrix[%s]", typeName[T]())
	}
	if m.arr == nil {
		return driver.Arg{}, fmt.Errorf("is a ka.Matrix[%s] not made by AllocMatrix, MatrixFromSlice or Slice", typeName[T]())
	}
	if !fits(m.off, m.arr.n, []int{m.Rows(), m.Cols()}, []int{m.stride, 1}) {
		return driver.Arg{}, fmt.Errorf("is a %d×%d matrix of stride %d at element %d of an array of %d, outside it", m.Rows(), m.Cols(), m.stride, m.off, m.arr.n)
	}
	arg, err := m.arr.launchArg(s, elem)
	if err != nil {
		return arg, err
	}
	v := Matrix[T]{rows: m.rows, cols: m.cols, stride: m.stride}
	if view, ok := arg.Value.([]T); ok {
		v.data = view[m.off:]
	}
	arg.Value, arg.Offset = v, m.off
	arg.Shape = [3]int{m.Rows(), m.Cols(), 1}
	arg.Strides = [2]int{m.stride, 1}
	return arg, nil
}

// viewArg is what Launch needs of a *Matrix[T] or *Volume[T] of any T.
type viewArg interface {
	viewLaunchArg(s *Stream, elem driver.ScalarType) (driver.Arg, error)
}

// isMatrix reports whether x is a *Matrix[T] (a viewArg that is not a
// *Volume[T]).
func isMatrix(x any) bool {
	_, vol := x.(interface{ PlaneStride() int })
	return !vol
}
