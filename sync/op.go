package sync

// Op is an operation to wait for. Wait is the blocking driver wait
// (clWaitForEvents, cuStreamSynchronize); it may be called on a worker
// goroutine, and at most once per call of [Wait].
type Op interface{ Wait() error }

// Poller is implemented by ops that can be queried without blocking
// (cuStreamQuery, CL_EVENT_COMMAND_EXECUTION_STATUS). A non-nil err ends the
// wait with that error. Poll may be called many times from the waiting
// goroutine, and, while all workers are busy, until a worker is free.
type Poller interface{ Poll() (done bool, err error) }

// Subscriber is implemented by ops that can register a driver completion
// callback. Subscribe must arrange for exactly one notification (n.Notify
// from Go, or one of the C trampolines [HostFunc] and [EventCallback] with
// n.Handle() as user data) unless it returns an error, in which case it
// registered nothing. The notification may come before Subscribe returns,
// from any thread. n.Handle must be called before Subscribe returns.
//
// When an op implements Subscriber, [Wait] uses the callback strategy (no
// worker); otherwise the worker strategy. A backend that wants workers for
// GPUs and callbacks for CPUs passes different types: for example
// `type cpuEvent struct{ gpuEvent }` adds Subscribe, and converting a
// pointer between them allocates nothing.
type Subscriber interface{ Subscribe(n Notifier) error }
