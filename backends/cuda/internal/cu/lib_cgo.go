package cu

// This file is the only place that crosses into C. The C side opens
// libcuda.so.1 with dlopen at run time, resolves the entry points kago uses
// into a table of function pointers, and offers one small wrapper per
// operation. Handles travel as uintptr_t (device pointers as uint64_t) so
// that Go never converts an integer into an unsafe.Pointer; the wrappers
// cast them back in C.
//
// No CUDA header is used. The declarations below follow the CUDA driver API
// documentation: CUresult and the enums are C ints, CUdevice is an int,
// CUdeviceptr is a 64-bit unsigned integer (the _v2 entry points), and
// contexts, streams, events, modules and functions are opaque pointers.
// Where the driver exports a _v2 symbol for an entry point, cuda.h maps the
// plain name to it, and so do we.
//
// Context rule: every wrapper that needs a context takes it first and makes
// it current in the same C call (kg_bind), because the goroutine that calls
// may run on a different OS thread than the one that made it current
// before, and CUDA's current context is per thread.

/*
#cgo LDFLAGS: -ldl
#cgo noescape kg_stream_query
#cgo nocallback kg_stream_query
#cgo noescape kg_launch
#cgo nocallback kg_launch

#include <dlfcn.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

typedef int kg_res;              // CUresult
typedef int kg_dev;              // CUdevice
typedef unsigned long long kg_dptr; // CUdeviceptr
typedef void *kg_h;              // CUcontext, CUstream, CUevent, CUmodule, CUfunction
typedef void (*kg_hostfn)(void *);

static struct {
	void *lib;
	kg_res (*Init)(unsigned);
	kg_res (*DriverGetVersion)(int *);
	kg_res (*GetErrorName)(kg_res, const char **);
	kg_res (*DeviceGetCount)(int *);
	kg_res (*DeviceGet)(kg_dev *, int);
	kg_res (*DeviceGetName)(char *, int, kg_dev);
	kg_res (*DeviceGetAttribute)(int *, int, kg_dev);
	kg_res (*DeviceTotalMem)(size_t *, kg_dev);
	kg_res (*DevicePrimaryCtxRetain)(kg_h *, kg_dev);
	kg_res (*DevicePrimaryCtxRelease)(kg_dev);
	kg_res (*CtxSetCurrent)(kg_h);
	kg_res (*CtxGetCurrent)(kg_h *);
	kg_res (*CtxGetStreamPriorityRange)(int *, int *);
	kg_res (*StreamCreateWithPriority)(kg_h *, unsigned, int);
	kg_res (*StreamDestroy)(kg_h);
	kg_res (*StreamQuery)(kg_h);
	kg_res (*StreamSynchronize)(kg_h);
	kg_res (*StreamWaitEvent)(kg_h, kg_h, unsigned);
	kg_res (*EventCreate)(kg_h *, unsigned);
	kg_res (*EventRecord)(kg_h, kg_h);
	kg_res (*EventDestroy)(kg_h);
	kg_res (*ModuleLoadDataEx)(kg_h *, const void *, unsigned, int *, void **);
	kg_res (*ModuleGetFunction)(kg_h *, kg_h, const char *);
	kg_res (*ModuleUnload)(kg_h);
	kg_res (*FuncGetAttribute)(int *, int, kg_h);
	kg_res (*LaunchKernel)(kg_h, unsigned, unsigned, unsigned, unsigned, unsigned, unsigned,
		unsigned, kg_h, void **, void **);
	kg_res (*MemAlloc)(kg_dptr *, size_t);
	kg_res (*MemFree)(kg_dptr);
	kg_res (*MemAllocAsync)(kg_dptr *, size_t, kg_h);
	kg_res (*MemFreeAsync)(kg_dptr, kg_h);
	kg_res (*MemcpyHtoDAsync)(kg_dptr, const void *, size_t, kg_h);
	kg_res (*MemcpyDtoHAsync)(void *, kg_dptr, size_t, kg_h);
	kg_res (*LaunchHostFunc)(kg_h, kg_hostfn, void *);
	kg_res (*MemsetD32Async)(kg_dptr, unsigned, size_t, kg_h);
} kg;

// kg_open loads the library named name and resolves every entry point. It
// returns NULL on success, else a message (dlerror's, or the missing
// symbol's name). Optional entry points (stream-ordered allocation from
// CUDA 11.2, host functions from 10.0, error names) may stay NULL. A
// failed open leaves no state behind, so that it can be retried.
static const char *kg_open(const char *name) {
	if (kg.lib) return NULL;
	void *lib = dlopen(name, RTLD_NOW | RTLD_LOCAL);
	if (!lib) return dlerror();
#define KG_REQ(field, sym) if (!(*(void **)&kg.field = dlsym(lib, sym))) { dlclose(lib); return sym; }
#define KG_OPT(field, sym) *(void **)&kg.field = dlsym(lib, sym);
	KG_REQ(Init, "cuInit") KG_REQ(DriverGetVersion, "cuDriverGetVersion")
	KG_OPT(GetErrorName, "cuGetErrorName")
	KG_REQ(DeviceGetCount, "cuDeviceGetCount") KG_REQ(DeviceGet, "cuDeviceGet")
	KG_REQ(DeviceGetName, "cuDeviceGetName") KG_REQ(DeviceGetAttribute, "cuDeviceGetAttribute")
	KG_REQ(DeviceTotalMem, "cuDeviceTotalMem_v2")
	KG_REQ(DevicePrimaryCtxRetain, "cuDevicePrimaryCtxRetain")
	KG_REQ(DevicePrimaryCtxRelease, "cuDevicePrimaryCtxRelease_v2")
	KG_REQ(CtxSetCurrent, "cuCtxSetCurrent") KG_REQ(CtxGetCurrent, "cuCtxGetCurrent")
	KG_REQ(CtxGetStreamPriorityRange, "cuCtxGetStreamPriorityRange")
	KG_REQ(StreamCreateWithPriority, "cuStreamCreateWithPriority")
	KG_REQ(StreamDestroy, "cuStreamDestroy_v2") KG_REQ(StreamQuery, "cuStreamQuery")
	KG_REQ(StreamSynchronize, "cuStreamSynchronize") KG_REQ(StreamWaitEvent, "cuStreamWaitEvent")
	KG_REQ(EventCreate, "cuEventCreate") KG_REQ(EventRecord, "cuEventRecord")
	KG_REQ(EventDestroy, "cuEventDestroy_v2")
	KG_REQ(ModuleLoadDataEx, "cuModuleLoadDataEx") KG_REQ(ModuleGetFunction, "cuModuleGetFunction")
	KG_REQ(ModuleUnload, "cuModuleUnload") KG_REQ(FuncGetAttribute, "cuFuncGetAttribute")
	KG_REQ(LaunchKernel, "cuLaunchKernel")
	KG_REQ(MemAlloc, "cuMemAlloc_v2") KG_REQ(MemFree, "cuMemFree_v2")
	KG_OPT(MemAllocAsync, "cuMemAllocAsync") KG_OPT(MemFreeAsync, "cuMemFreeAsync")
	KG_REQ(MemcpyHtoDAsync, "cuMemcpyHtoDAsync_v2") KG_REQ(MemcpyDtoHAsync, "cuMemcpyDtoHAsync_v2")
	KG_OPT(LaunchHostFunc, "cuLaunchHostFunc")
	KG_REQ(MemsetD32Async, "cuMemsetD32Async")
#undef KG_REQ
#undef KG_OPT
	kg.lib = lib;
	return NULL;
}

static int kg_has_async_alloc(void) { return kg.MemAllocAsync != NULL && kg.MemFreeAsync != NULL; }
static int kg_has_host_func(void) { return kg.LaunchHostFunc != NULL; }

static const char *kg_error_name(kg_res r) {
	const char *s = NULL;
	if (!kg.lib || !kg.GetErrorName || kg.GetErrorName(r, &s) != 0) return NULL;
	return s;
}

// kg_bind makes ctx current on the calling thread, unless it already is.
static kg_res kg_bind(uintptr_t ctx) {
	kg_h cur = NULL;
	if (kg.CtxGetCurrent(&cur) == 0 && cur == (kg_h)ctx) return 0;
	return kg.CtxSetCurrent((kg_h)ctx);
}
#define KG_BIND(ctx) do { kg_res r_ = kg_bind(ctx); if (r_) return r_; } while (0)

static kg_res kg_init(void) { return kg.Init(0); }
static kg_res kg_driver_version(int *v) { return kg.DriverGetVersion(v); }
static kg_res kg_device_count(int *n) { return kg.DeviceGetCount(n); }
static kg_res kg_device_get(int ordinal, kg_dev *d) { return kg.DeviceGet(d, ordinal); }
static kg_res kg_device_name(kg_dev d, char *buf, int n) { return kg.DeviceGetName(buf, n, d); }
static kg_res kg_device_attr(kg_dev d, int attr, int *v) { return kg.DeviceGetAttribute(v, attr, d); }
static kg_res kg_device_mem(kg_dev d, size_t *v) { return kg.DeviceTotalMem(v, d); }

static kg_res kg_primary_retain(kg_dev d, uintptr_t *ctx) { return kg.DevicePrimaryCtxRetain((kg_h *)ctx, d); }
static kg_res kg_primary_release(kg_dev d) { return kg.DevicePrimaryCtxRelease(d); }

static kg_res kg_priority_range(uintptr_t ctx, int *least, int *greatest) {
	KG_BIND(ctx);
	return kg.CtxGetStreamPriorityRange(least, greatest);
}

static kg_res kg_stream_create(uintptr_t ctx, unsigned flags, int prio, uintptr_t *s) {
	KG_BIND(ctx);
	return kg.StreamCreateWithPriority((kg_h *)s, flags, prio);
}
static kg_res kg_stream_destroy(uintptr_t ctx, uintptr_t s) { KG_BIND(ctx); return kg.StreamDestroy((kg_h)s); }
static kg_res kg_stream_query(uintptr_t ctx, uintptr_t s) { KG_BIND(ctx); return kg.StreamQuery((kg_h)s); }
static kg_res kg_stream_sync(uintptr_t ctx, uintptr_t s) { KG_BIND(ctx); return kg.StreamSynchronize((kg_h)s); }
static kg_res kg_stream_wait_event(uintptr_t ctx, uintptr_t s, uintptr_t ev) {
	KG_BIND(ctx);
	return kg.StreamWaitEvent((kg_h)s, (kg_h)ev, 0);
}

// kg_record creates an event and records it on s, in one crossing.
static kg_res kg_record(uintptr_t ctx, uintptr_t s, unsigned flags, uintptr_t *ev, int *which) {
	KG_BIND(ctx);
	*which = 0;
	kg_res r = kg.EventCreate((kg_h *)ev, flags);
	if (r) return r;
	*which = 1;
	r = kg.EventRecord((kg_h)*ev, (kg_h)s);
	if (r) { kg.EventDestroy((kg_h)*ev); *ev = 0; }
	return r;
}
static kg_res kg_event_destroy(uintptr_t ctx, uintptr_t ev) { KG_BIND(ctx); return kg.EventDestroy((kg_h)ev); }

// kg_module_load JIT-compiles a NUL-terminated PTX image, with the JIT's
// error and info logs written into the caller's buffers; their lengths come
// back in *errn and *infon.
static kg_res kg_module_load(uintptr_t ctx, const char *image, uintptr_t *mod,
		char *errlog, size_t *errn, char *infolog, size_t *infon) {
	KG_BIND(ctx);
	// CUjit_option: CU_JIT_ERROR_LOG_BUFFER, its size, CU_JIT_INFO_LOG_BUFFER, its size, CU_JIT_LOG_VERBOSE
	int opts[5] = {5, 6, 3, 4, 12};
	void *vals[5] = {errlog, (void *)(uintptr_t)*errn, infolog, (void *)(uintptr_t)*infon, (void *)(uintptr_t)1};
	kg_res r = kg.ModuleLoadDataEx((kg_h *)mod, image, 5, opts, vals);
	*errn = (size_t)(uintptr_t)vals[1];
	*infon = (size_t)(uintptr_t)vals[3];
	return r;
}
static kg_res kg_module_function(uintptr_t ctx, uintptr_t mod, const char *name, uintptr_t *f) {
	KG_BIND(ctx);
	return kg.ModuleGetFunction((kg_h *)f, (kg_h)mod, name);
}
static kg_res kg_module_unload(uintptr_t ctx, uintptr_t mod) { KG_BIND(ctx); return kg.ModuleUnload((kg_h)mod); }
static kg_res kg_func_attr(uintptr_t ctx, uintptr_t f, int attr, int *v) {
	KG_BIND(ctx);
	return kg.FuncGetAttribute(v, attr, (kg_h)f);
}

// kg_launch launches f on s with shared bytes of dynamic shared memory.
// params is kernelParams: an array of pointers, one per kernel parameter,
// to the parameter's value.
static kg_res kg_launch(uintptr_t ctx, uintptr_t f, uintptr_t s, const unsigned *grid, const unsigned *block, unsigned shared, void **params) {
	KG_BIND(ctx);
	return kg.LaunchKernel((kg_h)f, grid[0], grid[1], grid[2], block[0], block[1], block[2], shared, (kg_h)s, params, NULL);
}

static kg_res kg_mem_alloc(uintptr_t ctx, size_t size, kg_dptr *p) { KG_BIND(ctx); return kg.MemAlloc(p, size); }
static kg_res kg_mem_free(uintptr_t ctx, kg_dptr p) { KG_BIND(ctx); return kg.MemFree(p); }
static kg_res kg_mem_alloc_async(uintptr_t ctx, size_t size, uintptr_t s, kg_dptr *p) {
	KG_BIND(ctx);
	return kg.MemAllocAsync(p, size, (kg_h)s);
}
static kg_res kg_mem_free_async(uintptr_t ctx, kg_dptr p, uintptr_t s) { KG_BIND(ctx); return kg.MemFreeAsync(p, (kg_h)s); }
static kg_res kg_htod(uintptr_t ctx, kg_dptr dst, const void *src, size_t n, uintptr_t s) {
	KG_BIND(ctx);
	return kg.MemcpyHtoDAsync(dst, src, n, (kg_h)s);
}
static kg_res kg_dtoh(uintptr_t ctx, void *dst, kg_dptr src, size_t n, uintptr_t s) {
	KG_BIND(ctx);
	return kg.MemcpyDtoHAsync(dst, src, n, (kg_h)s);
}
static kg_res kg_memset_d32(uintptr_t ctx, kg_dptr dst, unsigned v, size_t n, uintptr_t s) {
	KG_BIND(ctx);
	return kg.MemsetD32Async(dst, v, n, (kg_h)s);
}
static kg_res kg_host_func(uintptr_t ctx, uintptr_t s, void *fn, uintptr_t user) {
	KG_BIND(ctx);
	return kg.LaunchHostFunc((kg_h)s, (kg_hostfn)fn, (void *)user);
}

// kg_params is kernelParams in C memory: n pointers, pointer i to 8-byte
// value slot i. The pointers are set once; a launch only writes the slots.
typedef struct { void **ptrs; uint64_t *slots; } kg_params;

static void *kg_params_new(int n, uint64_t **slots) {
	if (n < 1) n = 1;
	void **ptrs = calloc((size_t)n, sizeof(void *) + sizeof(uint64_t));
	if (!ptrs) return NULL;
	uint64_t *s = (uint64_t *)(ptrs + n);
	for (int i = 0; i < n; i++) ptrs[i] = &s[i];
	*slots = s;
	return ptrs;
}
*/
import "C"

