package algo_test

import (
	"context"
	"fmt"
	"math"

	"github.com/kago-dev/kago/algo"
	_ "github.com/kago-dev/kago/backends/native"
	"github.com/kago-dev/kago/ka"
)

// Sort orders floats as slices.Sort does, except that -0 comes before +0
// and the NaNs come last.
func ExampleSort() {
	ctx := context.Background()
	dev, err := ka.Open("native")
	if err != nil {
		panic(err)
	}
	defer dev.Close()
	x, err := ka.FromSlice(ctx, dev, []float64{3, math.NaN(), -1, 0, math.Copysign(0, -1), math.Inf(-1), 2})
	if err != nil {
		panic(err)
	}
	if err := algo.Sort(dev.Stream(), x); err != nil {
		panic(err)
	}
	out := make([]float64, x.Len())
	if err := x.Read(ctx, out); err != nil {
		panic(err)
	}
	fmt.Println(out)
	// Output: [-Inf -1 -0 0 2 3 NaN]
}

// SortPairs moves values of any scalar type with their keys, stably.
func ExampleSortPairs() {
	ctx := context.Background()
	dev, err := ka.Open("native")
	if err != nil {
		panic(err)
	}
	defer dev.Close()
	keys, _ := ka.FromSlice(ctx, dev, []int8{5, -3, 5, 0, -3})
	vals, _ := ka.FromSlice(ctx, dev, []float32{0.1, 0.2, 0.3, 0.4, 0.5})
	if err := algo.SortPairs(dev.Stream(), keys, vals); err != nil {
		panic(err)
	}
	k := make([]int8, keys.Len())
	v := make([]float32, vals.Len())
	_ = keys.Read(ctx, k)
	_ = vals.Read(ctx, v)
	fmt.Println(k, v)
	// Output: [-3 -3 0 5 5] [0.2 0.5 0.4 0.1 0.3]
}

// MapReduce with MapSquare and OpSum is a sum of squares, in Sum's fixed
// order.
func ExampleMapReduce() {
	ctx := context.Background()
	dev, err := ka.Open("native")
	if err != nil {
		panic(err)
	}
	defer dev.Close()
	x, _ := ka.FromSlice(ctx, dev, []float32{3, -4, 12})
	s := dev.Stream()
	ss, err := algo.MapReduce(ctx, s, x, algo.MapSquare, algo.OpSum)
	if err != nil {
		panic(err)
	}
	big, _ := algo.MapReduce(ctx, s, x, algo.MapAbs, algo.OpMax)
	fmt.Println(ss, big)
	// Output: 169 12
}

// MatMul computes C = alpha·A·B + beta·C, here C = A·Bᵀ.
func ExampleMatMul() {
	ctx := context.Background()
	dev, err := ka.Open("native")
	if err != nil {
		panic(err)
	}
	defer dev.Close()
	a, _ := ka.MatrixFromSlice(ctx, dev, 2, 3, []float32{1, 2, 3, 4, 5, 6})
	b, _ := ka.MatrixFromSlice(ctx, dev, 2, 3, []float32{1, 0, 1, 0, 1, 0})
	c, _ := ka.AllocMatrix[float32](dev, 2, 2)
	if err := algo.MatMul(dev.Stream(), false, true, 1, a, b, 0, c); err != nil {
		panic(err)
	}
	out := make([]float32, 4)
	if err := c.Read(ctx, out); err != nil {
		panic(err)
	}
	fmt.Println(out)
	// Output: [4 2 10 5]
}
