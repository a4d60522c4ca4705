package cl

// This file is the only place that crosses into C. The C side opens
// libOpenCL.so.1 with dlopen at run time, resolves the entry points kago uses
// into a table of function pointers, and offers one small wrapper per entry
// point. Handles (platforms, devices, contexts, queues, memory objects,
// programs, kernels, events) travel as uintptr_t so that Go never converts
// an integer into an unsafe.Pointer; the wrappers cast them back in C.
//
// No OpenCL header is used: the few types the wrappers need are declared
// below, following the OpenCL 3.0 API specification (cl_int is int32_t,
// cl_uint uint32_t, bitfields and properties are 64-bit, handles are
// pointers).

/*
#cgo LDFLAGS: -ldl
#cgo noescape kg_launch
#cgo nocallback kg_launch
#cgo noescape kg_event_status
#cgo nocallback kg_event_status

#include <dlfcn.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

typedef int32_t  kg_int;
typedef uint32_t kg_uint;
typedef uint64_t kg_bits;
typedef void *kg_h; // any OpenCL handle

typedef void (*kg_notify)(kg_h event, kg_int status, void *user);

static struct {
	void *lib;
	kg_int (*GetPlatformIDs)(kg_uint, kg_h *, kg_uint *);
	kg_int (*GetPlatformInfo)(kg_h, kg_uint, size_t, void *, size_t *);
	kg_int (*GetDeviceIDs)(kg_h, kg_bits, kg_uint, kg_h *, kg_uint *);
	kg_int (*GetDeviceInfo)(kg_h, kg_uint, size_t, void *, size_t *);
	kg_h (*CreateContext)(const intptr_t *, kg_uint, const kg_h *, void *, void *, kg_int *);
	kg_int (*ReleaseContext)(kg_h);
	kg_h (*CreateCommandQueue)(kg_h, kg_h, kg_bits, kg_int *);
	kg_h (*CreateCommandQueueWithProperties)(kg_h, kg_h, const kg_bits *, kg_int *);
	kg_int (*ReleaseCommandQueue)(kg_h);
	kg_h (*CreateBuffer)(kg_h, kg_bits, size_t, void *, kg_int *);
	kg_int (*ReleaseMemObject)(kg_h);
	kg_int (*SetMemObjectDestructorCallback)(kg_h, void (*)(kg_h, void *), void *);
	kg_h (*CreateProgramWithSource)(kg_h, kg_uint, const char **, const size_t *, kg_int *);
	kg_h (*CreateProgramWithIL)(kg_h, const void *, size_t, kg_int *);
	kg_h (*CreateProgramWithBinary)(kg_h, kg_uint, const kg_h *, const size_t *, const unsigned char **, kg_int *, kg_int *);
	kg_int (*BuildProgram)(kg_h, kg_uint, const kg_h *, const char *, void *, void *);
	kg_int (*GetProgramBuildInfo)(kg_h, kg_h, kg_uint, size_t, void *, size_t *);
	kg_int (*ReleaseProgram)(kg_h);
	kg_h (*CreateKernel)(kg_h, const char *, kg_int *);
	kg_int (*ReleaseKernel)(kg_h);
	kg_int (*SetKernelArg)(kg_h, kg_uint, size_t, const void *);
	kg_int (*GetKernelWorkGroupInfo)(kg_h, kg_h, kg_uint, size_t, void *, size_t *);
	kg_int (*EnqueueNDRangeKernel)(kg_h, kg_h, kg_uint, const size_t *, const size_t *, const size_t *, kg_uint, const kg_h *, kg_h *);
	kg_int (*EnqueueReadBuffer)(kg_h, kg_h, kg_uint, size_t, size_t, void *, kg_uint, const kg_h *, kg_h *);
	kg_int (*EnqueueWriteBuffer)(kg_h, kg_h, kg_uint, size_t, size_t, const void *, kg_uint, const kg_h *, kg_h *);
	kg_int (*EnqueueCopyBuffer)(kg_h, kg_h, kg_h, size_t, size_t, size_t, kg_uint, const kg_h *, kg_h *);
	kg_int (*EnqueueFillBuffer)(kg_h, kg_h, const void *, size_t, size_t, size_t, kg_uint, const kg_h *, kg_h *);
	kg_int (*EnqueueMarkerWithWaitList)(kg_h, kg_uint, const kg_h *, kg_h *);
	kg_int (*EnqueueBarrierWithWaitList)(kg_h, kg_uint, const kg_h *, kg_h *);
	kg_int (*WaitForEvents)(kg_uint, const kg_h *);
	kg_int (*GetEventInfo)(kg_h, kg_uint, size_t, void *, size_t *);
	kg_int (*GetEventProfilingInfo)(kg_h, kg_uint, size_t, void *, size_t *);
	kg_int (*SetEventCallback)(kg_h, kg_int, kg_notify, void *);
	kg_h (*CreateUserEvent)(kg_h, kg_int *);
	kg_int (*SetUserEventStatus)(kg_h, kg_int);
	kg_int (*RetainEvent)(kg_h);
	kg_int (*ReleaseEvent)(kg_h);
	kg_int (*Flush)(kg_h);
	kg_int (*Finish)(kg_h);
} kg;

// kg_open loads the library and resolves every entry point. It returns NULL
// on success, else a message (dlerror's, or the missing symbol's name).
// Optional entry points (OpenCL 2.0+: queues with properties, IL programs)
// may stay NULL.
static const char *kg_open(void) {
	if (kg.lib) return NULL;
	void *lib = dlopen("libOpenCL.so.1", RTLD_NOW | RTLD_LOCAL);
	if (!lib) lib = dlopen("libOpenCL.so", RTLD_NOW | RTLD_LOCAL);
	if (!lib) return dlerror();
#define KG_REQ(name) if (!(*(void **)&kg.name = dlsym(lib, "cl" #name))) return "cl" #name;
#define KG_OPT(name) *(void **)&kg.name = dlsym(lib, "cl" #name);
	KG_REQ(GetPlatformIDs) KG_REQ(GetPlatformInfo) KG_REQ(GetDeviceIDs) KG_REQ(GetDeviceInfo)
	KG_REQ(CreateContext) KG_REQ(ReleaseContext)
	KG_REQ(CreateCommandQueue) KG_OPT(CreateCommandQueueWithProperties) KG_REQ(ReleaseCommandQueue)
	KG_REQ(CreateBuffer) KG_REQ(ReleaseMemObject) KG_OPT(SetMemObjectDestructorCallback)
	KG_REQ(CreateProgramWithSource) KG_OPT(CreateProgramWithIL) KG_REQ(CreateProgramWithBinary)
	KG_REQ(BuildProgram) KG_REQ(GetProgramBuildInfo) KG_REQ(ReleaseProgram)
	KG_REQ(CreateKernel) KG_REQ(ReleaseKernel) KG_REQ(SetKernelArg) KG_REQ(GetKernelWorkGroupInfo)
	KG_REQ(EnqueueNDRangeKernel) KG_REQ(EnqueueReadBuffer) KG_REQ(EnqueueWriteBuffer)
	KG_REQ(EnqueueCopyBuffer) KG_REQ(EnqueueFillBuffer)
	KG_REQ(EnqueueMarkerWithWaitList) KG_REQ(EnqueueBarrierWithWaitList)
	KG_REQ(WaitForEvents) KG_REQ(GetEventInfo) KG_REQ(SetEventCallback) KG_REQ(GetEventProfilingInfo)
	KG_REQ(CreateUserEvent) KG_REQ(SetUserEventStatus) KG_REQ(RetainEvent) KG_REQ(ReleaseEvent)
	KG_REQ(Flush) KG_REQ(Finish)
#undef KG_REQ
#undef KG_OPT
	kg.lib = lib;
	return NULL;
}

static int kg_has_queue_properties(void) { return kg.CreateCommandQueueWithProperties != NULL; }
static int kg_has_il(void) { return kg.CreateProgramWithIL != NULL; }

static kg_int kg_platform_ids(kg_uint n, uintptr_t *out, kg_uint *num) {
	return kg.GetPlatformIDs(n, (kg_h *)out, num);
}
static kg_int kg_platform_info(uintptr_t p, kg_uint param, size_t size, void *val, size_t *ret) {
	return kg.GetPlatformInfo((kg_h)p, param, size, val, ret);
}
static kg_int kg_device_ids(uintptr_t p, kg_bits type, kg_uint n, uintptr_t *out, kg_uint *num) {
	return kg.GetDeviceIDs((kg_h)p, type, n, (kg_h *)out, num);
}
static kg_int kg_device_info(uintptr_t d, kg_uint param, size_t size, void *val, size_t *ret) {
	return kg.GetDeviceInfo((kg_h)d, param, size, val, ret);
}
static uintptr_t kg_create_context(uintptr_t platform, uintptr_t device, kg_int *err) {
	intptr_t props[3] = {0x1084, (intptr_t)platform, 0};  // CL_CONTEXT_PLATFORM
	kg_h dev = (kg_h)device;
	return (uintptr_t)kg.CreateContext(props, 1, &dev, NULL, NULL, err);
}
static kg_int kg_release_context(uintptr_t c) { return kg.ReleaseContext((kg_h)c); }

static uintptr_t kg_create_queue(uintptr_t ctx, uintptr_t dev, kg_bits priority, kg_int *err) {
	if (priority != 0 && kg.CreateCommandQueueWithProperties) {
		kg_bits props[3] = {0x1096, priority, 0};  // CL_QUEUE_PRIORITY_KHR
		return (uintptr_t)kg.CreateCommandQueueWithProperties((kg_h)ctx, (kg_h)dev, props, err);
	}
	return (uintptr_t)kg.CreateCommandQueue((kg_h)ctx, (kg_h)dev, 0, err);
}
// kg_create_queue_props creates a queue with CL_QUEUE_PROPERTIES (props,
// for example CL_QUEUE_PROFILING_ENABLE) and, when priority is not 0, a
// cl_khr_priority_hints priority.
static uintptr_t kg_create_queue_props(uintptr_t ctx, uintptr_t dev, kg_bits props, kg_bits priority, kg_int *err) {
	if (priority != 0 && kg.CreateCommandQueueWithProperties) {
		kg_bits p[5] = {0x1093, props, 0x1096, priority, 0};  // CL_QUEUE_PROPERTIES, CL_QUEUE_PRIORITY_KHR
		return (uintptr_t)kg.CreateCommandQueueWithProperties((kg_h)ctx, (kg_h)dev, p, err);
	}
	return (uintptr_t)kg.CreateCommandQueue((kg_h)ctx, (kg_h)dev, props, err);
}
static kg_int kg_release_queue(uintptr_t q) { return kg.ReleaseCommandQueue((kg_h)q); }
static kg_int kg_flush(uintptr_t q) { return kg.Flush((kg_h)q); }
static kg_int kg_finish(uintptr_t q) { return kg.Finish((kg_h)q); }

static uintptr_t kg_create_buffer(uintptr_t ctx, kg_bits flags, size_t size, kg_int *err) {
	return (uintptr_t)kg.CreateBuffer((kg_h)ctx, flags, size, NULL, err);
}
static kg_int kg_release_mem(uintptr_t m) { return kg.ReleaseMemObject((kg_h)m); }

static void kg_free_host(kg_h m, void *p) { free(p); }

// kg_create_host_buffer makes a buffer over zeroed host memory
// (CL_MEM_USE_HOST_PTR) that the driver frees when it destroys the buffer;
// 0 with err CL_INVALID_OPERATION (-59) without clSetMemObjectDestructorCallback.
static uintptr_t kg_create_host_buffer(uintptr_t ctx, size_t size, void **host, kg_int *err) {
	if (kg.SetMemObjectDestructorCallback == NULL) {
		*err = -59;
		return 0;
	}
	void *p = NULL;
	if (posix_memalign(&p, 4096, size) != 0) {
		*err = -6; // CL_OUT_OF_HOST_MEMORY
		return 0;
	}
	memset(p, 0, size);
	kg_h m = kg.CreateBuffer((kg_h)ctx, 1 | (1 << 3), size, p, err); // CL_MEM_READ_WRITE | CL_MEM_USE_HOST_PTR
	if (*err != 0) {
		free(p);
		return 0;
	}
	*err = kg.SetMemObjectDestructorCallback(m, kg_free_host, p);
	if (*err != 0) {
		kg.ReleaseMemObject(m);
		free(p);
		return 0;
	}
	*host = p;
	return (uintptr_t)m;
}

static uintptr_t kg_program_source(uintptr_t ctx, const char *src, size_t len, kg_int *err) {
	return (uintptr_t)kg.CreateProgramWithSource((kg_h)ctx, 1, &src, &len, err);
}
static uintptr_t kg_program_il(uintptr_t ctx, const void *il, size_t len, kg_int *err) {
	return (uintptr_t)kg.CreateProgramWithIL((kg_h)ctx, il, len, err);
}
static uintptr_t kg_program_binary(uintptr_t ctx, uintptr_t dev, const unsigned char *bin, size_t len, kg_int *status, kg_int *err) {
	kg_h d = (kg_h)dev;
	return (uintptr_t)kg.CreateProgramWithBinary((kg_h)ctx, 1, &d, &len, &bin, status, err);
}
static kg_int kg_build_program(uintptr_t p, uintptr_t dev, const char *options) {
	kg_h d = (kg_h)dev;
	return kg.BuildProgram((kg_h)p, 1, &d, options, NULL, NULL);
}
static kg_int kg_program_build_info(uintptr_t p, uintptr_t dev, kg_uint param, size_t size, void *val, size_t *ret) {
	return kg.GetProgramBuildInfo((kg_h)p, (kg_h)dev, param, size, val, ret);
}
static kg_int kg_release_program(uintptr_t p) { return kg.ReleaseProgram((kg_h)p); }

static uintptr_t kg_create_kernel(uintptr_t p, const char *name, kg_int *err) {
	return (uintptr_t)kg.CreateKernel((kg_h)p, name, err);
}
static kg_int kg_release_kernel(uintptr_t k) { return kg.ReleaseKernel((kg_h)k); }
static kg_int kg_kernel_wg_info(uintptr_t k, uintptr_t dev, kg_uint param, size_t size, void *val, size_t *ret) {
	return kg.GetKernelWorkGroupInfo((kg_h)k, (kg_h)dev, param, size, val, ret);
}

// kg_launch sets n kernel arguments (argument i is sizes[i] bytes at
// &vals[i], each value in an 8-byte slot, or a __local argument of sizes[i]
// bytes and no value where nulls[i] is set) and enqueues the kernel, in one
// crossing into C. It returns the failing call's index in *which (0: set
// argument *argi, 1: enqueue) with its error code. On success the kernel's
// event replaces *last (the queue's previous last event, released here; 0
// if none), so that a queue can keep the event of its last command at no
// extra crossing.
static kg_int kg_launch(uintptr_t q, uintptr_t k, kg_uint n, const size_t *sizes, const uint64_t *vals, const uint8_t *nulls,
		kg_uint dims, const size_t *global, const size_t *local, kg_int *which, kg_uint *argi, uintptr_t *last) {
	for (kg_uint i = 0; i < n; i++) {
		kg_int e = kg.SetKernelArg((kg_h)k, i, sizes[i], nulls[i] ? NULL : (const void *)&vals[i]);
		if (e != 0) { *which = 0; *argi = i; return e; }
	}
	*which = 1;
	kg_h ev = NULL;
	kg_int e = kg.EnqueueNDRangeKernel((kg_h)q, (kg_h)k, dims, NULL, global, local, 0, NULL, &ev);
	if (e != 0) return e;
	if (*last) kg.ReleaseEvent((kg_h)*last);
	*last = (uintptr_t)ev;
	return 0;
}

static kg_int kg_read(uintptr_t q, uintptr_t m, kg_uint blocking, size_t off, size_t size, void *dst, uintptr_t *ev) {
	return kg.EnqueueReadBuffer((kg_h)q, (kg_h)m, blocking, off, size, dst, 0, NULL, (kg_h *)ev);
}
static kg_int kg_write(uintptr_t q, uintptr_t m, kg_uint blocking, size_t off, size_t size, const void *src, uintptr_t *ev) {
	return kg.EnqueueWriteBuffer((kg_h)q, (kg_h)m, blocking, off, size, src, 0, NULL, (kg_h *)ev);
}
static kg_int kg_copy(uintptr_t q, uintptr_t src, uintptr_t dst, size_t so, size_t dof, size_t size) {
	return kg.EnqueueCopyBuffer((kg_h)q, (kg_h)src, (kg_h)dst, so, dof, size, 0, NULL, NULL);
}
static kg_int kg_copy_ev(uintptr_t q, uintptr_t src, uintptr_t dst, size_t so, size_t dof, size_t size, uintptr_t *ev) {
	return kg.EnqueueCopyBuffer((kg_h)q, (kg_h)src, (kg_h)dst, so, dof, size, 0, NULL, (kg_h *)ev);
}
static kg_int kg_fill(uintptr_t q, uintptr_t m, const void *pat, size_t patsize, size_t off, size_t size) {
	return kg.EnqueueFillBuffer((kg_h)q, (kg_h)m, pat, patsize, off, size, 0, NULL, NULL);
}
static kg_int kg_marker(uintptr_t q, uintptr_t *ev) {
	return kg.EnqueueMarkerWithWaitList((kg_h)q, 0, NULL, (kg_h *)ev);
}
// kg_barrier_on returns the barrier's event: PoCL 3.1 aborts
// (pocl_update_event_failed, EINVAL) when a user event in the wait list of a
// barrier fails after the barrier's event is gone, or if it had none.
static kg_int kg_barrier_on(uintptr_t q, uintptr_t ev, uintptr_t *out) {
	kg_h e = (kg_h)ev;
	return kg.EnqueueBarrierWithWaitList((kg_h)q, 1, &e, (kg_h *)out);
}
static kg_int kg_wait(uintptr_t ev) {
	kg_h e = (kg_h)ev;
	return kg.WaitForEvents(1, &e);
}
static kg_int kg_wait_list(kg_uint n, const uintptr_t *evs) {
	return kg.WaitForEvents(n, (const kg_h *)evs);
}
// kg_event_status returns the command's execution status (CL_COMPLETE = 0,
// running/submitted/queued > 0, an error code < 0), or the query's error in
// *err.
static kg_int kg_event_status(uintptr_t ev, kg_int *err) {
	kg_int st = 0;
	*err = kg.GetEventInfo((kg_h)ev, 0x11D3, sizeof st, &st, NULL);  // CL_EVENT_COMMAND_EXECUTION_STATUS
	return st;
}
static kg_int kg_profiling(uintptr_t ev, kg_uint param, uint64_t *v) {
	return kg.GetEventProfilingInfo((kg_h)ev, param, sizeof *v, v, NULL);
}
static kg_int kg_set_callback(uintptr_t ev, void *fn, uintptr_t user) {
	return kg.SetEventCallback((kg_h)ev, 0, (kg_notify)fn, (void *)user);  // CL_COMPLETE
}
// kg_sub is one completion subscription. PoCL 3.1 never calls an event's
// callbacks when its command fails (a failed user event it depends on), so
// the backend may have to deliver the notification itself (kg_sub_fire);
// fired makes sure the waiter gets exactly one, whoever comes first, and
// refs frees the record once the driver's callback and the waiter are both
// done with it (a driver that never calls back leaks these 24 bytes).
typedef struct { kg_notify fn; uintptr_t user; int fired; int refs; } kg_sub;

static void kg_sub_deliver(kg_sub *s, kg_h ev, kg_int st) {
	if (__atomic_exchange_n(&s->fired, 1, __ATOMIC_ACQ_REL) == 0) s->fn(ev, st, (void *)s->user);
}
static void kg_sub_unref(kg_sub *s) {
	if (__atomic_sub_fetch(&s->refs, 1, __ATOMIC_ACQ_REL) == 0) free(s);
}
static void kg_sub_callback(kg_h ev, kg_int st, void *p) {
	kg_sub_deliver((kg_sub *)p, ev, st);
	kg_sub_unref((kg_sub *)p);
}
static uintptr_t kg_subscribe(uintptr_t ev, void *fn, uintptr_t user, kg_int *err) {
	kg_sub *s = malloc(sizeof *s);
	if (!s) { *err = -6; return 0; }  // CL_OUT_OF_HOST_MEMORY
	s->fn = (kg_notify)fn; s->user = user; s->fired = 0; s->refs = 2;
	*err = kg.SetEventCallback((kg_h)ev, 0, kg_sub_callback, s);
	if (*err != 0) { free(s); return 0; }
	return (uintptr_t)s;
}
static void kg_sub_fire(uintptr_t s, uintptr_t ev, kg_int st) { kg_sub_deliver((kg_sub *)s, (kg_h)ev, st); }
static void kg_sub_done(uintptr_t s) { kg_sub_unref((kg_sub *)s); }

static uintptr_t kg_user_event(uintptr_t ctx, kg_int *err) {
	return (uintptr_t)kg.CreateUserEvent((kg_h)ctx, err);
}
static kg_int kg_set_user_status(uintptr_t ev, kg_int st) { return kg.SetUserEventStatus((kg_h)ev, st); }
static kg_int kg_retain_event(uintptr_t ev) { return kg.RetainEvent((kg_h)ev); }
static kg_int kg_release_event(uintptr_t ev) { return kg.ReleaseEvent((kg_h)ev); }
*/
import "C"

