// Package contract holds the kernels of kagobench's -contract mode: saxpy
// generated twice, with kago's default (no FMA contraction, bit-identical
// with the native backend) and marked //ka:contract, against kagobench's
// hand-written HandSaxpy, which PoCL fuses (OpenCL C contracts a*x[i] +
// y[i] by default).
package contract

//go:generate go run ../../cmd/kago gen

import "github.com/kago-dev/kago/ka"

// Saxpy is y = a*x + y, each product and sum rounded on its own.
//
//ka:kernel
//ka:nocheck
func Saxpy(it ka.Item, a float32, x, y []float32) {
	if i := it.Global(); i < len(y) {
		y[i] = a*x[i] + y[i]
	}
}

// SaxpyContract is Saxpy with contraction allowed: a*x[i] + y[i] may be
// one fused multiply-add on targets that have it.
//
//ka:kernel
//ka:nocheck
//ka:contract
func SaxpyContract(it ka.Item, a float32, x, y []float32) {
	if i := it.Global(); i < len(y) {
		y[i] = a*x[i] + y[i]
	}
}
