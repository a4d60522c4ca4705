package corpus

import "github.com/kago-dev/kago/ka"

// This file holds the kernels on ka.Matrix and ka.Volume: the transpose
// and tiled matmul of kernels.go without hand-flattened indices, a kernel
// on a sub-matrix view, and a 3-D stencil.

// MatrixTranspose writes the transpose of in to out, one work-item per
// element of in on ka.Range2(in.Rows(), in.Cols()).
//
//ka:kernel
func MatrixTranspose(it ka.Item, in, out ka.Matrix[float32]) {
	i, j := it.Global2()
	if i < in.Rows() && j < in.Cols() {
		out.Set(j, i, in.At(i, j))
	}
}

// MatrixMulTiled is c = a×b through Tile×Tile tiles in local memory, on
// ka.Range2(c.Rows(), c.Cols()) in groups of Tile×Tile; any shapes.
//
//ka:kernel
func MatrixMulTiled(it ka.Item, a, b, c ka.Matrix[float32]) {
	ta := ka.LocalArray[float32](it, Tile*Tile)
	tb := ka.LocalArray[float32](it, Tile*Tile)
	li, lj := it.LocalID(1), it.LocalID(0) // the row and column within the tile
	i, j := it.Global2()
	var sum float32
	for t := 0; t < (a.Cols()+Tile-1)/Tile; t++ {
		ak, bk := t*Tile+lj, t*Tile+li
		ta[li*Tile+lj] = 0
		if i < a.Rows() && ak < a.Cols() {
			ta[li*Tile+lj] = a.At(i, ak)
		}
		tb[li*Tile+lj] = 0
		if bk < b.Rows() && j < b.Cols() {
			tb[li*Tile+lj] = b.At(bk, j)
		}
		it.Barrier()
		for k := 0; k < Tile; k++ {
			sum += ta[li*Tile+k] * tb[k*Tile+lj]
		}
		it.Barrier()
	}
	if i < c.Rows() && j < c.Cols() {
		c.Set(i, j, sum)
	}
}

// MatrixAxpy is y += a*x on two matrices of one shape (views of larger
// ones, with their strides), counting the negative results of each row
// with an atomic on a third matrix.
//
//ka:kernel
func MatrixAxpy(it ka.Item, a float32, x, y ka.Matrix[float32], neg ka.Matrix[int32]) {
	i, j := it.Global2()
	if i >= y.Rows() || j >= y.Cols() {
		return
	}
	v := a*x.At(i, j) + y.At(i, j)
	y.Set(i, j, v)
	if v < 0 {
		ka.AtomicAdd(neg.Ptr(i, 0), 1)
	}
}

// Stencil3D is the 7-point Laplacian of in, written to out, on
// ka.Range3(in.Depth(), in.Rows(), in.Cols()); the border is copied.
//
//ka:kernel
func Stencil3D(it ka.Item, in, out ka.Volume[float64]) {
	i, j, k := it.Global3()
	d, r, c := in.Depth(), in.Rows(), in.Cols()
	if i >= d || j >= r || k >= c {
		return
	}
	if i == 0 || j == 0 || k == 0 || i == d-1 || j == r-1 || k == c-1 {
		out.Set(i, j, k, in.At(i, j, k))
		return
	}
	s := in.At(i-1, j, k) + in.At(i+1, j, k) + in.At(i, j-1, k) + in.At(i, j+1, k) + in.At(i, j, k-1) + in.At(i, j, k+1)
	out.Set(i, j, k, s-6*in.At(i, j, k))
}
