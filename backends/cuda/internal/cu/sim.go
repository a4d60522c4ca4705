//go:build cgo

package cu

import (
	"errors"
	"sync/atomic"
	"unsafe"
)

// The seam for a simulated driver. Every entry point of this package runs
// against libcuda unless its handle is a simulated one: handles a Sim
// returns carry SimHandle (contexts, streams, events, modules, functions)
// or SimDevice (devices), bits no real handle has (user-space pointers
// stay below 2^63, ordinals below 2^30). So the backend's code, given a
// simulated device, runs unchanged: it calls the same methods, with the
// same argument packing, and gets the same *Error values back.
//
// Entry points that take no handle (Load, DeviceCount, GetDevice) are
// reached through a Driver: Real for libcuda, or the one InstallSim
// returns.

// SimHandle marks a handle of the simulated driver.
const SimHandle = uintptr(1) << 63

// SimDevice marks a device of the simulated driver.
const SimDevice = Device(1) << 30

// Sim is a CUDA driver implemented in Go (backends/cuda/cudasim's, over
// internal/ptxsim). Each method is the driver API call named in its
// comment, returning its CUresult; handles are the Sim's own, marked with
// SimHandle and SimDevice.
type Sim interface {
	Init() int32                                                        // cuInit
	DriverVersion() (int, int32)                                        // cuDriverGetVersion
	DeviceCount() (int, int32)                                          // cuDeviceGetCount
	DeviceGet(ordinal int) (Device, int32)                              // cuDeviceGet
	DeviceName(d Device) (string, int32)                                // cuDeviceGetName
	DeviceAttribute(d Device, attr int) (int, int32)                    // cuDeviceGetAttribute
	DeviceTotalMem(d Device) (int64, int32)                             // cuDeviceTotalMem
	PrimaryRetain(d Device) (Context, int32)                            // cuDevicePrimaryCtxRetain
	PrimaryRelease(d Device) int32                                      // cuDevicePrimaryCtxRelease
	PriorityRange(c Context) (least, greatest int, r int32)             // cuCtxGetStreamPriorityRange
	StreamCreate(c Context, flags uint32, priority int) (Stream, int32) // cuStreamCreateWithPriority
	StreamDestroy(c Context, s Stream) int32                            // cuStreamDestroy
	StreamQuery(c Context, s Stream) int32                              // cuStreamQuery
	StreamSynchronize(c Context, s Stream) int32                        // cuStreamSynchronize
	StreamWaitEvent(c Context, s Stream, ev Event) int32                // cuStreamWaitEvent
	EventCreate(c Context, flags uint32) (Event, int32)                 // cuEventCreate
	EventRecord(c Context, ev Event, s Stream) int32                    // cuEventRecord
	EventDestroy(c Context, ev Event) int32                             // cuEventDestroy
	// ModuleLoad is cuModuleLoadDataEx of PTX text; errLog is the JIT
	// error log.
	ModuleLoad(c Context, ptx []byte) (m Module, errLog string, r int32)
	ModuleFunction(c Context, m Module, name string) (Function, int32) // cuModuleGetFunction
	ModuleUnload(c Context, m Module) int32                            // cuModuleUnload
	FuncAttribute(c Context, f Function, attr int) (int, int32)        // cuFuncGetAttribute
	// Launch is cuLaunchKernel: the Sim reads each parameter's value
	// through kernelParams (Params.Value), as many bytes as the PTX
	// declares, during the call; shared is sharedMemBytes, the size of
	// the kernel's .extern .shared array.
	Launch(c Context, f Function, s Stream, grid, block [3]uint32, shared uint32, p *Params) int32
	MemAlloc(c Context, size int) (DevicePtr, int32)                           // cuMemAlloc
	MemFree(c Context, p DevicePtr) int32                                      // cuMemFree
	MemAllocAsync(c Context, size int, s Stream) (DevicePtr, int32)            // cuMemAllocAsync
	MemFreeAsync(c Context, p DevicePtr, s Stream) int32                       // cuMemFreeAsync
	CopyHtoD(c Context, dst DevicePtr, src []byte, s Stream) int32             // cuMemcpyHtoDAsync (pageable source)
	CopyDtoH(c Context, dst []byte, src DevicePtr, s Stream) int32             // cuMemcpyDtoHAsync (pageable destination)
	LaunchHostFunc(c Context, s Stream, fn unsafe.Pointer, user uintptr) int32 // cuLaunchHostFunc
	EventQuery(c Context, ev Event) int32                                      // cuEventQuery
	EventSynchronize(c Context, ev Event) int32                                // cuEventSynchronize
	EventElapsed(c Context, start, end Event) (ms float32, r int32)            // cuEventElapsedTime
	CopyDtoD(c Context, dst, src DevicePtr, n int, s Stream) int32             // cuMemcpyDtoDAsync
	MemsetD32(c Context, dst DevicePtr, v uint32, n int, s Stream) int32       // cuMemsetD32Async
	HasAsyncAlloc() bool
	HasHostFunc() bool
}

var sim atomic.Pointer[Sim]

// InstallSim makes s the simulated driver that simulated handles reach
// and returns its Driver. There is one per process: a second call with
// another Sim panics.
func InstallSim(s Sim) Driver {
	if !sim.CompareAndSwap(nil, &s) && *sim.Load() != s {
		panic("cu: a different simulated driver is already installed")
	}
	return simDriver{}
}

func simOf() Sim {
	p := sim.Load()
	if p == nil {
		panic("cu: a simulated handle without a simulated driver")
	}
	return *p
}

func (c Context) sim() bool { return uintptr(c)&SimHandle != 0 }
func (d Device) sim() bool  { return d&SimDevice != 0 }

// Driver is the entry points that take no handle.
type Driver interface {
	// Load initialises the driver (see the package function Load).
	Load() error
	// DeviceCount is the number of devices.
	DeviceCount() (int, error)
	// GetDevice returns the device of the given ordinal.
	GetDevice(ordinal int) (Device, error)
}

// Real is libcuda.so.1's Driver: the package functions.
var Real Driver = realDriver{}

type realDriver struct{}

func (realDriver) Load() error                     { return Load() }
func (realDriver) DeviceCount() (int, error)       { return DeviceCount() }
func (realDriver) GetDevice(i int) (Device, error) { return GetDevice(i) }

type simDriver struct{}

func (simDriver) Load() error { return check("cuInit", simOf().Init()) }

func (simDriver) DeviceCount() (int, error) {
	n, r := simOf().DeviceCount()
	return n, check("cuDeviceGetCount", r)
}

func (simDriver) GetDevice(i int) (Device, error) {
	d, r := simOf().DeviceGet(i)
	if err := check("cuDeviceGet", r); err != nil {
		return 0, err
	}
	if !d.sim() {
		return 0, errors.New("cu: the simulated driver returned an unmarked device")
	}
	return d, nil
}

// HasAsyncAlloc reports whether d's driver has stream-ordered allocation.
func (d Device) HasAsyncAlloc() bool {
	if d.sim() {
		return simOf().HasAsyncAlloc()
	}
	return HasAsyncAlloc()
}
