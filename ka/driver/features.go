package driver

import (
	"fmt"
	"math/bits"
	"strings"
)

// Features is a set of optional device features. The same type says what
// a kernel's code needs (KernelSpec.Needs) and what a device has
// (Capabilities.Features); ka.NewKernel refuses a kernel whose needs are
// not all among the device's features, with an error wrapping
// ErrUnsupported that names what is missing.
//
// Only what a device may lack is a feature. Whether a kernel uses a
// barrier (KernelSpec.Barrier) is not: every device has barriers, and the
// flag only tells the native backend how to run the kernel.
type Features uint32

// The features. A new one is a constant here, its name in featureNames,
// the backends' Capabilities that report it, and the compiler that sets it
// in KernelSpec.Needs.
const (
	// FP64 is 64-bit floating-point arithmetic (OpenCL: cl_khr_fp64;
	// every CUDA device kago supports).
	FP64 Features = 1 << iota
	// Int64Atomics is atomic operations on 64-bit integers in global
	// memory (OpenCL: cl_khr_int64_base_atomics; every CUDA device).
	Int64Atomics
	// Cancel is a device whose queues implement Stopper: a cancelled
	// context (ka.Stream.WithContext) skips launches not yet started and
	// stops running kernels. Without it, cancellation ends only the wait.
	// It is a device capability, never a kernel's need.
	Cancel
	// Subgroups is a device that runs subgroups of more than one work-item
	// (Capabilities.SubgroupSize > 1): PTX warps; the native backend's
	// emulated lanes. Without it, every subgroup is one work-item, which
	// runs the same kernels correctly. It is a device capability, never a
	// kernel's need.
	Subgroups
)

// featureNames are the features' names, in bit order.
var featureNames = []string{"fp64", "int64 atomics", "cancel", "subgroups"}

// Has reports whether f includes every feature of g.
func (f Features) Has(g Features) bool { return f&g == g }

// String names the features of f, comma-separated in bit order ("fp64,
// int64 atomics"); "none" for the empty set. Unknown bits are shown as
// Features(0x...).
func (f Features) String() string {
	if f == 0 {
		return "none"
	}
	var names []string
	for b := f; b != 0; b &= b - 1 {
		i := bits.TrailingZeros32(uint32(b))
		if i < len(featureNames) {
			names = append(names, featureNames[i])
		}
	}
	if unknown := f &^ (1<<len(featureNames) - 1); unknown != 0 {
		names = append(names, fmt.Sprintf("Features(%#x)", uint32(unknown)))
	}
	return strings.Join(names, ", ")
}
