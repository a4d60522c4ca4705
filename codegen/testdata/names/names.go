// Package names holds instances of generic kernels whose names go/ssa
// spells differently from Go, and instances that differ only in Go
// (codegen's TestInstanceNames and TestEntries).
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

// Celsius and Kelvin have the same underlying type and different methods,
// so Convert's instances of them have the same device types and different
// code.
type (
	Celsius float32
	Kelvin  float32
)

// Fahrenheit converts c.
func (c Celsius) Fahrenheit() float32 { return float32(c)*9/5 + 32 }

// Fahrenheit converts k.
func (k Kelvin) Fahrenheit() float32 { return (float32(k)-273.15)*9/5 + 32 }

//ka:kernel
func Convert[T interface {
	~float32
	Fahrenheit() float32
}](it ka.Item, x []T, out []float32) {
	out[it.Global()] = x[it.Global()].Fahrenheit()
}

//ka:kernel
func Copy[T int | int64 | int32 | uint32](it ka.Item, dst, src []T) {
	dst[it.Global()] = src[it.Global()]
}

// Instances makes go/ssa build the instances.
var Instances = []any{Scale[MyFloat], Scale[float32], Pair[int32, float64], Convert[Celsius], Convert[Kelvin],
	Copy[int], Copy[int64], Copy[int32], Copy[uint32]}
