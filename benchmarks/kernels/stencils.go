package kernels

// This file holds checkcost's stencils and row loops, compiled with Go's
// checks (kago's default): the kernels where a check per access costs the
// most, each written as the docs teach, over ka.Matrix and ka.Volume in
// At's order (it.Global2(), it.Global3()) or over flat slices with the
// column in dimension 0. stencils_nocheck.go holds the same sources marked
// //ka:nocheck, each named with NoCheck after it, the other halves of the
// pairs; TestCheckedPairs keeps the two bodies the same.

import "github.com/kago-dev/kago/ka"

// Stencil5Matrix writes the mean of each interior point of in and its four
// neighbours to out (a Jacobi step), on ka.Range2(in.Rows(), in.Cols());
// the border of out is left as it is. out has in's shape.
//
//ka:kernel
func Stencil5Matrix(it ka.Item, in, out ka.Matrix[float32]) {
	i, j := it.Global2()
	if i > 0 && i < in.Rows()-1 && j > 0 && j < in.Cols()-1 {
		out.Set(i, j, 0.2*(in.At(i, j)+in.At(i-1, j)+in.At(i+1, j)+in.At(i, j-1)+in.At(i, j+1)))
	}
}

// Stencil5Slice is Stencil5Matrix on flat row-major w×h grids (w columns,
// h rows) on ka.Range2(h, w): GlobalID(0) is the column.
//
//ka:kernel
func Stencil5Slice(it ka.Item, w, h int, in, out []float32) {
	x, y := it.GlobalID(0), it.GlobalID(1)
	if x > 0 && x < w-1 && y > 0 && y < h-1 {
		i := y*w + x
		out[i] = 0.2 * (in[i] + in[i-1] + in[i+1] + in[i-w] + in[i+w])
	}
}

// Stencil9Matrix writes the mean of the 3×3 block around each interior
// point of in to out, on ka.Range2(in.Rows(), in.Cols()); the border of
// out is left as it is.
//
//ka:kernel
func Stencil9Matrix(it ka.Item, in, out ka.Matrix[float32]) {
	i, j := it.Global2()
	if i > 0 && i < in.Rows()-1 && j > 0 && j < in.Cols()-1 {
		s := in.At(i-1, j-1) + in.At(i-1, j) + in.At(i-1, j+1) +
			in.At(i, j-1) + in.At(i, j) + in.At(i, j+1) +
			in.At(i+1, j-1) + in.At(i+1, j) + in.At(i+1, j+1)
		out.Set(i, j, s*(1.0/9))
	}
}

// Stencil9Slice is Stencil9Matrix on flat row-major w×h grids on
// ka.Range2(h, w): GlobalID(0) is the column.
//
//ka:kernel
func Stencil9Slice(it ka.Item, w, h int, in, out []float32) {
	x, y := it.GlobalID(0), it.GlobalID(1)
	if x > 0 && x < w-1 && y > 0 && y < h-1 {
		i := y*w + x
		s := in[i-w-1] + in[i-w] + in[i-w+1] +
			in[i-1] + in[i] + in[i+1] +
			in[i+w-1] + in[i+w] + in[i+w+1]
		out[i] = s * (1.0 / 9)
	}
}

// Stencil7Volume is a 7-point stencil over the interior points of in,
// written to out, on ka.Range3(in.Depth(), in.Rows(), in.Cols()); the
// border of out is left as it is.
//
//ka:kernel
func Stencil7Volume(it ka.Item, in, out ka.Volume[float32]) {
	i, j, k := it.Global3()
	if i > 0 && i < in.Depth()-1 && j > 0 && j < in.Rows()-1 && k > 0 && k < in.Cols()-1 {
		s := in.At(i-1, j, k) + in.At(i+1, j, k) + in.At(i, j-1, k) + in.At(i, j+1, k) + in.At(i, j, k-1) + in.At(i, j, k+1)
		out.Set(i, j, k, 0.4*in.At(i, j, k)+0.1*s)
	}
}

// FDTD is the magnetic-field update of a 2-D FDTD step (PolyBench's
// fdtd-2d): hz(i, j) -= 0.7·(ex(i, j+1) − ex(i, j) + ey(i+1, j) − ey(i, j))
// for the points below the last row and left of the last column, on
// ka.Range2(hz.Rows(), hz.Cols()). The three fields have one shape.
//
//ka:kernel
func FDTD(it ka.Item, ex, ey, hz ka.Matrix[float32]) {
	i, j := it.Global2()
	if i < hz.Rows()-1 && j < hz.Cols()-1 {
		hz.Set(i, j, hz.At(i, j)-0.7*(ex.At(i, j+1)-ex.At(i, j)+ey.At(i+1, j)-ey.At(i, j)))
	}
}

// MatVecRows is y = a·x, a row per work-item of ka.Range(a.Rows()): each
// work-item walks its row of a.
//
//ka:kernel
func MatVecRows(it ka.Item, a ka.Matrix[float32], x, y []float32) {
	if i := it.Global(); i < a.Rows() {
		var s float32
		for j := 0; j < a.Cols(); j++ {
			s += a.At(i, j) * x[j]
		}
		y[i] = s
	}
}

// MatVecCols is y = aᵀ·x, a column per work-item of ka.Range(a.Cols()):
// each work-item walks its column of a, so that neighbouring work-items
// read neighbouring elements.
//
//ka:kernel
func MatVecCols(it ka.Item, a ka.Matrix[float32], x, y []float32) {
	if j := it.Global(); j < a.Cols() {
		var s float32
		for i := 0; i < a.Rows(); i++ {
			s += a.At(i, j) * x[i]
		}
		y[j] = s
	}
}

// Triangular is y = l·x for the lower triangle of the square matrix l
// (the elements j ≤ i of row i), a row per work-item of ka.Range(l.Rows()).
//
//ka:kernel
func Triangular(it ka.Item, l ka.Matrix[float32], x, y []float32) {
	if i := it.Global(); i < l.Rows() {
		var s float32
		for j := 0; j <= i; j++ {
			s += l.At(i, j) * x[j]
		}
		y[i] = s
	}
}