import (
	"errors"
	"fmt"
	"runtime"
	"sync"
	"unsafe"
)

var (
	openOnce sync.Once
	openErr  error
)

// ErrNoLibrary is wrapped by Load's error when libOpenCL.so.1 cannot be
// opened or lacks an entry point.
var ErrNoLibrary = errors.New("OpenCL library not available")

// Install says what to install on Debian/Ubuntu for an OpenCL driver.
const Install = "install the Debian packages ocl-icd-libopencl1 (the ICD loader) and an OpenCL driver: pocl-opencl-icd for the CPU, intel-opencl-icd, mesa-opencl-icd or a GPU vendor's ICD"

// Load opens libOpenCL.so.1 and resolves the entry points, once per process.
// It is safe to call from several goroutines; later calls return the first
// call's result.
func Load() error {
	openOnce.Do(func() {
		if msg := C.kg_open(); msg != nil {
			openErr = fmt.Errorf("%w: %s; %s", ErrNoLibrary, C.GoString(msg), Install)
		}
	})
	return openErr
}

// HasQueueProperties reports whether the library has
// clCreateCommandQueueWithProperties (OpenCL 2.0), needed for priorities.
func HasQueueProperties() bool { return C.kg_has_queue_properties() != 0 }

// HasIL reports whether the library has clCreateProgramWithIL (OpenCL 2.1).
func HasIL() bool { return C.kg_has_il() != 0 }

