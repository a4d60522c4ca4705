package sync

import (
	"os"
	"sync/atomic"
)

// envVar is the environment variable that selects plain blocking waits.
const envVar = "KAGO_SYNC"

// blocking is set from KAGO_SYNC=blocking at start and by SetBlocking.
var blocking atomic.Bool

func init() { blocking.Store(os.Getenv(envVar) == "blocking") }

// Blocking reports whether every [Wait] calls the blocking wait on the
// caller's goroutine. It is true when the process started with
// KAGO_SYNC=blocking (read once, at start; other values are ignored) or
// after SetBlocking(true).
//
// In blocking mode a wait cannot be cancelled early: Options.Cancellable
// is ignored, and a cancelled context's error is returned once the blocking
// wait has returned, as without Cancellable. Each waiting goroutine holds an
// OS thread. Use it to bisect a suspected problem in this package and as the
// baseline of benchmarks.
func Blocking() bool { return blocking.Load() }

// SetBlocking switches blocking mode on or off for the whole process and
// returns the previous setting, so that benchmarks can compare both modes in
// one process. Waits already in progress finish the way they started.
func SetBlocking(on bool) (previous bool) { return blocking.Swap(on) }
