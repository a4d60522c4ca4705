// Command mlp runs one dense layer of a neural network, y = relu(x·W + b),
// with the activations x and the weights W stored in bfloat16 (half the
// memory and bandwidth of float32) and the arithmetic in float32. It
// checks the device's result bit for bit against the same computation on
// the host, reports how far bfloat16 storage moved the result from a
// float64 computation on the unrounded inputs, and prints the time.
//
//	go run ./examples/mlp -batch 64 -in 512 -out 256
package main

//go:generate go run ../../cmd/kago gen

import (
	"context"
	"flag"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"time"

	"github.com/kago-dev/kago/ka"

	_ "github.com/kago-dev/kago/backends/native"
)

// Dense computes y = relu(x·w + b) for a batch: x is batch×in, w in×out,
// b has out elements and y is batch×out, launched on ka.Range2(y.Rows(),
// y.Cols()). Each work-item computes one element of y: it converts each
// bfloat16 input to float32 (exact), multiplies and adds in float32, in
// the order of k from 0, one rounding each, so that every backend gives
// the same bits, and rounds the result to bfloat16 once.
//
//ka:kernel
func Dense(it ka.Item, x, w ka.Matrix[ka.BFloat16], b []float32, y ka.Matrix[ka.BFloat16]) {
	i, j := it.Global2()
	if i >= y.Rows() || j >= y.Cols() || j >= len(b) {
		return
	}
	var sum float32
	for k := 0; k < x.Cols(); k++ {
		sum += x.At(i, k).Float32() * w.At(k, j).Float32()
	}
	y.Set(i, j, ka.ToBFloat16(relu(sum+b[j])))
}

// relu is max(v, 0) (a NaN stays a NaN).
func relu(v float32) float32 {
	if v < 0 {
		return 0
	}
	return v
}

func main() {
	backend := flag.String("backend", "", "backend (default: KAGO_BACKEND, else the best available)")
	batch := flag.Int("batch", 64, "rows of x: the batch")
	in := flag.Int("in", 512, "inputs per row")
	out := flag.Int("out", 256, "outputs per row")
	flag.Parse()
	if err := run(*backend, *batch, *in, *out); err != nil {
		fmt.Fprintln(os.Stderr, "mlp:", err)
		os.Exit(1)
	}
}

// maxElems bounds each matrix of the example, so that a mistyped size is
// an error rather than an allocation the machine cannot make.
const maxElems = 1 << 28

func run(backend string, batch, in, out int) error {
	for _, sh := range [][2]int{{batch, in}, {in, out}, {batch, out}} {
		if sh[0] < 0 || sh[1] < 0 || sh[1] > 0 && sh[0] > maxElems/sh[1] {
			return fmt.Errorf("sizes %d, %d, %d: each must be ≥ 0, and each matrix at most %d elements", batch, in, out, maxElems)
		}
	}
	ctx := context.Background()
	dev, err := ka.Open(backend)
	if err != nil {
		return err
	}
	defer dev.Close()
	r := rand.New(rand.NewPCG(1, 2))
	fx, fw, hb := make([]float32, batch*in), make([]float32, in*out), make([]float32, out)
	for i := range fx {
		fx[i] = float32(r.NormFloat64())
	}
	scale := 1 / math.Sqrt(float64(in)) // keeps the sums of order 1
	for i := range fw {
		fw[i] = float32(r.NormFloat64() * scale)
	}
	for i := range hb {
		hb[i] = float32(r.NormFloat64() * 0.1)
	}
	hx, hw := ka.ToBFloat16s(fx), ka.ToBFloat16s(fw) // round to nearest, ties to even
	x, err := ka.MatrixFromSlice(ctx, dev, batch, in, hx)
	if err != nil {
		return err
	}
	defer x.Free()
	w, err := ka.MatrixFromSlice(ctx, dev, in, out, hw)
	if err != nil {
		return err
	}
	defer w.Free()
	b, err := ka.FromSlice(ctx, dev, hb)
	if err != nil {
		return err
	}
	defer b.Free()
	y, err := ka.AllocMatrix[ka.BFloat16](dev, batch, out)
	if err != nil {
		return err
	}
	defer y.Free()
	k, err := NewDenseKernel(dev)
	if err != nil {
		return err
	}
	var elapsed time.Duration
	for range 2 { // the first launch may compile the kernel: time the second
		start := time.Now()
		if err := k.Launch(dev.Stream(), ka.Range2(batch, out), x, w, b, y); err != nil {
			return err
		}
		if err := dev.Synchronize(ctx); err != nil {
			return err
		}
		elapsed = time.Since(start)
	}
	got := make([]ka.BFloat16, batch*out)
	if err := y.Read(ctx, got); err != nil {
		return err
	}
	// The host's Dense, the same order, must give the same bits; a
	// float64 layer on the float32 inputs says what bfloat16 costs.
	var worst float64
	for i := range batch {
		for j := range out {
			var sum float32
			var exact float64
			for p := range in {
				sum += hx[i*in+p].Float32() * hw[p*out+j].Float32()
				exact += float64(fx[i*in+p]) * float64(fw[p*out+j])
			}
			want := ka.ToBFloat16(relu(sum + hb[j]))
			if g := got[i*out+j]; g != want {
				return fmt.Errorf("y[%d][%d] = %v (bits %#04x), want %v (bits %#04x)", i, j, g.Float32(), uint16(g), want.Float32(), uint16(want))
			}
			worst = max(worst, math.Abs(float64(want.Float32())-math.Max(exact+float64(hb[j]), 0)))
		}
	}
	fmt.Printf("backend %s, device %s: %d×%d · %d×%d in bfloat16 verified, %v (%.2f GFLOP/s); "+
		"largest difference from float64 on the float32 inputs: %.3g\n",
		dev.Backend(), dev.Name(), batch, in, in, out, elapsed, 2*float64(batch)*float64(in)*float64(out)/elapsed.Seconds()/1e9, worst)
	return nil
}
