// Package katest is kago's backend conformance suite, as testing/fstest is
// for fs.FS implementations: every backend's tests call Run, with a skip
// list for what the backend cannot do, and the native backend passes all of
// it first.
//
//	func TestConformance(t *testing.T) { katest.Run(t, "pocl") }
//
// The suite checks results against values computed on the host, so a
// backend that passes agrees with the native backend by construction.
package katest

import (
	"errors"
	"slices"
	"testing"

	"github.com/kago-dev/kago/ka"
)

// Option configures Run.
type Option func(*config)

type config struct{ skip []string }

// Skip skips the named subtests (for example "Atomics/int64" where a
// device has no 64-bit atomics), with the reason in the test log.
func Skip(names ...string) Option {
	return func(c *config) { c.skip = append(c.skip, names...) }
}

// Run runs the suite on the first device of the named backend. It skips the
// whole suite, with the reason, when the backend has no device here.
func Run(t *testing.T, backend string, opts ...Option) {
	var c config
	for _, o := range opts {
		o(&c)
	}
	dev, err := ka.Open(backend)
	if errors.Is(err, ka.ErrNoDevice) {
		t.Skipf("backend %s: %v", backend, err)
	}
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if err := dev.Close(); err != nil {
			t.Errorf("Close: %v", err)
		}
	})
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if slices.Contains(c.skip, tc.name) {
				t.Skipf("skipped for backend %s", backend)
			}
			tc.fn(t, dev)
		})
	}
}

var tests = []struct {
	name string
	fn   func(*testing.T, *ka.Device)
}{
	{"Indices", testIndices},
	{"WholeGroups", testWholeGroups},
	{"Saxpy", testSaxpy},
	{"Generic", testGeneric},
	{"LocalReverse", testReverse},
	{"LocalSum", testSum},
	{"Histogram", testHistogram},
	{"Atomics", testAtomics},
	{"BadLaunch", testBadLaunch},
	{"Spawn", testSpawn},
	{"SpawnReuse", testSpawnReuse},
	{"TaskError", testTaskError},
	{"Priority", testPriority},
	{"Cancel", testCancel},
	{"Arrays", testArrays},
}
