// The hand-written CUDA C twins of the kernels in benchmarks/kernels/nocheck.go, for the
// per-kernel table on a GPU (scripts/gpu-check.sh compiles this file with
// nvcc -ptx -fmad=false, so that, as kago's PTX, it never contracts a*b+c,
// and runs TestCUDATwins with the result). The parameters follow
// docs/ir.md's ABI as hand.go's OpenCL C does: a slice is a pointer and a
// 64-bit length, and three 64-bit range parameters come last. Indices are
// 32-bit int, pointers const and __restrict__ where valid.

#define HIDDEN long long g0, long long g1, long long g2
#define TILE 16
#define GROUP 256

__device__ __forceinline__ int gx() { return blockIdx.x * blockDim.x + threadIdx.x; }
__device__ __forceinline__ int gy() { return blockIdx.y * blockDim.y + threadIdx.y; }
__device__ __forceinline__ int gz() { return blockIdx.z * blockDim.z + threadIdx.z; }

extern "C" __global__ void HandSaxpy(float a, const float *__restrict__ x, long long x_len,
                                     float *__restrict__ y, long long y_len, HIDDEN) {
	int i = gx();
	if (i < (int)y_len) y[i] = a * x[i] + y[i];
}

extern "C" __global__ void HandMemCopy(float *__restrict__ dst, long long dst_len,
                                       const float *__restrict__ src, long long src_len, HIDDEN) {
	int i = gx();
	if (i < (int)dst_len) dst[i] = src[i];
}

extern "C" __global__ void HandTranspose(long long n64, const float *__restrict__ in, long long in_len,
                                         float *__restrict__ out, long long out_len, HIDDEN) {
	int n = (int)n64, x = gx(), y = gy();
	if (x < n && y < n) out[x * n + y] = in[y * n + x];
}

extern "C" __global__ void HandTransposeTiled(long long n64, const float *__restrict__ in, long long in_len,
                                              float *__restrict__ out, long long out_len, HIDDEN) {
	__shared__ float tile[TILE * (TILE + 1)];
	int n = (int)n64, lx = threadIdx.x, ly = threadIdx.y, bx = blockIdx.x, by = blockIdx.y;
	tile[ly * (TILE + 1) + lx] = in[(by * TILE + ly) * n + bx * TILE + lx];
	__syncthreads();
	out[(bx * TILE + ly) * n + by * TILE + lx] = tile[lx * (TILE + 1) + ly];
}

extern "C" __global__ void HandMatMul(long long n64, const float *__restrict__ a, long long a_len,
                                      const float *__restrict__ b, long long b_len,
                                      float *__restrict__ c, long long c_len, HIDDEN) {
	int n = (int)n64, col = gx(), row = gy();
	if (col < n && row < n) {
		float sum = 0;
		for (int k = 0; k < n; k++) sum += a[row * n + k] * b[k * n + col];
		c[row * n + col] = sum;
	}
}

extern "C" __global__ void HandMatMulTiled(long long n64, const float *__restrict__ a, long long a_len,
                                           const float *__restrict__ b, long long b_len,
                                           float *__restrict__ c, long long c_len, HIDDEN) {
	__shared__ float ta[TILE * TILE], tb[TILE * TILE];
	int n = (int)n64, lx = threadIdx.x, ly = threadIdx.y, col = gx(), row = gy();
	float sum = 0;
	for (int t = 0; t < (n + TILE - 1) / TILE; t++) {
		int ac = t * TILE + lx, br = t * TILE + ly;
		ta[ly * TILE + lx] = row < n && ac < n ? a[row * n + ac] : 0;
		tb[ly * TILE + lx] = br < n && col < n ? b[br * n + col] : 0;
		__syncthreads();
		for (int k = 0; k < TILE; k++) sum += ta[ly * TILE + k] * tb[k * TILE + lx];
		__syncthreads();
	}
	if (row < n && col < n) c[row * n + col] = sum;
}

extern "C" __global__ void HandSum(const long long *__restrict__ x, long long x_len,
                                   long long *__restrict__ out, long long out_len, HIDDEN) {
	__shared__ long long tmp[GROUP];
	int l = threadIdx.x, i = gx();
	tmp[l] = i < (int)x_len ? x[i] : 0;
	__syncthreads();
	for (int s = GROUP / 2; s > 0; s /= 2) {
		if (l < s) tmp[l] += tmp[l + s];
		__syncthreads();
	}
	if (l == 0) out[blockIdx.x] = tmp[0];
}

extern "C" __global__ void HandHistogram(const unsigned char *__restrict__ data, long long data_len,
                                         unsigned int *__restrict__ bins, long long bins_len, HIDDEN) {
	int i = gx();
	if (i < (int)data_len) atomicAdd(&bins[data[i]], 1u);
}

extern "C" __global__ void HandStencil(long long n64, const float *__restrict__ in, long long in_len,
                                       float *__restrict__ out, long long out_len, HIDDEN) {
	int n = (int)n64, x = gx(), y = gy(), z = gz();
	if (x >= n || y >= n || z >= n) return;
	int i = (z * n + y) * n + x;
	if (x == 0 || y == 0 || z == 0 || x == n - 1 || y == n - 1 || z == n - 1) {
		out[i] = in[i];
		return;
	}
	float s = in[i - 1] + in[i + 1] + in[i - n] + in[i + n] + in[i - n * n] + in[i + n * n];
	out[i] = 0.4f * in[i] + 0.1f * s;
}
