package ka

import (
	"fmt"

	"github.com/kago-dev/kago/ka/driver"
	"github.com/kago-dev/kago/ka/kernel"
)

// Local is local memory (OpenCL __local, CUDA __shared__) whose length is
// chosen when the kernel is launched, where ka.LocalArray's is a constant
// of the kernel: a kernel takes a ka.Local[T] parameter, the host passes
// LocalOf[T](n), and every work-item of a group gets the same n elements
// from Slice. It lives as long as the group runs; its initial contents are
// unspecified on devices (zero on the native backend), so write before you
// read, and use Barrier between one work-item's writes and another's reads.
//
//	//ka:kernel
//	func Histogram(it ka.Item, bins ka.Local[uint32], data []uint8, hist []uint32) { h := bins.Slice(it); ... }
//
//	k.Launch(s, ka.Range1(n), ka.LocalOf[uint32](256), data, hist)
//
// On devices it is the kernel's dynamic local memory: a __local T* kernel
// argument in OpenCL C, a Workgroup pointer parameter in SPIR-V, .extern
// .shared memory in PTX (docs/kernel-language.md, "Local memory sized at
// launch").
type Local[T Scalar] struct {
	n    int // the length; 0 at LocalOf: the group's work-item count
	slot int // the parameter's index, set by the launch
	set  bool
}

// LocalOf returns local memory of n elements for a ka.Local[T] parameter;
// n == 0 means one element per work-item of the launch's group
// (KernelAbstractions' @localmem T (prod(@groupsize()),)).
func LocalOf[T Scalar](n int) Local[T] { return Local[T]{n: n, set: true} }

// Slice returns the group's local memory: the same Len() elements for
// every work-item of the group.
func (l Local[T]) Slice(it Item) []T { return kernel.LaunchLocal[T](it.w(), l.slot, l.n) }

// Len returns the length of the local memory: in a kernel, the length the
// launch chose.
func (l Local[T]) Len() int { return l.n }

// localArg is a Local[T] of any T, for Kernel.launch.
type localArg interface {
	localLaunchArg(slot, groupItems int) (driver.Arg, error)
	localElem() driver.ScalarType
}

func (l Local[T]) localElem() driver.ScalarType {
	var z T
	return scalarTypeOf(z)
}

func (l Local[T]) localLaunchArg(slot, groupItems int) (driver.Arg, error) {
	if !l.set {
		return driver.Arg{}, fmt.Errorf("is a zero ka.Local (make it with ka.LocalOf)")
	}
	if l.n < 0 {
		return driver.Arg{}, fmt.Errorf("is ka.LocalOf(%d): a negative length", l.n)
	}
	n := l.n
	if n == 0 {
		n = groupItems
	}
	return driver.Arg{Value: Local[T]{n: n, slot: slot, set: true}, Len: n}, nil
}
