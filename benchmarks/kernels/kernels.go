// Package kernels holds the Go kernels the benchmarks measure, each once:
// kagobench's tables, its -twins and -contract modes, and the commands
// checkcost and cancelcost use the same functions.
//
// This file holds the kernels compiled with Go's checks, kago's default:
// the examples' kernels (examples/matmul, examples/reduce and
// examples/histogram are commands, which kagobench cannot import, so the
// benchmark of the native backend against Go and PoCL runs these copies,
// which TestSameAsExamples keeps identical to the examples' sources);
// Sum, the hand-written tree that examples/reduce had before ka.GroupSum,
// BlockSum's baseline; and MatMulTiled, the checked half of one of
// checkcost's pairs. nocheck.go holds the kernels compiled //ka:nocheck:
// the -twins table's, and the other halves of checkcost's, -contract's and
// cancelcost's pairs. stencils.go and stencils_nocheck.go hold the rest of
// checkcost's pairs, the stencils and row loops. A pair is one source
// under two sets of directives, so that only what the directives change
// differs (TestCheckedPairs). The one Go kernel measured that is not here
// is the checked saxpy: katest.Saxpy, the conformance suite's, which
// kagobench's tables and checkcost measure.
package kernels

//go:generate go run ../../cmd/kago gen

import "github.com/kago-dev/kago/ka"

// Tile is the side of the tiled kernels' tiles and 2-D work-groups
// (examples/matmul's).
const Tile = 16

// Group is the work-group size of the 1-D kernels and of the reductions
// (examples/reduce's).
const Group = 256

// Bins is the number of bins of the byte histograms.
const Bins = 256

// MatMul computes c = a×b for row-major matrices on ka.Range2(c.Rows(),
// c.Cols()) in groups of Tile×Tile: it.Global2() is the element's row and
// column. Each group walks the tiles of a's rows and b's columns: it loads
// one tile of each into local memory, waits at a barrier, accumulates, and
// waits again before loading the next. Elements outside the matrices load
// as zero, so any shapes work, and every work-item reaches every barrier.
//
//ka:kernel
func MatMul(it ka.Item, a, b, c ka.Matrix[float32]) {
	ta := ka.LocalArray[float32](it, Tile*Tile)
	tb := ka.LocalArray[float32](it, Tile*Tile)
	li, lj := it.LocalID(1), it.LocalID(0) // the row and column within the tile
	i, j := it.Global2()
	var sum float32
	for t := 0; t < (a.Cols()+Tile-1)/Tile; t++ {
		ak, bk := t*Tile+lj, t*Tile+li
		var av, bv float32
		if i < a.Rows() && ak < a.Cols() {
			av = a.At(i, ak)
		}
		if bk < b.Rows() && j < b.Cols() {
			bv = b.At(bk, j)
		}
		ta[li*Tile+lj] = av
		tb[li*Tile+lj] = bv
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

// Sum writes the sum of each group's block of x to out[group]. Work-items
// past the end of x contribute zero, and all of them reach every barrier.
// It is the hand-written LocalArray tree that examples/reduce had before
// it used ka.GroupSum (BlockSum), kept as the baseline of BlockSum.
//
//ka:kernel
func Sum(it ka.Item, x []int64, out []int64) {
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

// BlockSum writes the sum of each group's block of x to out[group].
// ka.GroupSum, like a barrier, is called by every work-item of the group:
// work-items past the end of x take part with zero.
//
//ka:kernel
func BlockSum(it ka.Item, x []int64, out []int64) {
	var v int64
	if i := it.Global(); i < len(x) {
		v = x[i]
	}
	s := ka.GroupSum(it, v)
	if it.Local() == 0 {
		out[it.Group()] = s
	}
}

// Histogram adds one to bins[data[i]] for each element; AtomicAdd makes
// concurrent increments of the same bin add up.
//
//ka:kernel
func Histogram(it ka.Item, data []uint8, bins []uint32) {
	if i := it.Global(); i < len(data) {
		ka.AtomicAdd(&bins[data[i]], 1)
	}
}

// MatMulTiled is MatMul's tiled product on flat slices, the form
// examples/matmul had before it took ka.Matrix: c = a×b for n×n row-major
// matrices on a 2-D range (n, n) in groups of Tile×Tile, GlobalID(0) the
// column. It is checkcost's checked matmul (MatMulTiledNoCheck without
// checks).
//
//ka:kernel
func MatMulTiled(it ka.Item, n int, a, b, c []float32) {
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
