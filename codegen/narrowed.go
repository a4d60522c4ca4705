package codegen

// This file applies the range analysis of codegen/internal/narrow: 64-bit
// integer arithmetic that provably fits in 32 bits is done in 32 bits in
// the code of the targets where that pays. It pays on GPUs, where a 64-bit
// multiply or compare takes several instructions, so the PTX emitter gets
// a narrowed copy of the module. OpenCL C keeps the 64-bit IR: PoCL's
// LLVM compiles it to x86-64, where 64-bit arithmetic costs the same, and
// the emitted 32-bit arithmetic (unsigned, to wrap as Go does) hides from
// LLVM that the values do not overflow: the tiled matmul ran at 0.86× its
// hand-written twin narrowed against 1.03× unnarrowed (kagobench -twins,
// benchmarks/README.md). SPIR-V runs on PoCL too, and keeps 64 bits.

import (
	"fmt"

	"github.com/kago-dev/kago/codegen/internal/ircheck"
	"github.com/kago-dev/kago/codegen/internal/narrow"
	"github.com/llir/llvm/asm"
	"github.com/llir/llvm/ir"
	"github.com/llir/llvm/ir/types"
)

// narrowedModule returns a copy of the kernel's module (re-read from its
// text, which docs/ir.md's IR round-trips) with the kernel narrowed.
func (k *Kernel) narrowedModule() (*ir.Module, error) {
	m, err := copyModule(k.Module)
	if err != nil {
		return nil, err
	}
	for _, f := range m.Funcs {
		if len(f.Blocks) > 0 {
			narrow.Func(f)
			renumber(f)
			if err := f.AssignIDs(); err != nil {
				return nil, fmt.Errorf("internal error: narrowing: %w", err)
			}
		}
	}
	if _, err := ircheck.Check("IR after narrowing", m); err != nil {
		return nil, fmt.Errorf("internal error: %w", err)
	}
	return m, nil
}

// copyModule copies a module through its text.
func copyModule(m *ir.Module) (*ir.Module, error) {
	c, err := asm.ParseString("kernel.ll", m.String())
	if err != nil {
		return nil, fmt.Errorf("internal error: re-reading the IR: %w", err)
	}
	// llir's reader types a cmpxchg { T, i8 }, not LLVM's { T, i1 }: give
	// each its type again, then the extractvalues of them theirs.
	for _, f := range c.Funcs {
		for _, b := range f.Blocks {
			for _, in := range b.Insts {
				if x, ok := in.(*ir.InstCmpXchg); ok {
					x.Typ = types.NewStruct(x.New.Type(), types.I1)
				}
			}
		}
		for _, b := range f.Blocks {
			for _, in := range b.Insts {
				if x, ok := in.(*ir.InstExtractValue); ok {
					x.Typ = nil
					x.Type()
				}
			}
		}
	}
	return c, nil
}

// renumber clears the numbers of f's unnamed values, so that AssignIDs
// numbers them again in order, the values narrow.Func added included.
func renumber(f *ir.Func) {
	type numbered interface {
		IsUnnamed() bool
		SetID(int64)
	}
	clear := func(v any) {
		if n, ok := v.(numbered); ok && n.IsUnnamed() {
			n.SetID(0)
		}
	}
	for _, p := range f.Params {
		clear(p)
	}
	for _, b := range f.Blocks {
		clear(b)
		for _, in := range b.Insts {
			clear(in)
		}
	}
}
