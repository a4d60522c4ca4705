package ptx

// This file spares loops their phi copies. A phi's value from the block
// that jumps back to it (a loop's k+1 or sum+x*y, a load
// on one side of an if) is usually computed in
// that block and used by nothing but the phi; computed straight into the
// phi's register, the edge needs no mov. So is a strength-reduced
// pointer's step (codegen/internal/opt/strength.go). ptxas is expected to coalesce
// such copies itself (not checked here: no ptxas), so this is for the
// code as written (the simulator's counts, a
// reader): it is done only where the phi's old value is dead from that
// point on, and only for values that one PTX instruction computes, which
// reads its operands before it writes its result (add %r1, %r1, 1).

import (
	"github.com/kago-dev/kago/codegen/internal/emitutil"
	"github.com/llir/llvm/ir"
	"github.com/llir/llvm/ir/value"
)

// coalescePhis gives such values their phi's register (createPhiRegs has
// allocated it): v, defined in block b that ends in an unconditional
// branch to the phi's block, used only by the phi, when nothing after v
// in b, nor another copy of the edge, reads the phi.
func (fe *funcEmitter) coalescePhis() {
	for _, b := range fe.fn.Blocks {
		br, ok := b.Term.(*ir.TermBr)
		if !ok {
			continue
		}
		to, ok := br.Target.(*ir.Block)
		if !ok {
			continue
		}
		copies := emitutil.EdgeCopies(b, to)
		for _, c := range copies {
			at := indexIn(b, c.Src)
			if at < 0 || fe.uses[c.Src] != 1 || !oneInstruction(b.Insts[at]) {
				continue
			}
			if _, done := fe.regs[c.Src]; done || fe.readsAfter(b, at, c.Phi) || copiesRead(copies, c.Phi) {
				continue
			}
			fe.regs[c.Src] = fe.regs[c.Phi]
		}
	}
}

// indexIn returns the index of v among b's instructions, or -1.
func indexIn(b *ir.Block, v value.Value) int {
	for i, in := range b.Insts {
		if iv, ok := in.(value.Value); ok && iv == v {
			return i
		}
	}
	return -1
}

// oneInstruction reports whether the emitter computes in with a single
// PTX instruction that writes its result last.
func oneInstruction(in ir.Instruction) bool {
	switch in := in.(type) {
	case *ir.InstAdd, *ir.InstSub, *ir.InstMul:
		bits := emitutil.IntBits(in.(value.Value).Type())
		return bits == 32 || bits == 64
	case *ir.InstFAdd, *ir.InstFSub, *ir.InstFMul:
		return true
	case *ir.InstLoad: // not an i1 (a byte, then a compare)
		return emitutil.IntBits(in.ElemType) != 1
	case *ir.InstGetElementPtr:
		// An add or a mad (createAddress), after a cvt of a 32-bit
		// index into a register of its own; not p[0], which is p's
		// register.
		imm, ok := constOffset(in)
		return !ok || imm != 0
	}
	return false
}

// readsAfter reports whether an instruction of b after index at reads v,
// itself or as the base of a getelementptr folded into its address
// (offsets.go), which reads v's register there.
func (fe *funcEmitter) readsAfter(b *ir.Block, at int, v value.Value) bool {
	for _, in := range b.Insts[at+1:] {
		if u, ok := in.(value.User); ok {
			for _, op := range u.Operands() {
				if op == nil {
					continue
				}
				if *op == v {
					return true
				}
				if g, ok := (*op).(*ir.InstGetElementPtr); ok && fe.offsets[g].base == v {
					return true
				}
			}
		}
	}
	return false
}

// copiesRead reports whether one of an edge's copies reads v.
func copiesRead(copies []emitutil.PhiCopy, v value.Value) bool {
	for _, c := range copies {
		if c.Src == v {
			return true
		}
	}
	return false
}
