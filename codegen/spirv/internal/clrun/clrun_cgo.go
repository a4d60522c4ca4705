package clrun

// This file crosses into C: it opens libOpenCL.so.1 with dlopen and calls
// the handful of OpenCL 1.2 functions it needs through function pointers,
// declared here with the API's own types spelled out (cl_* handles are
// opaque pointers; cl_int is int32, cl_uint uint32, bitfields uint64).

/*
#cgo LDFLAGS: -ldl
#include <dlfcn.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

typedef int32_t cl_int;
typedef uint32_t cl_uint;
typedef uint64_t cl_ulong;
typedef void *cl_handle;

#define CL_DEVICE_TYPE_CPU 2
#define CL_PROGRAM_BUILD_LOG 0x1183
#define CL_MEM_READ_WRITE 1
#define CL_MEM_COPY_HOST_PTR 32

static void *lib;
static cl_int (*pGetPlatformIDs)(cl_uint, cl_handle *, cl_uint *);
static cl_int (*pGetDeviceIDs)(cl_handle, cl_ulong, cl_uint, cl_handle *, cl_uint *);
static cl_handle (*pCreateContext)(const intptr_t *, cl_uint, const cl_handle *, void *, void *, cl_int *);
static cl_handle (*pCreateCommandQueue)(cl_handle, cl_handle, cl_ulong, cl_int *);
static cl_handle (*pCreateProgramWithBinary)(cl_handle, cl_uint, const cl_handle *, const size_t *, const unsigned char **, cl_int *, cl_int *);
static cl_int (*pBuildProgram)(cl_handle, cl_uint, const cl_handle *, const char *, void *, void *);
static cl_int (*pGetProgramBuildInfo)(cl_handle, cl_handle, cl_uint, size_t, void *, size_t *);
static cl_handle (*pCreateKernel)(cl_handle, const char *, cl_int *);
static cl_int (*pSetKernelArg)(cl_handle, cl_uint, size_t, const void *);
static cl_handle (*pCreateBuffer)(cl_handle, cl_ulong, size_t, void *, cl_int *);
static cl_int (*pEnqueueNDRangeKernel)(cl_handle, cl_handle, cl_uint, const size_t *, const size_t *, const size_t *, cl_uint, const cl_handle *, cl_handle *);
static cl_int (*pEnqueueReadBuffer)(cl_handle, cl_handle, cl_uint, size_t, size_t, void *, cl_uint, const cl_handle *, cl_handle *);
static cl_int (*pFinish)(cl_handle);
static cl_int (*pRelease[5])(cl_handle); // mem, kernel, program, queue, context

#define SYM(p, name) if (!(*(void **)&p = dlsym(lib, name))) return name;

// clrun_load opens the library; it returns NULL or the missing symbol.
static const char *clrun_load(void) {
	if (lib) return NULL;
	lib = dlopen("libOpenCL.so.1", RTLD_NOW | RTLD_LOCAL);
	if (!lib) return "libOpenCL.so.1";
	SYM(pGetPlatformIDs, "clGetPlatformIDs")
	SYM(pGetDeviceIDs, "clGetDeviceIDs")
	SYM(pCreateContext, "clCreateContext")
	SYM(pCreateCommandQueue, "clCreateCommandQueue")
	SYM(pCreateProgramWithBinary, "clCreateProgramWithBinary")
	SYM(pBuildProgram, "clBuildProgram")
	SYM(pGetProgramBuildInfo, "clGetProgramBuildInfo")
	SYM(pCreateKernel, "clCreateKernel")
	SYM(pSetKernelArg, "clSetKernelArg")
	SYM(pCreateBuffer, "clCreateBuffer")
	SYM(pEnqueueNDRangeKernel, "clEnqueueNDRangeKernel")
	SYM(pEnqueueReadBuffer, "clEnqueueReadBuffer")
	SYM(pFinish, "clFinish")
	SYM(pRelease[0], "clReleaseMemObject")
	SYM(pRelease[1], "clReleaseKernel")
	SYM(pRelease[2], "clReleaseProgram")
	SYM(pRelease[3], "clReleaseCommandQueue")
	SYM(pRelease[4], "clReleaseContext")
	return NULL;
}

// clrun_open finds the first CPU device of any platform and makes a context
// and an in-order queue on it.
static cl_int clrun_open(cl_handle *dev, cl_handle *ctx, cl_handle *queue) {
	cl_handle plats[16];
	cl_uint n = 0;
	cl_int err = pGetPlatformIDs(16, plats, &n);
	if (err) return err;
	for (cl_uint i = 0; i < n && i < 16; i++) {
		cl_uint nd = 0;
		if (pGetDeviceIDs(plats[i], CL_DEVICE_TYPE_CPU, 1, dev, &nd) == 0 && nd > 0) {
			*ctx = pCreateContext(NULL, 1, dev, NULL, NULL, &err);
			if (err) return err;
			*queue = pCreateCommandQueue(*ctx, *dev, 0, &err);
			return err;
		}
	}
	return -1; // CL_DEVICE_NOT_FOUND
}

// clrun_program creates and builds a program from a binary; on a build
// failure log gets the build log.
static cl_handle clrun_program(cl_handle ctx, cl_handle dev, const unsigned char *bin, size_t len, const char *opts, char *log, size_t loglen, cl_int *err) {
	cl_int status = 0;
	cl_handle p = pCreateProgramWithBinary(ctx, 1, &dev, &len, &bin, &status, err);
	if (*err) return NULL;
	*err = pBuildProgram(p, 1, &dev, opts, NULL, NULL);
	if (*err) {
		log[0] = 0;
		pGetProgramBuildInfo(p, dev, CL_PROGRAM_BUILD_LOG, loglen - 1, log, NULL);
		log[loglen - 1] = 0;
		pRelease[2](p);
		return NULL;
	}
	return p;
}

static cl_handle clrun_kernel(cl_handle p, const char *name, cl_int *err) { return pCreateKernel(p, name, err); }
static cl_int clrun_arg(cl_handle k, cl_uint i, size_t size, const void *v) { return pSetKernelArg(k, i, size, v); }
static cl_int clrun_buffer_arg(cl_handle k, cl_uint i, cl_handle mem) { return pSetKernelArg(k, i, sizeof mem, &mem); }
static cl_handle clrun_buffer(cl_handle ctx, size_t size, void *host, cl_int *err) {
	return pCreateBuffer(ctx, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, size, host, err);
}
static cl_int clrun_launch(cl_handle q, cl_handle k, const size_t *global, const size_t *local) {
	cl_int err = pEnqueueNDRangeKernel(q, k, 3, NULL, global, local, 0, NULL, NULL);
	return err ? err : pFinish(q);
}
static cl_int clrun_read(cl_handle q, cl_handle mem, size_t size, void *host) {
	return pEnqueueReadBuffer(q, mem, 1, 0, size, host, 0, NULL, NULL);
}
static void clrun_release(int kind, cl_handle h) { if (h) pRelease[kind](h); }
*/
import "C"

