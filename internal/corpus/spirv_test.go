package corpus

// The SPIR-V path, run: PoCL 3.1 takes no IL, but the SPIR-V that
// codegen/spirv writes, turned back into SPIR bitcode by llvm-spirv-15 -r,
// loads through clCreateProgramWithBinary. A test-only backend,
// "pocl-spirv", is PoCL's device with Load doing that round trip, so the
// whole corpus runs from its SPIR-V and is compared with the native
// backend like the OpenCL C path.

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/kago-dev/kago/backends/opencl"
	"github.com/kago-dev/kago/backends/pocl"
	"github.com/kago-dev/kago/ka"
	"github.com/kago-dev/kago/ka/driver"
)

func init() { ka.Register("pocl-spirv", spirvBackend{}) }

type spirvBackend struct{}

func (spirvBackend) Probe() ([]driver.DeviceInfo, error) { return pocl.Backend.Probe() }

func (spirvBackend) Open(i int) (driver.Device, error) {
	d, err := pocl.Backend.Open(i)
	if err != nil {
		return nil, err
	}
	return spirvDevice{d}, nil
}

// spirvDevice is a PoCL device that loads kernels from their SPIR-V.
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
	bc, err := os.ReadFile(out)
	if err != nil {
		return nil, err
	}
	return opencl.LoadBitcode(d.Device, spec, bc)
}

func TestCorpusNativeVsSPIRV(t *testing.T) {
	if _, err := exec.LookPath("llvm-spirv-15"); err != nil {
		t.Skip("llvm-spirv-15 not installed (Debian package llvm-spirv-15): the SPIR-V path cannot run on PoCL 3.1 without it")
	}
	compareWithNative(t, "pocl-spirv")
}
