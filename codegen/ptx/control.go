package ptx

// This file implements control flow: labels per block, br/condbr/ret/
// unreachable, and phis. PTX has no phi, so each phi gets one register,
// allocated before any block is emitted, and every edge into a block with
// phis copies the incoming values into those registers just before the
// branch. Copies on one edge are parallel (a phi may read another phi of the
// same block, as a loop's swapped variables do): when that happens they go
// through fresh temporaries first. A conditional branch whose taken edge
// needs copies jumps to an edge label of its own that does them.
//
// Control flow is unstructured (go/ssa); branches are plain bra, and ptxas
// computes reconvergence itself.

import (
	"fmt"

	"github.com/llir/llvm/ir"
	"github.com/llir/llvm/ir/value"
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

// createEdgeCopies emits the phi copies of the edge from -> to.
func (fe *funcEmitter) createEdgeCopies(from, to *ir.Block) {
	type copy struct {
		dst string
		src value.Value
		cls regClass
	}
	var copies []copy
	dsts := map[string]bool{}
	for _, inst := range to.Insts {
		phi, ok := inst.(*ir.InstPhi)
		if !ok {
			continue
		}
		for _, inc := range phi.Incs {
			if inc.Pred == from {
				c, _ := classOf(phi.Type())
				copies = append(copies, copy{fe.regs[phi], inc.X, c})
				dsts[fe.regs[phi]] = true
				break
			}
		}
	}
	// Parallel copy: if any source is itself a destination of this edge,
	// read all sources into temporaries first.
	conflict := false
	for _, c := range copies {
		if r, ok := fe.regs[c.src]; ok && dsts[r] {
			conflict = true
		}
	}
	srcs := make([]string, len(copies))
	for i, c := range copies {
		srcs[i] = fe.operand(c.src)
		if conflict && srcs[i] != c.dst {
			t := fe.newReg(c.cls)
			fe.ins("mov.%s %s, %s", c.cls.movType(), t, srcs[i])
			srcs[i] = t
		}
	}
	for i, c := range copies {
		if srcs[i] != c.dst {
			fe.ins("mov.%s %s, %s", c.cls.movType(), c.dst, srcs[i])
		}
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
