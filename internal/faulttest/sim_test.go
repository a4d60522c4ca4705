//go:build cgo

package faulttest_test

import (
	"testing"

	_ "github.com/kago-dev/kago/backends/cuda/cudasim"
	"github.com/kago-dev/kago/ka/katest"
)

// TestFaultsSimulatedCUDA runs the kernels' PTX through backends/cuda on
// the simulated CUDA driver (backends/cuda/cudasim): the fault record as
// the CUDA backend fills it in and reads it back, without a GPU.
func TestFaultsSimulatedCUDA(t *testing.T) {
	testFaults(t, kaRunner(katest.Open(t, "cuda-sim")), 4)
}
