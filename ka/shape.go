package ka

import (
	"fmt"
	"math"
)

// This file is the one place where the shapes of arrays, matrices and
// volumes become element counts and addresses. Kernels check an index
// against the extents of its own dimension only (i < Rows(), j < Cols()),
// and then address i*stride+j from the first element: that is safe only
// because every shape ka accepts has all its elements inside its buffer.
// shapeLen makes the element count of a new shape without overflow, and
// fits checks, at every launch, that a view's elements lie inside its
// array, so that no accepted shape, however it was made, lets a kernel
// address outside its buffer.

// shapeLen returns the number of elements of a shape with the given
// extents (rows, cols; or depth, rows, cols): an error wrapping ErrInvalid
// for a negative extent, or ErrOutOfMemory when the product of its nonzero
// extents overflows an int, which no allocation could hold.
func shapeLen(extents ...int) (int, error) {
	for _, e := range extents {
		if e < 0 {
			return 0, fmt.Errorf("negative extent %d: %w", e, ErrInvalid)
		}
	}
	// The product of the nonzero extents must fit, even when another is 0:
	// it is the volume's plane stride (rows*cols) or could become one.
	n, zero := 1, false
	for _, e := range extents {
		if e == 0 {
			zero = true
			continue
		}
		if n > math.MaxInt/e {
			return 0, fmt.Errorf("%s elements overflow an int: %w", shapeString(extents...), ErrOutOfMemory)
		}
		n *= e
	}
	if zero {
		return 0, nil
	}
	return n, nil
}

// shapeString is a shape's extents as "rows×cols" or "depth×rows×cols".
func shapeString(extents ...int) string {
	s := ""
	for i, e := range extents {
		if i > 0 {
			s += "×"
		}
		s += fmt.Sprint(e)
	}
	return s
}

// fits reports whether a view of the given extents and strides (one
// stride per extent, in elements), starting off elements into an array of
// n elements, has every element inside the array: its last element,
// off + Σ (extent-1)·stride, is below n, computed without overflow. An
// empty view addresses nothing and fits at any offset (a view of the rows
// past the last, as Go's s[len(s):]).
func fits(off, n int, extents, strides []int) bool {
	if off < 0 {
		return false
	}
	for d, e := range extents {
		if e < 0 || strides[d] < 0 {
			return false
		}
	}
	for _, e := range extents {
		if e == 0 {
			return true
		}
	}
	last := off
	for d, e := range extents {
		if e > 1 && strides[d] > (math.MaxInt-last)/(e-1) {
			return false
		}
		last += (e - 1) * strides[d]
	}
	return last < n
}

// extent is one dimension of a Matrix or Volume: a slice of a zero-size
// type whose length is the dimension's extent. Indexing it (_ = m.rows[i])
// is Go's own bounds check, with the runtime's error and nothing
// allocated; it keeps At and Set within the inliner's budget, and Go's
// prove pass drops it where a loop bound (i < m.Rows()) already implies it.
type extent []struct{}

// newExtent is an extent of n, which must not be negative.
func newExtent(n int) extent { return make(extent, n) }

// orInvalid is err, or ErrInvalid when err is nil: a shape that is valid
// but does not match the data it is made from.
func orInvalid(err error) error {
	if err == nil {
		return ErrInvalid
	}
	return err
}
