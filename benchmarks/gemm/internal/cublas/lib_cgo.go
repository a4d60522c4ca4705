//go:build cgo

package cublas

// The C side: dlopen'd entry points of the CUDA runtime and cuBLAS,
// declared by hand (no CUDA header at build time). Device pointers travel
// as uintptr_t.

/*
#cgo LDFLAGS: -ldl

#include <dlfcn.h>
#include <stdint.h>
#include <stddef.h>
#include <stdlib.h>

typedef int (*rt_malloc)(void **, size_t);
typedef int (*rt_free)(void *);
typedef int (*rt_memcpy)(void *, const void *, size_t, int);
typedef int (*rt_sync)(void);
typedef int (*rt_evcreate)(void **);
typedef int (*rt_evrecord)(void *, void *);
typedef int (*rt_evsync)(void *);
typedef int (*rt_evelapsed)(float *, void *, void *);
typedef int (*rt_evdestroy)(void *);
typedef const char *(*rt_errstr)(int);
typedef int (*bl_create)(void **);
typedef int (*bl_destroy)(void *);
typedef int (*bl_version)(void *, int *);
typedef int (*bl_mathmode)(void *, int);
typedef int (*bl_sgemm)(void *, int, int, int, int, int, const float *, const float *, int, const float *, int, const float *, float *, int);
typedef int (*bl_dgemm)(void *, int, int, int, int, int, const double *, const double *, int, const double *, int, const double *, double *, int);

static struct {
	rt_malloc malloc; rt_free free; rt_memcpy memcpy; rt_sync sync;
	rt_evcreate evcreate; rt_evrecord evrecord; rt_evsync evsync; rt_evelapsed evelapsed; rt_evdestroy evdestroy;
	rt_errstr errstr;
	bl_create create; bl_destroy destroy; bl_version version; bl_mathmode mathmode; bl_sgemm sgemm; bl_dgemm dgemm;
} f;

static int open_runtime(const char *path) {
	void *h = dlopen(path, RTLD_NOW | RTLD_GLOBAL);
	if (!h) return 0;
	f.malloc = (rt_malloc)dlsym(h, "cudaMalloc");
	f.free = (rt_free)dlsym(h, "cudaFree");
	f.memcpy = (rt_memcpy)dlsym(h, "cudaMemcpy");
	f.sync = (rt_sync)dlsym(h, "cudaDeviceSynchronize");
	f.evcreate = (rt_evcreate)dlsym(h, "cudaEventCreate");
	f.evrecord = (rt_evrecord)dlsym(h, "cudaEventRecord");
	f.evsync = (rt_evsync)dlsym(h, "cudaEventSynchronize");
	f.evelapsed = (rt_evelapsed)dlsym(h, "cudaEventElapsedTime");
	f.evdestroy = (rt_evdestroy)dlsym(h, "cudaEventDestroy");
	f.errstr = (rt_errstr)dlsym(h, "cudaGetErrorString");
	return f.malloc && f.free && f.memcpy && f.sync && f.evcreate && f.evrecord && f.evsync && f.evelapsed && f.evdestroy && f.errstr;
}

static int open_blas(const char *path) {
	void *h = dlopen(path, RTLD_NOW | RTLD_GLOBAL);
	if (!h) return 0;
	f.create = (bl_create)dlsym(h, "cublasCreate_v2");
	f.destroy = (bl_destroy)dlsym(h, "cublasDestroy_v2");
	f.version = (bl_version)dlsym(h, "cublasGetVersion_v2");
	f.mathmode = (bl_mathmode)dlsym(h, "cublasSetMathMode");
	f.sgemm = (bl_sgemm)dlsym(h, "cublasSgemm_v2");
	f.dgemm = (bl_dgemm)dlsym(h, "cublasDgemm_v2");
	return f.create && f.destroy && f.version && f.mathmode && f.sgemm && f.dgemm;
}

static const char *errstr(int e) { return f.errstr ? f.errstr(e) : "?"; }
static int k_malloc(uintptr_t *p, size_t n) { void *q = 0; int r = f.malloc(&q, n); *p = (uintptr_t)q; return r; }
static int k_free(uintptr_t p) { return f.free((void *)p); }
static int k_in(uintptr_t dst, const void *src, size_t n) { return f.memcpy((void *)dst, src, n, 1); }
static int k_out(void *dst, uintptr_t src, size_t n) { return f.memcpy(dst, (const void *)src, n, 2); }

static int k_create(uintptr_t *h) { void *q = 0; int r = f.create(&q); *h = (uintptr_t)q; if (!r) r = f.mathmode(q, 0); return r; }
static int k_destroy(uintptr_t h) { return f.destroy((void *)h); }
static int k_version(uintptr_t h) { int v = 0; f.version((void *)h, &v); return v; }

// k_gemm runs one GEMM between two events on the default stream; *where
// says which call failed (0 event, 1 gemm, 2 sync), *ms the device time.
static int k_gemm(uintptr_t h, int dbl, int m, int n, int k, double alpha, uintptr_t a, int lda, uintptr_t b, int ldb,
		double beta, uintptr_t c, int ldc, float *ms, int *where) {
	void *e0 = 0, *e1 = 0;
	int r;
	*where = 0;
	if ((r = f.evcreate(&e0)) || (r = f.evcreate(&e1)) || (r = f.evrecord(e0, 0))) goto out;
	*where = 1;
	if (dbl) {
		r = f.dgemm((void *)h, 0, 0, m, n, k, &alpha, (const double *)a, lda, (const double *)b, ldb, &beta, (double *)c, ldc);
	} else {
		float fa = (float)alpha, fb = (float)beta;
		r = f.sgemm((void *)h, 0, 0, m, n, k, &fa, (const float *)a, lda, (const float *)b, ldb, &fb, (float *)c, ldc);
	}
	if (r) goto out;
	*where = 2;
	if ((r = f.evrecord(e1, 0)) || (r = f.evsync(e1)) || (r = f.evelapsed(ms, e0, e1))) goto out;
out:
	if (e0) f.evdestroy(e0);
	if (e1) f.evdestroy(e1);
	return r;
}
*/
import "C"

