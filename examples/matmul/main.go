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

// MatMul computes c = a×b for n×n row-major matrices on a 2-D range
// (n, n) in groups of Tile×Tile. Each group walks the tiles of a's rows
// and b's columns: it loads one tile of each into local memory, waits at a
// barrier, accumulates, and waits again before loading the next. Elements
// outside the matrices load as zero, so any n works, and every work-item
// reaches every barrier.
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
	a, err := ka.FromSlice(ctx, dev, ha)
	if err != nil {
		return err
	}
	defer a.Free()
	b, err := ka.FromSlice(ctx, dev, hb)
	if err != nil {
		return err
	}
	defer b.Free()
	c, err := ka.Alloc[float32](dev, n*n)
	if err != nil {
		return err
	}
	defer c.Free()
	k, err := NewMatMulKernel(dev, ka.GroupSize(Tile, Tile))
	if err != nil {
		return err
	}
	start := time.Now()
	if err := k.Launch(dev.Stream(), ka.Range2(n, n), n, a, b, c); err != nil {
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
