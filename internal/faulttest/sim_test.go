//go:build cgo

package faulttest_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	_ "github.com/kago-dev/kago/backends/cuda/cudasim"
	"github.com/kago-dev/kago/ka/katest"
)

// TestFaultsSimulatedCUDA runs the kernels' PTX through backends/cuda on
// the simulated CUDA driver (backends/cuda/cudasim): the fault record as
// the CUDA backend fills it in and reads it back, without a GPU.
func TestFaultsSimulatedCUDA(t *testing.T) {
	testFaults(t, kaRunner(katest.Open(t, "cuda-sim")), 4)
}

// TestBroadcastNoCheckSimulatedCUDA is TestBroadcastNoCheck's PTX route:
// without the check, from outside the group is no error there either.
func TestBroadcastNoCheckSimulatedCUDA(t *testing.T) {
	require.NoError(t, kaRunner(katest.Open(t, "cuda-sim"))(t, broadcastNoCheck, 0))
}
