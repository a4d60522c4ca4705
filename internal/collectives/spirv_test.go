package collectives

// The SPIR-V route on PoCL, as in internal/corpus: PoCL 3.1 takes no IL,
// so the test-only backend "pocl-spirv-coll" turns codegen/spirv's SPIR-V
// back into SPIR bitcode with llvm-spirv-15 -r and loads that.
//
// Unlike the corpus, it optimizes the bitcode first (clang-15 -O1, which
// PoCL's package depends on): PoCL 3.1 runs its work-group transformation
// on SPIR bitcode as it comes, and on the unoptimized bitcode of these
// kernels (ten collectives, twenty barriers, every SSA value live across
// some barrier kept per work-item) compiling one kernel for the seven
// group sizes took 121 s on the 2-vCPU test machine, against 18 s once
// optimized and 20 s for the same kernel through OpenCL C (which PoCL
// optimizes itself): that was the "hang" these tests used to skip. A
// driver that takes SPIR-V optimizes it before its own passes too.

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"

	"github.com/kago-dev/kago/backends/opencl"
	"github.com/kago-dev/kago/backends/pocl"
	"github.com/kago-dev/kago/ka"
	"github.com/kago-dev/kago/ka/driver"
)

func init() { ka.Register("pocl-spirv-coll", spirvBackend{}) }

type spirvBackend struct{}

func (spirvBackend) Probe() ([]driver.DeviceInfo, error) { return pocl.Backend.Probe() }

func (spirvBackend) Open(i int) (driver.Device, error) {
	d, err := pocl.Backend.Open(i)
	if err != nil {
		return nil, err
	}
	return spirvDevice{d}, nil
}

type spirvDevice struct{ driver.Device }

func (d spirvDevice) Load(spec *driver.KernelSpec) (driver.Function, error) {
	spv, err := driver.SPIRVOf(spec)
	if err != nil {
		return nil, err
	}
	dir, err := os.MkdirTemp("", "kago-spirv")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	in, out := filepath.Join(dir, "k.spv"), filepath.Join(dir, "k.bc")
	if err := os.WriteFile(in, spv, 0o644); err != nil {
		return nil, err
	}
	if msg, err := exec.Command("llvm-spirv-15", "-r", "-o", out, in).CombinedOutput(); err != nil {
		return nil, fmt.Errorf("llvm-spirv-15 -r of kernel %s: %v\n%s", spec.Name, err, msg)
	}
	opt := filepath.Join(dir, "k.opt.bc")
	if msg, err := exec.Command("clang-15", "-x", "ir", "-O1", "-c", "-emit-llvm", "-o", opt, out).CombinedOutput(); err != nil {
		return nil, fmt.Errorf("clang-15 -O1 of kernel %s: %v\n%s", spec.Name, err, msg)
	}
	bc, err := os.ReadFile(opt)
	if err != nil {
		return nil, err
	}
	return opencl.LoadBitcode(d.Device, spec, bc)
}