// Platforms lists the installed platforms. No platform is not an error.
func Platforms() ([]Platform, error) {
	var n C.kg_uint
	if e := C.kg_platform_ids(0, nil, &n); e != 0 {
		if e == PlatformNotFoundKHR {
			return nil, nil
		}
		return nil, check("clGetPlatformIDs", int32(e))
	}
	if n == 0 {
		return nil, nil
	}
	ids := make([]C.uintptr_t, n)
	if e := C.kg_platform_ids(n, &ids[0], nil); e != 0 {
		return nil, check("clGetPlatformIDs", int32(e))
	}
	out := make([]Platform, n)
	for i, id := range ids {
		out[i] = Platform(id)
	}
	return out, nil
}

// Info returns a string property of the platform (PlatformName, ...).
func (p Platform) Info(param uint32) (string, error) {
	var n C.size_t
	if e := C.kg_platform_info(C.uintptr_t(p), C.kg_uint(param), 0, nil, &n); e != 0 {
		return "", check("clGetPlatformInfo", int32(e))
	}
	buf := make([]byte, n+1)
	if e := C.kg_platform_info(C.uintptr_t(p), C.kg_uint(param), n, unsafe.Pointer(&buf[0]), nil); e != 0 {
		return "", check("clGetPlatformInfo", int32(e))
	}
	return cString(buf), nil
}

