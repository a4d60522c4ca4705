// Package golden holds kernels whose IR codegen's TestGolden compares with
// the .ll files beside them (go test ./codegen -run Golden -update
// rewrites those).
package golden

import (
	"fmt"
	"math"

	"github.com/kago-dev/kago/ka"
)

//ka:kernel
func Saxpy(it ka.Item, a float32, x, y []float32) {
	if i := it.Global(); i < len(y) {
		y[i] = a*x[i] + y[i]
	}
}

// Shifts: Go's shifts by counts ≥ the width become selects.
//
//ka:kernel
func Shifts(it ka.Item, x []int32, u []uint64, s []uint8) {
	i := it.GlobalID(0)
	x[i] = x[i]<<s[i] | x[i]>>s[i]
	u[i] = u[i]>>s[i] + u[i]<<40
}

func minmax(a, b float64) (lo, hi float64) {
	if a < b {
		return a, b
	}
	return b, a
}

// FloatAtomics: float min/max are CAS loops on the bits.
//
//ka:kernel
func FloatAtomics(it ka.Item, x []float64, acc []float64) {
	lo, hi := minmax(x[it.Global()], math.Sqrt(2))
	ka.AtomicMin(&acc[0], lo)
	ka.AtomicMax(&acc[1], hi)
	ka.AtomicAdd(&acc[2], 1)
}

// BitAtomics: sub, and, or and xor are atomicrmw operations; a float
// AtomicSub adds the negated value.
//
//ka:kernel
func BitAtomics(it ka.Item, u []uint32, i []int64, f []float32) {
	ka.AtomicSub(&u[0], 3)
	ka.AtomicAnd(&u[1], uint32(it.Global()))
	ka.AtomicOr(&i[0], int64(it.Global()))
	ka.AtomicXor(&i[1], 5)
	ka.AtomicSub(&f[0], 0.5)
}

// Local: workgroup memory, a barrier and a private array.
//
//ka:kernel
func Local(it ka.Item, flag bool, out []int32) {
	tile := ka.LocalArray[int32](it, 16)
	var priv [4]int32
	priv[it.Local()%4] = 1
	tile[it.Local()] = priv[0]
	it.Barrier()
	if flag {
		out[it.Global()] = tile[15-it.Local()]
	}
}

// Generic is instantiated below.
//
//ka:kernel
func Generic[T float32 | int16](it ka.Item, a T, x []T) {
	x[it.Global()] = max(x[it.Global()], a)
}

// Instances makes go/ssa build the instances of Generic.
var Instances = []any{Generic[float32], Generic[int16]}

// Faults: a panic with values, a division and slicing, each checked; the
// failures go to the fault record.
//
//ka:kernel
func Faults(it ka.Item, x []int32, d int32) {
	i := it.Global()
	if x[i] < 0 {
		panic(fmt.Sprintf("negative x[%d] = %d", i, x[i]))
	}
	s := x[1:i]
	s[0] = x[i]/d + x[i]%7
}

// Unchecked is Saxpy without checks: no fault record at all.
//
//ka:kernel
//ka:nocheck
func Unchecked(it ka.Item, a float32, x, y []float32) {
	i := it.Global()
	y[i] = a*x[i] + y[i]
}

// Contracted is Unchecked with //ka:contract: the function carries the
// "ka-contract" attribute, and the product that float32(...) rounds carries
// !ka.round, so only the first product may fuse.
//
//ka:kernel
//ka:nocheck
//ka:contract
func Contracted(it ka.Item, a float32, x, y []float32) {
	i := it.Global()
	y[i] = a*x[i] + y[i]
	x[i] = float32(a*(x[i])) + y[i]
}

// Print: println, print and ka.Printf become @ka.printf calls with C
// formats; a bool branches to print true or false.
//
//ka:kernel
func Print(it ka.Item, x []float32, ok bool) {
	i := it.Global()
	println("x", i, x[i], ok)
	print("no newline ", int8(-3), uint16(7))
	ka.Printf("x[%d] = %.2f (%v, %x%%)\n", i, x[i], ok, uint32(255))
}
