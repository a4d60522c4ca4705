// Package cancelcost holds the kernels of the cost-of-stop-checks
// benchmark (benchmarks/cmd/cancelcost): the tiled matmul of
// examples/matmul (barriers: checks at barriers) and the naive matmul
// (no barriers: checks at the entry and every loop back-edge), each twice,
// plain and marked //ka:cancel. Both are //ka:nocheck, so that only the
// stop checks differ.
package cancelcost

//go:generate go run ../../cmd/kago gen

import "github.com/kago-dev/kago/ka"

// Tile is the side of the tiled matmul's tiles and work-groups.
const Tile = 16

// MatMulTiled is examples/matmul's tiled c = a×b (groups of Tile×Tile).
//
//ka:kernel
//ka:nocheck
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

// MatMulTiledCancel is MatMulTiled with stop checks.
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

// MatMul is the naive c = a×b: a loop of n per work-item.
//
//ka:kernel
//ka:nocheck
func MatMul(it ka.Item, n int, a, b, c []float32) {
	col, row := it.GlobalID(0), it.GlobalID(1)
	if row < n && col < n {
		var sum float32
		for k := 0; k < n; k++ {
			sum += a[row*n+k] * b[k*n+col]
		}
		c[row*n+col] = sum
	}
}

// MatMulCancel is MatMul with stop checks.
//
//ka:kernel
//ka:nocheck
//ka:cancel
func MatMulCancel(it ka.Item, n int, a, b, c []float32) {
	col, row := it.GlobalID(0), it.GlobalID(1)
	if row < n && col < n {
		var sum float32
		for k := 0; k < n; k++ {
			sum += a[row*n+k] * b[k*n+col]
		}
		c[row*n+col] = sum
	}
}
