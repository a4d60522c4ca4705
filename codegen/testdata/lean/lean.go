// Package lean holds kernels whose index checks codegen's TestLaunchFacts
// expects the front end to decide at launch (with the facts it lists), to
// prove outright, or to keep in both variants.
package lean

import "github.com/kago-dev/kago/ka"

//ka:kernel
func Plain(it ka.Item, x []float32) {
	x[it.GlobalID(0)] = 1
}

//ka:kernel
func Linear(it ka.Item, x []float32) {
	x[it.Global()] = 1
}

//ka:kernel
func Offset(it ka.Item, off int, x []float32) {
	x[it.GlobalID(0)+off] = 1
}

//ka:kernel
func Narrow(it ka.Item, off int32, x []float32) {
	x[it.GlobalID(0)+int(off)] = 1
}

//ka:kernel
func FromMemory(it ka.Item, idx []int32, x []float32) {
	x[idx[it.GlobalID(0)]] = 1
}

//ka:kernel
func Private(it ka.Item, x []float32) {
	var a [4]float32
	for k := 0; k < 4; k++ {
		a[k] = float32(k)
	}
	x[0] = a[1]
}

//ka:kernel
func Tile(it ka.Item, x []float32) {
	tile := ka.LocalArray[float32](it, 64)
	tile[it.LocalID(0)] = 1
	it.Barrier()
	if it.InRange() {
		x[it.GlobalID(0)] = tile[0]
	}
}

//ka:kernel
func Rows(it ka.Item, n int, a, x, y []float32) {
	i := it.GlobalID(0)
	var s float32
	for j := 0; j < n; j++ {
		s += a[i*n+j] * x[j]
	}
	y[i] = s
}

//ka:kernel
func ScalarGuard(it ka.Item, n int, x []float32) {
	if i := it.GlobalID(0); i < n {
		x[i] = 1
	}
}

//ka:kernel
func Matrix(it ka.Item, in, out ka.Matrix[float32]) {
	i, j := it.Global2()
	if i < in.Rows() && j < in.Cols() {
		out.Set(i, j, in.At(i, j))
	}
}

//ka:kernel
func Unsigned(it ka.Item, x []float32) {
	x[uint(it.GlobalID(0))] = 1
}

//ka:kernel
func Helper(it ka.Item, x []float32) {
	set(x, it.GlobalID(0))
}

func set(x []float32, i int) { x[i] = 1 }

//ka:kernel
func HelperOffset(it ka.Item, n int, x []float32) {
	if i := it.GlobalID(0); i < n {
		at(x, i, 1)
	}
}

func at(x []float32, i, d int) { x[i+d] = 1 }

//ka:kernel
func Bytes(it ka.Item, data []uint8, bins []uint32) {
	if i := it.GlobalID(0); i < len(data) {
		ka.AtomicAdd(&bins[data[i]], 1)
	}
}
