package corpus

// The SPIR-V path, run: PoCL 3.1 takes no IL, but the SPIR-V that
// codegen/spirv writes, turned back into SPIR bitcode by llvm-spirv-15 -r,
// loads through clCreateProgramWithBinary. A test-only backend,
// "pocl-spirv", is PoCL's device with Load doing that round trip, so the
// whole corpus runs from its SPIR-V and is compared with the native
// backend like the OpenCL C path.

import (
	"testing"

	"github.com/kago-dev/kago/internal/spirvpocl"
	"github.com/kago-dev/kago/ka"
)

func init() { ka.Register("pocl-spirv", spirvpocl.Backend{}) }

func TestCorpusNativeVsSPIRV(t *testing.T) {
	if why := spirvpocl.Missing(false); why != "" {
		t.Skip(why)
	}
	compareWithNative(t, "pocl-spirv")
}
