// Package clrun runs a kernel, given as SPIR LLVM bitcode, on PoCL's CPU
// device, for the tests of codegen/spirv: PoCL 3.1 takes no SPIR-V, but the
// emitter's SPIR-V converted back with `llvm-spirv-15 -r` loads through
// clCreateProgramWithBinary. libOpenCL.so.1 is opened at run time (no CL
// headers or SDK at build time).
//
// It is a test helper, kept small on purpose: one device, blocking calls,
// buffers copied in and out around each run. The real OpenCL backend lives
// in backends/opencl; once its test path can run bitcode, it replaces this.
package clrun

import (
	"errors"
	"fmt"
)

// ErrNoDevice is returned by Open where libOpenCL.so.1 or a CPU device is
// missing.
var ErrNoDevice = errors.New("clrun: no OpenCL CPU device")

// Range is a launch's global and local (work-group) size; unused
// dimensions are 1.
type Range struct {
	Global, Local [3]int
}

// Run builds bitcode on the device, runs kernel over r with args, and copies
// every slice argument back. Args are passed in order, each one of:
// []float32, []float64, []int32, []int64 (a read-write buffer, copied back
// after the run), or float32, float64, int8, uint8, int16, int32, int64
// (a scalar by value). options are the program's build options ("" or
// "-x spir").
func (d *Device) Run(bitcode []byte, options, kernel string, r Range, args ...any) error {
	if len(bitcode) == 0 {
		return fmt.Errorf("clrun: empty bitcode")
	}
	return d.run(bitcode, options, kernel, r, args)
}
