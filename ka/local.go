package ka

import "github.com/kago-dev/kago/ka/kernel"

// LocalArray returns an array of n elements in the group's local memory
// (OpenCL __local, CUDA __shared__): every work-item of the group gets the
// same array, and it lives as long as the group runs. n must be a constant
// in compiled kernels. Initial contents are unspecified on devices (zero on
// the native backend); write before you read, and use Barrier between one
// work-item's writes and another's reads.
//
// Every work-item of a group must make the same LocalArray calls in the same
// order, as with Barrier.
func LocalArray[T Scalar](it Item, n int) []T { return kernel.LocalArray[T](it.w(), n) }

// Scalar is the set of element types kernels can use: Go's numeric types
// and bool, and the 16-bit floats Float16 and BFloat16 (half.go).
type Scalar interface {
	bool | int | int8 | int16 | int32 | int64 | uint | uint8 | uint16 | uint32 | uint64 | float32 | float64 |
		Float16 | BFloat16
}
