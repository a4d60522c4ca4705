//go:build !cgo

package cl

// The OpenCL backends (backends/opencl, backends/pocl) call the OpenCL
// library through cgo. A program built with CGO_ENABLED=0 that imports one
// stops here, with the undefined type below as the message; such a
// program can import backends/native alone, or put its OpenCL imports in a
// file with a //go:build cgo line (as the examples do).
type _ kago_OpenCL_and_PoCL_backends_need_cgo__build_with_CGO_ENABLED_1_and_a_C_compiler
