//go:build cgo

package clcheck

// This file crosses into C: it dlopens libOpenCL.so.1 and calls it through
// function pointers, with the types and constants of the OpenCL 1.2 API
// declared here (their values are the ABI, from the OpenCL specification).

/*
#cgo LDFLAGS: -ldl
#include <dlfcn.h>
#include <stdint.h>
#include <stdlib.h>

typedef int32_t kc_int;
typedef uint32_t kc_uint;
typedef uint64_t kc_bitfield;
typedef void *kc_handle;

static void *kc_lib;
static kc_int (*kc_GetPlatformIDs)(kc_uint, kc_handle *, kc_uint *);
static kc_int (*kc_GetPlatformInfo)(kc_handle, kc_uint, size_t, void *, size_t *);
static kc_int (*kc_GetDeviceIDs)(kc_handle, kc_bitfield, kc_uint, kc_handle *, kc_uint *);
static kc_int (*kc_GetDeviceInfo)(kc_handle, kc_uint, size_t, void *, size_t *);
static kc_handle (*kc_CreateContext)(const intptr_t *, kc_uint, const kc_handle *, void *, void *, kc_int *);
static kc_handle (*kc_CreateCommandQueue)(kc_handle, kc_handle, kc_bitfield, kc_int *);
static kc_handle (*kc_CreateProgramWithSource)(kc_handle, kc_uint, const char **, const size_t *, kc_int *);
static kc_int (*kc_BuildProgram)(kc_handle, kc_uint, const kc_handle *, const char *, void *, void *);
static kc_int (*kc_GetProgramBuildInfo)(kc_handle, kc_handle, kc_uint, size_t, void *, size_t *);
static kc_handle (*kc_CreateKernel)(kc_handle, const char *, kc_int *);
static kc_int (*kc_SetKernelArg)(kc_handle, kc_uint, size_t, const void *);
static kc_handle (*kc_CreateBuffer)(kc_handle, kc_bitfield, size_t, void *, kc_int *);
static kc_int (*kc_EnqueueNDRangeKernel)(kc_handle, kc_handle, kc_uint, const size_t *, const size_t *, const size_t *, kc_uint, const kc_handle *, kc_handle *);
static kc_int (*kc_EnqueueReadBuffer)(kc_handle, kc_handle, kc_uint, size_t, size_t, void *, kc_uint, const kc_handle *, kc_handle *);
static kc_int (*kc_Finish)(kc_handle);
static kc_int (*kc_ReleaseMemObject)(kc_handle);
static kc_int (*kc_ReleaseKernel)(kc_handle);
static kc_int (*kc_ReleaseProgram)(kc_handle);

// kc_load opens the library and resolves every function; it returns the
// name of the first one missing, or NULL.
static const char *kc_load(void) {
	if (kc_lib) return NULL;
	void *l = dlopen("libOpenCL.so.1", RTLD_NOW | RTLD_LOCAL);
	if (!l) return "libOpenCL.so.1";
#define KC_SYM(name) if (!(*(void **)&kc_##name = dlsym(l, "cl" #name))) return "cl" #name;
	KC_SYM(GetPlatformIDs) KC_SYM(GetPlatformInfo) KC_SYM(GetDeviceIDs) KC_SYM(GetDeviceInfo)
	KC_SYM(CreateContext) KC_SYM(CreateCommandQueue) KC_SYM(CreateProgramWithSource)
	KC_SYM(BuildProgram) KC_SYM(GetProgramBuildInfo) KC_SYM(CreateKernel) KC_SYM(SetKernelArg)
	KC_SYM(CreateBuffer) KC_SYM(EnqueueNDRangeKernel) KC_SYM(EnqueueReadBuffer) KC_SYM(Finish)
	KC_SYM(ReleaseMemObject) KC_SYM(ReleaseKernel) KC_SYM(ReleaseProgram)
#undef KC_SYM
	kc_lib = l;
	return NULL;
}

static kc_int getPlatformIDs(kc_uint n, kc_handle *p, kc_uint *num) { return kc_GetPlatformIDs(n, p, num); }
static kc_int getPlatformInfo(kc_handle p, kc_uint what, size_t n, void *v, size_t *ret) { return kc_GetPlatformInfo(p, what, n, v, ret); }
static kc_int getDeviceIDs(kc_handle p, kc_bitfield t, kc_uint n, kc_handle *d, kc_uint *num) { return kc_GetDeviceIDs(p, t, n, d, num); }
static kc_int getDeviceInfo(kc_handle d, kc_uint what, size_t n, void *v, size_t *ret) { return kc_GetDeviceInfo(d, what, n, v, ret); }
static kc_handle createContext(kc_handle platform, kc_handle dev, kc_int *err) {
	intptr_t props[3] = {0x1084, (intptr_t)platform, 0}; // CL_CONTEXT_PLATFORM
	return kc_CreateContext(props, 1, &dev, NULL, NULL, err);
}
static kc_handle createCommandQueue(kc_handle c, kc_handle d, kc_int *err) { return kc_CreateCommandQueue(c, d, 0, err); }
static kc_handle createProgramWithSource(kc_handle c, const char *src, kc_int *err) { return kc_CreateProgramWithSource(c, 1, &src, NULL, err); }
static kc_int buildProgram(kc_handle p, kc_handle d, const char *opts) { return kc_BuildProgram(p, 1, &d, opts, NULL, NULL); }
static kc_int getProgramBuildInfo(kc_handle p, kc_handle d, kc_uint what, size_t n, void *v, size_t *ret) { return kc_GetProgramBuildInfo(p, d, what, n, v, ret); }
static kc_handle createKernel(kc_handle p, const char *name, kc_int *err) { return kc_CreateKernel(p, name, err); }
static kc_int setKernelArg(kc_handle k, kc_uint i, size_t n, const void *v) { return kc_SetKernelArg(k, i, n, v); }
static kc_handle createBuffer(kc_handle c, kc_bitfield flags, size_t n, void *host, kc_int *err) { return kc_CreateBuffer(c, flags, n, host, err); }
static kc_int enqueueNDRangeKernel(kc_handle q, kc_handle k, kc_uint dims, const size_t *global, const size_t *local) {
	return kc_EnqueueNDRangeKernel(q, k, dims, NULL, global, local, 0, NULL, NULL);
}
static kc_int enqueueReadBuffer(kc_handle q, kc_handle b, size_t n, void *dst) { return kc_EnqueueReadBuffer(q, b, 1, 0, n, dst, 0, NULL, NULL); }
static kc_int finish(kc_handle q) { return kc_Finish(q); }
static kc_int releaseMemObject(kc_handle m) { return kc_ReleaseMemObject(m); }
static kc_int releaseKernel(kc_handle k) { return kc_ReleaseKernel(k); }
static kc_int releaseProgram(kc_handle p) { return kc_ReleaseProgram(p); }
*/
import "C"

