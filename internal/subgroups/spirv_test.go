package subgroups

// The SPIR-V route on PoCL, as in internal/corpus: PoCL 3.1 takes no IL,
// so the test-only backend "pocl-spirv-sg" turns codegen/spirv's SPIR-V
// back into SPIR bitcode with llvm-spirv-15 -r and loads that.

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

func init() { ka.Register("pocl-spirv-sg", spirvBackend{}) }

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
	if f := os.Getenv("KAGO_BC_FILTER"); f != "" {
		if msg, err := exec.Command("sh", "-c", f+" "+out).CombinedOutput(); err != nil {
			return nil, fmt.Errorf("filter: %v\n%s", err, msg)
		}
	}
	bc, err := os.ReadFile(out)
	if err != nil {
		return nil, err
	}
	return opencl.LoadBitcode(d.Device, spec, bc)
}