import (
	"errors"
	"fmt"
	"runtime"
	"sync"
	"unsafe"
)

// Library is the shared object Load opens: the driver's own, as installed
// with the NVIDIA driver (not the toolkit's stub).
const Library = "libcuda.so.1"

// ErrNoLibrary is wrapped by Load's error when libcuda.so.1 cannot be opened
// or lacks an entry point.
var ErrNoLibrary = errors.New("CUDA driver library not available")

// Install says what to install for the CUDA driver.
const Install = "install the NVIDIA driver, which provides libcuda.so.1 (Debian: the non-free package libcuda1; Ubuntu: libnvidia-compute-<version>); the CUDA toolkit is not needed"

var (
	openOnce sync.Once
	openErr  error
)

// Load opens libcuda.so.1, resolves the entry points and calls cuInit, once
// per process. It is safe to call from several goroutines; later calls
// return the first call's result. An error wraps ErrNoLibrary when the
// library is missing, else it is cuInit's *Error (NoDevice, StubLibrary, ...).
func Load() error {
	openOnce.Do(func() {
		if err := open(Library); err != nil {
			openErr = err
			return
		}
		if err := check("cuInit", int32(C.kg_init())); err != nil {
			openErr = err
		}
	})
	return openErr
}

// open loads the library named name. Tests call it with a name that does
// not exist, to see the missing-driver error.
func open(name string) error {
	cn := C.CString(name)
	defer C.free(unsafe.Pointer(cn))
	if msg := C.kg_open(cn); msg != nil {
		return fmt.Errorf("%w: %s; %s", ErrNoLibrary, C.GoString(msg), Install)
	}
	return nil
}

