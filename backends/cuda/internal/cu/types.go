// Package cu is kago's own binding to the CUDA driver API (libcuda.so.1),
// opened with dlopen at run time: no cuda.h, no CUDA toolkit and no
// link-time libcuda are needed to build, and a program that never touches a
// GPU starts on machines without the driver.
//
// The few types, constants and entry points it uses are declared here from
// the CUDA driver API documentation. Handles travel as integers (uintptr for
// contexts, streams, events, modules and functions; uint64 for device
// pointers), so Go never turns an integer into an unsafe.Pointer.
//
// Every call that needs a context takes it as its first argument, and the C
// side makes it current in the same call (cuCtxGetCurrent, and
// cuCtxSetCurrent when it differs), because a goroutine may move to another
// OS thread between two cgo calls and CUDA's current context is per thread.
package cu

// Handles. The zero value is the null handle.
type (
	// Device is a CUdevice, an ordinal-like int.
	Device int32
	// Context is a CUcontext (kago uses the device's primary context).
	Context uintptr
	// Stream is a CUstream.
	Stream uintptr
	// Event is a CUevent.
	Event uintptr
	// Module is a CUmodule (a loaded PTX image).
	Module uintptr
	// Function is a CUfunction (a kernel of a module).
	Function uintptr
	// DevicePtr is a CUdeviceptr, a device address (64-bit).
	DevicePtr uint64
)

// Device attributes (CUdevice_attribute) that kago reads.
const (
	AttrMaxThreadsPerBlock   = 1
	AttrMaxBlockDimX         = 2
	AttrMaxBlockDimY         = 3
	AttrMaxBlockDimZ         = 4
	AttrMaxGridDimX          = 5
	AttrMaxGridDimY          = 6
	AttrMaxGridDimZ          = 7
	AttrMaxSharedPerBlock    = 8
	AttrMultiprocessorCount  = 16
	AttrComputeCapMajor      = 75
	AttrComputeCapMinor      = 76
	AttrMemoryPoolsSupported = 115
)

// FuncAttrMaxThreadsPerBlock is CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK: the
// largest block a function can be launched with, given its registers.
const FuncAttrMaxThreadsPerBlock = 0

// Flags.
const (
	// StreamNonBlocking (CU_STREAM_NON_BLOCKING): the stream does not
	// synchronise with the legacy NULL stream.
	StreamNonBlocking = 0x1
	// EventDisableTiming (CU_EVENT_DISABLE_TIMING): an event only for
	// ordering, the cheapest kind.
	EventDisableTiming = 0x2
)
