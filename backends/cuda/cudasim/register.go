package cudasim

import (
	"github.com/kago-dev/kago/backends/cuda"
	"github.com/kago-dev/kago/backends/cuda/internal/cu"
	"github.com/kago-dev/kago/ka"
)

// Default is the process's simulated driver, behind the "cuda-sim"
// backend.
var Default = New()

func init() {
	ka.Register("cuda-sim", cuda.WithDriver(cu.InstallSim(Default)))
}