// Devices lists the platform's devices of the given type (DeviceTypeAll, ...).
// No device of that type is not an error.
func (p Platform) Devices(typ uint64) ([]Device, error) {
	var n C.kg_uint
	if e := C.kg_device_ids(C.uintptr_t(p), C.kg_bits(typ), 0, nil, &n); e != 0 {
		if e == DeviceNotFound {
			return nil, nil
		}
		return nil, check("clGetDeviceIDs", int32(e))
	}
	if n == 0 {
		return nil, nil
	}
	ids := make([]C.uintptr_t, n)
	if e := C.kg_device_ids(C.uintptr_t(p), C.kg_bits(typ), n, &ids[0], nil); e != 0 {
		return nil, check("clGetDeviceIDs", int32(e))
	}
	out := make([]Device, n)
	for i, id := range ids {
		out[i] = Device(id)
	}
	return out, nil
}

// InfoBytes returns a device property's raw bytes.
func (d Device) InfoBytes(param uint32) ([]byte, error) {
	var n C.size_t
	if e := C.kg_device_info(C.uintptr_t(d), C.kg_uint(param), 0, nil, &n); e != 0 {
		return nil, check("clGetDeviceInfo", int32(e))
	}
	if n == 0 {
		return nil, nil
	}
	buf := make([]byte, n)
	if e := C.kg_device_info(C.uintptr_t(d), C.kg_uint(param), n, unsafe.Pointer(&buf[0]), nil); e != 0 {
		return nil, check("clGetDeviceInfo", int32(e))
	}
	return buf, nil
}

