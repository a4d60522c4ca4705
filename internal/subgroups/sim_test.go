package subgroups

// The PTX route: kago's PTX of every test kernel on the CUDA backend over
// the simulated driver (backends/cuda/cudasim), where internal/ptxsim runs
// shfl.sync and vote.sync on warps of 32, the CUDA backend's subgroups.

import _ "github.com/kago-dev/kago/backends/cuda/cudasim"

func init() { backends = append(backends, "cuda-sim", "cuda") }