func driverErrorName(code int32) string {
	if s := C.kg_error_name(C.kg_res(code)); s != nil {
		return C.GoString(s)
	}
	return ""
}

// HasAsyncAlloc reports whether the driver has stream-ordered allocation
// (cuMemAllocAsync, cuMemFreeAsync: CUDA 11.2).
func HasAsyncAlloc() bool { return C.kg_has_async_alloc() != 0 }

// HasHostFunc reports whether the driver has cuLaunchHostFunc (CUDA 10.0).
func HasHostFunc() bool { return C.kg_has_host_func() != 0 }

// DriverVersion is the driver's CUDA version, 1000*major + 10*minor.
func DriverVersion() (int, error) {
	var v C.int
	if err := check("cuDriverGetVersion", int32(C.kg_driver_version(&v))); err != nil {
		return 0, err
	}
	return int(v), nil
}

// DeviceCount is the number of CUDA devices.
func DeviceCount() (int, error) {
	var n C.int
	if err := check("cuDeviceGetCount", int32(C.kg_device_count(&n))); err != nil {
		return 0, err
	}
	return int(n), nil
}

// GetDevice returns the device of the given ordinal.
func GetDevice(ordinal int) (Device, error) {
	var d C.kg_dev
	if err := check("cuDeviceGet", int32(C.kg_device_get(C.int(ordinal), &d))); err != nil {
		return 0, err
	}
	return Device(d), nil
}

