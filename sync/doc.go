// Package sync waits for device operations without holding an OS thread,
// without burning a core, and with a context.
//
// It is the one place where kago's backends wait for drivers. A backend
// describes an operation as an [Op] (a blocking driver wait such as
// clWaitForEvents or cuStreamSynchronize), optionally a [Poller] (a
// non-blocking query) and optionally a [Subscriber] (a driver completion
// callback), and calls [Wait]:
//
//  1. A Poller is polled first, within its [Spin] budget. An operation found
//     complete here costs no allocation.
//  2. Then, while fewer than Options.Direct's budget of waits are doing so,
//     op.Wait runs on the caller's goroutine: a goroutine blocked in cgo
//     holds an OS thread but gives its P to another, so a few direct waits
//     cost a few threads and are as fast as blocking.
//  3. Beyond the budget (or without one), for a Subscriber, the driver's
//     callback wakes the waiting goroutine directly (no thread is used
//     while it waits); for any other Op, the blocking wait runs on one of
//     at most four worker goroutines, plus one per open GPU
//     ([ReserveWorkers]), or on an overflow goroutine, for an Op that
//     cannot be polled, when all are busy.
//  4. A cancelled context ends the wait early only with
//     Options.Cancellable; otherwise Wait returns the context's error once
//     the operation has completed, since the device may still use memory
//     the caller would release.
//
// Why Go needs this: a goroutine blocked in a cgo call holds an OS thread,
// so thousands of goroutines waiting on devices would be thousands of
// threads (Go aborts past 10,000); a context cannot interrupt a cgo call;
// and drivers' blocking waits often spin, burning a core each. See
// docs/sync.md for the design and the measurements.
//
// KAGO_SYNC=blocking in the environment (read once at start; see
// [SetBlocking]) makes every Wait call the blocking wait on the caller's
// goroutine, for bisecting and for benchmark baselines. KAGO_SYNC=cooperative
// is the default; any other value is reported by [EnvError], which ka.Open
// returns.
//
// Import it as kasync, beside the standard library's sync:
//
//	import (
//		"sync"
//
//		kasync "github.com/kago-dev/kago/sync"
//	)
//
// so that sync.Mutex is always the standard library's and kasync.Wait
// always this package's (docs/architecture.md says why it keeps its name).
package sync
