// Package opt is the scalar part of an optimizing middle end over a
// kernel's portable IR (docs/ir.md): constant folding and simplification
// (fold.go), strength reduction of divisions by powers of two
// (divpow2.go), dominator-based common-subexpression elimination
// (cse.go), loop-invariant code motion (licm.go) and strength reduction
// of addresses indexed by induction variables (strength.go), over a dominator
// tree (dom.go) and a natural-loop forest (loops.go) that other passes
// (a loop unroller) can share. The PTX emitter translates one
// instruction at a time and ptxas does not make up for it, so without
// these the tiled matmul divides (n+15)/16 in every tile loop's header
// and recomputes row*n in its loops.
//
// Every pass keeps the module inside docs/ir.md: it makes only
// instructions of the contract (integer operations without flags, since
// Go's integers wrap; unconditional branches; phis), folds with Go's
// wrapping arithmetic at each operand's width, and lays the blocks out
// with ircheck.Layout, so ircheck.Check accepts what it accepted before.
//
// # The barrier rule
//
// Only pure instructions move or merge: integer operations, icmp,
// select, integer and pointer casts, getelementptr and the work-item
// queries (@ka.global_id and the others of emitutil's table that return
// the same value everywhere in a work-item), none of them touching a
// float. Loads, stores, atomics, barriers, printf, the subgroup shuffle
// and ballot, the stop flag's volatile load and the fault record's
// stores never move, are never merged and are never removed (but with
// the blocks that fold proves no execution reaches), and so nothing that
// reads or writes memory moves across them, a barrier included. A value loaded from local memory before a barrier and one
// loaded after it stay two loads: the group's other work-items may have
// stored between them. (LLVM's own optimizer, given internal
// local-memory globals, once kept a local-memory value in a register
// across a barrier; this pipeline cannot, having no memory analysis to be
// wrong.) Divisions and remainders may fault: CSE merges two identical
// ones only when the one that stays dominates the other, and LICM hoists
// one only when its divisor is a constant other than 0 and -1. Floats
// are left alone, since docs/ir.md's contraction rule depends on how
// many uses each fmul has and on !ka.round.
package opt

import (
	"github.com/kago-dev/kago/codegen/internal/ircheck"
	"github.com/llir/llvm/ir"
)

// Func optimizes kernel f in place: fold, divpow2, cse, licm, strength
// reduction (and licm again when it made invariants), then fold,
// the split of constant offsets out of indices (gepsplit.go), cse and
// fold again. Folding first gives the other passes constants and
// fewer blocks; divisions by powers of two become shifts before CSE so
// that equal sequences merge; CSE before LICM hoists one copy instead of
// several; and the last fold and CSE clean up after LICM, which brings
// equal invariants of different loops together in one preheader. It
// obeys the barrier rule of the package doc: only pure instructions
// move, merge or go. f's blocks end in ircheck.Layout's order and its
// unnamed values are numbered afresh.
func Func(f *ir.Func) {
	if len(f.Blocks) == 0 {
		return
	}
	fold(f)
	divPow2(f)
	cse(f)
	licm(f)
	if reduceStrength(f) { // strength.go
		licm(f) // the new invariants of inner preheaders
	}
	fold(f)
	splitOffsets(f) // gepsplit.go
	cse(f)
	fold(f) // the indices the split left unused
	f.Blocks = ircheck.Layout(f)
	ircheck.Renumber(f)
	// After Renumber every unnamed value is unnumbered, so AssignIDs
	// cannot find numbers out of order.
	_ = f.AssignIDs()
}
