// Package canceltest holds the kernels of the tests of cancellable
// streams (ka.Stream.WithContext, docs/sync.md "Cancellation"), compiled
// with stop checks (//ka:cancel), and the tests, on every backend that can
// run them.
package canceltest

//go:generate go run ../../cmd/kago gen -embed=false

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

// loops adds up loops of many shapes, which the stop checks instrument
// (docs/ir.md, "Stop checks"): a signed loop of several thousand turns,
// empty and negative ranges, an unsigned loop, a nest with break and
// continue, an 8-bit counter.
func loops(it ka.Item, out []int64, n int, m uint32) {
	i := it.Global()
	if i >= len(out) {
		return
	}
	var acc int64
	for k := 0; k < n; k++ {
		acc += int64(k ^ i)
	}
	for k := n; k < 3; k++ {
		acc -= int64(k)
	}
	for k := -5; k < n-4000; k++ {
		acc += 3
	}
	for k := uint32(i % 7); k < m; k++ {
		acc += int64(k) * 2
	}
	for a := 0; a < n/100; a++ {
		for b := 0; b < 300; b++ {
			if b == a {
				continue
			}
			if b > 250+a%7 {
				break
			}
			acc += int64(a * b)
		}
	}
	for k := int8(-100); k < int8(n%100); k++ {
		acc += int64(k)
	}
	out[i] = acc
}

// Loops is loops without stop checks: the reference.
//
//ka:kernel
func Loops(it ka.Item, out []int64, n int, m uint32) { loops(it, out, n, m) }

// LoopsCancel is loops with stop checks.
//
//ka:kernel
//ka:cancel
func LoopsCancel(it ka.Item, out []int64, n int, m uint32) { loops(it, out, n, m) }
