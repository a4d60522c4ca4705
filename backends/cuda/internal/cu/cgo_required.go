//go:build !cgo

package cu

// The CUDA backend (backends/cuda) calls the CUDA driver through cgo. A
// program built with CGO_ENABLED=0 that imports it stops here, with the
// undefined type below as the message; such a program can import
// backends/native alone, or put its CUDA import in a file with a
// //go:build cgo line (as the examples do).
type _ kago_CUDA_backend_needs_cgo__build_with_CGO_ENABLED_1_and_a_C_compiler
