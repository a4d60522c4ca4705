package driver

import (
	"context"
	"time"
)

// Optional interfaces for events, timing and asynchronous copies.
//
// As with database/sql/driver's optional interfaces, a backend implements
// what its driver offers and ka discovers it with a type assertion at one
// call site; ka falls back (or reports ErrUnsupported) where a backend does
// not. docs/backends.md has the table of which backend implements which.

// HostEvent is an Event that the host can wait for and query. Events that
// Queue.Record returns should implement it: without it, ka.Event.Wait and
// Done report ErrUnsupported.
type HostEvent interface {
	Event

	// Wait waits until the event has completed, through package sync, as
	// Queue.Synchronize does, and may be called from any goroutine, by
	// several at once. A failed command before the event on its queue is
	// an error wrapping ErrDevice; so is the fault of a launch before it
	// (a *KernelError, from the FaultMark the event took at Record), which
	// every wait reports, also after the queue's own wait has. A cancelled
	// ctx must not end the wait early; Wait then returns ctx.Err() once the
	// event has completed, or the failure, which wins.
	Wait(ctx context.Context) error

	// Query reports, without blocking, whether the event has completed. A
	// failed command counts as completed and is reported by Wait.
	Query() (bool, error)
}

// TimedEvent is an Event that carries the time, on the device's clock, at
// which it completed.
type TimedEvent interface {
	Event

	// Elapsed is the device time from start's completion to this event's.
	// start is an event of the same device (both recorded with
	// TimedRecorder.RecordTimed, or both by Record on a backend whose
	// Record events are always timed). Both must have completed; if not,
	// the error wraps ErrInvalid.
	Elapsed(start Event) (time.Duration, error)
}

// TimedRecorder is implemented by queues whose events can be timed.
type TimedRecorder interface {
	// RecordTimed is Queue.Record with a timestamp: the event implements
	// TimedEvent (and HostEvent). Backends whose timed events cost more
	// than plain ones (CUDA) keep Record for ordering only.
	RecordTimed() (Event, error)
}

// Span is the execution interval of one command on the device.
type Span interface {
	HostEvent

	// Interval is the command's start and end on the device's clock, in
	// nanoseconds from an origin of the backend's choosing (a backend whose
	// driver gives only durations, CUDA, returns start 0). The command must
	// have completed; if not, the error wraps ErrInvalid.
	Interval() (start, end int64, err error)
}

// KernelTimer is implemented by queues that can time a kernel.
type KernelTimer interface {
	// LaunchTimed is Launch, and returns the kernel's Span. The rules of
	// Launch apply.
	LaunchTimed(f Function, r NDRange, group NDRange, args []Arg) (Span, error)
}

// AsyncCopier is implemented by queues that can copy between host and
// device memory without waiting: the copy is enqueued in the queue's order
// and the call returns at once. The host memory must stay valid and
// untouched until the copy has completed (a later Synchronize, or a
// HostEvent recorded after it); the backend keeps it pinned until then and
// reports a failed copy from that wait. ka falls back to Read and Write
// where a queue lacks this.
type AsyncCopier interface {
	// WriteAsync enqueues a copy of src into b at byte offset off.
	WriteAsync(b Buffer, off int, src []byte) error
	// ReadAsync enqueues a copy of len(dst) bytes of b at offset off into
	// dst.
	ReadAsync(b Buffer, off int, dst []byte) error
}

// Copier is implemented by queues that copy between two buffers of their
// device on the device, in the queue's order, without waiting. ka copies
// through the host where a queue lacks it.
type Copier interface {
	// Copy enqueues a copy of n bytes from src at srcOff to dst at dstOff.
	// src and dst are buffers of this device; ka has checked the ranges.
	Copy(dst Buffer, dstOff int, src Buffer, srcOff int, n int) error
}
