// Package clcheck builds and runs OpenCL C on PoCL's CPU device, for the
// tests of codegen/openclc: did the emitted source compile (and if not, the
// build log), and does the kernel compute what it should.
//
// It loads libOpenCL.so.1 at run time (dlopen) and declares the handful of
// OpenCL types and functions it needs itself, so it builds without OpenCL
// headers or libraries; where the library, the PoCL platform or cgo is
// missing, Open returns an error wrapping ErrUnavailable and the tests skip.
// It is not a binding for production use: backends/opencl is.
package clcheck

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
)

// ErrUnavailable is wrapped by Open's error when there is no OpenCL
// library, no PoCL platform or no cgo: a reason to skip, not a failure.
var ErrUnavailable = errors.New("clcheck: OpenCL (PoCL) unavailable")

// Buffer is a kernel argument in global memory: Data is copied to the
// device before the launch and back into Data after it.
type Buffer struct {
	Data []byte
}

// Local is a kernel argument in local memory of the given size in bytes
// (a __local pointer parameter); nothing is copied.
type Local int

// scalarBytes encodes a scalar kernel argument (a fixed-size Go number) in
// the device's (little-endian) byte order.
func scalarBytes(v any) ([]byte, error) {
	if b, ok := v.(bool); ok {
		return nil, fmt.Errorf("clcheck: bool %v: OpenCL kernels take no bool; pass a uint8", b)
	}
	var buf bytes.Buffer
	if err := binary.Write(&buf, binary.LittleEndian, v); err != nil {
		return nil, fmt.Errorf("clcheck: argument %v (%T): %w", v, v, err)
	}
	return buf.Bytes(), nil
}
