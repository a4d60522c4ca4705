package cudasim

import (
	"github.com/kago-dev/kago/backends/cuda"
	"github.com/kago-dev/kago/backends/cuda/internal/cu"
	"github.com/kago-dev/kago/ka"
	"github.com/kago-dev/kago/ka/driver"
)

// Default is the process's simulated driver, behind the "cuda-sim"
// backend.
var Default = New()

// Backend is the "cuda-sim" backend: backends/cuda over Default. Tests
// that wrap it (to load other PTX) use it directly.
var Backend driver.Backend = cuda.WithDriver(cu.InstallSim(Default))

func init() {
	ka.Register("cuda-sim", Backend)
}
