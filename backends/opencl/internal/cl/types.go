// Package cl is kago's own binding to the OpenCL API. It opens
// libOpenCL.so.1 at run time (dlopen), so that programs build without
// OpenCL headers or libraries and start on machines without a driver; Load
// reports a missing library with the Debian packages to install.
//
// It covers what backends/opencl uses and nothing more: platforms and
// devices, contexts, in-order queues (with cl_khr_priority_hints), buffers,
// programs from source, IL (SPIR-V) or binary (SPIR bitcode), kernels and
// their arguments, NDRange launches, reads, writes, copies, fills, markers,
// barriers, events, user events, completion callbacks, flush and finish.
// Every failing call is an *Error naming the call and the OpenCL error.
//
// The types and constants are declared here from the OpenCL 3.0 API
// specification; no header is included.
package cl

// Handles. Each is the driver's opaque pointer, carried as an integer; the
// zero value is no object.
type (
	// Platform is a cl_platform_id.
	Platform uintptr
	// Device is a cl_device_id.
	Device uintptr
	// Context is a cl_context.
	Context uintptr
	// Queue is a cl_command_queue.
	Queue uintptr
	// Mem is a cl_mem.
	Mem uintptr
	// Program is a cl_program.
	Program uintptr
	// Kernel is a cl_kernel.
	Kernel uintptr
	// Event is a cl_event.
	Event uintptr
)

// Platform info (cl_platform_info).
const (
	PlatformProfile    = 0x0900
	PlatformVersion    = 0x0901
	PlatformName       = 0x0902
	PlatformVendor     = 0x0903
	PlatformExtensions = 0x0904
)

// Device types (cl_device_type bits).
const (
	DeviceTypeDefault     uint64 = 1 << 0
	DeviceTypeCPU         uint64 = 1 << 1
	DeviceTypeGPU         uint64 = 1 << 2
	DeviceTypeAccelerator uint64 = 1 << 3
	DeviceTypeAll         uint64 = 0xFFFFFFFF
)

// Device info (cl_device_info).
const (
	DeviceType                  = 0x1000
	DeviceMaxComputeUnits       = 0x1002
	DeviceMaxWorkItemDims       = 0x1003
	DeviceMaxWorkGroupSize      = 0x1004
	DeviceMaxWorkItemSizes      = 0x1005
	DeviceGlobalMemSize         = 0x101F
	DeviceLocalMemSize          = 0x1023
	DeviceName                  = 0x102B
	DeviceVendor                = 0x102C
	DriverVersion               = 0x102D
	DeviceVersion               = 0x102F
	DeviceExtensions            = 0x1030
	DeviceDoubleFPConfig        = 0x1032
	DeviceOpenCLCVersion        = 0x103D
	DeviceILVersion             = 0x105B
	DeviceMaxMemAllocSize       = 0x1010
	DeviceQueueOnHostProperties = 0x102A
)

// Queue priorities of cl_khr_priority_hints (cl_queue_priority_khr).
const (
	QueuePriorityHighKHR uint64 = 1 << 0
	QueuePriorityMedKHR  uint64 = 1 << 1
	QueuePriorityLowKHR  uint64 = 1 << 2
)

// Queue properties (cl_command_queue_properties), as
// DeviceQueueOnHostProperties reports them and CreateQueueWith takes them.
const (
	QueueOutOfOrderExecModeEnable uint64 = 1 << 0
	QueueProfilingEnable          uint64 = 1 << 1
)

// Event profiling info (cl_profiling_info): device clock times, in
// nanoseconds.
const (
	ProfilingQueued = 0x1280
	ProfilingSubmit = 0x1281
	ProfilingStart  = 0x1282
	ProfilingEnd    = 0x1283
)

// Memory flags (cl_mem_flags).
const (
	MemReadWrite = 1 << 0
)

// Program and kernel info.
const (
	ProgramBuildLog     = 0x1183
	KernelWorkGroupSize = 0x11B0
)

// Command execution status (CL_EVENT_COMMAND_EXECUTION_STATUS). A negative
// status is the error code of a failed command.
const (
	Complete  = 0
	Running   = 1
	Submitted = 2
	Queued    = 3
)