// CreateContext creates a context for one device of platform p.
func CreateContext(p Platform, d Device) (Context, error) {
	var e C.kg_int
	c := C.kg_create_context(C.uintptr_t(p), C.uintptr_t(d), &e)
	if e != 0 {
		return 0, check("clCreateContext", int32(e))
	}
	return Context(c), nil
}

// Release releases the context.
func (c Context) Release() error {
	return check("clReleaseContext", int32(C.kg_release_context(C.uintptr_t(c))))
}

// CreateQueue creates an in-order command queue. priority is 0 (none) or one
// of QueuePriorityHighKHR, QueuePriorityMedKHR, QueuePriorityLowKHR, which
// needs cl_khr_priority_hints and clCreateCommandQueueWithProperties.
func CreateQueue(c Context, d Device, priority uint64) (Queue, error) {
	var e C.kg_int
	q := C.kg_create_queue(C.uintptr_t(c), C.uintptr_t(d), C.kg_bits(priority), &e)
	if e != 0 {
		name := "clCreateCommandQueue"
		if priority != 0 {
			name = "clCreateCommandQueueWithProperties"
		}
		return 0, check(name, int32(e))
	}
	return Queue(q), nil
}

// CreateQueueWith creates an in-order command queue with the given
// CL_QUEUE_PROPERTIES bits (QueueProfilingEnable) and priority (0 or one
// of the QueuePriority*KHR values, as CreateQueue takes).
func CreateQueueWith(c Context, d Device, props, priority uint64) (Queue, error) {
	var e C.kg_int
	q := C.kg_create_queue_props(C.uintptr_t(c), C.uintptr_t(d), C.kg_bits(props), C.kg_bits(priority), &e)
	if e != 0 {
		name := "clCreateCommandQueue"
		if priority != 0 {
			name = "clCreateCommandQueueWithProperties"
		}
		return 0, check(name, int32(e))
	}
	return Queue(q), nil
}

// Release releases the queue.
func (q Queue) Release() error {
	return check("clReleaseCommandQueue", int32(C.kg_release_queue(C.uintptr_t(q))))
}

// Flush submits the queue's commands to the device.
func (q Queue) Flush() error { return check("clFlush", int32(C.kg_flush(C.uintptr_t(q)))) }

