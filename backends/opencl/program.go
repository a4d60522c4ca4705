package opencl

import (
	"errors"
	"fmt"
	"sync"

	"github.com/kago-dev/kago/backends/opencl/internal/cl"
	"github.com/kago-dev/kago/ka/driver"
)

// function is a kernel built for one device. Launches of the same function
// from several queues take turns (mu), because OpenCL kernel arguments are
// state of the kernel object; the argument memory (launch) is reused, so a
// launch allocates nothing.
type function struct {
	spec   *driver.KernelSpec
	prog   cl.Program
	kernel cl.Kernel
	maxWG  int                 // CL_KERNEL_WORK_GROUP_SIZE
	layout driver.DeviceParams // spec.Layout(): the kernel's arguments, in order

	mu     sync.Mutex
	launch *cl.Launch
}

func (f *function) release() error {
	return errors.Join(f.kernel.Release(), f.prog.Release())
}

// Load returns the kernel of spec for this device, building it on first use
// from the best code the device takes: SPIR-V where the device lists an IL
// version, else OpenCL C. The result is cached per spec.
func (d *Device) Load(spec *driver.KernelSpec) (driver.Function, error) {
	if spec == nil {
		return nil, errors.New("opencl: Load of a nil KernelSpec")
	}
	if d.closed.Load() {
		return nil, fmt.Errorf("opencl: load %s: %w", spec.Name, driver.ErrClosed)
	}
	d.mu.Lock()
	defer d.mu.Unlock()
	if f, ok := d.funcs[spec]; ok {
		return f, nil
	}
	prog, from, err := d.program(spec)
	if err != nil {
		return nil, err
	}
	f, err := d.finish(spec, prog, "", from)
	if err != nil {
		return nil, err
	}
	d.funcs[spec] = f
	return f, nil
}

// program creates spec's program from the best code the device takes:
// SPIR-V where the device lists an IL version, else OpenCL C, and says
// which. It asks spec.Code for nothing else (see driver.Code), so a
// program that links no OpenCL backend links no SPIR-V or OpenCL C.
func (d *Device) program(spec *driver.KernelSpec) (prog cl.Program, from string, err error) {
	var code []byte
	if d.caps.il {
		from = "SPIR-V"
		if code, err = driver.SPIRVOf(spec); err == nil {
			prog, err = cl.ProgramWithIL(d.ctx, code)
		}
	}
	if !d.caps.il || errors.Is(err, driver.ErrUnsupported) {
		from = "OpenCL C"
		if code, err = driver.OpenCLCOf(spec); err == nil {
			prog, err = cl.ProgramWithSource(d.ctx, code)
		}
	}
	if errors.Is(err, driver.ErrUnsupported) {
		want := "OpenCL C"
		if d.caps.il {
			want = "SPIR-V or OpenCL C"
		}
		return 0, "", fmt.Errorf("opencl: kernel %s has no code for %s (it needs %s): %w", spec.Name, d.info.Name, want, driver.ErrUnsupported)
	}
	if err != nil {
		return 0, "", fmt.Errorf("opencl: kernel %s from %s: %w", spec.Name, from, err)
	}
	return prog, from, nil
}

// LoadBitcode builds a kernel for dev, an opened opencl or pocl device,
// from SPIR 1.2 LLVM bitcode (clCreateProgramWithBinary, options "-x spir"),
// with spec giving the entry point and parameters. This is how SPIR-V
// reaches PoCL 3.1, which takes no IL: `llvm-spirv -r` turns SPIR-V back
// into such bitcode. The result is not cached; the SPIR-V emitter's tests
// use it.
func LoadBitcode(dev driver.Device, spec *driver.KernelSpec, bitcode []byte) (driver.Function, error) {
	d, ok := dev.(*Device)
	if !ok || d == nil {
		return nil, fmt.Errorf("opencl: LoadBitcode needs an opencl or pocl device, not %T: %w", dev, driver.ErrUnsupported)
	}
	if spec == nil || len(bitcode) == 0 {
		return nil, fmt.Errorf("opencl: LoadBitcode with a nil KernelSpec or no bitcode: %w", driver.ErrInvalid)
	}
	if d.closed.Load() {
		return nil, fmt.Errorf("opencl: LoadBitcode: device %w", driver.ErrClosed)
	}
	prog, err := cl.ProgramWithBinary(d.ctx, d.id, bitcode)
	if err != nil {
		return nil, fmt.Errorf("opencl: kernel %s from SPIR bitcode: %w", spec.Name, err)
	}
	return d.finish(spec, prog, "-x spir", "SPIR bitcode")
}

// finish builds prog and creates its kernel. It releases prog on failure.
func (d *Device) finish(spec *driver.KernelSpec, prog cl.Program, options, from string) (*function, error) {
	if err := prog.Build(d.id, options); err != nil {
		prog.Release()
		return nil, fmt.Errorf("opencl: building kernel %s from %s for %s: %w", spec.Name, from, d.info.Name, err)
	}
	k, err := prog.CreateKernel(spec.Entry)
	if err != nil {
		prog.Release()
		return nil, fmt.Errorf("opencl: kernel %s from %s: %w", spec.Name, from, err)
	}
	wg, err := k.WorkGroupSize(d.id)
	if err != nil {
		k.Release()
		prog.Release()
		return nil, fmt.Errorf("opencl: kernel %s: %w", spec.Name, err)
	}
	layout := spec.Layout()
	return &function{spec: spec, prog: prog, kernel: k, maxWG: wg, layout: layout, launch: cl.NewLaunch(len(layout))}, nil
}
