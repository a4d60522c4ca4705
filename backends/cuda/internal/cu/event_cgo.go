package cu

// Events the host waits for and times, and device-to-device copies. These
// entry points have their own small table, resolved from the library that
// Load opened (dlopen of the same name finds it loaded), so that they sit
// beside lib_cgo.go's without changing it. The rules are lib_cgo.go's:
// handles as integers, the context made current in the same C call.
//
// A simulated handle (its top bit set, see SimHandle in sim.go) goes to
// the simulated driver.

/*
#cgo LDFLAGS: -ldl
#include <dlfcn.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

typedef int kx_res;
typedef void *kx_h;
typedef unsigned long long kx_dptr;

static struct {
	int ok;
	kx_res (*CtxGetCurrent)(kx_h *);
	kx_res (*CtxSetCurrent)(kx_h);
	kx_res (*EventQuery)(kx_h);
	kx_res (*EventSynchronize)(kx_h);
	kx_res (*EventElapsedTime)(float *, kx_h, kx_h);
	kx_res (*MemcpyDtoDAsync)(kx_dptr, kx_dptr, size_t, kx_h);
} kx;

static const char *kx_open(const char *name) {
	if (kx.ok) return NULL;
	void *lib = dlopen(name, RTLD_NOW | RTLD_LOCAL);
	if (!lib) return dlerror();
#define KX_REQ(field, sym) if (!(*(void **)&kx.field = dlsym(lib, sym))) { dlclose(lib); return sym; }
	KX_REQ(CtxGetCurrent, "cuCtxGetCurrent") KX_REQ(CtxSetCurrent, "cuCtxSetCurrent")
	KX_REQ(EventQuery, "cuEventQuery") KX_REQ(EventSynchronize, "cuEventSynchronize")
	KX_REQ(EventElapsedTime, "cuEventElapsedTime")
	KX_REQ(MemcpyDtoDAsync, "cuMemcpyDtoDAsync_v2")
#undef KX_REQ
	kx.ok = 1;
	return NULL;
}

static kx_res kx_bind(uintptr_t ctx) {
	kx_h cur = NULL;
	if (kx.CtxGetCurrent(&cur) == 0 && cur == (kx_h)ctx) return 0;
	return kx.CtxSetCurrent((kx_h)ctx);
}
#define KX_BIND(ctx) do { kx_res r_ = kx_bind(ctx); if (r_) return r_; } while (0)

static kx_res kx_event_query(uintptr_t ctx, uintptr_t ev) { KX_BIND(ctx); return kx.EventQuery((kx_h)ev); }
static kx_res kx_event_sync(uintptr_t ctx, uintptr_t ev) { KX_BIND(ctx); return kx.EventSynchronize((kx_h)ev); }
static kx_res kx_event_elapsed(uintptr_t ctx, uintptr_t start, uintptr_t end, float *ms) {
	KX_BIND(ctx);
	return kx.EventElapsedTime(ms, (kx_h)start, (kx_h)end);
}
static kx_res kx_dtod(uintptr_t ctx, kx_dptr dst, kx_dptr src, size_t n, uintptr_t s) {
	KX_BIND(ctx);
	return kx.MemcpyDtoDAsync(dst, src, n, (kx_h)s);
}
*/
import "C"

import (
	"fmt"
	"sync"
	"time"
	"unsafe"
)

var (
	extOnce sync.Once
	extErr  error
)

// ext resolves this file's entry points, once Load has succeeded.
func ext() error {
	if err := Load(); err != nil {
		return err
	}
	extOnce.Do(func() {
		cn := C.CString(Library)
		defer C.free(unsafe.Pointer(cn))
		if msg := C.kx_open(cn); msg != nil {
			extErr = fmt.Errorf("%w: %s; %s", ErrNoLibrary, C.GoString(msg), Install)
		}
	})
	return extErr
}

// simulated reports whether h is a simulated driver's handle.
func simulated(h uintptr) bool { return h>>63 != 0 }

// EventQuery reports whether ev has completed, without blocking: (true,
// nil) once it has, (false, nil) before (CUDA_ERROR_NOT_READY), and the
// error of a failed command otherwise.
func (c Context) EventQuery(ev Event) (bool, error) {
	if simulated(uintptr(c)) {
		return c.simEventQuery(ev)
	}
	if err := ext(); err != nil {
		return true, err
	}
	switch r := int32(C.kx_event_query(C.uintptr_t(c), C.uintptr_t(ev))); r {
	case Success:
		return true, nil
	case NotReady:
		return false, nil
	default:
		return true, &Error{Call: "cuEventQuery", Code: r}
	}
}

// EventSynchronize blocks the calling thread until ev has completed.
func (c Context) EventSynchronize(ev Event) error {
	if simulated(uintptr(c)) {
		return check("cuEventSynchronize", simOf().EventSynchronize(c, ev))
	}
	if err := ext(); err != nil {
		return err
	}
	return check("cuEventSynchronize", int32(C.kx_event_sync(C.uintptr_t(c), C.uintptr_t(ev))))
}

// EventElapsed is the time between two completed events recorded with
// timing (flags without EventDisableTiming), at the driver's resolution
// of about half a microsecond.
func (c Context) EventElapsed(start, end Event) (time.Duration, error) {
	if simulated(uintptr(c)) {
		return c.simEventElapsed(start, end)
	}
	if err := ext(); err != nil {
		return 0, err
	}
	var ms C.float
	if err := check("cuEventElapsedTime", int32(C.kx_event_elapsed(C.uintptr_t(c), C.uintptr_t(start), C.uintptr_t(end), &ms))); err != nil {
		return 0, err
	}
	return time.Duration(float64(ms) * float64(time.Millisecond)), nil
}

// CopyDtoD enqueues a copy of n bytes from src to dst on s
// (cuMemcpyDtoDAsync); it does not wait.
func (c Context) CopyDtoD(dst, src DevicePtr, n int, s Stream) error {
	if simulated(uintptr(c)) {
		return check("cuMemcpyDtoDAsync", simOf().CopyDtoD(c, dst, src, n, s))
	}
	if err := ext(); err != nil {
		return err
	}
	return check("cuMemcpyDtoDAsync", int32(C.kx_dtod(C.uintptr_t(c), C.kx_dptr(dst), C.kx_dptr(src), C.size_t(n), C.uintptr_t(s))))
}
