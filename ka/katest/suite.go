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
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

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

// Open opens the named backend's first device for a test or benchmark and
// closes it when the test ends. It skips, with the reason, when the backend
// has no device here, unless the environment variable
// KAGO_<BACKEND>_REQUIRED is 1 (KAGO_CUDA_REQUIRED=1 on a GPU machine):
// then a missing device fails the test, so that a broken driver set-up
// cannot pass as a skip.
func Open(t testing.TB, backend string) *ka.Device {
	t.Helper()
	dev, err := ka.Open(backend)
	required := os.Getenv("KAGO_"+strings.ToUpper(backend)+"_REQUIRED") == "1"
	if errors.Is(err, ka.ErrNoDevice) && !required {
		t.Skipf("backend %s: %v", backend, err)
	}
	require.NoError(t, err)
	t.Cleanup(func() { assert.NoError(t, dev.Close(), "Close") })
	return dev
}

// Run runs the suite on the first device of the named backend (see Open
// for when it skips).
func Run(t *testing.T, backend string, opts ...Option) {
	var c config
	for _, o := range opts {
		o(&c)
	}
	dev := Open(t, backend)
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if slices.Contains(c.skip, tc.name) {
				t.Skipf("skipped for backend %s", backend)
			}
			tc.fn(t, dev)
		})
	}
}

// add adds tests to the suite, in order, from the file that defines them.
func add(name string, fn func(*testing.T, *ka.Device)) {
	tests = append(tests, struct {
		name string
		fn   func(*testing.T, *ka.Device)
	}{name, fn})
}

var tests = []struct {
	name string
	fn   func(*testing.T, *ka.Device)
}{
	{"Indices", testIndices},
	{"LinearIndices", testLinearIndices},
	{"WholeGroups", testWholeGroups},
	{"MemoryOrder", testMemoryOrder},
	{"AutoGroupSize", testAutoGroupSize},
	{"Saxpy", testSaxpy},
	{"Generic", testGeneric},
	{"LocalReverse", testReverse},
	{"LocalSum", testSum},
	{"Histogram", testHistogram},
	{"Atomics", testAtomics},
	{"BadLaunch", testBadLaunch},
	{"EmptyLaunch", testEmptyLaunch},
	{"Hostile", testHostile},
	{"CloseWhileBusy", testCloseWhileBusy},
	{"Spawn", testSpawn},
	{"SpawnReuse", testSpawnReuse},
	{"TaskError", testTaskError},
	{"Priority", testPriority},
	{"Cancel", testCancel},
	{"Arrays", testArrays},
	{"Shapes", testShapes},
	{"ElementTypes", testElementTypes},
}
