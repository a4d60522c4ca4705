// Package twins holds the hand-written twins of kagobench's -twins table,
// which measures kago's code generator kernel by kernel: each algorithm is
// compiled from Go by kago gen (benchmarks/kernels, nocheck.go: every
// kernel //ka:nocheck, so that the table measures the code generator and
// not the cost of Go's checks, which cmd/checkcost measures) and written by
// hand as an expert would, as OpenCL C (this file) and CUDA C
// (cuda/twins.cu).
//
// The OpenCL C twins are registered by hand (as kagobench's HandSaxpy is)
// with docs/ir.md's ABI: a slice is a pointer and a 64-bit length, and
// three hidden 64-bit range parameters come last. Indices are 32-bit int
// where the benchmark's sizes allow (every buffer here has fewer than 2³¹
// elements), pointers are const and restrict where valid, and FP_CONTRACT
// is OFF as in kago's OpenCL C, so that twin and generated kernel compute
// the same bits (kagobench checks that they do). Their Go bodies run the
// generated kernels; the twins have no native code (the table is PoCL's).
package twins

import (
	"github.com/kago-dev/kago/benchmarks/kernels"
	"github.com/kago-dev/kago/ka"
	"github.com/kago-dev/kago/ka/driver"
	"github.com/kago-dev/kago/ka/kgen"
)

// HandSaxpy is kernels.SaxpyNoCheck's twin.
func HandSaxpy(it ka.Item, a float32, x, y []float32) { kernels.SaxpyNoCheck(it, a, x, y) }

// HandMemCopy is kernels.MemCopyNoCheck's twin.
func HandMemCopy(it ka.Item, dst, src []float32) { kernels.MemCopyNoCheck(it, dst, src) }

// HandTranspose is kernels.TransposeNoCheck's twin.
func HandTranspose(it ka.Item, n int, in, out []float32) { kernels.TransposeNoCheck(it, n, in, out) }

// HandTransposeTiled is kernels.TransposeTiledNoCheck's twin.
func HandTransposeTiled(it ka.Item, n int, in, out []float32) {
	kernels.TransposeTiledNoCheck(it, n, in, out)
}

// HandMatMul is kernels.MatMulNaiveNoCheck's twin.
func HandMatMul(it ka.Item, n int, a, b, c []float32) { kernels.MatMulNaiveNoCheck(it, n, a, b, c) }

// HandMatMulTiled is kernels.MatMulTiledNoCheck's twin.
func HandMatMulTiled(it ka.Item, n int, a, b, c []float32) {
	kernels.MatMulTiledNoCheck(it, n, a, b, c)
}

// HandSum is kernels.SumNoCheck's twin.
func HandSum(it ka.Item, x []int64, out []int64) { kernels.SumNoCheck(it, x, out) }

// HandHistogram is kernels.HistogramNoCheck's twin.
func HandHistogram(it ka.Item, data []uint8, bins []uint32) { kernels.HistogramNoCheck(it, data, bins) }

// HandStencil is kernels.StencilNoCheck's twin.
func HandStencil(it ka.Item, n int, in, out []float32) { kernels.StencilNoCheck(it, n, in, out) }

const hidden = "long ka_gsize0, long ka_gsize1, long ka_gsize2"

func f32s(name string) driver.Param {
	return driver.Param{Name: name, Type: driver.Float32, Slice: true}
}
func intParam(name string) driver.Param { return driver.Param{Name: name, Type: driver.Int} }

// handSpecs are the twins' specs, for SetHandPTX.
var handSpecs []*driver.KernelSpec

func spec(name string, params []driver.Param, src string, barrier bool) *driver.KernelSpec {
	s := &driver.KernelSpec{
		Name: name, Entry: name, Params: params, Barrier: barrier,
		Code: driver.CodeMap{driver.OpenCLC: []byte("#pragma OPENCL FP_CONTRACT OFF\n" + src)},
	}
	handSpecs = append(handSpecs, s)
	return s
}

// SetHandPTX gives every twin the PTX of cuda/twins.cu (compiled by nvcc
// on a GPU machine, scripts/gpu-check.sh), whose entries have the twins'
// names, so that the table can run on the CUDA backend. Call it before
// loading a twin.
func SetHandPTX(ptx []byte) {
	for _, s := range handSpecs {
		s.Code.(driver.CodeMap)[driver.PTX] = ptx
	}
}

