package corpus

// The PTX path, run: kago's PTX for every corpus kernel goes through the
// CUDA backend on the simulated driver (backends/cuda/cudasim), which
// executes it with internal/ptxsim, and is compared with the native
// backend like the OpenCL C and SPIR-V paths. No GPU is needed, so it runs
// everywhere; scripts/gpu-check.sh runs the same PTX on a real GPU.

import (
	"testing"

	_ "github.com/kago-dev/kago/backends/cuda/cudasim"
)

func TestCorpusNativeVsSimulatedPTX(t *testing.T) { compareWithNative(t, "cuda-sim") }
