// Command matmul multiplies two n×n matrices with a tiled kernel that
// stages blocks of both inputs in local memory, checks the product against
// a host computation, and prints the time and GFLOP/s.
//
//	go run ./examples/matmul -n 256
package main

//go:generate go run ../../cmd/kago gen

import (
	"context"
	"flag"
	"fmt"
	"math"
	"os"
	"time"

	"github.com/kago-dev/kago/ka"

	_ "github.com/kago-dev/kago/backends/native"
)

// Tile is the side of the square tiles, and of the work-groups.
const Tile = 16

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

func main() {
	backend := flag.String("backend", "", "backend (default: KAGO_BACKEND, else the best available)")
	n := flag.Int("n", 256, "matrix size")
	flag.Parse()
	if err := run(*backend, *n); err != nil {
		fmt.Fprintln(os.Stderr, "matmul:", err)
		os.Exit(1)
	}
}

func run(backend string, n int) error {
	ctx := context.Background()
	dev, err := ka.Open(backend)
	if err != nil {
		return err
	}
	defer dev.Close()
	ha, hb := make([]float32, n*n), make([]float32, n*n)
	for i := range ha {
		ha[i], hb[i] = float32(i%13)-6, float32(i%7)-3 // small integers: exact sums
	}
	a, err := ka.MatrixFromSlice(ctx, dev, n, n, ha)
	if err != nil {
		return err
	}
	defer a.Free()
	b, err := ka.MatrixFromSlice(ctx, dev, n, n, hb)
	if err != nil {
		return err
	}
	defer b.Free()
	c, err := ka.AllocMatrix[float32](dev, n, n)
	if err != nil {
		return err
	}
	defer c.Free()
	k, err := NewMatMulKernel(dev, ka.WithGroupSize(Tile, Tile))
	if err != nil {
		return err
	}
	start := time.Now()
	if err := k.Launch(dev.Stream(), ka.Range2(n, n), a, b, c); err != nil {
		return err
	}
	if err := dev.Synchronize(ctx); err != nil {
		return err
	}
	elapsed := time.Since(start)
	got := make([]float32, n*n)
	if err := c.Read(ctx, got); err != nil {
		return err
	}
	for row := range n {
		for col := range n {
			var want float32
			for k := range n {
				want += ha[row*n+k] * hb[k*n+col]
			}
			if g := got[row*n+col]; g != want && math.Abs(float64(g-want)) > 1e-3*math.Abs(float64(want)) {
				return fmt.Errorf("c[%d][%d] = %v, want %v", row, col, g, want)
			}
		}
	}
	fmt.Printf("backend %s, device %s: %d×%d verified in %v (%.2f GFLOP/s)\n",
		dev.Backend(), dev.Name(), n, n, elapsed, 2*float64(n)*float64(n)*float64(n)/elapsed.Seconds()/1e9)
	return nil
}
