package main

import (
	"github.com/kago-dev/kago/ka"
	"github.com/kago-dev/kago/ka/driver"
	"github.com/kago-dev/kago/ka/kernel"
	"github.com/kago-dev/kago/ka/kgen"
)

// Spin loops n times per work-item: a kernel whose duration kagobench
// calibrates. It is registered by hand, with OpenCL C written to
// docs/ir.md's ABI (a slice is a pointer and an i64 length; three hidden
// i64 range parameters come last) and a typed Go twin for the native
// backend, so that the benchmarks do not depend on kago gen.
func Spin(it ka.Item, n int64, out []float32) {
	acc := float32(0)
	for k := int64(0); k < n; k++ {
		acc = acc*0.999 + float32(k)
	}
	if i := it.Global(); i < len(out) {
		out[i] = acc
	}
}

var spinSpec = &driver.KernelSpec{
	Name: "Spin", Entry: "Spin",
	Params: []driver.Param{{Name: "n", Type: driver.Int64}, {Name: "out", Type: driver.Float32, Slice: true}},
	Code: driver.CodeMap{driver.OpenCLC: []byte(`
__kernel void Spin(long n, __global float *out, long out_len, long gsize0, long gsize1, long gsize2) {
	long i = get_global_id(0);
	float acc = 0;
	for (long k = 0; k < n; k++) acc = acc * 0.999f + (float)k;
	if (i < out_len) out[i] = acc;
}`)},
	Native: func(args []driver.Arg) func(kernel.Item) {
		n := args[0].Value.(int64)
		out := args[1].Value.([]float32)
		return func(it kernel.Item) {
			acc := float32(0)
			for k := int64(0); k < n; k++ {
				acc = acc*0.999 + float32(k)
			}
			if i := ka.Item(it).Global(); i < len(out) {
				out[i] = acc
			}
		}
	},
}

// HandSaxpy is y = a*x + y with hand-written OpenCL C and a typed Go twin:
// the baseline the generated katest.Saxpy is compared with.
func HandSaxpy(it ka.Item, a float32, x, y []float32) {
	if i := it.Global(); i < len(y) {
		y[i] = a*x[i] + y[i]
	}
}

var handSaxpySpec = &driver.KernelSpec{
	Name: "HandSaxpy", Entry: "HandSaxpy",
	Params: []driver.Param{{Name: "a", Type: driver.Float32}, {Name: "x", Type: driver.Float32, Slice: true}, {Name: "y", Type: driver.Float32, Slice: true}},
	Code: driver.CodeMap{driver.OpenCLC: []byte(`
__kernel void HandSaxpy(float a, __global float *x, long x_len, __global float *y, long y_len,
                        long gsize0, long gsize1, long gsize2) {
	long i = get_global_id(0);
	if (i < y_len) y[i] = a * x[i] + y[i];
}`)},
	Native: func(args []driver.Arg) func(kernel.Item) {
		a := args[0].Value.(float32)
		x := args[1].Value.([]float32)
		y := args[2].Value.([]float32)
		return func(it kernel.Item) {
			if i := ka.Item(it).Global(); i < len(y) {
				y[i] = a*x[i] + y[i]
			}
		}
	},
}

func init() {
	kgen.RegisterKernel(Spin, spinSpec)
	kgen.RegisterKernel(HandSaxpy, handSaxpySpec)
}
