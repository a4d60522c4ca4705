package collectives

// The SPIR-V route on PoCL, as in internal/corpus: PoCL 3.1 takes no IL,
// so the test-only backend "pocl-spirv-coll" turns codegen/spirv's SPIR-V
// back into SPIR bitcode with llvm-spirv-15 -r and loads that.

import (
	"github.com/kago-dev/kago/internal/spirvpocl"
	"github.com/kago-dev/kago/ka"
)

// Optimized first (internal/spirvpocl): unoptimized, PoCL took 121 s to
// compile each of these kernels, which looked like a hang.
func init() { ka.Register("pocl-spirv-coll", spirvpocl.Backend{Optimize: true}) }
