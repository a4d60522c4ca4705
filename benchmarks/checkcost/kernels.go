// Package checkcost holds the kernels of the cost-of-checks benchmark
// (benchmarks/cmd/checkcost): saxpy, the tiled matmul of examples/matmul
// and the histogram of examples/histogram, each twice, with Go's checks
// (the default) and marked //ka:nocheck.
package checkcost

//go:generate go run ../../cmd/kago gen

import "github.com/kago-dev/kago/ka"

// Tile is the side of MatMul's tiles and work-groups.
const Tile = 16

// Saxpy is y = a*x + y.
//
//ka:kernel
func Saxpy(it ka.Item, a float32, x, y []float32) {
	if i := it.Global(); i < len(y) {
		y[i] = a*x[i] + y[i]
	}
}

// SaxpyNoCheck is Saxpy without checks.
//
//ka:kernel
//ka:nocheck
func SaxpyNoCheck(it ka.Item, a float32, x, y []float32) {
	if i := it.Global(); i < len(y) {
		y[i] = a*x[i] + y[i]
	}
}

// MatMul is examples/matmul's tiled c = a×b.
//
//ka:kernel
func MatMul(it ka.Item, n int, a, b, c []float32) {
	ta := ka.LocalArray[float32](it, Tile*Tile)
	tb := ka.LocalArray[float32](it, Tile*Tile)
	lx, ly := it.LocalID(0), it.LocalID(1)
	col, row := it.GlobalID(0), it.GlobalID(1)
	var sum float32
	for t := 0; t < (n+Tile-1)/Tile; t++ {
		ac, br := t*Tile+lx, t*Tile+ly
		var av, bv float32
		if row < n && ac < n {
			av = a[row*n+ac]
		}
		if br < n && col < n {
			bv = b[br*n+col]
		}
		ta[ly*Tile+lx] = av
		tb[ly*Tile+lx] = bv
		it.Barrier()
		for k := 0; k < Tile; k++ {
			sum += ta[ly*Tile+k] * tb[k*Tile+lx]
		}
		it.Barrier()
	}
	if row < n && col < n {
		c[row*n+col] = sum
	}
}

// MatMulNoCheck is MatMul without checks.
//
//ka:kernel
//ka:nocheck
func MatMulNoCheck(it ka.Item, n int, a, b, c []float32) {
	ta := ka.LocalArray[float32](it, Tile*Tile)
	tb := ka.LocalArray[float32](it, Tile*Tile)
	lx, ly := it.LocalID(0), it.LocalID(1)
	col, row := it.GlobalID(0), it.GlobalID(1)
	var sum float32
	for t := 0; t < (n+Tile-1)/Tile; t++ {
		ac, br := t*Tile+lx, t*Tile+ly
		var av, bv float32
		if row < n && ac < n {
			av = a[row*n+ac]
		}
		if br < n && col < n {
			bv = b[br*n+col]
		}
		ta[ly*Tile+lx] = av
		tb[ly*Tile+lx] = bv
		it.Barrier()
		for k := 0; k < Tile; k++ {
			sum += ta[ly*Tile+k] * tb[k*Tile+lx]
		}
		it.Barrier()
	}
	if row < n && col < n {
		c[row*n+col] = sum
	}
}

// Histogram counts the bytes of data into 256 bins.
//
//ka:kernel
func Histogram(it ka.Item, data []uint8, bins []uint32) {
	if i := it.Global(); i < len(data) {
		ka.AtomicAdd(&bins[data[i]], 1)
	}
}

// HistogramNoCheck is Histogram without checks.
//
//ka:kernel
//ka:nocheck
func HistogramNoCheck(it ka.Item, data []uint8, bins []uint32) {
	if i := it.Global(); i < len(data) {
		ka.AtomicAdd(&bins[data[i]], 1)
	}
}