// Name is the device's name.
func (d Device) Name() (string, error) {
	if d.sim() {
		return d.simName()
	}
	var buf [256]C.char
	if err := check("cuDeviceGetName", int32(C.kg_device_name(C.kg_dev(d), &buf[0], C.int(len(buf))))); err != nil {
		return "", err
	}
	return C.GoString(&buf[0]), nil
}

// Attribute returns a device attribute (AttrMaxThreadsPerBlock, ...).
func (d Device) Attribute(attr int) (int, error) {
	if d.sim() {
		return d.simAttribute(attr)
	}
	var v C.int
	if err := check("cuDeviceGetAttribute", int32(C.kg_device_attr(C.kg_dev(d), C.int(attr), &v))); err != nil {
		return 0, fmt.Errorf("%w (attribute %d)", err, attr)
	}
	return int(v), nil
}

// TotalMem is the device's memory in bytes.
func (d Device) TotalMem() (int64, error) {
	if d.sim() {
		return d.simTotalMem()
	}
	var v C.size_t
	if err := check("cuDeviceTotalMem", int32(C.kg_device_mem(C.kg_dev(d), &v))); err != nil {
		return 0, err
	}
	return int64(v), nil
}

// RetainPrimary retains the device's primary context (the one the CUDA
// runtime and other libraries share), creating it on first use.
func (d Device) RetainPrimary() (Context, error) {
	if d.sim() {
		return d.simRetainPrimary()
	}
	var c C.uintptr_t
	if err := check("cuDevicePrimaryCtxRetain", int32(C.kg_primary_retain(C.kg_dev(d), &c))); err != nil {
		return 0, err
	}
	return Context(c), nil
}

