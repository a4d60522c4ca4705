package codegen

// This file implements bounds checks, emitted only when Config.Bounds is
// set: an index i is in range when i <u len (so a negative index, seen as a
// huge unsigned number, fails too); slice bounds need lo ≤u hi ≤u len. A
// failed check calls llvm.trap, which each target turns into what it has:
// the launch fails on CUDA, the work-item returns on OpenCL C (after a
// printf) and SPIR-V (docs/kernel-language.md).

import (
	"github.com/llir/llvm/ir/enum"
	lltypes "github.com/llir/llvm/ir/types"
	"github.com/llir/llvm/ir/value"
)

// createBoundsCheck traps unless 0 <= i < n.
func (f *frame) createBoundsCheck(i, n value.Value) {
	if f.pkg.cfg.Bounds {
		f.createCheck(f.cur.NewICmp(enum.IPredULT, i, n))
	}
}

// createSliceCheck traps unless 0 <= lo <= hi (as unsigned numbers).
func (f *frame) createSliceCheck(lo, hi value.Value) {
	if f.pkg.cfg.Bounds {
		f.createCheck(f.cur.NewICmp(enum.IPredULE, lo, hi))
	}
}

// createCheck continues in a new block when ok holds, and branches to the
// kernel's trap block otherwise.
func (f *frame) createCheck(ok value.Value) {
	if f.trap == nil {
		f.trap = f.fn2().NewBlock("bounds.fail")
		f.trap.NewCall(f.declare("llvm.trap", lltypes.Void))
		f.trap.NewUnreachable()
	}
	next := f.fn2().NewBlock("")
	f.cur.NewCondBr(ok, next, f.trap)
	f.cur = next
}
