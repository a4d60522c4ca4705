package ka

import (
	"math"
	"math/big"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// FuzzShapes checks, over shapes and views of views (negative, zero, huge,
// overflowing products), the property the kernels' checks rely on: every
// shape ka accepts has all its elements inside its array, counted exactly
// (with big integers); and shapeLen refuses exactly the shapes whose
// element counts do not fit an int. The seeds are the shapes that slipped
// through before.
func FuzzShapes(f *testing.F) {
	f.Add(1, 1<<32, 1<<32, 0, 1, 0, 1, 0, 1, 0, 1)
	f.Add(1, 3, 6148914691236517206, 0, 1, 0, 1, 0, 1, 0, 1)
	f.Add(0, 1<<32, 1<<32, 0, 0, 0, 0, 0, 0, 0, 0)
	f.Add(3, 5, 7, 1, 5, 2, 7, 1, 4, 1, 5)
	f.Add(1<<21, 1<<21, 1<<22, 0, 1, 0, 1, 0, 1, 0, 1)
	f.Add(-1, 2, 2, 0, 1, 0, 1, 0, 1, 0, 1)
	f.Add(2, math.MaxInt, 2, 0, 1, 0, 1, 0, 1, 0, 1)
	f.Fuzz(func(t *testing.T, depth, rows, cols, i0, i1, j0, j1, k0, k1, l0, l1 int) {
		exact := new(big.Int).Mul(new(big.Int).Mul(big.NewInt(int64(depth)), big.NewInt(int64(rows))), big.NewInt(int64(cols)))
		nonzero := big.NewInt(1)
		for _, e := range []int{depth, rows, cols} {
			if e != 0 {
				nonzero.Mul(nonzero, big.NewInt(int64(e)))
			}
		}
		n, err := shapeLen(depth, rows, cols)
		switch {
		case depth < 0 || rows < 0 || cols < 0:
			require.ErrorIs(t, err, ErrInvalid)
			return
		case !nonzero.IsInt64():
			require.ErrorIs(t, err, ErrOutOfMemory)
			return
		}
		require.NoError(t, err)
		require.Equal(t, exact.Int64(), int64(n))

		// The volume's elements, strides rows*cols and cols, lie in n.
		require.True(t, fits(0, n, []int{depth, rows, cols}, []int{rows * cols, cols, 1}))
		requireInside(t, n, 0, []int{depth, rows, cols}, []int{rows * cols, cols, 1})

		// A matrix of the shape's last two extents, a view of it and a
		// view of that view: each accepted one lies in the array.
		mn, err := shapeLen(rows, cols)
		require.NoError(t, err)
		m := &Matrix[float32]{arr: &Array[float32]{n: mn}, rows: newExtent(rows), cols: newExtent(cols), stride: cols}
		for _, b := range [][4]int{{i0, i1, j0, j1}, {k0, k1, l0, l1}} {
			v, err := m.Slice(b[0], b[1], b[2], b[3])
			if err != nil {
				require.ErrorIs(t, err, ErrInvalid)
				return
			}
			require.True(t, fits(v.off, mn, []int{v.Rows(), v.Cols()}, []int{v.stride, 1}), "view %v of %d×%d", b, m.Rows(), m.Cols())
			requireInside(t, mn, v.off, []int{v.Rows(), v.Cols()}, []int{v.stride, 1})
			m = v
		}
	})
}

// requireInside checks with big integers that every element of a view,
// off + Σ i_d·stride_d for 0 <= i_d < extent_d, lies in [0, n).
func requireInside(t *testing.T, n, off int, extents, strides []int) {
	t.Helper()
	last := big.NewInt(int64(off))
	for d, e := range extents {
		if e == 0 {
			return
		}
		last.Add(last, new(big.Int).Mul(big.NewInt(int64(e-1)), big.NewInt(int64(strides[d]))))
	}
	require.True(t, off >= 0 && last.Cmp(big.NewInt(int64(n))) < 0, "last element %v of a view at %d of %v×%v in %d", last, off, extents, strides, n)
}

// TestFits checks fits on views that lie outside their array by one
// element, and on sums that overflow an int.
func TestFits(t *testing.T) {
	assert.True(t, fits(0, 35, []int{5, 7}, []int{7, 1}))
	assert.False(t, fits(1, 35, []int{5, 7}, []int{7, 1}))
	assert.False(t, fits(0, 35, []int{5, 8}, []int{7, 1}))
	assert.True(t, fits(35, 35, []int{0, 7}, []int{7, 1}))
	assert.True(t, fits(40, 35, []int{0, 7}, []int{7, 1}), "an empty view past the end")
	assert.False(t, fits(36, 36, []int{1, 1}, []int{1, 1}))
	assert.False(t, fits(-1, 10, []int{1, 1}, []int{1, 1}))
	assert.False(t, fits(0, math.MaxInt, []int{3, 2}, []int{math.MaxInt / 2, 1}))
	assert.False(t, fits(0, math.MaxInt, []int{1 << 32, 1 << 32, 1}, []int{0, 1 << 32, 1}))
}
