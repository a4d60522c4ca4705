// Package canceltest holds the kernels of the tests of cancellable
// streams (ka.Stream.WithContext, docs/sync.md "Cancellation"), compiled
// with stop checks (//ka:cancel), and the tests, on every backend that can
// run them.
package canceltest

//go:generate go run ../../cmd/kago gen

import "github.com/kago-dev/kago/ka"

// Spin keeps every work-item busy for n rounds of a random-number
// generator, and writes the last number (never 0).
//
//ka:kernel
//ka:cancel
func Spin(it ka.Item, x []int32, n int32) {
	i := it.Global()
	v := int32(i)
	for k := int32(0); k < n; k++ {
		v = v*1664525 + 1013904223
	}
	if i < len(x) {
		x[i] = v | 1
	}
}

// SpinBarrier is Spin in rounds separated by barriers, with the group's
// numbers passed around in local memory.
//
//ka:kernel
//ka:cancel
func SpinBarrier(it ka.Item, x []int32, rounds, n int32) {
	tile := ka.LocalArray[int32](it, 64)
	l := it.Local()
	v := int32(it.Global())
	for r := int32(0); r < rounds; r++ {
		for k := int32(0); k < n; k++ {
			v = v*1664525 + 1013904223
		}
		tile[l%64] = v
		it.Barrier()
		v += tile[(l+1)%64]
		it.Barrier()
	}
	if i := it.Global(); i < len(x) {
		x[i] = v | 1
	}
}

// Mark writes v into every element of x.
//
//ka:kernel
//ka:cancel
func Mark(it ka.Item, x []int32, v int32) {
	if i := it.Global(); i < len(x) {
		x[i] = v
	}
}
