// Package src holds kernels whose IR (kago ir, saved beside this
// directory) the unroll tests read: constant loops in kernels without
// barriers, checked and cancellable.
package src

import "github.com/kago-dev/kago/ka"

// Fir is a checked 8-tap filter without barriers: each tap's bounds
// check branches to the kernel's fault block.
//
//ka:kernel
func Fir(it ka.Item, x, taps, y []float32) {
	i := it.Global()
	var s float32
	for k := 0; k < 8; k++ {
		s += x[i+k] * taps[k]
	}
	y[i] = s
}

// FirCancel is Fir, unchecked and cancellable: its loop gets a stop
// check.
//
//ka:kernel
//ka:nocheck
//ka:cancel
func FirCancel(it ka.Item, x, taps, y []float32) {
	i := it.Global()
	var s float32
	for k := 0; k < 8; k++ {
		s += x[i+k] * taps[k]
	}
	y[i] = s
}
