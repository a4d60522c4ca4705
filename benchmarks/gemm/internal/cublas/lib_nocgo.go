//go:build !cgo

package cublas

import (
	"fmt"
	"time"
	"unsafe"
)

// Without cgo there is no dlopen: every library is missing.

func openRuntime(string) bool { return false }
func openBLAS(string) bool    { return false }

func malloc(int) (uintptr, error)                { return 0, fmt.Errorf("%w: built without cgo", ErrNotFound) }
func free(uintptr)                               {}
func copyIn(uintptr, unsafe.Pointer, int) error  { return ErrNotFound }
func copyOut(unsafe.Pointer, uintptr, int) error { return ErrNotFound }
func create() (uintptr, error)                   { return 0, ErrNotFound }
func destroy(uintptr)                            {}
func version(uintptr) int                        { return 0 }
func gemm(uintptr, bool, int, int, int, float64, uintptr, uintptr, float64, uintptr) (time.Duration, error) {
	return 0, ErrNotFound
}
