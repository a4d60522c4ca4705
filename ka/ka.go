// Package ka is kago's user API: write a kernel once as a Go function, run
// it on NVIDIA GPUs (CUDA), on any OpenCL device, on the CPU through PoCL,
// or as plain Go (the native backend).
//
// A kernel is a top-level function marked //ka:kernel whose first parameter
// is an Item; its other parameters are scalars, structs of them, slices of
// those, Matrix and Volume views and Local memory
// (docs/kernel-language.md):
//
//	//ka:kernel
//	func Saxpy(it ka.Item, a float32, x, y []float32) {
//		if i := it.Global(); i < len(y) {
//			y[i] = a*x[i] + y[i]
//		}
//	}
//
// The host opens a device, moves data into Arrays, and launches:
//
//	dev, err := ka.Open("")                  // KAGO_BACKEND, else the best available
//	x, err := ka.FromSlice(ctx, dev, hostX)  // *ka.Array[float32]
//	k, err := ka.NewKernel(dev, Saxpy, ka.WithGroupSize(256))
//	err = k.Launch(dev.Stream(), ka.Range(n), float32(2), x, y) // asynchronous
//	err = dev.Synchronize(ctx)               // cooperative: other goroutines keep running
//	err = y.Read(ctx, hostY)
//
// Backends register themselves when imported, as database/sql drivers do:
// import _ "github.com/kago-dev/kago/backends/native" (or pocl, opencl,
// cuda). Device code comes from `kago gen` (run by go generate), or from the
// JIT when github.com/kago-dev/kago/jit is imported.
//
// Waiting never holds a thread for long: Synchronize, Read and Write wait
// through package github.com/kago-dev/kago/sync, which polls briefly and
// then parks the goroutine until a worker or a driver callback wakes it.
// Spawn gives each concurrent goroutine a stream of its own.
//
// Streams are ordered with events (Stream.Record, Stream.WaitFor), timed on
// the device's clock (Event.Elapsed, Kernel.LaunchTimed), and overlapped
// with asynchronous copies (Array.ReadAsync, Array.WriteAsync, Copy).
// Devices lists every usable device; a program may open several and drive
// each from its own Spawn task. With runtime/trace on, launches, copies and
// waits appear in the trace of the goroutine that issued them.
//
// # Errors and panics
//
// Every input that depends on data is checked and, when wrong, is an error
// wrapping one of the sentinels below, before anything reaches the driver:
// sizes (a negative or overflowing element count is ErrInvalid or
// ErrOutOfMemory; a range whose groups overflow or exceed the device's
// limits is ErrBadLaunch), argument types and devices, nil devices,
// functions and arrays passed as arguments, unknown backend names and
// KAGO_BACKEND or KAGO_SYNC values. A range with a zero size is an empty
// launch that succeeds. Using a device, stream, array or kernel after
// Device.Close, Array.Free or the end of its task is ErrClosed; Close is
// safe while tasks still run (it waits for their enqueued work, then
// refuses their further calls), and Free and Close are idempotent.
//
// As elsewhere in Go, calling a method on a nil *Device, *Stream, *Array,
// *Kernel or *Task is a programming error and may panic; so is Register
// with a nil backend or a duplicate name (and kgen.RegisterKernel, which
// generated code calls, with a bad kernel). Check the error of FromSlice or
// Alloc before using the array.
package ka

import "github.com/kago-dev/kago/ka/driver"

// Sentinel errors, for errors.Is. Errors from ka wrap them with context.
var (
	// ErrNoDevice: no such backend or device, or its driver is missing
	// (the message names the package to install).
	ErrNoDevice = driver.ErrNoDevice
	// ErrUnsupported: the device cannot run what was asked (no code for
	// its target, no fp64, no 64-bit atomics).
	ErrUnsupported = driver.ErrUnsupported
	// ErrBadLaunch: wrong arguments or sizes for a launch; nothing was
	// enqueued. The message names the parameter.
	ErrBadLaunch = driver.ErrBadLaunch
	// ErrDevice: a command failed on the device; returned by the waits
	// that cover it (Synchronize, Read, Write, Task.Wait, Event.Wait).
	ErrDevice = driver.ErrDevice
	// ErrClosed: use of a closed device, a freed array, or a task's stream
	// after the task ended.
	ErrClosed = driver.ErrClosed
	// ErrOutOfMemory: an allocation the device cannot hold: its byte size
	// overflows, exceeds the device's largest allocation
	// (Capabilities.MaxAllocBytes), or the driver ran out of memory.
	ErrOutOfMemory = driver.ErrOutOfMemory
	// ErrInvalid: an argument outside its domain, such as a nil device or
	// function, a negative element count, or a host slice longer than the
	// array it is copied to or from.
	ErrInvalid = driver.ErrInvalid
)

