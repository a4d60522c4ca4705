// Package cublas is the GEMM benchmark's own binding to NVIDIA's cuBLAS
// and the CUDA runtime, opened with dlopen at run time: a dependency of
// the benchmark only, never of the library. It holds matrices in memory
// of the CUDA runtime (the primary context, which kago's CUDA backend
// uses too) and times cublasSgemm and cublasDgemm with CUDA events, so
// that the benchmark can compare algo.MatMul with the vendor's GEMM on the
// same GPU in one process.
//
// Row-major matrices are passed as cuBLAS's column-major transposes:
// C = A·B, row-major m×n, is Cᵀ = Bᵀ·Aᵀ, which is cublas?gemm(N, N, n, m,
// k, α, B, n, A, k, β, C, n).
//
// The libraries are looked up by name (libcudart.so, .so.13, .so.12;
// libcublas.so, .so.13, .so.12) in the directories of KAGO_CUDA_LIBS
// (colon-separated), then by the dynamic loader's own search. A missing
// library is an error wrapping ErrNotFound.
package cublas

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"
	"unsafe"
)

// ErrNotFound means libcudart or libcublas could not be opened.
var ErrNotFound = errors.New("cublas: library not found")

// Float is the element types of Gemm.
type Float interface{ float32 | float64 }

// Handle is an open cuBLAS handle. It is not safe for concurrent use.
type Handle struct {
	h       uintptr
	version int
}

// Matrix is a row-major matrix in device memory.
type Matrix struct {
	ptr        uintptr
	rows, cols int
	elem       int // bytes per element
}

// candidates are the file names a library is looked for under.
func candidates(base string) []string {
	names := []string{base + ".so", base + ".so.13", base + ".so.12"}
	var out []string
	for _, dir := range filepath.SplitList(os.Getenv("KAGO_CUDA_LIBS")) {
		if dir == "" {
			continue
		}
		for _, n := range names {
			out = append(out, filepath.Join(dir, n))
		}
	}
	return append(out, names...)
}

// Open loads the CUDA runtime and cuBLAS and creates a handle that uses
// the default math mode (no TF32 for float32: cuBLAS uses tensor cores for
// SGEMM only when asked).
func Open() (*Handle, error) {
	var tried []string
	for _, lib := range []struct {
		base string
		open func(string) bool
	}{{"libcudart", openRuntime}, {"libcublas", openBLAS}} {
		ok := false
		for _, p := range candidates(lib.base) {
			if lib.open(p) {
				ok = true
				break
			}
		}
		if !ok {
			tried = append(tried, strings.Join(candidates(lib.base), ", "))
			return nil, fmt.Errorf("%w: %s (tried %s; set KAGO_CUDA_LIBS to its directory)", ErrNotFound, lib.base, tried[len(tried)-1])
		}
	}
	h, err := create()
	if err != nil {
		return nil, err
	}
	return &Handle{h: h, version: version(h)}, nil
}

// Version is cuBLAS's version number (e.g. 130100 for 13.1.0).
func (h *Handle) Version() int { return h.version }

// Close destroys the handle.
func (h *Handle) Close() { destroy(h.h) }

// Upload copies a row-major rows×cols matrix to the device.
func Upload[T Float](rows, cols int, data []T) (*Matrix, error) {
	if len(data) != rows*cols {
		return nil, fmt.Errorf("cublas: %d elements for a %d×%d matrix", len(data), rows, cols)
	}
	var z T
	m := &Matrix{rows: rows, cols: cols, elem: int(unsafe.Sizeof(z))}
	p, err := malloc(rows * cols * m.elem)
	if err != nil {
		return nil, err
	}
	m.ptr = p
	if len(data) > 0 {
		if err := copyIn(p, unsafe.Pointer(&data[0]), len(data)*m.elem); err != nil {
			m.Free()
			return nil, err
		}
	}
	return m, nil
}

// Download copies m into dst, which must have its size.
func Download[T Float](m *Matrix, dst []T) error {
	var z T
	if len(dst) != m.rows*m.cols || int(unsafe.Sizeof(z)) != m.elem {
		return fmt.Errorf("cublas: reading a %d×%d matrix of %d-byte elements into %d of %d bytes", m.rows, m.cols, m.elem, len(dst), unsafe.Sizeof(z))
	}
	if len(dst) == 0 {
		return nil
	}
	return copyOut(unsafe.Pointer(&dst[0]), m.ptr, len(dst)*m.elem)
}

// Free releases m's device memory.
func (m *Matrix) Free() {
	if m.ptr != 0 {
		free(m.ptr)
		m.ptr = 0
	}
}

// Gemm computes C = alpha·A·B + beta·C (row-major, no transposes) on the
// default stream and returns the device time between two CUDA events
// around the call.
func Gemm[T Float](h *Handle, alpha T, a, b *Matrix, beta T, c *Matrix) (time.Duration, error) {
	var z T
	for _, x := range []*Matrix{a, b, c} {
		if x.elem != int(unsafe.Sizeof(z)) {
			return 0, fmt.Errorf("cublas: a matrix of %d-byte elements in a GEMM of %d-byte ones", x.elem, unsafe.Sizeof(z))
		}
	}
	m, n, k := a.rows, b.cols, a.cols
	if b.rows != k || c.rows != m || c.cols != n {
		return 0, fmt.Errorf("cublas: shapes %d×%d · %d×%d into %d×%d", a.rows, a.cols, b.rows, b.cols, c.rows, c.cols)
	}
	return gemm(h.h, unsafe.Sizeof(z) == 8, n, m, k, float64(alpha), b.ptr, a.ptr, float64(beta), c.ptr)
}
