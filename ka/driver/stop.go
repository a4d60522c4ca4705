package driver

// This file is the driver side of cancellable streams (ka.Stream.WithContext,
// ka.SpawnContext; docs/sync.md, "Cancellation"): a queue whose device work
// a host-side flag can stop.

// Stopper is implemented by queues of devices whose Capabilities include
// Cancel: a stop flag, raised by the host while the queue works, that the
// queue's work obeys.
//
// While the flag is raised:
//   - a launch that has not started yet is skipped (it completes at once,
//     without running, and without an error);
//   - a kernel that is running stops at its next stop check (each backend
//     documents where it checks: between work-groups, at barriers, at loop
//     back-edges of code compiled with checks), a work-group as a whole,
//     never leaving work-items of a group waiting at a barrier;
//   - copies and markers run as usual.
//
// A stopped or skipped launch completes normally for the queue's waits and
// events, and is not an error; what it wrote is undefined. Stop may be
// called from any goroutine, at any time, concurrently with the goroutine
// that uses the queue (it is the exception to Queue's one-goroutine rule).
// ka raises the flag when a context is cancelled and lowers it only after
// the queue has drained, before the queue is used for later work.
type Stopper interface {
	Stop(raised bool) error
}