import (
	"fmt"
	"strings"
	"unsafe"
)

// OpenCL 1.2 constants used here.
const (
	clPlatformName     = 0x0902
	clDeviceTypeAll    = 0xFFFFFFFF
	clDeviceName       = 0x102B
	clDeviceExtensions = 0x1030
	clProgramBuildLog  = 0x1183
	clMemReadWrite     = 1 << 0
	clMemCopyHostPtr   = 1 << 5
)

// Device is PoCL's CPU device with a context and an in-order queue. It is
// not safe for concurrent use.
type Device struct {
	dev, ctx, queue C.kc_handle
	// Name and Extensions are CL_DEVICE_NAME and CL_DEVICE_EXTENSIONS.
	Name, Extensions string
}

// Program is a built program.
type Program struct {
	d    *Device
	prog C.kc_handle
}

// Open finds the PoCL platform and its first device.
func Open() (*Device, error) {
	if missing := C.kc_load(); missing != nil {
		return nil, fmt.Errorf("%w: cannot load %s", ErrUnavailable, C.GoString(missing))
	}
	var n C.kc_uint
	if rc := C.getPlatformIDs(0, nil, &n); rc != 0 || n == 0 {
		return nil, fmt.Errorf("%w: no OpenCL platforms (%d)", ErrUnavailable, rc)
	}
	platforms := make([]C.kc_handle, n)
	C.getPlatformIDs(n, &platforms[0], nil)
	for _, p := range platforms {
		if !strings.Contains(platformString(p, clPlatformName), "Portable Computing Language") {
			continue
		}
		var dev C.kc_handle
		if rc := C.getDeviceIDs(p, clDeviceTypeAll, 1, &dev, nil); rc != 0 {
			return nil, fmt.Errorf("%w: PoCL has no device (%d)", ErrUnavailable, rc)
		}
		var rc C.kc_int
		ctx := C.createContext(p, dev, &rc)
		if rc != 0 {
			return nil, fmt.Errorf("clcheck: clCreateContext: %d", rc)
		}
		q := C.createCommandQueue(ctx, dev, &rc)
		if rc != 0 {
			return nil, fmt.Errorf("clcheck: clCreateCommandQueue: %d", rc)
		}
		return &Device{dev: dev, ctx: ctx, queue: q,
			Name: deviceString(dev, clDeviceName), Extensions: deviceString(dev, clDeviceExtensions)}, nil
	}
	return nil, fmt.Errorf("%w: no PoCL platform", ErrUnavailable)
}

func platformString(p C.kc_handle, what C.kc_uint) string {
	var n C.size_t
	if C.getPlatformInfo(p, what, 0, nil, &n) != 0 || n == 0 {
		return ""
	}
	buf := make([]byte, n)
	C.getPlatformInfo(p, what, n, unsafe.Pointer(&buf[0]), nil)
	return strings.TrimRight(string(buf), "\x00")
}

func deviceString(d C.kc_handle, what C.kc_uint) string {
	var n C.size_t
	if C.getDeviceInfo(d, what, 0, nil, &n) != 0 || n == 0 {
		return ""
	}
	buf := make([]byte, n)
	C.getDeviceInfo(d, what, n, unsafe.Pointer(&buf[0]), nil)
	return strings.TrimRight(string(buf), "\x00")
}

