package cuda_test

import (
	"context"
	"errors"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	_ "github.com/kago-dev/kago/backends/cuda/cudasim"
	"github.com/kago-dev/kago/ka"
	"github.com/kago-dev/kago/ka/katest"
)

// gpuBackend is the backend the GPU tests open: "cuda", or "cuda-sim"
// while TestGPUTestsSimulated reruns them on the simulated driver.
var gpuBackend = "cuda"

// gpuSized are the tests whose work is sized for a GPU: hundreds of
// millions of simulated instructions, minutes under the race detector
// (seconds without it). With -race the simulated runs skip them; the
// driver calls they make are covered by cudasim's own tests and the
// smaller tests here.
var (
	suiteGPUSized = []string{"EventOrdering", "EventTiming", "CloseWhileBusy"} // of ka/katest
	testsGPUSized = []string{"Saxpy", "20000Tasks"}                            // of TestGPUTestsSimulated
)

// underRace returns names when the race detector is on, else nothing.
func underRace(names []string) []string {
	if raceEnabled {
		return names
	}
	return nil
}

// The conformance suite on the simulated CUDA driver (backends/cuda/cudasim):
// this backend's code, unchanged, with kago's PTX run by internal/ptxsim.
func TestConformanceSimulated(t *testing.T) {
	katest.Run(t, "cuda-sim", katest.Skip(underRace(suiteGPUSized)...))
}

// The GPU tests on the simulated driver. Not here: TestRecycledStreamMemory,
// whose kernels wait for each other (the simulator runs one kernel at a
// time), and TestFailedLaunch, whose child process opens "cuda"
// (TestTrapSimulated is its counterpart).
func TestGPUTestsSimulated(t *testing.T) {
	gpuBackend = "cuda-sim"
	defer func() { gpuBackend = "cuda" }()
	for _, tc := range []struct {
		name string
		fn   func(*testing.T)
	}{
		{"Info", TestInfo},
		{"Saxpy", TestSaxpy},
		{"BadPTX", TestBadPTX},
		{"ConcurrentTasksDistinctStreams", TestConcurrentTasksDistinctStreams},
		{"StreamCountBounded", TestStreamCountBounded},
		{"Priorities", TestPriorities},
		{"EventsAndDeviceCopies", TestEventsAndDeviceCopies},
		{"20000Tasks", Test20000Tasks},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if slices.Contains(underRace(testsGPUSized), tc.name) {
				t.Skip("sized for a GPU: skipped on the simulator under -race")
			}
			tc.fn(t)
		})
	}
}

// A kernel that traps fails the work on the simulated device with
// ErrDevice and the CUDA error name; the error is sticky until the device
// is closed, and a device opened afterwards works (the simulator destroys
// the context on its last release).
func TestTrapSimulated(t *testing.T) {
	ctx := context.Background()
	dev, err := ka.Open("cuda-sim")
	require.NoError(t, err)
	// A launch CUDA refuses up front is ErrBadLaunch and enqueues nothing.
	err = kernel(t, dev, Empty, dev.Capabilities().MaxGroupSize+1).Launch(dev.Stream(), ka.Range(1))
	assert.ErrorIs(t, err, ka.ErrBadLaunch)
	require.NoError(t, kernel(t, dev, Trap).Launch(dev.Stream(), ka.Range(1)))
	err = dev.Synchronize(ctx)
	require.ErrorIs(t, err, ka.ErrDevice)
	assert.Contains(t, err.Error(), "CUDA_ERROR_LAUNCH_FAILED")
	_, err = ka.NewKernel(dev, SetFlag)
	assert.ErrorContains(t, err, "CUDA_ERROR_LAUNCH_FAILED", "the error is sticky")
	if err := dev.Close(); err != nil && !errors.Is(err, ka.ErrDevice) {
		assert.ErrorContains(t, err, "CUDA_ERROR_", "Close after a trap")
	}
	again := katest.Open(t, "cuda-sim")
	require.NoError(t, saxpy(ctx, again, kernel(t, again, Saxpy), again.Stream(), 100))
}
