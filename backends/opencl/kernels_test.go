package opencl

import "github.com/kago-dev/kago/ka/driver"

// Hand-written OpenCL C test kernels, following docs/ir.md's ABI: a slice is
// a global pointer and an i64 length, a bool is a char, and the three hidden
// i64 parameters ka.gsize0..2 come last.

var saxpySpec = &driver.KernelSpec{
	Name: "Saxpy", Entry: "Saxpy",
	Params: []driver.Param{{Name: "a", Type: driver.Float32}, {Name: "x", Type: driver.Float32, Slice: true}, {Name: "y", Type: driver.Float32, Slice: true}},
	Code: driver.CodeMap{driver.OpenCLC: []byte(`
__kernel void Saxpy(float a, __global float *x, long x_len, __global float *y, long y_len,
                    long gsize0, long gsize1, long gsize2) {
	long i = get_global_id(0);
	if (i < y_len) y[i] = a * x[i] + y[i];
}`)},
}

// reverseSpec reverses each group of 64 elements through local memory.
var reverseSpec = &driver.KernelSpec{
	Name: "Reverse", Entry: "Reverse", Barrier: true,
	Params: []driver.Param{{Name: "a", Type: driver.Float32, Slice: true}},
	Code: driver.CodeMap{driver.OpenCLC: []byte(`
__kernel void Reverse(__global float *a, long a_len, long gsize0, long gsize1, long gsize2) {
	__local float tmp[64];
	long l = get_local_id(0), i = get_global_id(0), n = get_local_size(0);
	if (i < a_len) tmp[l] = a[i];
	barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE);
	if (i < a_len) a[i] = tmp[n - 1 - l];
}`)},
}

var histogramSpec = &driver.KernelSpec{
	Name: "Histogram", Entry: "Histogram",
	Params: []driver.Param{{Name: "data", Type: driver.Int32, Slice: true}, {Name: "bins", Type: driver.Int32, Slice: true}},
	Code: driver.CodeMap{driver.OpenCLC: []byte(`
__kernel void Histogram(__global int *data, long data_len, __global int *bins, long bins_len,
                        long gsize0, long gsize1, long gsize2) {
	long i = get_global_id(0);
	if (i < data_len) atomic_inc(&bins[data[i] % bins_len]);
}`)},
}

// sizesSpec writes the hidden range parameters and the group count.
var sizesSpec = &driver.KernelSpec{
	Name: "Sizes", Entry: "Sizes",
	Params: []driver.Param{{Name: "out", Type: driver.Int64, Slice: true}},
	Code: driver.CodeMap{driver.OpenCLC: []byte(`
__kernel void Sizes(__global long *out, long out_len, long gsize0, long gsize1, long gsize2) {
	if (get_global_id(0) == 0 && get_global_id(1) == 0) {
		out[0] = gsize0; out[1] = gsize1; out[2] = gsize2;
		out[3] = get_global_size(0); out[4] = get_global_size(1);
	}
}`)},
}

// scalarsSpec stores each scalar argument into out, widened.
var scalarsSpec = &driver.KernelSpec{
	Name: "Scalars", Entry: "Scalars", Needs: driver.FP64,
	Params: []driver.Param{
		{Name: "b", Type: driver.Bool}, {Name: "i8", Type: driver.Int8}, {Name: "u16", Type: driver.Uint16},
		{Name: "i32", Type: driver.Int32}, {Name: "i", Type: driver.Int}, {Name: "u64", Type: driver.Uint64},
		{Name: "f", Type: driver.Float32}, {Name: "d", Type: driver.Float64},
		{Name: "out", Type: driver.Float64, Slice: true},
	},
	Code: driver.CodeMap{driver.OpenCLC: []byte(`
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
__kernel void Scalars(char b, char i8, ushort u16, int i32, long i, ulong u64, float f, double d,
                      __global double *out, long out_len, long gsize0, long gsize1, long gsize2) {
	out[0] = b; out[1] = i8; out[2] = u16; out[3] = i32; out[4] = i; out[5] = u64;
	out[6] = f; out[7] = d; out[8] = out_len;
}`)},
}

// spinSpec busy-loops for n iterations per work-item (a slow kernel).
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
}