// Build compiles OpenCL C source (without build options); a failure's
// error holds the build log.
func (d *Device) Build(src string) (*Program, error) {
	csrc := C.CString(src)
	defer C.free(unsafe.Pointer(csrc))
	var rc C.kc_int
	prog := C.createProgramWithSource(d.ctx, csrc, &rc)
	if rc != 0 {
		return nil, fmt.Errorf("clcheck: clCreateProgramWithSource: %d", rc)
	}
	opts := C.CString("")
	defer C.free(unsafe.Pointer(opts))
	if rc := C.buildProgram(prog, d.dev, opts); rc != 0 {
		log := d.buildLog(prog)
		C.releaseProgram(prog)
		return nil, fmt.Errorf("clcheck: clBuildProgram: %d; build log:\n%s", rc, log)
	}
	return &Program{d: d, prog: prog}, nil
}

func (d *Device) buildLog(prog C.kc_handle) string {
	var n C.size_t
	if C.getProgramBuildInfo(prog, d.dev, clProgramBuildLog, 0, nil, &n) != 0 || n == 0 {
		return "(no log)"
	}
	buf := make([]byte, n)
	C.getProgramBuildInfo(prog, d.dev, clProgramBuildLog, n, unsafe.Pointer(&buf[0]), nil)
	return strings.TrimRight(string(buf), "\x00")
}

// Release frees the program.
func (p *Program) Release() { C.releaseProgram(p.prog) }

// Run launches kernel over the global range with the given group size (nil
// lets the driver choose) and waits for it. Each argument is a *Buffer, a
// Local, or a fixed-size number (int32, uint64, float32, ...) for a scalar
// parameter. Buffers are copied back into their Data.
func (p *Program) Run(kernel string, global, local []int, args ...any) error {
	cname := C.CString(kernel)
	defer C.free(unsafe.Pointer(cname))
	var rc C.kc_int
	k := C.createKernel(p.prog, cname, &rc)
	if rc != 0 {
		return fmt.Errorf("clcheck: clCreateKernel(%s): %d", kernel, rc)
	}
	defer C.releaseKernel(k)

	type bound struct {
		mem C.kc_handle
		buf *Buffer
	}
	var mems []bound
	defer func() {
		for _, m := range mems {
			C.releaseMemObject(m.mem)
		}
	}()
	for i, a := range args {
		switch a := a.(type) {
		case *Buffer:
			if len(a.Data) == 0 {
				return fmt.Errorf("clcheck: argument %d: empty buffer", i)
			}
			mem := C.createBuffer(p.d.ctx, clMemReadWrite|clMemCopyHostPtr, C.size_t(len(a.Data)), unsafe.Pointer(&a.Data[0]), &rc)
			if rc != 0 {
				return fmt.Errorf("clcheck: clCreateBuffer: %d", rc)
			}
			mems = append(mems, bound{mem, a})
			if rc := C.setKernelArg(k, C.kc_uint(i), C.size_t(unsafe.Sizeof(mem)), unsafe.Pointer(&mem)); rc != 0 {
				return fmt.Errorf("clcheck: clSetKernelArg(%d, buffer): %d", i, rc)
			}
		case Local:
			if rc := C.setKernelArg(k, C.kc_uint(i), C.size_t(a), nil); rc != 0 {
				return fmt.Errorf("clcheck: clSetKernelArg(%d, local): %d", i, rc)
			}
		default:
			b, err := scalarBytes(a)
			if err != nil {
				return err
			}
			if rc := C.setKernelArg(k, C.kc_uint(i), C.size_t(len(b)), unsafe.Pointer(&b[0])); rc != 0 {
				return fmt.Errorf("clcheck: clSetKernelArg(%d, %T): %d", i, a, rc)
			}
		}
	}
	if len(global) == 0 || len(global) > 3 || (local != nil && len(local) != len(global)) {
		return fmt.Errorf("clcheck: bad range %v / %v", global, local)
	}
	g := make([]C.size_t, len(global))
	for i, n := range global {
		g[i] = C.size_t(n)
	}
	var lp *C.size_t
	if local != nil {
		l := make([]C.size_t, len(local))
		for i, n := range local {
			l[i] = C.size_t(n)
		}
		lp = &l[0]
	}
	if rc := C.enqueueNDRangeKernel(p.d.queue, k, C.kc_uint(len(global)), &g[0], lp); rc != 0 {
		return fmt.Errorf("clcheck: clEnqueueNDRangeKernel: %d", rc)
	}
	for _, m := range mems {
		if rc := C.enqueueReadBuffer(p.d.queue, m.mem, C.size_t(len(m.buf.Data)), unsafe.Pointer(&m.buf.Data[0])); rc != 0 {
			return fmt.Errorf("clcheck: clEnqueueReadBuffer: %d", rc)
		}
	}
	if rc := C.finish(p.d.queue); rc != 0 {
		return fmt.Errorf("clcheck: clFinish: %d", rc)
	}
	return nil
}
