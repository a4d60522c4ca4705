package vk

import (
	"errors"
	"fmt"
)

// Result is a VkResult.
type Result int32

// VkResult values used by name.
const (
	Success                   Result = 0
	NotReady                  Result = 1
	Timeout                   Result = 2
	Incomplete                Result = 5
	ErrorOutOfHostMemory      Result = -1
	ErrorOutOfDeviceMemory    Result = -2
	ErrorInitializationFailed Result = -3
	ErrorDeviceLost           Result = -4
	ErrorFeatureNotPresent    Result = -8
	ErrorIncompatibleDriver   Result = -9
	ErrorInvalidShaderNV      Result = -1000012000
)

var names = map[Result]string{
	0: "VK_SUCCESS", 1: "VK_NOT_READY", 2: "VK_TIMEOUT", 3: "VK_EVENT_SET",
	4: "VK_EVENT_RESET", 5: "VK_INCOMPLETE",
	-1: "VK_ERROR_OUT_OF_HOST_MEMORY", -2: "VK_ERROR_OUT_OF_DEVICE_MEMORY",
	-3: "VK_ERROR_INITIALIZATION_FAILED", -4: "VK_ERROR_DEVICE_LOST",
	-5: "VK_ERROR_MEMORY_MAP_FAILED", -6: "VK_ERROR_LAYER_NOT_PRESENT",
	-7: "VK_ERROR_EXTENSION_NOT_PRESENT", -8: "VK_ERROR_FEATURE_NOT_PRESENT",
	-9: "VK_ERROR_INCOMPATIBLE_DRIVER", -10: "VK_ERROR_TOO_MANY_OBJECTS",
	-11: "VK_ERROR_FORMAT_NOT_SUPPORTED", -12: "VK_ERROR_FRAGMENTED_POOL",
	-13: "VK_ERROR_UNKNOWN", -1000069000: "VK_ERROR_OUT_OF_POOL_MEMORY",
	-1000072003: "VK_ERROR_INVALID_EXTERNAL_HANDLE", -1000161000: "VK_ERROR_FRAGMENTATION",
	-1000257000: "VK_ERROR_INVALID_OPAQUE_CAPTURE_ADDRESS",
	-1000012000: "VK_ERROR_INVALID_SHADER_NV",
}

// String returns the VkResult's name ("VK_ERROR_OUT_OF_DEVICE_MEMORY"), or
// "VK_RESULT(n)" for a value this package does not name.
func (r Result) String() string {
	if s, ok := names[r]; ok {
		return s
	}
	return fmt.Sprintf("VK_RESULT(%d)", int32(r))
}

// Error is a failed Vulkan call: the call's name and the VkResult it
// returned.
type Error struct {
	Call   string // "vkCreateComputePipelines"
	Result int32  // a negative VkResult
}

// Error returns "call: VK_NAME (n)".
func (e *Error) Error() string {
	return fmt.Sprintf("%s: %s (%d)", e.Call, Result(e.Result), e.Result)
}

// check returns nil for VK_SUCCESS, else an *Error.
func check(call string, r int32) error {
	if r == 0 {
		return nil
	}
	return &Error{Call: call, Result: r}
}

// ResultOf returns the VkResult in err's chain, or 0.
func ResultOf(err error) Result {
	var e *Error
	if errors.As(err, &e) {
		return Result(e.Result)
	}
	return 0
}

// ErrNoLoader is wrapped by Open's error when libvulkan.so.1 cannot be
// loaded or lacks vkGetInstanceProcAddr.
var ErrNoLoader = errors.New("vulkan loader not available")

// ErrNotOpen is returned by calls made before a successful Open.
var ErrNotOpen = errors.New("vk: Open has not succeeded")

// ErrZeroHandle is returned, without calling the driver, when a call is
// given a zero handle or an object that was already destroyed.
var ErrZeroHandle = errors.New("vk: zero or destroyed handle")

// ErrInvalidArgument is returned, without calling the driver, for an
// argument Vulkan forbids (a buffer of size 0, empty SPIR-V, ...).
var ErrInvalidArgument = errors.New("vk: invalid argument")
