/* launchsync: the raw-driver baseline of kagobench's table 1.
 *
 * It does with the OpenCL C API what kago's pocl backend does for a launch
 * and a blocking synchronize: clEnqueueNDRangeKernel of the same Spin kernel
 * over one work-item, then clFinish, and times each pair with
 * CLOCK_MONOTONIC. libOpenCL.so.1 is opened with dlopen, so no OpenCL
 * headers or development package are needed; the few types and constants
 * used are declared below.
 *
 * usage: launchsync SAMPLES ITERS...
 * For each ITERS it prints one line: the iteration count, then SAMPLES
 * times in nanoseconds, space separated. Errors go to stderr, exit 1.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

typedef int32_t cl_int;
typedef uint32_t cl_uint;
typedef uint64_t cl_ulong;
typedef cl_ulong cl_bitfield;
typedef void *cl_platform_id, *cl_device_id, *cl_context, *cl_command_queue,
    *cl_program, *cl_kernel, *cl_mem, *cl_event;

enum {
	PLATFORM_NAME = 0x0902,
	DEVICE_TYPE_CPU = 1 << 1,
	DEVICE_TYPE_ALL = 0xFFFFFFFF,
	MEM_READ_WRITE = 1 << 0,
};

static const char *source =
    "__kernel void Spin(long n, __global float *out, long out_len, long gsize0, long gsize1, long gsize2) {\n"
    "	long i = get_global_id(0);\n"
    "	float acc = 0;\n"
    "	for (long k = 0; k < n; k++) acc = acc * 0.999f + (float)k;\n"
    "	if (i < out_len) out[i] = acc;\n"
    "}\n";

static cl_int (*GetPlatformIDs)(cl_uint, cl_platform_id *, cl_uint *);
static cl_int (*GetPlatformInfo)(cl_platform_id, cl_uint, size_t, void *, size_t *);
static cl_int (*GetDeviceIDs)(cl_platform_id, cl_bitfield, cl_uint, cl_device_id *, cl_uint *);
static cl_context (*CreateContext)(const intptr_t *, cl_uint, const cl_device_id *, void *, void *, cl_int *);
static cl_command_queue (*CreateCommandQueue)(cl_context, cl_device_id, cl_bitfield, cl_int *);
static cl_program (*CreateProgramWithSource)(cl_context, cl_uint, const char **, const size_t *, cl_int *);
static cl_int (*BuildProgram)(cl_program, cl_uint, const cl_device_id *, const char *, void *, void *);
static cl_kernel (*CreateKernel)(cl_program, const char *, cl_int *);
static cl_mem (*CreateBuffer)(cl_context, cl_bitfield, size_t, void *, cl_int *);
static cl_int (*SetKernelArg)(cl_kernel, cl_uint, size_t, const void *);
static cl_int (*EnqueueNDRangeKernel)(cl_command_queue, cl_kernel, cl_uint, const size_t *, const size_t *,
                                      const size_t *, cl_uint, const cl_event *, cl_event *);
static cl_int (*Finish)(cl_command_queue);

static void die(const char *what, cl_int err) {
	fprintf(stderr, "launchsync: %s: error %d\n", what, (int)err);
	exit(1);
}

static void *sym(void *lib, const char *name) {
	void *p = dlsym(lib, name);
	if (!p) {
		fprintf(stderr, "launchsync: %s not found in libOpenCL.so.1\n", name);
		exit(1);
	}
	return p;
}

static int64_t now_ns(void) {
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec;
}

int main(int argc, char **argv) {
	if (argc < 3) {
		fprintf(stderr, "usage: launchsync SAMPLES ITERS...\n");
		return 2;
	}
	int samples = atoi(argv[1]);
	void *lib = dlopen("libOpenCL.so.1", RTLD_NOW);
	if (!lib) {
		fprintf(stderr, "launchsync: %s (install ocl-icd-libopencl1)\n", dlerror());
		return 1;
	}
	*(void **)&GetPlatformIDs = sym(lib, "clGetPlatformIDs");
	*(void **)&GetPlatformInfo = sym(lib, "clGetPlatformInfo");
	*(void **)&GetDeviceIDs = sym(lib, "clGetDeviceIDs");
	*(void **)&CreateContext = sym(lib, "clCreateContext");
	*(void **)&CreateCommandQueue = sym(lib, "clCreateCommandQueue");
	*(void **)&CreateProgramWithSource = sym(lib, "clCreateProgramWithSource");
	*(void **)&BuildProgram = sym(lib, "clBuildProgram");
	*(void **)&CreateKernel = sym(lib, "clCreateKernel");
	*(void **)&CreateBuffer = sym(lib, "clCreateBuffer");
	*(void **)&SetKernelArg = sym(lib, "clSetKernelArg");
	*(void **)&EnqueueNDRangeKernel = sym(lib, "clEnqueueNDRangeKernel");
	*(void **)&Finish = sym(lib, "clFinish");

	cl_platform_id plats[16];
	cl_uint nplat = 0;
	cl_int err = GetPlatformIDs(16, plats, &nplat);
	if (err) die("clGetPlatformIDs", err);
	cl_device_id dev = 0;
	for (cl_uint i = 0; i < nplat && !dev; i++) {
		char name[256] = {0};
		GetPlatformInfo(plats[i], PLATFORM_NAME, sizeof name - 1, name, NULL);
		if (!strstr(name, "Portable Computing Language")) continue;
		cl_uint n = 0;
		if (GetDeviceIDs(plats[i], DEVICE_TYPE_CPU, 1, &dev, &n) || n == 0) dev = 0;
	}
	if (!dev) die("no PoCL CPU device", -1);
	cl_context ctx = CreateContext(NULL, 1, &dev, NULL, NULL, &err);
	if (err) die("clCreateContext", err);
	cl_command_queue q = CreateCommandQueue(ctx, dev, 0, &err);
	if (err) die("clCreateCommandQueue", err);
	cl_program prog = CreateProgramWithSource(ctx, 1, &source, NULL, &err);
	if (err) die("clCreateProgramWithSource", err);
	if ((err = BuildProgram(prog, 1, &dev, "", NULL, NULL))) die("clBuildProgram", err);
	cl_kernel k = CreateKernel(prog, "Spin", &err);
	if (err) die("clCreateKernel", err);
	cl_mem out = CreateBuffer(ctx, MEM_READ_WRITE, 4, NULL, &err);
	if (err) die("clCreateBuffer", err);
	int64_t one = 1;
	SetKernelArg(k, 1, sizeof out, &out);
	SetKernelArg(k, 2, 8, &one);
	SetKernelArg(k, 3, 8, &one);
	SetKernelArg(k, 4, 8, &one);
	SetKernelArg(k, 5, 8, &one);
	size_t global = 1, local = 1;
	int64_t *t = calloc(samples, sizeof *t);
	for (int a = 2; a < argc; a++) {
		int64_t iters = atoll(argv[a]);
		if ((err = SetKernelArg(k, 0, 8, &iters))) die("clSetKernelArg", err);
		for (int w = 0; w < 5; w++) { /* warm up */
			EnqueueNDRangeKernel(q, k, 1, NULL, &global, &local, 0, NULL, NULL);
			Finish(q);
		}
		for (int s = 0; s < samples; s++) {
			int64_t t0 = now_ns();
			if ((err = EnqueueNDRangeKernel(q, k, 1, NULL, &global, &local, 0, NULL, NULL)))
				die("clEnqueueNDRangeKernel", err);
			if ((err = Finish(q))) die("clFinish", err);
			t[s] = now_ns() - t0;
		}
		printf("%lld", (long long)iters);
		for (int s = 0; s < samples; s++) printf(" %lld", (long long)t[s]);
		printf("\n");
	}
	return 0;
}