// ReleasePrimary releases a reference RetainPrimary took.
func (d Device) ReleasePrimary() error {
	if d.sim() {
		return d.simReleasePrimary()
	}
	return check("cuDevicePrimaryCtxRelease", int32(C.kg_primary_release(C.kg_dev(d))))
}

// PriorityRange returns the context's stream priorities: least (the
// numerically greatest, CUDA's default 0 on current GPUs) and greatest (the
// numerically least). Lower numbers are higher priorities.
func (c Context) PriorityRange() (least, greatest int, err error) {
	if c.sim() {
		return c.simPriorityRange()
	}
	var l, g C.int
	if err := check("cuCtxGetStreamPriorityRange", int32(C.kg_priority_range(C.uintptr_t(c), &l, &g))); err != nil {
		return 0, 0, err
	}
	return int(l), int(g), nil
}

// CreateStream creates a stream of the given flags and CUDA priority.
func (c Context) CreateStream(flags uint32, priority int) (Stream, error) {
	if c.sim() {
		return c.simCreateStream(flags, priority)
	}
	var s C.uintptr_t
	if err := check("cuStreamCreateWithPriority", int32(C.kg_stream_create(C.uintptr_t(c), C.uint(flags), C.int(priority), &s))); err != nil {
		return 0, err
	}
	return Stream(s), nil
}

// DestroyStream destroys s. Work already enqueued on it still completes.
func (c Context) DestroyStream(s Stream) error {
	if c.sim() {
		return check("cuStreamDestroy", simOf().StreamDestroy(c, s))
	}
	return check("cuStreamDestroy", int32(C.kg_stream_destroy(C.uintptr_t(c), C.uintptr_t(s))))
}

