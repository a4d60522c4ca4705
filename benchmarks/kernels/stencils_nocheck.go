package kernels

// This file holds the //ka:nocheck halves of checkcost's stencils and row
// loops: the sources of stencils.go, each named with NoCheck after it.

import "github.com/kago-dev/kago/ka"

// Stencil5MatrixNoCheck is Stencil5Matrix without checks.
//
//ka:kernel
//ka:nocheck
func Stencil5MatrixNoCheck(it ka.Item, in, out ka.Matrix[float32]) {
	i, j := it.Global2()
	if i > 0 && i < in.Rows()-1 && j > 0 && j < in.Cols()-1 {
		out.Set(i, j, 0.2*(in.At(i, j)+in.At(i-1, j)+in.At(i+1, j)+in.At(i, j-1)+in.At(i, j+1)))
	}
}

// Stencil5SliceNoCheck is Stencil5Slice without checks.
//
//ka:kernel
//ka:nocheck
func Stencil5SliceNoCheck(it ka.Item, w, h int, in, out []float32) {
	x, y := it.GlobalID(0), it.GlobalID(1)
	if x > 0 && x < w-1 && y > 0 && y < h-1 {
		i := y*w + x
		out[i] = 0.2 * (in[i] + in[i-1] + in[i+1] + in[i-w] + in[i+w])
	}
}

// Stencil9MatrixNoCheck is Stencil9Matrix without checks.
//
//ka:kernel
//ka:nocheck
func Stencil9MatrixNoCheck(it ka.Item, in, out ka.Matrix[float32]) {
	i, j := it.Global2()
	if i > 0 && i < in.Rows()-1 && j > 0 && j < in.Cols()-1 {
		s := in.At(i-1, j-1) + in.At(i-1, j) + in.At(i-1, j+1) +
			in.At(i, j-1) + in.At(i, j) + in.At(i, j+1) +
			in.At(i+1, j-1) + in.At(i+1, j) + in.At(i+1, j+1)
		out.Set(i, j, s*(1.0/9))
	}
}

// Stencil9SliceNoCheck is Stencil9Slice without checks.
//
//ka:kernel
//ka:nocheck
func Stencil9SliceNoCheck(it ka.Item, w, h int, in, out []float32) {
	x, y := it.GlobalID(0), it.GlobalID(1)
	if x > 0 && x < w-1 && y > 0 && y < h-1 {
		i := y*w + x
		s := in[i-w-1] + in[i-w] + in[i-w+1] +
			in[i-1] + in[i] + in[i+1] +
			in[i+w-1] + in[i+w] + in[i+w+1]
		out[i] = s * (1.0 / 9)
	}
}

// Stencil7VolumeNoCheck is Stencil7Volume without checks.
//
//ka:kernel
//ka:nocheck
func Stencil7VolumeNoCheck(it ka.Item, in, out ka.Volume[float32]) {
	i, j, k := it.Global3()
	if i > 0 && i < in.Depth()-1 && j > 0 && j < in.Rows()-1 && k > 0 && k < in.Cols()-1 {
		s := in.At(i-1, j, k) + in.At(i+1, j, k) + in.At(i, j-1, k) + in.At(i, j+1, k) + in.At(i, j, k-1) + in.At(i, j, k+1)
		out.Set(i, j, k, 0.4*in.At(i, j, k)+0.1*s)
	}
}

// FDTDNoCheck is FDTD without checks.
//
//ka:kernel
//ka:nocheck
func FDTDNoCheck(it ka.Item, ex, ey, hz ka.Matrix[float32]) {
	i, j := it.Global2()
	if i < hz.Rows()-1 && j < hz.Cols()-1 {
		hz.Set(i, j, hz.At(i, j)-0.7*(ex.At(i, j+1)-ex.At(i, j)+ey.At(i+1, j)-ey.At(i, j)))
	}
}

// MatVecRowsNoCheck is MatVecRows without checks.
//
//ka:kernel
//ka:nocheck
func MatVecRowsNoCheck(it ka.Item, a ka.Matrix[float32], x, y []float32) {
	if i := it.Global(); i < a.Rows() {
		var s float32
		for j := 0; j < a.Cols(); j++ {
			s += a.At(i, j) * x[j]
		}
		y[i] = s
	}
}

// MatVecColsNoCheck is MatVecCols without checks.
//
//ka:kernel
//ka:nocheck
func MatVecColsNoCheck(it ka.Item, a ka.Matrix[float32], x, y []float32) {
	if j := it.Global(); j < a.Cols() {
		var s float32
		for i := 0; i < a.Rows(); i++ {
			s += a.At(i, j) * x[i]
		}
		y[j] = s
	}
}

// TriangularNoCheck is Triangular without checks.
//
//ka:kernel
//ka:nocheck
func TriangularNoCheck(it ka.Item, l ka.Matrix[float32], x, y []float32) {
	if i := it.Global(); i < l.Rows() {
		var s float32
		for j := 0; j <= i; j++ {
			s += l.At(i, j) * x[j]
		}
		y[i] = s
	}
}