// KernelError is the first failure of a kernel launch (an index out of
// range, a division by zero, a panic), with the work-item, the Go source
// position and the values. The next synchronizing call of the stream that
// covers the launch returns it (Synchronize, Read, Write, Task.Wait), and
// so does every wait for an event recorded after it (Event.Wait,
// KernelTime.Wait; docs/sync.md has the table); it matches ErrDevice with
// errors.Is, and errors.As extracts it:
//
//	var kerr *ka.KernelError
//	if errors.As(err, &kerr) { fmt.Println(kerr.Kernel, kerr.GlobalID, kerr.Line) }
//
// Its Error reads like Go's runtime panic: "kernel Saxpy: work-item [16 0 0]
// of group [0 0 0]: saxpy.go:12: index out of range [16] with length 16".
type KernelError = driver.KernelError

// FaultKind is what went wrong in a kernel; see KernelError.
type FaultKind = driver.FaultKind

// Fault kinds.
const (
	FaultPanic        = driver.FaultPanic
	FaultIndex        = driver.FaultIndex
	FaultSlice        = driver.FaultSlice
	FaultDivideByZero = driver.FaultDivideByZero
)

// Kind is the type of a device: CPU or GPU.
type Kind = driver.Kind

// Device kinds.
const (
	CPU = driver.CPU
	GPU = driver.GPU
)

// Priority is a stream's scheduling priority.
type Priority = driver.Priority

// Priorities. Normal is the default.
const (
	Low    = driver.Low
	Normal = driver.Normal
	High   = driver.High
)

// Capabilities are what a device can do; see Device.Capabilities.
type Capabilities = driver.Capabilities

// Features is a set of optional device features, as in
// Capabilities.Features: dev.Capabilities().Features.Has(ka.FP64).
// NewKernel refuses a device that lacks a feature the kernel needs.
type Features = driver.Features

// Optional device features.
const (
	FP64         = driver.FP64         // 64-bit floating point
	Int64Atomics = driver.Int64Atomics // atomics on 64-bit integers
	Cancel       = driver.Cancel       // cancellation stops device work (Stream.WithContext)
	Subgroups    = driver.Subgroups    // subgroups of more than one work-item (Capabilities.SubgroupSize)
)

// DeviceInfo describes a device without opening it; see Probe.
type DeviceInfo = driver.DeviceInfo

// NDRange is the size of a launch in one to three dimensions; its Size is
// in dimension order, dimension 0 first.
type NDRange = driver.NDRange

// Range is a 1-D range of n work-items: dimension 0 of size n.
func Range(n int) NDRange { return NDRange{Dims: 1, Size: [3]int{n, 1, 1}} }

// Range2 is a 2-D range of rows×cols work-items, in the order of a
// row-major ka.Matrix's shape: the column is dimension 0, the
// fastest-varying one, and the row dimension 1, so that neighbouring
// work-items touch neighbouring elements (coalesced on a GPU, sequential
// on a CPU). it.Global2() returns (row, col); it.GlobalID(0) is the
// column; it.Global() is row*cols + col, the row-major index.
func Range2(rows, cols int) NDRange { return NDRange{Dims: 2, Size: [3]int{cols, rows, 1}} }

// Range3 is a 3-D range of depth×rows×cols work-items, in the order of a
// ka.Volume's shape: the column is dimension 0, the row dimension 1 and
// the layer dimension 2. it.Global3() returns (layer, row, col).
func Range3(depth, rows, cols int) NDRange {
	return NDRange{Dims: 3, Size: [3]int{cols, rows, depth}}
}
