package ka

// This file runs a kernel's lean variant (driver.Lean): the kernel
// without the index checks that its launch decides, compiled by kago gen
// next to the checked kernel. A launch evaluates the variant's facts on
// the host, once, from its range, group and arguments; when they all
// hold, no work-item can fail a check the variant leaves out, and the
// launch runs it. Otherwise it runs the checked kernel, which reports a
// fault as it always has.
//
// A lean variant without barriers may have an exact copy
// (driver.Lean.Exact, codegen/exact.go): the variant without its range
// test, which a launch whose facts hold runs when its range is a whole
// number of groups in every dimension, the common case.
//
// NewKernel loads the exact copy of a kernel that has one, else its lean
// variant, and each other variant only at the first launch that needs
// it (a partial group; facts that do not hold): most programs then
// compile one program per kernel, not two or three (a driver's compile
// is what a kernel's first use costs most). A variant that fails to load
// is not tried again: the exact copy on a backend without PTX, which
// then loads the lean variant at once; the lean variant, whose launches
// then run the checked kernel.

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
// run it. Its variant's err, set by the first load, means the variant
// failed to load and is not used.
type leanKernel struct {
	variant
	facts *kgen.Facts
	exact *variant // the variant without its range test (driver.Lean.Exact); nil if none
}

// leanSpec is the spec of a kernel's lean variant, with its parsed facts
// and the spec of its exact entry (nil when it has none).
type leanSpec struct {
	spec, exact *driver.KernelSpec
	facts       *kgen.Facts
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
		l := &leanSpec{spec: &s, facts: facts}
		if x := spec.Lean.Exact; x != nil {
			e := s
			e.Entry = x.Entry
			if x.Code != nil {
				e.Code = x.Code
			}
			l.exact = &e
		}
		ls, _ = leanSpecs.LoadOrStore(spec, l)
	}
	l := ls.(*leanSpec)
	k := &leanKernel{variant: variant{spec: l.spec}, facts: l.facts}
	if l.exact != nil {
		k.exact = &variant{spec: l.exact}
	}
	return k, nil
}

// load loads k's code: the lean variant's exact copy where it has one
// (whole groups are the common launch), else the lean variant where it
// has one, else (or when those fail to load) the checked kernel. A
// backend without the exact copy's code (it has PTX only) fails to load
// it and so loads the variant.
func (k *Kernel) load() error {
	if k.lean != nil {
		if x := k.lean.exact; x != nil {
			if _, err := x.load(k.dev); err == nil {
				return nil
			}
		}
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
// group with args runs: when the lean variant's facts hold, its exact
// copy's for whole groups, else the variant's; else the checked
// kernel's. Each is loaded at the first launch that needs it, and one
// that fails to load is not tried again (variant.load keeps its error).
func (k *Kernel) function(r, group NDRange, args []driver.Arg) (driver.Function, error) {
	if l := k.lean; l != nil && l.facts.Hold(r, group, args) {
		if l.exact != nil && wholeGroups(r, group) {
			if fn, err := l.exact.load(k.dev); err == nil {
				return fn, nil
			}
		}
		if fn, err := l.load(k.dev); err == nil {
			return fn, nil
		}
	}
	return k.checked.load(k.dev)
}

// wholeGroups reports whether range r is a whole number of groups of
// group in every dimension: no work-item of the launch is outside it.
func wholeGroups(r, group NDRange) bool {
	for d := range 3 {
		if g := group.Size[d]; g > 0 && r.Size[d]%g != 0 {
			return false
		}
	}
	return true
}