// Query reports whether all of s's work has completed, without blocking:
// (true, nil) when it has, (false, nil) while it runs (CUDA_ERROR_NOT_READY),
// and the error of a failed command otherwise. It allocates nothing.
func (c Context) Query(s Stream) (bool, error) {
	if c.sim() {
		return c.simQuery(s)
	}
	r := int32(C.kg_stream_query(C.uintptr_t(c), C.uintptr_t(s)))
	switch r {
	case Success:
		return true, nil
	case NotReady:
		return false, nil
	}
	return true, &Error{Call: "cuStreamQuery", Code: r}
}

// Synchronize blocks the calling thread until s's work has completed.
func (c Context) Synchronize(s Stream) error {
	if c.sim() {
		return check("cuStreamSynchronize", simOf().StreamSynchronize(c, s))
	}
	return check("cuStreamSynchronize", int32(C.kg_stream_sync(C.uintptr_t(c), C.uintptr_t(s))))
}

// WaitEvent makes s's later work wait for ev, without blocking the host.
func (c Context) WaitEvent(s Stream, ev Event) error {
	if c.sim() {
		return check("cuStreamWaitEvent", simOf().StreamWaitEvent(c, s, ev))
	}
	return check("cuStreamWaitEvent", int32(C.kg_stream_wait_event(C.uintptr_t(c), C.uintptr_t(s), C.uintptr_t(ev))))
}

// Record creates an event with the given flags and records it on s.
func (c Context) Record(s Stream, flags uint32) (Event, error) {
	if c.sim() {
		return c.simRecord(s, flags)
	}
	var ev C.uintptr_t
	var which C.int
	r := int32(C.kg_record(C.uintptr_t(c), C.uintptr_t(s), C.uint(flags), &ev, &which))
	if r != Success {
		if which == 0 {
			return 0, check("cuEventCreate", r)
		}
		return 0, check("cuEventRecord", r)
	}
	return Event(ev), nil
}

// DestroyEvent destroys ev. Streams waiting for it still see it complete.
func (c Context) DestroyEvent(ev Event) error {
	if c.sim() {
		return check("cuEventDestroy", simOf().EventDestroy(c, ev))
	}
	return check("cuEventDestroy", int32(C.kg_event_destroy(C.uintptr_t(c), C.uintptr_t(ev))))
}

// logSize is the size of each JIT log buffer.
const logSize = 16 << 10

// LoadModule JIT-compiles PTX text and loads it into the context. A failure
// is a *JITError carrying the JIT compiler's logs.
func (c Context) LoadModule(ptx []byte) (Module, error) {
	if c.sim() {
		return c.simLoadModule(ptx)
	}
	if len(ptx) == 0 {
		return 0, errors.New("cuModuleLoadDataEx: empty PTX")
	}
	image := C.CBytes(append(ptx[:len(ptx):len(ptx)], 0))
	defer C.free(image)
	errLog, infoLog := make([]byte, logSize), make([]byte, logSize)
	errN, infoN := C.size_t(logSize), C.size_t(logSize)
	var m C.uintptr_t
	r := int32(C.kg_module_load(C.uintptr_t(c), (*C.char)(image), &m,
		(*C.char)(unsafe.Pointer(&errLog[0])), &errN, (*C.char)(unsafe.Pointer(&infoLog[0])), &infoN))
	if r != Success {
		return 0, &JITError{Err: check("cuModuleLoadDataEx", r),
			ErrLog: logText(errLog, int(errN)), InfoLog: logText(infoLog, int(infoN))}
	}
	return Module(m), nil
}

// Function returns the kernel named name of module m.
func (c Context) Function(m Module, name string) (Function, error) {
	if c.sim() {
		return c.simFunction(m, name)
	}
	cn := C.CString(name)
	defer C.free(unsafe.Pointer(cn))
	var f C.uintptr_t
	if err := check("cuModuleGetFunction", int32(C.kg_module_function(C.uintptr_t(c), C.uintptr_t(m), cn, &f))); err != nil {
		return 0, fmt.Errorf("%w (kernel %q)", err, name)
	}
	return Function(f), nil
}

// UnloadModule unloads m.
func (c Context) UnloadModule(m Module) error {
	if c.sim() {
		return check("cuModuleUnload", simOf().ModuleUnload(c, m))
	}
	return check("cuModuleUnload", int32(C.kg_module_unload(C.uintptr_t(c), C.uintptr_t(m))))
}

