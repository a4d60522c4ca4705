package ptx

// This file implements control flow: labels per block, br/condbr/ret/
// unreachable, and phis. PTX has no phi, so each phi gets one register,
// allocated before any block is emitted, and every edge into a block with
// phis copies the incoming values into those registers just before the
// branch, in the order of emitutil's phi elimination (a phi may read
// another phi of the same block, as a loop's swapped variables do). A
// conditional branch whose taken edge needs copies jumps to an edge label
// of its own that does them.
//
// Control flow is unstructured (go/ssa); branches are plain bra, and ptxas
// computes reconvergence itself.

import (
	"fmt"

	"github.com/kago-dev/kago/codegen/internal/emitutil"
	"github.com/llir/llvm/ir"
)

// createPhiRegs gives every phi its register up front, so that predecessors
// emitted before the phi's block can copy into it.
func (fe *funcEmitter) createPhiRegs() {
	for _, b := range fe.fn.Blocks {
		for _, inst := range b.Insts {
			if phi, ok := inst.(*ir.InstPhi); ok {
				fe.block, fe.inst = b, phi
				fe.def(phi)
			}
		}
	}
	fe.block, fe.inst = nil, nil
}

// createPhi has nothing left to do: the register exists and the copies are on
// the edges.
func (fe *funcEmitter) createPhi(phi *ir.InstPhi) {
	if _, ok := fe.regs[phi]; !ok {
		fe.def(phi)
	}
}

// createEdgeCopies emits the phi copies of the edge from -> to, in the
// order emitutil.Sequence gives them (by register: a value may share a
// phi's register through an alias), breaking cycles with fresh registers.
func (fe *funcEmitter) createEdgeCopies(from, to *ir.Block) {
	copies := emitutil.EdgeCopies(from, to)
	dst, src := make([]string, len(copies)), make([]string, len(copies))
	cls := make([]regClass, len(copies))
	for i, c := range copies {
		cls[i], _ = classOf(c.Phi.Type())
		dst[i], src[i] = fe.regs[c.Phi], fe.operand(c.Src)
	}
	for _, m := range emitutil.Sequence(dst, src, func(i int) string { return fe.newReg(cls[i]) }) {
		fe.ins("mov.%s %s, %s", cls[m.Copy].movType(), m.Dst, m.Src)
	}
}

func hasPhis(b *ir.Block) bool {
	for _, inst := range b.Insts {
		if _, ok := inst.(*ir.InstPhi); ok {
			return true
		}
	}
	return false
}

// createJump emits an unconditional branch to b (with its phi copies), omitted
// when b is the next block in layout.
func (fe *funcEmitter) createJump(b, next *ir.Block) {
	fe.createEdgeCopies(fe.block, b)
	if b != next {
		fe.ins("bra.uni %s", fe.labels[b])
	}
}

func (fe *funcEmitter) createTerm(t ir.Terminator, next *ir.Block) {
	switch t := t.(type) {
	case *ir.TermRet:
		fe.ins("ret")
	case *ir.TermUnreachable:
		fe.ins("trap")
		fe.ins("ret")
	case *ir.TermBr:
		fe.createJump(t.Target.(*ir.Block), next)
	case *ir.TermCondBr:
		tt, ff := t.TargetTrue.(*ir.Block), t.TargetFalse.(*ir.Block)
		if tt == ff {
			fe.createJump(tt, next)
			return
		}
		cond := fe.reg(t.Cond)
		if tt == next && !hasPhis(ff) {
			fe.ins("@!%s bra %s", cond, fe.labels[ff])
			fe.createEdgeCopies(fe.block, tt)
			return
		}
		if !hasPhis(tt) {
			fe.ins("@%s bra %s", cond, fe.labels[tt])
			fe.createJump(ff, next)
			return
		}
		fe.nedges++
		edge := fmt.Sprintf("$L__E%d", fe.nedges)
		fe.ins("@%s bra %s", cond, edge)
		fe.createJump(ff, nil)
		fmt.Fprintf(&fe.body, "%s:\n", edge)
		fe.createJump(tt, next)
	default: // a terminator of the dialect without a case (see createInst)
		fe.errorf(ErrUnsupported, "terminator %T has no PTX mapping", t)
	}
}
