package codegen

// This file makes the module the PTX emitter gets: a copy of the kernel's
// module, run through the optimizing middle end. ptxas compiles PTX
// nearly as written, and the emitter writes one instruction per IR
// instruction, so what LLVM's optimizer does for the OpenCL C and SPIR-V
// that PoCL and drivers compile has to be done here: full unrolling of
// constant-trip loops (codegen/internal/unroll), the scalar passes
// (codegen/internal/opt: folding, divisions by powers of two, CSE, LICM,
// strength reduction of addresses, constant offsets split out of indices
// for [reg+imm] addressing), partial unrolling of counted loops and the
// scalar passes again, and
// value-range narrowing (codegen/internal/narrow): 64-bit integer
// arithmetic that provably fits in 32 bits is done in 32 bits, which pays
// on GPUs, where a 64-bit multiply or compare takes several instructions.
// docs/ir.md, "The middle end", has the passes and their barrier rule.
//
// OpenCL C and SPIR-V keep the front end's module: PoCL compiles them
// with LLVM's optimizer, which does what these passes do (opt -O3 on
// kago's unchanged IR unrolls the tile loop: kagobench -ptxcount's optllc
// column), and the emitted
// 32-bit arithmetic (unsigned, to wrap as Go does) hides from LLVM that
// the values do not overflow: the tiled matmul ran at 0.86× its
// hand-written twin narrowed against 1.03× unnarrowed (kagobench -twins,
// benchmarks/README.md).

import (
	"fmt"

	"github.com/kago-dev/kago/codegen/internal/ircheck"
	"github.com/kago-dev/kago/codegen/internal/narrow"
	"github.com/kago-dev/kago/codegen/internal/opt"
	"github.com/kago-dev/kago/codegen/internal/unroll"
	"github.com/llir/llvm/asm"
	"github.com/llir/llvm/ir"
	"github.com/llir/llvm/ir/types"
)

// ptxModule returns a copy of the kernel's module (re-read from its text,
// which docs/ir.md's IR round-trips) with its functions unrolled,
// optimized and narrowed, checked by the verifier.
func (k *Kernel) ptxModule() (*ir.Module, error) {
	m, err := copyModule(k.Module)
	if err != nil {
		return nil, err
	}
	for _, f := range m.Funcs {
		if len(f.Blocks) > 0 {
			skipPartialTests(f) // partial.go
			unroll.Func(f)
			ircheck.Renumber(f)
			if err := f.AssignIDs(); err != nil {
				return nil, fmt.Errorf("internal error: unrolling: %w", err)
			}
			opt.Func(f)
			// Loops that folding has cut down (bounds checks proven
			// away) may now unroll fully; the rest with a counter,
			// partially. Then the scalar passes again, for the copies:
			// their constant offsets, the counter's chain of +1s, the
			// dead header tests.
			if unroll.Func(f)+unroll.Partial(f) > 0 {
				ircheck.Renumber(f)
				if err := f.AssignIDs(); err != nil {
					return nil, fmt.Errorf("internal error: partial unrolling: %w", err)
				}
				opt.Func(f)
			}
			narrow.Func(f)
			ircheck.Renumber(f)
			if err := f.AssignIDs(); err != nil {
				return nil, fmt.Errorf("internal error: narrowing: %w", err)
			}
		}
	}
	if _, err := ircheck.Check("IR after the middle end", m); err != nil {
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
