// Package faulttest holds kernels that fail as Go code fails: indices and
// slicing out of range, division by zero, panics. Its tests check that each
// backend reports the same *ka.KernelError (docs/kernel-language.md,
// "When a kernel fails").
package faulttest

//go:generate go run ../../cmd/kago gen -embed=false

import (
	"fmt"
	"strconv"

	"github.com/kago-dev/kago/ka"
)

// Read copies x[at] to out[0] (work-item 0 only).
//
//ka:kernel
func Read(it ka.Item, x, out []int32, at int) {
	if it.Global() == 0 {
		out[0] = x[at]
	}
}

// Write stores 7 at x[at] (work-item 0 only).
//
//ka:kernel
func Write(it ka.Item, x []int32, at int) {
	if it.Global() == 0 {
		x[at] = 7
	}
}

// Slice stores len(x[lo:hi]) in x[0] (work-item 0 only).
//
//ka:kernel
func Slice(it ka.Item, x []int32, lo, hi int) {
	if it.Global() == 0 {
		x[0] = int32(len(x[lo:hi]))
	}
}

// Slice3 stores len(x[lo:hi:max]) in x[0] (work-item 0 only).
//
//ka:kernel
func Slice3(it ka.Item, x []int32, lo, hi, max int) {
	if it.Global() == 0 {
		x[0] = int32(len(x[lo:hi:max]))
	}
}

// Integer is the integer types of Div and Rem.
type Integer interface {
	int8 | int16 | int32 | int64 | int | uint8 | uint16 | uint32 | uint64 | uint
}

// Div divides each x[i] by d.
//
//ka:kernel
func Div[T Integer](it ka.Item, x []T, d T) {
	if i := it.Global(); i < len(x) {
		x[i] = x[i] / d
	}
}

// Rem takes each x[i] modulo d.
//
//ka:kernel
func Rem[T Integer](it ka.Item, x []T, d T) {
	if i := it.Global(); i < len(x) {
		x[i] = x[i] % d
	}
}

// Instances makes go/ssa build the instances of Div and Rem.
var Instances = []any{
	Div[int8], Div[int16], Div[int32], Div[int64], Div[uint8], Div[uint16], Div[uint32], Div[uint64],
	Rem[int8], Rem[int16], Rem[int32], Rem[int64], Rem[uint8], Rem[uint16], Rem[uint32], Rem[uint64],
}

// Panic panics in work-item at.
//
//ka:kernel
func Panic(it ka.Item, x []int32, at int) {
	i := it.Global()
	if i == at {
		panic("work-item failed on purpose")
	}
	if i < len(x) {
		x[i] = 1
	}
}

// PanicValue panics when an element is above limit, with the element.
//
//ka:kernel
func PanicValue(it ka.Item, x []float32, limit float32) {
	if i := it.Global(); i < len(x) && x[i] > limit {
		panic(fmt.Sprintf("x[%d] = %v is above %v", i, x[i], limit))
	}
}

// PanicInt panics with an integer value, and PanicItoa with a string
// constant and an integer.
//
//ka:kernel
func PanicInt(it ka.Item, at int) {
	if i := it.Global(); i == at {
		panic(i * 10)
	}
}

// PanicItoa panics with a constant string and strconv.Itoa.
//
//ka:kernel
func PanicItoa(it ka.Item, at int) {
	if i := it.Global(); i == at {
		panic("bad work-item " + strconv.Itoa(i))
	}
}

// Unguarded writes x[Global()] with no guard: launched over more
// work-items than x has elements, it writes out of range.
//
//ka:kernel
func Unguarded(it ka.Item, x []float32) {
	x[it.Global()] = 1
}

// UnguardedNoCheck is Unguarded without checks; tests only read its code.
//
//ka:kernel
//ka:nocheck
func UnguardedNoCheck(it ka.Item, x []float32) {
	x[it.Global()] = 1
}

// Tile reverses groups of 16 through workgroup memory, reading x at an
// offset: past the end, a work-item of a kernel with barriers fails and
// goes on to the barrier.
//
//ka:kernel
func Tile(it ka.Item, x, out []int32, off int) {
	tile := ka.LocalArray[int32](it, 16)
	tile[it.Local()] = x[it.Global()+off]
	it.Barrier()
	if i := it.Global(); i < len(out) {
		out[i] = tile[15-it.Local()]
	}
}

