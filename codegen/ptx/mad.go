package ptx

// This file writes an integer multiply and the add that is its only use
// as one mad.lo: the row*n + col of every 2-D index, which nvcc's code
// computes in one instruction. It is exact (both wrap the same way), so
// unlike the float contraction (//ka:contract) it needs no opt-in.
//
// The mad runs where the add was, reading the multiply's operands there,
// so the pair is fused only when those registers still hold the
// operands then: the two are in one block, and no instruction between
// them writes a phi's register (coalesce.go gives some values their
// phi's register, which a multiply of the phi may have read).

import (
	"github.com/kago-dev/kago/codegen/internal/emitutil"
	"github.com/llir/llvm/ir"
	"github.com/llir/llvm/ir/constant"
	"github.com/llir/llvm/ir/value"
)

// intMads are the fused pairs: each add's multiply, and the multiplies
// that their adds compute.
type intMads struct {
	byAdd map[*ir.InstAdd]*ir.InstMul
	fused map[*ir.InstMul]bool
}

// findMads finds the pairs of fe's function. It runs after coalescePhis:
// the values that write a phi's register are those with a register
// already.
func (fe *funcEmitter) findMads() {
	fe.mads = intMads{byAdd: map[*ir.InstAdd]*ir.InstMul{}, fused: map[*ir.InstMul]bool{}}
	for _, b := range fe.fn.Blocks {
		since := map[*ir.InstMul]bool{} // multiplies of b with no phi register written since
		for _, inst := range b.Insts {
			if add, ok := inst.(*ir.InstAdd); ok && emitutil.IntBits(add.Type()) > 1 {
				for _, op := range []value.Value{add.X, add.Y} {
					if mul, ok := op.(*ir.InstMul); ok && since[mul] && fe.uses[mul] == 1 && !fe.mads.fused[mul] {
						fe.mads.byAdd[add], fe.mads.fused[mul] = mul, true
						break
					}
				}
			}
			if v, ok := inst.(value.Value); ok {
				if _, isPhi := inst.(*ir.InstPhi); !isPhi && fe.regs[v] != "" {
					clear(since) // v writes a phi's register
				}
			}
			if mul, ok := inst.(*ir.InstMul); ok {
				since[mul] = true
			}
		}
	}
}

// createMad emits add, whose operand mul is fused into it, as
// mad.lo.s<w> d, a, b, c (a a register, b and c registers or
// immediates).
func (fe *funcEmitter) createMad(add *ir.InstAdd, mul *ir.InstMul, w string) {
	c := add.Y
	if add.Y == value.Value(mul) {
		c = add.X
	}
	a, b := mul.X, mul.Y
	if _, isConst := a.(*constant.Int); isConst {
		a, b = b, a
	}
	fe.ins("mad.lo.s%s %s, %s, %s, %s", w, fe.def(add), fe.reg(a), fe.operand(b), fe.operand(c))
}
