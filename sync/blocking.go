package sync

import (
	"fmt"
	"os"
	"sync/atomic"
)

// envVar is the environment variable that selects plain blocking waits.
const envVar = "KAGO_SYNC"

// blocking is set from KAGO_SYNC=blocking at start and by SetBlocking.
var blocking atomic.Bool

// envErr is the error of an unknown KAGO_SYNC value, read at start.
var envErr error

func init() {
	switch v := os.Getenv(envVar); v {
	case "", "cooperative":
	case "blocking":
		blocking.Store(true)
	default:
		envErr = fmt.Errorf("%s=%q: unknown value (want \"cooperative\", the default, or \"blocking\")", envVar, v)
	}
}

// EnvError reports an unknown KAGO_SYNC value in the environment the
// process started with (nil when it is unset, "cooperative" or
// "blocking"). Waits then stay cooperative; ka.Open returns this error so
// that a misspelt setting is not silently ignored.
func EnvError() error { return envErr }

// Blocking reports whether every [Wait] calls the blocking wait on the
// caller's goroutine. It is true when the process started with
// KAGO_SYNC=blocking (read once, at start; an unknown value is reported by
// [EnvError]) or after SetBlocking(true).
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
