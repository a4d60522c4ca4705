// Package driver defines the interfaces that kago backends implement.
//
// It is to package ka what database/sql/driver is to database/sql: users call
// the concrete types of ka (Device, Stream, Array, Kernel); a backend
// implements the small interfaces below and registers itself with
// ka.Register from an init function, so that a blank import selects it.
//
// It holds what a backend implements and what it reads: the interfaces
// and their optional companions (event.go, stop.go), what a device
// reports (DeviceInfo, Capabilities, Features), and what a backend needs
// to run a kernel: its KernelSpec, with its parameters, their device
// layout (abi.go) and its code (code.go), the fault record that its
// device code writes and the FaultLog a queue keeps of it, and the
// KernelError it reports. It holds nothing that only generated code, the
// JIT or package ka call: the kernel registry is package
// github.com/kago-dev/kago/ka/kgen, and the state of a kernel that runs as
// Go code (behind a ka.Item, a group's barrier and local memory, the
// collectives) is package github.com/kago-dev/kago/ka/kernel, which this
// package imports only to name the types of KernelSpec's Go entries
// (NativeFunc, GroupFunc).
//
// Every method documents whether a backend must implement it and what it may
// assume. ka serialises nothing for a backend beyond what is stated: a Queue is
// used by one goroutine at a time (ka guarantees it for pooled queues; the
// device's default queue is guarded by ka), while Device and Buffer methods
// may be called from any goroutine.
//
// Waiting for the device (Queue.Synchronize, Queue.Read, Queue.Write) must go
// through package github.com/kago-dev/kago/sync, which picks worker goroutines
// or driver callbacks and honours KAGO_SYNC=blocking.
package driver

import (
	"context"
)

// Backend is a kind of device driver (cuda, opencl, pocl, native).
type Backend interface {
	// Probe lists the backend's devices without opening them. An error means
	// the backend cannot be used on this machine; it must wrap ErrNoDevice and
	// say why and what to install (for example the Debian package).
	Probe() ([]DeviceInfo, error)

	// Open opens device i of the list that Probe returns.
	Open(i int) (Device, error)
}

// Device is an opened device. Its methods may be called concurrently.
type Device interface {
	// Info describes the device. It must not change after Open.
	Info() DeviceInfo

	// NewQueue creates an in-order command queue of the given priority.
	// A backend without priorities ignores p (and says so in Capabilities).
	NewQueue(p Priority) (Queue, error)

	// Alloc allocates size bytes of device memory. size is > 0.
	Alloc(size int) (Buffer, error)

	// Load returns the device function for a kernel, compiling or loading
	// the code in spec that suits the device. A backend should cache the
	// result per spec; ka calls Load at most once per ka.Kernel for the
	// kernel and once for its lean variant (KernelSpec.Lean), which it
	// passes as a spec of its own, the same for every ka.Kernel of the
	// kernel; a backend need not look at Lean. When spec has no
	// code the device takes, the error must wrap ErrUnsupported and say
	// which target was needed.
	Load(spec *KernelSpec) (Function, error)

	// Close releases the device. ka calls it once, after releasing every
	// queue, buffer and function it obtained from the device.
	Close() error
}

// Queue is an in-order command queue (an OpenCL command queue, a CUDA
// stream, a goroutine for the native backend). Commands run in the order
// they are enqueued. A Queue is used by one goroutine at a time.
type Queue interface {
	// Launch enqueues a kernel over r with the given work-group size.
	// r need not be a multiple of group: the backend rounds each dimension
	// up to whole groups and runs every work-item of them (kernels guard
	// with len or GlobalSize); device code gets r's sizes in the hidden
	// parameters of docs/ir.md. args has one entry per
	// kernel parameter after the ka.Item, already checked by ka against
	// the function's KernelSpec (count, exact types, arrays of this
	// device). r and group are checked too: 1 to 3 dimensions, the same for
	// both, every size ≥ 1, unused dimensions 1, and group within the
	// device's Capabilities; a backend checks only what ka cannot know
	// (a kernel's own group limit). Launch must not wait for the kernel, and
	// must not keep args (ka reuses the slice): copy what outlives the call.
	Launch(f Function, r NDRange, group NDRange, args []Arg) error

	// Write copies src into b at byte offset off, after the queue's earlier
	// commands. It returns once src may be reused by the caller, and must
	// wait through package sync. A cancelled ctx must not end the wait
	// before the copy has finished. As Synchronize does, it reports the
	// failure of an earlier command (a kernel's fault included).
	Write(ctx context.Context, b Buffer, off int, src []byte) error

	// Read copies len(dst) bytes of b at byte offset off into dst, after the
	// queue's earlier commands. It returns once dst holds the data, and must
	// wait through package sync. A cancelled ctx must not end the wait before
	// the copy has finished. As Synchronize does, it reports the failure of
	// an earlier command (a kernel's fault included).
	Read(ctx context.Context, b Buffer, off int, dst []byte) error

	// Synchronize waits until every command enqueued so far has completed,
	// through package sync. A failed command is an error wrapping ErrDevice,
	// a kernel's fault a *KernelError from the queue's fault record, which
	// the queue's waits report once (FaultLog). A cancelled ctx returns
	// ctx.Err() only after the work has completed, and a failure wins.
	Synchronize(ctx context.Context) error

	// Record enqueues a marker and returns an event that completes when
	// every command enqueued before it has completed.
	Record() (Event, error)

	// WaitEvent makes the queue's later commands wait for e, without
	// blocking the caller. e may come from another queue of the same device.
	WaitEvent(e Event) error

	// Release destroys the queue. ka calls it only when the queue is idle.
	Release() error
}

// Buffer is a block of device memory.
type Buffer interface {
	// Free releases the memory. If q is not nil, the memory was last used
	// by commands on q and the backend may free it in q's order (CUDA's
	// cuMemFreeAsync); if q is nil, all commands that used the memory have
	// completed, or are on queues that the backend itself keeps ordered (an
	// OpenCL buffer is reference counted by the driver).
	Free(q Queue) error
}

// HostBuffer is implemented by buffers that live in host memory the Go
// program can address (the native backend). ka then hands kernels typed
// slices of that memory directly.
type HostBuffer interface {
	Buffer
	// Bytes returns the buffer's memory. It is aligned to 8 bytes.
	Bytes() []byte
}

// Event marks a point in a queue's command stream.
type Event interface {
	// Release releases the event. The queue that waits for it keeps its own
	// reference where the driver needs one.
	Release() error
}

// Function is a kernel loaded on a device. It is opaque to ka.
type Function interface{}

// Arg is one kernel argument, after the ka.Item.
type Arg struct {
	// Buffer is the memory of a slice parameter, nil for scalars.
	Buffer Buffer
	// Len is the element count of a slice parameter.
	Len int
	// Value is the scalar value, of the parameter's exact Go type, for a
	// scalar parameter. For a slice parameter whose Buffer is a HostBuffer
	// it is the []T view of that memory; otherwise it is nil. For a
	// matrix or volume parameter it is the ka.Matrix[T] or ka.Volume[T]
	// value the kernel gets on the native backend.
	Value any
	// Offset, Shape and Strides describe a matrix or volume parameter:
	// the element offset of its first element in Buffer, its extents
	// (rows, cols, depth) and the elements between consecutive indices of
	// each dimension but the last (ParamOffset, ParamShape, ParamStride).
	Offset  int
	Shape   [3]int
	Strides [2]int
	// Bytes is the memory of a struct parameter's value, in Go's layout,
	// which ParamField reads.
	Bytes []byte
}