func init() {
	kgen.RegisterKernel(HandSaxpy, spec("HandSaxpy",
		[]driver.Param{{Name: "a", Type: driver.Float32}, f32s("x"), f32s("y")}, `
__kernel void HandSaxpy(float a, __global const float *restrict x, long x_len,
                        __global float *restrict y, long y_len, `+hidden+`) {
	int i = get_global_id(0);
	if (i < (int)y_len) y[i] = a * x[i] + y[i];
}`, false))
	kgen.RegisterKernel(HandMemCopy, spec("HandMemCopy",
		[]driver.Param{f32s("dst"), f32s("src")}, `
__kernel void HandMemCopy(__global float *restrict dst, long dst_len,
                          __global const float *restrict src, long src_len, `+hidden+`) {
	int i = get_global_id(0);
	if (i < (int)dst_len) dst[i] = src[i];
}`, false))
	kgen.RegisterKernel(HandTranspose, spec("HandTranspose",
		[]driver.Param{intParam("n"), f32s("in"), f32s("out")}, `
__kernel void HandTranspose(long n64, __global const float *restrict in, long in_len,
                            __global float *restrict out, long out_len, `+hidden+`) {
	int n = n64, x = get_global_id(0), y = get_global_id(1);
	if (x < n && y < n) out[x * n + y] = in[y * n + x];
}`, false))
	kgen.RegisterKernel(HandTransposeTiled, spec("HandTransposeTiled",
		[]driver.Param{intParam("n"), f32s("in"), f32s("out")}, `
#define TILE 16
__kernel void HandTransposeTiled(long n64, __global const float *restrict in, long in_len,
                                 __global float *restrict out, long out_len, `+hidden+`) {
	__local float tile[TILE * (TILE + 1)];
	int n = n64, lx = get_local_id(0), ly = get_local_id(1);
	int gx = get_group_id(0), gy = get_group_id(1);
	tile[ly * (TILE + 1) + lx] = in[(gy * TILE + ly) * n + gx * TILE + lx];
	barrier(CLK_LOCAL_MEM_FENCE);
	out[(gx * TILE + ly) * n + gy * TILE + lx] = tile[lx * (TILE + 1) + ly];
}`, true))
	kgen.RegisterKernel(HandMatMul, spec("HandMatMul",
		[]driver.Param{intParam("n"), f32s("a"), f32s("b"), f32s("c")}, `
__kernel void HandMatMul(long n64, __global const float *restrict a, long a_len,
                         __global const float *restrict b, long b_len,
                         __global float *restrict c, long c_len, `+hidden+`) {
	int n = n64, col = get_global_id(0), row = get_global_id(1);
	if (col < n && row < n) {
		float sum = 0;
		for (int k = 0; k < n; k++) sum += a[row * n + k] * b[k * n + col];
		c[row * n + col] = sum;
	}
}`, false))
	kgen.RegisterKernel(HandMatMulTiled, spec("HandMatMulTiled",
		[]driver.Param{intParam("n"), f32s("a"), f32s("b"), f32s("c")}, `
#define TILE 16
__kernel void HandMatMulTiled(long n64, __global const float *restrict a, long a_len,
                              __global const float *restrict b, long b_len,
                              __global float *restrict c, long c_len, `+hidden+`) {
	__local float ta[TILE * TILE], tb[TILE * TILE];
	int n = n64, lx = get_local_id(0), ly = get_local_id(1);
	int col = get_global_id(0), row = get_global_id(1);
	float sum = 0;
	for (int t = 0; t < (n + TILE - 1) / TILE; t++) {
		int ac = t * TILE + lx, br = t * TILE + ly;
		ta[ly * TILE + lx] = row < n && ac < n ? a[row * n + ac] : 0;
		tb[ly * TILE + lx] = br < n && col < n ? b[br * n + col] : 0;
		barrier(CLK_LOCAL_MEM_FENCE);
		for (int k = 0; k < TILE; k++) sum += ta[ly * TILE + k] * tb[k * TILE + lx];
		barrier(CLK_LOCAL_MEM_FENCE);
	}
	if (row < n && col < n) c[row * n + col] = sum;
}`, true))
	kgen.RegisterKernel(HandSum, spec("HandSum",
		[]driver.Param{{Name: "x", Type: driver.Int64, Slice: true}, {Name: "out", Type: driver.Int64, Slice: true}}, `
#define GROUP 256
__kernel void HandSum(__global const long *restrict x, long x_len,
                      __global long *restrict out, long out_len, `+hidden+`) {
	__local long tmp[GROUP];
	int l = get_local_id(0), i = get_global_id(0);
	tmp[l] = i < (int)x_len ? x[i] : 0;
	barrier(CLK_LOCAL_MEM_FENCE);
	for (int s = GROUP / 2; s > 0; s /= 2) {
		if (l < s) tmp[l] += tmp[l + s];
		barrier(CLK_LOCAL_MEM_FENCE);
	}
	if (l == 0) out[get_group_id(0)] = tmp[0];
}`, true))
	kgen.RegisterKernel(HandHistogram, spec("HandHistogram",
		[]driver.Param{{Name: "data", Type: driver.Uint8, Slice: true}, {Name: "bins", Type: driver.Uint32, Slice: true}}, `
__kernel void HandHistogram(__global const uchar *restrict data, long data_len,
                            __global uint *restrict bins, long bins_len, `+hidden+`) {
	int i = get_global_id(0);
	if (i < (int)data_len) atomic_add(&bins[data[i]], 1u);
}`, false))
	kgen.RegisterKernel(HandStencil, spec("HandStencil",
		[]driver.Param{intParam("n"), f32s("in"), f32s("out")}, `
__kernel void HandStencil(long n64, __global const float *restrict in, long in_len,
                          __global float *restrict out, long out_len, `+hidden+`) {
	int n = n64, x = get_global_id(0), y = get_global_id(1), z = get_global_id(2);
	if (x >= n || y >= n || z >= n) return;
	int i = (z * n + y) * n + x;
	if (x == 0 || y == 0 || z == 0 || x == n - 1 || y == n - 1 || z == n - 1) {
		out[i] = in[i];
		return;
	}
	float s = in[i - 1] + in[i + 1] + in[i - n] + in[i + n] + in[i - n * n] + in[i + n * n];
	out[i] = 0.4f * in[i] + 0.1f * s;
}`, false))
}
