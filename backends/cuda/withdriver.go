package cuda

import "github.com/kago-dev/kago/backends/cuda/internal/cu"

// WithDriver returns a Backend over drv instead of libcuda: the simulated
// CUDA driver of package backends/cuda/cudasim, which registers it as
// "cuda-sim" for tests. drv's type is internal to this backend, so only
// packages under backends/cuda can call it.
func WithDriver(drv cu.Driver) *Backend { return &Backend{drv: drv} }