// Finish blocks the calling thread until the queue's commands have completed.
func (q Queue) Finish() error { return check("clFinish", int32(C.kg_finish(C.uintptr_t(q)))) }

// CreateBuffer allocates size bytes of device memory (CL_MEM_READ_WRITE).
func CreateBuffer(c Context, size int) (Mem, error) {
	var e C.kg_int
	m := C.kg_create_buffer(C.uintptr_t(c), MemReadWrite, C.size_t(size), &e)
	if e != 0 {
		return 0, check("clCreateBuffer", int32(e))
	}
	return Mem(m), nil
}

// CreateHostBuffer allocates size bytes of zeroed host memory and a buffer
// over it (CL_MEM_USE_HOST_PTR), which the driver frees with the buffer. On
// a device whose memory is the host's (a CPU device), the host reads what
// kernels wrote there once they have completed, without a read command.
func CreateHostBuffer(c Context, size int) (Mem, unsafe.Pointer, error) {
	var e C.kg_int
	var host unsafe.Pointer
	m := C.kg_create_host_buffer(C.uintptr_t(c), C.size_t(size), &host, &e)
	if e != 0 {
		return 0, nil, check("clCreateBuffer(CL_MEM_USE_HOST_PTR)", int32(e))
	}
	return Mem(m), host, nil
}

// Release releases the memory object. The driver keeps it alive until the
// commands that use it have completed.
func (m Mem) Release() error {
	return check("clReleaseMemObject", int32(C.kg_release_mem(C.uintptr_t(m))))
}

// ProgramWithSource creates a program from OpenCL C source.
func ProgramWithSource(c Context, src []byte) (Program, error) {
	if len(src) == 0 {
		return 0, errors.New("clCreateProgramWithSource: empty source")
	}
	cs := C.CBytes(src)
	defer C.free(cs)
	var e C.kg_int
	p := C.kg_program_source(C.uintptr_t(c), (*C.char)(cs), C.size_t(len(src)), &e)
	if e != 0 {
		return 0, check("clCreateProgramWithSource", int32(e))
	}
	return Program(p), nil
}

// ProgramWithIL creates a program from an intermediate language module
// (SPIR-V). It needs OpenCL 2.1 (HasIL).
func ProgramWithIL(c Context, il []byte) (Program, error) {
	if !HasIL() {
		return 0, errors.New("clCreateProgramWithIL: not in this OpenCL library (OpenCL 2.1 needed)")
	}
	if len(il) == 0 {
		return 0, errors.New("clCreateProgramWithIL: empty module")
	}
	var e C.kg_int
	p := C.kg_program_il(C.uintptr_t(c), unsafe.Pointer(&il[0]), C.size_t(len(il)), &e)
	if e != 0 {
		return 0, check("clCreateProgramWithIL", int32(e))
	}
	return Program(p), nil
}

// ProgramWithBinary creates a program for device d from a binary the driver
// takes: its own binaries, or SPIR 1.2 LLVM bitcode on drivers with
// cl_khr_spir (PoCL).
func ProgramWithBinary(c Context, d Device, bin []byte) (Program, error) {
	if len(bin) == 0 {
		return 0, errors.New("clCreateProgramWithBinary: empty binary")
	}
	var e, st C.kg_int
	p := C.kg_program_binary(C.uintptr_t(c), C.uintptr_t(d), (*C.uchar)(unsafe.Pointer(&bin[0])), C.size_t(len(bin)), &st, &e)
	if e != 0 {
		if st != 0 {
			return 0, fmt.Errorf("%w (binary status %s)", check("clCreateProgramWithBinary", int32(e)), Name(int32(st)))
		}
		return 0, check("clCreateProgramWithBinary", int32(e))
	}
	return Program(p), nil
}

// Build builds the program for device d. On failure the error carries the
// build log.
func (p Program) Build(d Device, options string) error {
	co := C.CString(options)
	defer C.free(unsafe.Pointer(co))
	e := int32(C.kg_build_program(C.uintptr_t(p), C.uintptr_t(d), co))
	if e == 0 {
		return nil
	}
	err := check("clBuildProgram", e)
	if log := p.BuildLog(d); log != "" {
		return &BuildError{Err: err, Log: log}
	}
	return err
}

// BuildLog returns the program's build log for device d ("" if none).
func (p Program) BuildLog(d Device) string {
	var n C.size_t
	if C.kg_program_build_info(C.uintptr_t(p), C.uintptr_t(d), ProgramBuildLog, 0, nil, &n) != 0 || n == 0 {
		return ""
	}
	buf := make([]byte, n)
	if C.kg_program_build_info(C.uintptr_t(p), C.uintptr_t(d), ProgramBuildLog, n, unsafe.Pointer(&buf[0]), nil) != 0 {
		return ""
	}
	return cString(buf)
}

// Release releases the program.
func (p Program) Release() error {
	return check("clReleaseProgram", int32(C.kg_release_program(C.uintptr_t(p))))
}

// CreateKernel creates the kernel named name from a built program.
func (p Program) CreateKernel(name string) (Kernel, error) {
	cn := C.CString(name)
	defer C.free(unsafe.Pointer(cn))
	var e C.kg_int
	k := C.kg_create_kernel(C.uintptr_t(p), cn, &e)
	if e != 0 {
		return 0, fmt.Errorf("%w (kernel %q)", check("clCreateKernel", int32(e)), name)
	}
	return Kernel(k), nil
}

// Release releases the kernel.
func (k Kernel) Release() error {
	return check("clReleaseKernel", int32(C.kg_release_kernel(C.uintptr_t(k))))
}

