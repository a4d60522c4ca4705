//go:build cgo

package collectives

// The PTX route: kago's PTX of every test kernel on the CUDA backend over
// the simulated driver (backends/cuda/cudasim), where internal/ptxsim runs
// the collectives' barriers and shared memory.

import _ "github.com/kago-dev/kago/backends/cuda/cudasim"

func init() { backends = append(backends, "cuda-sim") }
