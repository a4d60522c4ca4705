package codegen

// This file wires the emitter packages in. Code generated ahead of time
// (kago gen) does not know the device, so each emitter runs with every
// optional feature allowed; KernelSpec.Needs lets ka.NewKernel refuse a
// device that lacks what the code needs.

import (
	"github.com/kago-dev/kago/codegen/openclc"
	"github.com/kago-dev/kago/codegen/ptx"
	"github.com/kago-dev/kago/codegen/spirv"
	"github.com/kago-dev/kago/ka/driver"
)

func init() {
	emitters[driver.OpenCLC] = func(k *Kernel) ([]byte, error) {
		return openclc.Emit(k.Module, openclc.AllFeatures())
	}
	// SPIR-V and PTX forbid contraction of a*b+c into an fma (PTX always,
	// SPIR-V by this option), so that results match the native backend bit
	// for bit.
	emitters[driver.SPIRV] = func(k *Kernel) ([]byte, error) {
		return spirv.Emit(k.Module, spirv.Options{ContractionOff: true})
	}
	// PTX gets the module through the middle end (ptxmodule.go).
	emitters[driver.PTX] = func(k *Kernel) ([]byte, error) {
		m, err := k.ptxModule()
		if err != nil {
			return nil, err
		}
		return ptx.Emit(m, ptx.Options{})
	}
}