// WorkGroupSize is the largest work-group the kernel can run with on d
// (CL_KERNEL_WORK_GROUP_SIZE).
func (k Kernel) WorkGroupSize(d Device) (int, error) {
	var v C.size_t
	if e := C.kg_kernel_wg_info(C.uintptr_t(k), C.uintptr_t(d), KernelWorkGroupSize, C.size_t(unsafe.Sizeof(v)), unsafe.Pointer(&v), nil); e != 0 {
		return 0, check("clGetKernelWorkGroupInfo", int32(e))
	}
	return int(v), nil
}

// Launch holds the arguments and ranges of a kernel launch. Its memory is
// reused from launch to launch, so that a launch allocates nothing; one
// Launch must not be used by two goroutines at once.
type Launch struct {
	sizes  []C.size_t
	vals   []uint64
	nulls  []uint8 // 1: a __local argument (SetLocal), set with no value
	global [3]C.size_t
	local  [3]C.size_t
}

// NewLaunch returns a Launch for a kernel of n arguments.
func NewLaunch(n int) *Launch {
	return &Launch{sizes: make([]C.size_t, n), vals: make([]uint64, n), nulls: make([]uint8, n)}
}

// Set sets argument i to the size low bytes of v (little-endian, as every
// OpenCL device kago supports is).
func (l *Launch) Set(i, size int, v uint64) {
	l.sizes[i] = C.size_t(size)
	l.vals[i] = v
	l.nulls[i] = 0
}

// SetLocal sets argument i, a __local pointer, to local memory of size
// bytes (clSetKernelArg with no value).
func (l *Launch) SetLocal(i, size int) {
	l.sizes[i] = C.size_t(size)
	l.vals[i] = 0
	l.nulls[i] = 1
}

// Range sets the global and local sizes of dimension d.
func (l *Launch) Range(d, global, local int) {
	l.global[d] = C.size_t(global)
	l.local[d] = C.size_t(local)
}

// Enqueue sets k's arguments and enqueues it on q over dims dimensions, in
// one call into C. Kernel arguments are state of the kernel object: callers
// must not enqueue the same Kernel from two goroutines at once. On success
// the kernel's event replaces *last: the event *last held before (0 for
// none) is released, and the caller owns the new one.
func (l *Launch) Enqueue(q Queue, k Kernel, dims int, last *Event) error {
	var which C.kg_int
	var argi C.kg_uint
	var sizes *C.size_t
	var vals *C.uint64_t
	var nulls *C.uint8_t
	if len(l.sizes) > 0 {
		sizes = &l.sizes[0]
		vals = (*C.uint64_t)(unsafe.Pointer(&l.vals[0]))
		nulls = (*C.uint8_t)(unsafe.Pointer(&l.nulls[0]))
	}
	ev := C.uintptr_t(*last)
	e := int32(C.kg_launch(C.uintptr_t(q), C.uintptr_t(k), C.kg_uint(len(l.sizes)), sizes, vals, nulls,
		C.kg_uint(dims), &l.global[0], &l.local[0], &which, &argi, &ev))
	*last = Event(ev)
	if e == 0 {
		return nil
	}
	if which == 0 {
		return &ArgError{Err: check("clSetKernelArg", e), Index: int(argi)}
	}
	return check("clEnqueueNDRangeKernel", e)
}

// ReadBuffer enqueues a copy of len(dst) bytes at offset off of m into dst.
// With blocking, it returns once dst holds the data and the Event is 0;
// otherwise dst must stay pinned (runtime.Pinner) and untouched until the
// returned event completes.
func (q Queue) ReadBuffer(m Mem, blocking bool, off int, dst []byte) (Event, error) {
	var ev C.uintptr_t
	evp := &ev
	if blocking {
		evp = nil
	}
	e := C.kg_read(C.uintptr_t(q), C.uintptr_t(m), cbool(blocking), C.size_t(off), C.size_t(len(dst)), unsafe.Pointer(&dst[0]), evp)
	runtime.KeepAlive(dst)
	if e != 0 {
		return 0, check("clEnqueueReadBuffer", int32(e))
	}
	return Event(ev), nil
}

// WriteBuffer enqueues a copy of src to offset off of m, as ReadBuffer does.
func (q Queue) WriteBuffer(m Mem, blocking bool, off int, src []byte) (Event, error) {
	var ev C.uintptr_t
	evp := &ev
	if blocking {
		evp = nil
	}
	e := C.kg_write(C.uintptr_t(q), C.uintptr_t(m), cbool(blocking), C.size_t(off), C.size_t(len(src)), unsafe.Pointer(&src[0]), evp)
	runtime.KeepAlive(src)
	if e != 0 {
		return 0, check("clEnqueueWriteBuffer", int32(e))
	}
	return Event(ev), nil
}

// CopyBuffer enqueues a device-to-device copy of size bytes.
func (q Queue) CopyBuffer(src, dst Mem, srcOff, dstOff, size int) error {
	return check("clEnqueueCopyBuffer", int32(C.kg_copy(C.uintptr_t(q), C.uintptr_t(src), C.uintptr_t(dst), C.size_t(srcOff), C.size_t(dstOff), C.size_t(size))))
}

// CopyBufferEvent is CopyBuffer, returning the copy's event, which the
// caller releases.
func (q Queue) CopyBufferEvent(src, dst Mem, srcOff, dstOff, size int) (Event, error) {
	var ev C.uintptr_t
	if e := C.kg_copy_ev(C.uintptr_t(q), C.uintptr_t(src), C.uintptr_t(dst), C.size_t(srcOff), C.size_t(dstOff), C.size_t(size), &ev); e != 0 {
		return 0, check("clEnqueueCopyBuffer", int32(e))
	}
	return Event(ev), nil
}