import (
	"fmt"
	"unsafe"
)

// Device is an OpenCL CPU device with a context and a queue.
type Device struct {
	dev, ctx, queue C.cl_handle
}

// Open loads libOpenCL.so.1 and opens the first CPU device (PoCL's, here).
func Open() (*Device, error) {
	if missing := C.clrun_load(); missing != nil {
		return nil, fmt.Errorf("%w: cannot load %s", ErrNoDevice, C.GoString(missing))
	}
	d := &Device{}
	if err := C.clrun_open(&d.dev, &d.ctx, &d.queue); err != 0 {
		return nil, fmt.Errorf("%w: error %d", ErrNoDevice, err)
	}
	return d, nil
}

// Close releases the queue and the context.
func (d *Device) Close() {
	C.clrun_release(3, d.queue)
	C.clrun_release(4, d.ctx)
}

// buffer is a slice argument: its device memory and where to copy it back.
type buffer struct {
	mem  C.cl_handle
	host unsafe.Pointer
	size int
}

func (d *Device) run(bitcode []byte, options, kernel string, r Range, args []any) error {
	bin := C.CBytes(bitcode)
	defer C.free(bin)
	copts, cname := C.CString(options), C.CString(kernel)
	defer C.free(unsafe.Pointer(copts))
	defer C.free(unsafe.Pointer(cname))
	var log [8192]C.char
	var err C.cl_int
	prog := C.clrun_program(d.ctx, d.dev, (*C.uchar)(bin), C.size_t(len(bitcode)), copts, &log[0], C.size_t(len(log)), &err)
	if err != 0 {
		return fmt.Errorf("clrun: build: error %d\n%s", err, C.GoString(&log[0]))
	}
	defer C.clrun_release(2, prog)
	k := C.clrun_kernel(prog, cname, &err)
	if err != 0 {
		return fmt.Errorf("clrun: clCreateKernel(%s): error %d", kernel, err)
	}
	defer C.clrun_release(1, k)

	var bufs []buffer
	defer func() {
		for _, b := range bufs {
			C.clrun_release(0, b.mem)
		}
	}()
	for i, a := range args {
		host, size, isSlice := sliceBytes(a)
		if isSlice {
			mem := C.clrun_buffer(d.ctx, C.size_t(max(size, 1)), host, &err)
			if err != 0 {
				return fmt.Errorf("clrun: buffer for argument %d: error %d", i, err)
			}
			bufs = append(bufs, buffer{mem, host, size})
			err = C.clrun_buffer_arg(k, C.cl_uint(i), mem)
		} else {
			p, n, ok := scalarBytes(a)
			if !ok {
				return fmt.Errorf("clrun: argument %d: unsupported type %T", i, a)
			}
			err = C.clrun_arg(k, C.cl_uint(i), C.size_t(n), p)
		}
		if err != 0 {
			return fmt.Errorf("clrun: clSetKernelArg %d: error %d", i, err)
		}
	}
	global := (*[3]C.size_t)(C.malloc(3 * C.sizeof_size_t))
	local := (*[3]C.size_t)(C.malloc(3 * C.sizeof_size_t))
	defer C.free(unsafe.Pointer(global))
	defer C.free(unsafe.Pointer(local))
	for i := range 3 {
		global[i], local[i] = C.size_t(max(r.Global[i], 1)), C.size_t(max(r.Local[i], 1))
	}
	if err := C.clrun_launch(d.queue, k, &global[0], &local[0]); err != 0 {
		return fmt.Errorf("clrun: launch: error %d", err)
	}
	for _, b := range bufs {
		if b.size == 0 {
			continue
		}
		if err := C.clrun_read(d.queue, b.mem, C.size_t(b.size), b.host); err != 0 {
			return fmt.Errorf("clrun: read back: error %d", err)
		}
	}
	return nil
}

// sliceBytes returns the memory of a slice argument.
func sliceBytes(a any) (unsafe.Pointer, int, bool) {
	switch s := a.(type) {
	case []float32:
		return unsafe.Pointer(unsafe.SliceData(s)), 4 * len(s), true
	case []float64:
		return unsafe.Pointer(unsafe.SliceData(s)), 8 * len(s), true
	case []int32:
		return unsafe.Pointer(unsafe.SliceData(s)), 4 * len(s), true
	case []int64:
		return unsafe.Pointer(unsafe.SliceData(s)), 8 * len(s), true
	}
	return nil, 0, false
}

// scalarBytes returns a copy of a scalar argument's bytes.
func scalarBytes(a any) (unsafe.Pointer, int, bool) {
	switch v := a.(type) {
	case float32:
		return unsafe.Pointer(&v), 4, true
	case float64:
		return unsafe.Pointer(&v), 8, true
	case int8:
		return unsafe.Pointer(&v), 1, true
	case uint8:
		return unsafe.Pointer(&v), 1, true
	case int16:
		return unsafe.Pointer(&v), 2, true
	case int32:
		return unsafe.Pointer(&v), 4, true
	case int64:
		return unsafe.Pointer(&v), 8, true
	}
	return nil, 0, false
}