// FuncAttribute returns a function attribute (FuncAttrMaxThreadsPerBlock).
func (c Context) FuncAttribute(f Function, attr int) (int, error) {
	if c.sim() {
		return c.simFuncAttribute(f, attr)
	}
	var v C.int
	if err := check("cuFuncGetAttribute", int32(C.kg_func_attr(C.uintptr_t(c), C.uintptr_t(f), C.int(attr), &v))); err != nil {
		return 0, err
	}
	return int(v), nil
}

// Launch launches f on s over grid blocks of block threads, with the
// parameter values in p (kernelParams). It does not wait for the kernel.
// The driver copies the values during the call, so p may be rewritten as
// soon as Launch returns.
func (c Context) Launch(f Function, s Stream, grid, block [3]uint32, p *Params) error {
	return c.LaunchShared(f, s, grid, block, 0, p)
}

// LaunchShared is Launch with shared bytes of dynamic shared memory per
// block (cuLaunchKernel's sharedMemBytes: the kernel's .extern .shared
// array).
func (c Context) LaunchShared(f Function, s Stream, grid, block [3]uint32, shared uint32, p *Params) error {
	if c.sim() {
		return check("cuLaunchKernel", simOf().Launch(c, f, s, grid, block, shared, p))
	}
	g := [3]C.uint{C.uint(grid[0]), C.uint(grid[1]), C.uint(grid[2])}
	b := [3]C.uint{C.uint(block[0]), C.uint(block[1]), C.uint(block[2])}
	r := C.kg_launch(C.uintptr_t(c), C.uintptr_t(f), C.uintptr_t(s), &g[0], &b[0], C.unsigned(shared), (*unsafe.Pointer)(p.ptrs))
	return check("cuLaunchKernel", int32(r))
}

// MemAlloc allocates size bytes of device memory (cuMemAlloc).
func (c Context) MemAlloc(size int) (DevicePtr, error) {
	if c.sim() {
		return c.simMemAlloc(size)
	}
	var p C.kg_dptr
	if err := check("cuMemAlloc", int32(C.kg_mem_alloc(C.uintptr_t(c), C.size_t(size), &p))); err != nil {
		return 0, err
	}
	return DevicePtr(p), nil
}

// MemFree frees memory from MemAlloc or MemAllocAsync at once (cuMemFree).
func (c Context) MemFree(p DevicePtr) error {
	if c.sim() {
		return check("cuMemFree", simOf().MemFree(c, p))
	}
	return check("cuMemFree", int32(C.kg_mem_free(C.uintptr_t(c), C.kg_dptr(p))))
}

// MemAllocAsync allocates size bytes from the device's memory pool in s's
// order (cuMemAllocAsync). The memory is usable by other streams once s's
// work up to here has completed.
func (c Context) MemAllocAsync(size int, s Stream) (DevicePtr, error) {
	if c.sim() {
		return c.simMemAllocAsync(size, s)
	}
	var p C.kg_dptr
	if err := check("cuMemAllocAsync", int32(C.kg_mem_alloc_async(C.uintptr_t(c), C.size_t(size), C.uintptr_t(s), &p))); err != nil {
		return 0, err
	}
	return DevicePtr(p), nil
}

// MemFreeAsync frees p in s's order (cuMemFreeAsync): once s's earlier work
// has completed, without blocking the host.
func (c Context) MemFreeAsync(p DevicePtr, s Stream) error {
	if c.sim() {
		return check("cuMemFreeAsync", simOf().MemFreeAsync(c, p, s))
	}
	return check("cuMemFreeAsync", int32(C.kg_mem_free_async(C.uintptr_t(c), C.kg_dptr(p), C.uintptr_t(s))))
}

// MemsetD32 enqueues on s the setting of n 32-bit words at dst to v
// (cuMemsetD32Async). On a stream of its own it runs beside kernels of
// other streams (a copy engine's work), which is how the host changes a
// word that running kernels poll.
func (c Context) MemsetD32(dst DevicePtr, v uint32, n int, s Stream) error {
	if c.sim() {
		return check("cuMemsetD32Async", simOf().MemsetD32(c, dst, v, n, s))
	}
	return check("cuMemsetD32Async", int32(C.kg_memset_d32(C.uintptr_t(c), C.kg_dptr(dst), C.unsigned(v), C.size_t(n), C.uintptr_t(s))))
}

