// Package names holds instances of generic kernels whose names go/ssa
// spells differently from Go (codegen's TestInstanceNames).
package names

import "github.com/kago-dev/kago/ka"

// MyFloat is a named type of this package, used as a type argument.
type MyFloat float32

//ka:kernel
func Scale[T float32 | MyFloat](it ka.Item, a T, x []T) {
	x[it.Global()] *= a
}

//ka:kernel
func Pair[A int32 | int64, B float32 | float64](it ka.Item, a []A, b []B) {
	b[it.Global()] = B(a[it.Global()])
}

// Instances makes go/ssa build the instances.
var Instances = []any{Scale[MyFloat], Pair[int32, float64]}
