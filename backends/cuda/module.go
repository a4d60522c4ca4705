package cuda

import (
	"errors"
	"fmt"

	"github.com/kago-dev/kago/backends/cuda/internal/cu"
	"github.com/kago-dev/kago/ka/driver"
)

// function is a kernel loaded into the device's context: its CUfunction,
// in a module that Device.mods holds until Close, one per PTX text (the
// specs of a generic kernel's instances that compile alike share their
// code, and so their module).
type function struct {
	spec       *driver.KernelSpec
	fn         cu.Function
	maxThreads int                 // CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK
	layout     driver.DeviceParams // spec.Layout(), the parameters packArgs fills
}

// Load returns the kernel of spec for this device, JIT-compiling its PTX
// (driver.PTXOf(spec), entry spec.Entry) into the context on first use.
// The result is cached per spec, and the module per PTX text (module), so
// a kernel is loaded once per context and the entries of one PTX share a
// compile. A
// PTX the driver rejects gives an error carrying the JIT's error log.
func (d *Device) Load(spec *driver.KernelSpec) (driver.Function, error) {
	if spec == nil {
		return nil, errors.New("cuda: Load of a nil KernelSpec")
	}
	if d.closed.Load() {
		return nil, fmt.Errorf("cuda: load %s: %w", spec.Name, driver.ErrClosed)
	}
	d.mu.Lock()
	defer d.mu.Unlock()
	if f, ok := d.funcs[spec]; ok {
		return f, nil
	}
	ptx, err := driver.PTXOf(spec)
	if err != nil {
		return nil, fmt.Errorf("cuda: %w (run kago gen, or import the JIT, with the PTX emitter)", err)
	}
	if spec.Entry == "" {
		return nil, fmt.Errorf("cuda: kernel %s has no entry symbol", spec.Name)
	}
	mod, err := d.module(ptx)
	if err != nil {
		return nil, fmt.Errorf("cuda: kernel %s: loading its PTX on %s: %w", spec.Name, d.info.Name, err)
	}
	fn, err := d.ctx.Function(mod, spec.Entry)
	if err != nil {
		return nil, fmt.Errorf("cuda: kernel %s: %w", spec.Name, err)
	}
	maxThreads, err := d.ctx.FuncAttribute(fn, cu.FuncAttrMaxThreadsPerBlock)
	if err != nil {
		return nil, fmt.Errorf("cuda: kernel %s: %w", spec.Name, err)
	}
	f := &function{spec: spec, fn: fn, maxThreads: maxThreads, layout: spec.Layout()}
	d.funcs[spec] = f
	return f, nil
}

// module returns the module of ptx, JIT-compiling it on its first use in
// the context: a PTX text that defines several entries is compiled once.
// A module stays loaded until Close. d.mu is held.
func (d *Device) module(ptx []byte) (cu.Module, error) {
	if mod, ok := d.mods[string(ptx)]; ok {
		return mod, nil
	}
	mod, err := d.ctx.LoadModule(ptx)
	if err != nil {
		return mod, err
	}
	d.mods[string(ptx)] = mod
	return mod, nil
}
