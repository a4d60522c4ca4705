package cuda_test

import (
	"testing"

	_ "github.com/kago-dev/kago/backends/cuda/cudasim"
	"github.com/kago-dev/kago/ka/katest"
)

// The conformance suite on the simulated CUDA driver (backends/cuda/cudasim):
// this backend's code, unchanged, with kago's PTX run by internal/ptxsim.
func TestConformanceSimulated(t *testing.T) { katest.Run(t, "cuda-sim") }