// FillBuffer enqueues a fill of size bytes at off with the repeated pattern
// (1, 2, 4, ... 128 bytes; size a multiple of it).
func (q Queue) FillBuffer(m Mem, pattern []byte, off, size int) error {
	if len(pattern) == 0 {
		return errors.New("clEnqueueFillBuffer: empty pattern")
	}
	cp := C.CBytes(pattern)
	defer C.free(cp)
	return check("clEnqueueFillBuffer", int32(C.kg_fill(C.uintptr_t(q), C.uintptr_t(m), cp, C.size_t(len(pattern)), C.size_t(off), C.size_t(size))))
}

// Marker enqueues a marker: its event completes once every earlier command
// of the queue has.
func (q Queue) Marker() (Event, error) {
	var ev C.uintptr_t
	if e := C.kg_marker(C.uintptr_t(q), &ev); e != 0 {
		return 0, check("clEnqueueMarkerWithWaitList", int32(e))
	}
	return Event(ev), nil
}

// BarrierOn makes the queue's later commands wait for ev. It returns the
// barrier's event, which the caller releases once the barrier has completed
// (see kg_barrier_on for why).
func (q Queue) BarrierOn(ev Event) (Event, error) {
	var out C.uintptr_t
	if e := C.kg_barrier_on(C.uintptr_t(q), C.uintptr_t(ev), &out); e != 0 {
		return 0, check("clEnqueueBarrierWithWaitList", int32(e))
	}
	return Event(out), nil
}

// Wait blocks the calling thread until the event's command has completed.
// A failed command gives an error whose Code is
// ExecStatusErrorForEventsInWaitList.
func (ev Event) Wait() error { return check("clWaitForEvents", int32(C.kg_wait(C.uintptr_t(ev)))) }

// WaitAll blocks until every event in evs has completed.
func WaitAll(evs []Event) error {
	if len(evs) == 0 {
		return nil
	}
	return check("clWaitForEvents", int32(C.kg_wait_list(C.kg_uint(len(evs)), (*C.uintptr_t)(unsafe.Pointer(&evs[0])))))
}

// Status returns the command's execution status: Complete (0), a positive
// Running/Submitted/Queued, or a negative error code for a failed command.
func (ev Event) Status() (int32, error) {
	var e C.kg_int
	st := C.kg_event_status(C.uintptr_t(ev), &e)
	if e != 0 {
		return 0, check("clGetEventInfo", int32(e))
	}
	return int32(st), nil
}

// Profiling returns a profiling time of the event's command, in
// nanoseconds on the device's clock: ProfilingQueued, ProfilingSubmit,
// ProfilingStart or ProfilingEnd. The queue must have been created with
// QueueProfilingEnable and the command must have completed; otherwise the
// error's Code is ProfilingInfoNotAvailable.
func (ev Event) Profiling(param uint32) (uint64, error) {
	var v C.uint64_t
	if e := C.kg_profiling(C.uintptr_t(ev), C.kg_uint(param), &v); e != 0 {
		return 0, check("clGetEventProfilingInfo", int32(e))
	}
	return uint64(v), nil
}

// SetCallback registers fn, a C function pointer of type
// void (*)(cl_event, cl_int status, void *user), to be called once when the
// event's command completes or fails, with user as its last argument.
func (ev Event) SetCallback(fn unsafe.Pointer, user uintptr) error {
	return check("clSetEventCallback", int32(C.kg_set_callback(C.uintptr_t(ev), fn, C.uintptr_t(user))))
}

// Subscription is a completion callback registered with Subscribe.
type Subscription uintptr

// Subscribe registers fn, a C function pointer of type
// void (*)(cl_event, cl_int status, void *user), to be called exactly once
// with user: when the driver reports the event's command complete, or when
// Fire is called first. Call Done once the subscriber no longer needs it.
func (ev Event) Subscribe(fn unsafe.Pointer, user uintptr) (Subscription, error) {
	var e C.kg_int
	s := C.kg_subscribe(C.uintptr_t(ev), fn, C.uintptr_t(user), &e)
	if e != 0 {
		return 0, check("clSetEventCallback", int32(e))
	}
	return Subscription(s), nil
}

// Fire delivers the notification now with the given status, unless the
// driver already has; for failures that the driver does not report through
// callbacks. It must not be called after Done.
func (s Subscription) Fire(ev Event, status int32) {
	C.kg_sub_fire(C.uintptr_t(s), C.uintptr_t(ev), C.kg_int(status))
}

// Done drops the subscriber's reference to s.
func (s Subscription) Done() { C.kg_sub_done(C.uintptr_t(s)) }

// CreateUserEvent creates a user event, whose status the host sets.
func CreateUserEvent(c Context) (Event, error) {
	var e C.kg_int
	ev := C.kg_user_event(C.uintptr_t(c), &e)
	if e != 0 {
		return 0, check("clCreateUserEvent", int32(e))
	}
	return Event(ev), nil
}

// SetUserStatus completes a user event (Complete) or fails it (a negative
// status).
func (ev Event) SetUserStatus(status int32) error {
	return check("clSetUserEventStatus", int32(C.kg_set_user_status(C.uintptr_t(ev), C.kg_int(status))))
}

// Retain adds a reference to the event.
func (ev Event) Retain() error {
	return check("clRetainEvent", int32(C.kg_retain_event(C.uintptr_t(ev))))
}

// Release drops a reference to the event.
func (ev Event) Release() error {
	return check("clReleaseEvent", int32(C.kg_release_event(C.uintptr_t(ev))))
}

func cbool(b bool) C.kg_uint {
	if b {
		return 1
	}
	return 0
}

// cString returns buf up to its first NUL byte.
func cString(buf []byte) string {
	for i, b := range buf {
		if b == 0 {
			return string(buf[:i])
		}
	}
	return string(buf)
}