import (
	"fmt"
	"time"
	"unsafe"
)

func openRuntime(path string) bool {
	p := C.CString(path)
	defer C.free(unsafe.Pointer(p))
	return C.open_runtime(p) != 0
}

func openBLAS(path string) bool {
	p := C.CString(path)
	defer C.free(unsafe.Pointer(p))
	return C.open_blas(p) != 0
}

func rtErr(call string, r C.int) error {
	if r == 0 {
		return nil
	}
	return fmt.Errorf("cublas: %s: CUDA runtime error %d (%s)", call, int(r), C.GoString(C.errstr(r)))
}

func malloc(n int) (uintptr, error) {
	var p C.uintptr_t
	if err := rtErr("cudaMalloc", C.k_malloc(&p, C.size_t(n))); err != nil {
		return 0, err
	}
	return uintptr(p), nil
}

func free(p uintptr) { C.k_free(C.uintptr_t(p)) }

func copyIn(dst uintptr, src unsafe.Pointer, n int) error {
	return rtErr("cudaMemcpy to the device", C.k_in(C.uintptr_t(dst), src, C.size_t(n)))
}

func copyOut(dst unsafe.Pointer, src uintptr, n int) error {
	return rtErr("cudaMemcpy from the device", C.k_out(dst, C.uintptr_t(src), C.size_t(n)))
}

func create() (uintptr, error) {
	var h C.uintptr_t
	if r := C.k_create(&h); r != 0 {
		return 0, fmt.Errorf("cublas: cublasCreate or cublasSetMathMode: status %d", int(r))
	}
	return uintptr(h), nil
}

func destroy(h uintptr) { C.k_destroy(C.uintptr_t(h)) }

func version(h uintptr) int { return int(C.k_version(C.uintptr_t(h))) }

func gemm(h uintptr, dbl bool, m, n, k int, alpha float64, a, b uintptr, beta float64, c uintptr) (time.Duration, error) {
	var ms C.float
	var where C.int
	d := C.int(0)
	if dbl {
		d = 1
	}
	r := C.k_gemm(C.uintptr_t(h), d, C.int(m), C.int(n), C.int(k), C.double(alpha), C.uintptr_t(a), C.int(m),
		C.uintptr_t(b), C.int(k), C.double(beta), C.uintptr_t(c), C.int(m), &ms, &where)
	if r != 0 {
		call := [...]string{"cudaEventCreate or cudaEventRecord", "cublas?gemm", "cudaEventSynchronize or cudaEventElapsedTime"}[where]
		if where == 1 {
			return 0, fmt.Errorf("cublas: %s: status %d", call, int(r))
		}
		return 0, rtErr(call, r)
	}
	return time.Duration(float64(ms) * float64(time.Millisecond)), nil
}
