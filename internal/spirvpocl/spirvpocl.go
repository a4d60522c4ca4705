// Package spirvpocl runs kernels from the SPIR-V that codegen/spirv
// writes on PoCL, for tests. PoCL 3.1 takes no IL, but SPIR-V turned back
// into SPIR bitcode by llvm-spirv-15 -r loads through
// clCreateProgramWithBinary (opencl.LoadBitcode), so every test route
// "from SPIR-V" on this machine goes through Load.
//
// Optimized loads run clang-15 -O1 on the bitcode first (clang-15 comes
// with PoCL's Debian package). PoCL 3.1 runs its work-group
// transformation on SPIR bitcode as it comes; for kernels with many
// barriers and values live across them (internal/collectives' kernels:
// ten collectives, twenty barriers) the unoptimized bitcode took 121 s a
// kernel to compile on the 2-vCPU test machine, against 18 s optimized and
// 20 s through OpenCL C, which PoCL optimizes itself. A driver that takes
// SPIR-V optimizes it before its own passes too.
package spirvpocl

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"

	"github.com/kago-dev/kago/backends/opencl"
	"github.com/kago-dev/kago/backends/pocl"
	"github.com/kago-dev/kago/ka/driver"
)

// Missing returns why the round trip cannot run here ("" when it can):
// llvm-spirv-15 (Debian package llvm-spirv-15) or, for optimized loads,
// clang-15 is not installed.
func Missing(optimize bool) string {
	if _, err := exec.LookPath("llvm-spirv-15"); err != nil {
		return "llvm-spirv-15 is not installed (Debian package llvm-spirv-15): SPIR-V cannot run on PoCL 3.1 without it"
	}
	if _, err := exec.LookPath("clang-15"); optimize && err != nil {
		return "clang-15 is not installed (PoCL's package depends on it)"
	}
	return ""
}

// Load loads spec's SPIR-V on d, a PoCL device: llvm-spirv-15 -r, then
// clang-15 -O1 when optimize, then opencl.LoadBitcode.
func Load(d driver.Device, spec *driver.KernelSpec, optimize bool) (driver.Function, error) {
	spv, err := driver.SPIRVOf(spec)
	if err != nil {
		return nil, err
	}
	dir, err := os.MkdirTemp("", "kago-spirv")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	in, bc := filepath.Join(dir, "k.spv"), filepath.Join(dir, "k.bc")
	if err := os.WriteFile(in, spv, 0o644); err != nil {
		return nil, err
	}
	if msg, err := exec.Command("llvm-spirv-15", "-r", "-o", bc, in).CombinedOutput(); err != nil {
		return nil, fmt.Errorf("llvm-spirv-15 -r of kernel %s: %v\n%s", spec.Name, err, msg)
	}
	if optimize {
		opt := filepath.Join(dir, "k.opt.bc")
		if msg, err := exec.Command("clang-15", "-x", "ir", "-O1", "-c", "-emit-llvm", "-o", opt, bc).CombinedOutput(); err != nil {
			return nil, fmt.Errorf("clang-15 -O1 of kernel %s: %v\n%s", spec.Name, err, msg)
		}
		bc = opt
	}
	b, err := os.ReadFile(bc)
	if err != nil {
		return nil, err
	}
	return opencl.LoadBitcode(d, spec, b)
}

// Backend is PoCL's backend with its devices loading kernels from SPIR-V
// (Load), to register under a test route's name with ka.Register.
type Backend struct {
	Optimize bool // clang-15 -O1 the bitcode before PoCL compiles it
}

// Probe lists PoCL's devices.
func (Backend) Probe() ([]driver.DeviceInfo, error) { return pocl.Backend.Probe() }

// Open opens PoCL's device i.
func (b Backend) Open(i int) (driver.Device, error) {
	d, err := pocl.Backend.Open(i)
	if err != nil {
		return nil, err
	}
	return device{d, b.Optimize}, nil
}

// device is a PoCL device that loads kernels from their SPIR-V.
type device struct {
	driver.Device
	optimize bool
}

func (d device) Load(spec *driver.KernelSpec) (driver.Function, error) {
	return Load(d.Device, spec, d.optimize)
}