// CopyHtoD enqueues a copy of src to dst on s (cuMemcpyHtoDAsync). From
// pageable host memory (any Go memory) the driver stages src before it
// returns, after s's earlier work; callers wait for s first so that this
// does not hold the thread.
func (c Context) CopyHtoD(dst DevicePtr, src []byte, s Stream) error {
	if len(src) == 0 {
		return nil
	}
	if c.sim() {
		return check("cuMemcpyHtoDAsync", simOf().CopyHtoD(c, dst, src, s))
	}
	r := C.kg_htod(C.uintptr_t(c), C.kg_dptr(dst), unsafe.Pointer(&src[0]), C.size_t(len(src)), C.uintptr_t(s))
	runtime.KeepAlive(src)
	return check("cuMemcpyHtoDAsync", int32(r))
}

// CopyDtoH enqueues a copy of src into dst on s (cuMemcpyDtoHAsync). Into
// pageable host memory the driver returns only once dst holds the data.
func (c Context) CopyDtoH(dst []byte, src DevicePtr, s Stream) error {
	if len(dst) == 0 {
		return nil
	}
	if c.sim() {
		return check("cuMemcpyDtoHAsync", simOf().CopyDtoH(c, dst, src, s))
	}
	r := C.kg_dtoh(C.uintptr_t(c), unsafe.Pointer(&dst[0]), C.kg_dptr(src), C.size_t(len(dst)), C.uintptr_t(s))
	runtime.KeepAlive(dst)
	return check("cuMemcpyDtoHAsync", int32(r))
}

// LaunchHostFunc enqueues fn, a C function void (*)(void *), to be called
// with user on a driver thread once s's earlier work has completed. (kago
// waits with workers instead, see docs/backends.md (CUDA); this is here for
// experiments with sync.HostFunc.)
func (c Context) LaunchHostFunc(s Stream, fn unsafe.Pointer, user uintptr) error {
	if c.sim() {
		return c.simLaunchHostFunc(s, fn, user)
	}
	if !HasHostFunc() {
		return errors.New("cuLaunchHostFunc: not in this driver (CUDA 10.0 needed)")
	}
	return check("cuLaunchHostFunc", int32(C.kg_host_func(C.uintptr_t(c), C.uintptr_t(s), fn, C.uintptr_t(user))))
}

// Params is kernelParams for cuLaunchKernel, in C memory: N pointers, the
// i-th to an 8-byte value slot. A parameter's value goes in the low bytes of
// its slot (little-endian, as every CUDA host is); the driver reads as many
// bytes as the PTX declares. The pointers are set once, so filling and
// launching allocate nothing. A Params is used by one goroutine at a time.
type Params struct {
	ptrs  unsafe.Pointer // C: void *[n], followed by the slots
	slots []uint64       // over C memory
}

// NewParams allocates kernelParams for n parameters.
func NewParams(n int) (*Params, error) {
	if n < 0 {
		return nil, fmt.Errorf("cu: %d kernel parameters", n)
	}
	var slots *C.uint64_t
	p := C.kg_params_new(C.int(n), &slots)
	if p == nil {
		return nil, errors.New("cu: out of host memory for kernel parameters")
	}
	return &Params{ptrs: p, slots: unsafe.Slice((*uint64)(unsafe.Pointer(slots)), n)}, nil
}

// Slots are the value slots, one per parameter, in C memory.
func (p *Params) Slots() []uint64 { return p.slots }

// Len is the number of parameters.
func (p *Params) Len() int { return len(p.slots) }

// Pointer returns kernelParams[i] as an address, for tests.
func (p *Params) Pointer(i int) uintptr {
	ptrs := unsafe.Slice((*uintptr)(p.ptrs), len(p.slots))
	return ptrs[i]
}

// SlotAddr returns the address of slot i, for tests.
func (p *Params) SlotAddr(i int) uintptr { return uintptr(unsafe.Pointer(&p.slots[i])) }

// Value returns a copy of the size bytes that kernelParams[i] points to,
// as a driver reads a parameter's value during cuLaunchKernel (the
// simulated driver uses it). size is at most 8.
func (p *Params) Value(i, size int) []byte {
	ptrs := unsafe.Slice((*unsafe.Pointer)(p.ptrs), len(p.slots))
	return C.GoBytes(ptrs[i], C.int(min(size, 8)))
}

// Free releases the C memory. p must not be used afterwards.
func (p *Params) Free() {
	if p.ptrs != nil {
		C.free(p.ptrs)
		p.ptrs, p.slots = nil, nil
	}
}

// logText returns the first n bytes of a JIT log, up to its NUL.
func logText(buf []byte, n int) string {
	if n > len(buf) {
		n = len(buf)
	}
	for i, b := range buf[:n] {
		if b == 0 {
			return string(buf[:i])
		}
	}
	return string(buf[:n])
}
