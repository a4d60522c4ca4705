package kernels

// This file holds the kernels compiled //ka:nocheck. Those named NoCheck
// are the generated halves of kagobench's -twins pairs, whose other halves
// are benchmarks/twins' hand-written OpenCL C and CUDA C: without checks,
// the table measures the code generator and not the cost of Go's checks.
// SaxpyNoCheck, MatMulTiledNoCheck and HistogramNoCheck are also the
// unchecked halves of checkcost's pairs. SaxpyContract, MatMulNaiveCancel
// and MatMulTiledCancel are one of those sources with one more directive,
// for -contract and cancelcost.

import "github.com/kago-dev/kago/ka"

// SaxpyNoCheck is y = a*x + y, each product and sum rounded on its own:
// katest.Saxpy without checks.
//
//ka:kernel
//ka:nocheck
func SaxpyNoCheck(it ka.Item, a float32, x, y []float32) {
	if i := it.Global(); i < len(y) {
		y[i] = a*x[i] + y[i]
	}
}

// SaxpyContract is SaxpyNoCheck with contraction allowed: a*x[i] + y[i]
// may be one fused multiply-add on targets that have it.
//
//ka:kernel
//ka:nocheck
//ka:contract
func SaxpyContract(it ka.Item, a float32, x, y []float32) {
	if i := it.Global(); i < len(y) {
		y[i] = a*x[i] + y[i]
	}
}

// MemCopyNoCheck copies src to dst.
//
//ka:kernel
//ka:nocheck
func MemCopyNoCheck(it ka.Item, dst, src []float32) {
	if i := it.Global(); i < len(dst) {
		dst[i] = src[i]
	}
}

// TransposeNoCheck writes the transpose of the n×n matrix in to out, one
// element per work-item of a 2-D range (n, n).
//
//ka:kernel
//ka:nocheck
func TransposeNoCheck(it ka.Item, n int, in, out []float32) {
	x, y := it.GlobalID(0), it.GlobalID(1)
	if x < n && y < n {
		out[x*n+y] = in[y*n+x]
	}
}

// TransposeTiledNoCheck is TransposeNoCheck through a Tile×(Tile+1) local
// tile, so that both the reads and the writes of global memory are along
// rows; groups of Tile×Tile, n a multiple of Tile.
//
//ka:kernel
//ka:nocheck
func TransposeTiledNoCheck(it ka.Item, n int, in, out []float32) {
	tile := ka.LocalArray[float32](it, Tile*(Tile+1))
	lx, ly := it.LocalID(0), it.LocalID(1)
	gx, gy := it.GroupID(0), it.GroupID(1)
	tile[ly*(Tile+1)+lx] = in[(gy*Tile+ly)*n+gx*Tile+lx]
	it.Barrier()
	out[(gx*Tile+ly)*n+gy*Tile+lx] = tile[lx*(Tile+1)+ly]
}

// MatMulNaiveNoCheck computes c = a×b for n×n row-major matrices, one
// element of c per work-item of a 2-D range (n, n): a loop of n per
// work-item, and no barriers.
//
//ka:kernel
//ka:nocheck
func MatMulNaiveNoCheck(it ka.Item, n int, a, b, c []float32) {
	col, row := it.GlobalID(0), it.GlobalID(1)
	if col < n && row < n {
		var sum float32
		for k := 0; k < n; k++ {
			sum += a[row*n+k] * b[k*n+col]
		}
		c[row*n+col] = sum
	}
}

// MatMulNaiveCancel is MatMulNaiveNoCheck with stop checks: at the entry
// and in its loop.
//
//ka:kernel
//ka:nocheck
//ka:cancel
func MatMulNaiveCancel(it ka.Item, n int, a, b, c []float32) {
	col, row := it.GlobalID(0), it.GlobalID(1)
	if col < n && row < n {
		var sum float32
		for k := 0; k < n; k++ {
			sum += a[row*n+k] * b[k*n+col]
		}
		c[row*n+col] = sum
	}
}

// MatMulTiledNoCheck is MatMulTiled without checks.
//
//ka:kernel
//ka:nocheck
func MatMulTiledNoCheck(it ka.Item, n int, a, b, c []float32) {
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

// MatMulTiledCancel is MatMulTiledNoCheck with stop checks: at its
// barriers.
//
//ka:kernel
//ka:nocheck
//ka:cancel
func MatMulTiledCancel(it ka.Item, n int, a, b, c []float32) {
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

// SumNoCheck is Sum without checks: out[group] is the sum of the group's
// block of x (groups of Group), by a LocalArray tree.
//
//ka:kernel
//ka:nocheck
func SumNoCheck(it ka.Item, x []int64, out []int64) {
	tmp := ka.LocalArray[int64](it, Group)
	l := it.Local()
	var v int64
	if i := it.Global(); i < len(x) {
		v = x[i]
	}
	tmp[l] = v
	it.Barrier()
	for s := Group / 2; s > 0; s /= 2 {
		if l < s {
			tmp[l] += tmp[l+s]
		}
		it.Barrier()
	}
	if l == 0 {
		out[it.Group()] = tmp[0]
	}
}

// HistogramNoCheck is Histogram without checks: one atomic add per
// element.
//
//ka:kernel
//ka:nocheck
func HistogramNoCheck(it ka.Item, data []uint8, bins []uint32) {
	if i := it.Global(); i < len(data) {
		ka.AtomicAdd(&bins[data[i]], 1)
	}
}

// StencilNoCheck is a 7-point stencil on an n×n×n grid, one point per
// work-item of a 3-D range (n, n, n); boundary points are copied.
//
//ka:kernel
//ka:nocheck
func StencilNoCheck(it ka.Item, n int, in, out []float32) {
	x, y, z := it.GlobalID(0), it.GlobalID(1), it.GlobalID(2)
	i := (z*n+y)*n + x
	if x == 0 || y == 0 || z == 0 || x == n-1 || y == n-1 || z == n-1 {
		out[i] = in[i]
		return
	}
	s := in[i-1] + in[i+1] + in[i-n] + in[i+n] + in[i-n*n] + in[i+n*n]
	out[i] = 0.4*in[i] + 0.1*s
}
