package ka

// This file runs a kernel's lean variant (driver.Lean): the kernel
// without the index checks that its launch decides, compiled by kago gen
// next to the checked kernel. A launch evaluates the variant's facts on
// the host, once, from its range, group and arguments; when they all
// hold, no work-item can fail a check the variant leaves out, and the
// launch runs it. Otherwise it runs the checked kernel, which reports a
// fault as it always has.
//
// NewKernel loads the lean variant of a kernel that has one, and the
// checked kernel only at the first launch that needs it (whose facts do
// not hold): most programs then compile one program per kernel, not two
// (a driver's compile is what a kernel's first use costs most). A lean
// variant that fails to load is dropped, and the checked kernel loaded
// at once instead.

import (
	"fmt"
	"sync"

	"github.com/kago-dev/kago/ka/driver"
	"github.com/kago-dev/kago/ka/kgen"
)

// variant is a kernel's device function, loaded at most once.
type variant struct {
	spec *driver.KernelSpec
	once sync.Once
	fn   driver.Function
	err  error
}

// load returns the variant's function, loading it on dev at the first
// call; its error says what failed, for the caller to prefix.
func (v *variant) load(dev *Device) (driver.Function, error) {
	v.once.Do(func() {
		if v.err = dev.hold(); v.err != nil {
			return
		}
		v.fn, v.err = dev.drv.Load(v.spec)
		dev.gate.RUnlock()
		if v.err != nil {
			v.err = fmt.Errorf("loading kernel %s on %s: %w (device code comes from `go generate` running kago gen, or from a blank import of github.com/kago-dev/kago/jit)", v.spec.Name, dev, v.err)
		}
	})
	return v.fn, v.err
}

// leanKernel is a kernel's lean variant and the facts that let a launch
// run it. Its variant's err, set by NewKernel's load, means the variant
// failed to load and is not used.
type leanKernel struct {
	variant
	facts *kgen.Facts
}

// leanSpec is the spec of a kernel's lean variant, with its parsed facts.
type leanSpec struct {
	spec  *driver.KernelSpec
	facts *kgen.Facts
}

// leanSpecs holds the leanSpec of each spec with a lean variant, made
// once: backends cache what they load per spec, so every Kernel of a spec
// must load its variant from the same one. (NewKernel's specs are the
// registry's, or withNative's copies of them, made once too.)
var leanSpecs sync.Map // *driver.KernelSpec -> *leanSpec

// newLean returns the lean variant of spec, or nil when it has none.
func newLean(spec *driver.KernelSpec) (*leanKernel, error) {
	if spec.Lean == nil {
		return nil, nil
	}
	ls, ok := leanSpecs.Load(spec)
	if !ok {
		facts, err := kgen.ParseFacts(spec.Lean.Facts, spec.Params)
		if err != nil {
			return nil, fmt.Errorf("ka: NewKernel: %s: its lean variant's %v (stale generated code? run go generate): %w", spec.Name, err, ErrInvalid)
		}
		s := *spec
		s.Entry, s.Lean = spec.Lean.Entry, nil
		if spec.Lean.Code != nil {
			s.Code = spec.Lean.Code
		}
		ls, _ = leanSpecs.LoadOrStore(spec, &leanSpec{&s, facts})
	}
	l := ls.(*leanSpec)
	return &leanKernel{variant: variant{spec: l.spec}, facts: l.facts}, nil
}

// load loads k's code: its lean variant where it has one, else (or when
// the variant fails to load) the checked kernel.
func (k *Kernel) load() error {
	if k.lean != nil {
		if _, err := k.lean.load(k.dev); err == nil {
			return nil
		}
	}
	if _, err := k.checked.load(k.dev); err != nil {
		return fmt.Errorf("ka: NewKernel: %w", err)
	}
	return nil
}

// function returns the function that a launch of k over r in groups of
// group with args runs: the lean variant's when its facts hold, else the
// checked kernel's, loaded now if this is the first launch that needs
// it.
func (k *Kernel) function(r, group NDRange, args []driver.Arg) (driver.Function, error) {
	if l := k.lean; l != nil && l.err == nil && l.facts.Hold(r, group, args) {
		return l.fn, nil
	}
	return k.checked.load(k.dev)
}
