package codegen

// This file makes the exact copy of a lean variant without barriers:
// the same kernel without the range test (ranges.go), which a launch
// whose range is a whole number of groups in every dimension runs, no
// work-item being outside its range (driver.Lean.Exact, ka/lean.go). On
// a GPU the per-item test is a parameter load, a compare and a branch in
// every thread, which the hand-written CUDA C twins do not pay: saxpy
// executed 24 PTX instructions per item against its twin's 21 (kagobench
// -ptxcount). Only its PTX is written: OpenCL C and SPIR-V skip the test
// behind their uniform partial-group branch (partial.go), which costs a
// CPU device nothing per item.

import (
	"fmt"

	"github.com/llir/llvm/ir"
)

// ExactSuffix ends the entry of a lean variant's exact copy
// ("Saxpy_lean_exact").
const ExactSuffix = "_exact"

// exactVariant returns lean's exact copy: its module copied, the entry
// renamed with ExactSuffix and the range test's branch going to the
// body.
func exactVariant(lean *Kernel) (*Kernel, error) {
	m, err := copyModule(lean.Module)
	if err != nil {
		return nil, err
	}
	e := *lean
	e.Module, e.Exact = m, nil
	e.Facts = append([]string(nil), lean.Facts...)
	for _, f := range m.Funcs {
		if f.Name() == lean.Entry {
			if !dropRangeTest(f) {
				return nil, fmt.Errorf("internal error: lean variant %s has no range test", lean.Entry)
			}
			renameEntry(&e, lean.Entry+ExactSuffix)
			return &e, nil
		}
	}
	return nil, fmt.Errorf("internal error: no function %s in its module", lean.Entry)
}

// dropRangeTest makes the range test of f, the branch of its block
// "partial" to "outside" (ranges.go), go to the kernel's body; folding
// then removes the test and the blocks.
func dropRangeTest(f *ir.Func) bool {
	for _, b := range f.Blocks {
		br, ok := b.Term.(*ir.TermCondBr)
		if !ok || b.Name() != "partial" {
			continue
		}
		if out, ok := br.TargetTrue.(*ir.Block); ok && out.Name() == "outside" {
			b.Term = ir.NewBr(br.TargetFalse.(*ir.Block))
			return true
		}
	}
	return false
}