// Broadcast broadcasts each work-item's local id from work-item from of
// its group and stores, after a barrier, the group's sum of that: from
// outside the group fails in every work-item, and each goes on to the
// barrier and the sum after the broadcast.
//
//ka:kernel
func Broadcast(it ka.Item, out []int32, from int) {
	b := ka.GroupBroadcast(it, int32(it.Local()), from)
	it.Barrier()
	s := ka.GroupSum(it, b)
	if i := it.Global(); i < len(out) {
		out[i] = s
	}
}

// BroadcastNext broadcasts from the next work-item: a from that differs
// between work-items, against GroupBroadcast's rule, so that only the
// last work-item of each group asks for one outside the group, and fails
// as every work-item checks its own from.
//
//ka:kernel
func BroadcastNext(it ka.Item, out []int32) {
	b := ka.GroupBroadcast(it, int32(it.Local()), it.Local()+1)
	if i := it.Global(); i < len(out) {
		out[i] = b
	}
}

// BroadcastNoCheck is Broadcast without checks: on devices, from outside
// the group broadcasts an unspecified value (docs/kernel-language.md).
//
//ka:kernel
//ka:nocheck
func BroadcastNoCheck(it ka.Item, out []int32, from int) {
	b := ka.GroupBroadcast(it, int32(it.Local()), from) // unchecked on devices
	it.Barrier()
	s := ka.GroupSum(it, b)
	if i := it.Global(); i < len(out) {
		out[i] = s
	}
}

// Fill sets every element of x to v: the normal launch after a failure.
//
//ka:kernel
func Fill(it ka.Item, x []int32, v int32) {
	if i := it.Global(); i < len(x) {
		x[i] = v
	}
}

// Hello prints from each work-item, with println, ka.Printf and fmt's
// Println, Printf and Print.
//
//ka:kernel
func Hello(it ka.Item, x []int32) {
	if i := it.Global(); i < len(x) {
		println("hello from work-item", i, x[i] > 1)
		ka.Printf("x[%d] = %d, %v%%\n", i, x[i], x[i] > 2)
		fmt.Println("fmt.Println", i, x[i] > 1, 0.5)
		fmt.Printf("fmt.Printf %d %v\n", i, x[i])
		fmt.Print("fmt.Print", i, x[i], "\n")
	}
}

// The kernels below have guards that look like bounds but do not prove
// the index in range, so the front end must keep their checks
// (codegen/prove.go): each faults on purpose.

// WrongBound guards x[i] with n, not len(x).
//
//ka:kernel
func WrongBound(it ka.Item, x []int32, n int) {
	if i := it.Global(); i < n {
		x[i] = 1 // bound n
	}
}

// WrapAround indexes with a+1, which wraps to a negative number for
// a = MaxInt though it is below len(x).
//
//ka:kernel
func WrapAround(it ka.Item, x []int32, a int) {
	if k := a + 1; k < len(x) {
		x[k] = 2 // wraps
	}
}

// OneBelow indexes with i-1, -1 for work-item 0.
//
//ka:kernel
func OneBelow(it ka.Item, x []int32) {
	if i := it.Global(); i < len(x) {
		if k := i - 1; k < len(x) {
			x[k] = 3 // one below
		}
	}
}

// NegativeRun indexes a run k+jj under k <= len(x)-4, the guard of
// algo.MatMul's row loop, with a k that may be negative: the check is
// kept (prove needs k ≥ 0).
//
//ka:kernel
func NegativeRun(it ka.Item, x []int32, k int) {
	if k <= len(x)-4 {
		for jj := range 4 {
			x[k+jj] = 6 // negative run
		}
	}
}

// FromMemory indexes x with an index read from idx, which may be negative.
//
//ka:kernel
func FromMemory(it ka.Item, idx, x []int32) {
	if i := it.Global(); i < len(idx) {
		if k := int(idx[i]); k < len(x) {
			x[k] = 4 // from memory
		}
	}
}

// Decided has a check that its launch decides (x[i] and idx[i] are in
// range when the range fits x and idx) and one that its lean variant keeps
// (an index read from idx): a launch that fits runs the lean variant, one
// past the arrays the checked kernel.
//
//ka:kernel
func Decided(it ka.Item, idx, x []int32) {
	i := it.GlobalID(0)
	x[i] = idx[i] // decided at launch
	x[idx[i]] = 5 // kept by the lean variant
}
