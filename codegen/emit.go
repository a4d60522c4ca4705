package codegen

// This file implements the bridge to the emitters: device code for a
// compiled kernel per target, and the KernelSpec that registers it.

import (
	"fmt"
	"slices"

	"github.com/kago-dev/kago/ka/driver"
)

// emitters are the targets whose emitter packages are wired in (emitters.go).
var emitters = map[driver.Target]func(k *Kernel) ([]byte, error){}

// Targets lists the targets with an emitter, in driver.Target order.
func Targets() []driver.Target {
	var ts []driver.Target
	for t := driver.OpenCLC; t <= driver.PTX; t++ {
		if emitters[t] != nil {
			ts = append(ts, t)
		}
	}
	return ts
}

// Emit runs the emitter of target t on the kernel's module.
func Emit(k *Kernel, t driver.Target) ([]byte, error) {
	e := emitters[t]
	if e == nil {
		return nil, fmt.Errorf("kernel %s: no %s emitter in this build of kago", k.Name, t)
	}
	code, err := e(k)
	if err != nil {
		return nil, fmt.Errorf("%s: kernel %s: %s: %w", k.Pos, k.Name, t, err)
	}
	return code, nil
}

// Spec returns the kernel's KernelSpec with code for the given targets
// (every target with an emitter when none are given), as a
// driver.CodeMap, and its lean variant's with its own CodeMap. Native is
// left nil.
// Any emitter's failure is an error: no target is silently missing.
func (k *Kernel) Spec(targets ...driver.Target) (*driver.KernelSpec, error) {
	if len(targets) == 0 {
		targets = Targets()
	}
	spec := &driver.KernelSpec{
		Name:         k.Name,
		Entry:        k.Entry,
		Params:       append([]driver.Param(nil), k.Params...),
		DeviceParams: append(driver.DeviceParams(nil), k.DeviceParams...),
		Barrier:      k.Barrier,
		Needs:        k.Needs,
		MaxGroup:     k.MaxGroup,
		Faults:       append(driver.FaultSites(nil), k.Faults...),
	}
	if k.Faults == nil {
		spec.Faults = nil
	}
	code, err := k.codeMap(targets)
	if err != nil {
		return nil, err
	}
	spec.Code = code
	if k.Lean != nil {
		lean, err := k.Lean.codeMap(targets)
		if err != nil {
			return nil, err
		}
		spec.Lean = &driver.Lean{Entry: k.Lean.Entry, Facts: append([]string(nil), k.Lean.Facts...), Code: lean}
		if e := k.Lean.Exact; e != nil && slices.Contains(targets, driver.PTX) {
			code, err := e.codeMap([]driver.Target{driver.PTX})
			if err != nil {
				return nil, err
			}
			spec.Lean.Exact = &driver.Exact{Entry: e.Entry, Code: code}
		}
	}
	return spec, nil
}

// codeMap is the kernel's code for targets.
func (k *Kernel) codeMap(targets []driver.Target) (driver.CodeMap, error) {
	code := driver.CodeMap{}
	for _, t := range targets {
		c, err := Emit(k, t)
		if err != nil {
			return nil, err
		}
		code[t] = c
	}
	return code, nil
}
