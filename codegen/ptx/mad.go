package ptx

// This file fuses two kinds of integer pairs into one mad, as nvcc's code
// does; both are exact (they wrap the same way), so unlike the float
// contraction (//ka:contract) they need no opt-in:
//
//   - a multiply and the add that is its only use, as one mad.lo: the
//     row*n + col of every 2-D index;
//   - the extension of a narrower integer to 64 bits and the address
//     base + ext*size that is its only use, as one mad.wide.s32 (or .u32
//     for a zero extension) of the narrow register: the a[int32(i)] of a
//     narrowed index, the bins[data[i]] of a byte.
//
// The mad runs where the second of the pair was, reading the first's
// operands there, so a pair is fused only when those registers still
// hold the operands then: the two are in one block, and no instruction
// between them writes a phi's register (coalesce.go gives some values
// their phi's register, which the first of the pair may have read).

import (
	"math"

	"github.com/kago-dev/kago/codegen/internal/emitutil"
	"github.com/llir/llvm/ir"
	"github.com/llir/llvm/ir/constant"
	"github.com/llir/llvm/ir/value"
)

// intMads are the fused pairs: each add's multiply, and the multiplies
// that their adds compute; the extensions that their addresses compute.
type intMads struct {
	byAdd map[*ir.InstAdd]*ir.InstMul
	fused map[*ir.InstMul]bool
	wide  map[value.Value]bool // sext or zext to i64, computed by its getelementptr's mad.wide
}

// findMads finds the pairs of fe's function. It runs after coalescePhis:
// the values that write a phi's register are those with a register
// already.
func (fe *funcEmitter) findMads() {
	fe.mads = intMads{byAdd: map[*ir.InstAdd]*ir.InstMul{}, fused: map[*ir.InstMul]bool{}, wide: map[value.Value]bool{}}
	for _, b := range fe.fn.Blocks {
		since := map[value.Value]bool{} // multiplies and extensions of b with no phi register written since
		for _, inst := range b.Insts {
			if gep, ok := inst.(*ir.InstGetElementPtr); ok {
				if ext := wideIndex(gep); ext != nil && since[ext] && fe.uses[ext] == 1 {
					fe.mads.wide[ext] = true
				}
			}
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
			switch inst.(type) {
			case *ir.InstMul, *ir.InstSExt, *ir.InstZExt:
				since[inst.(value.Value)] = true
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

// wideIndex returns the varying index of gep when it is a sext or zext of
// an 8-, 16- or 32-bit register to i64 and the element's size fits the
// 32-bit multiplicand of a mad.wide; nil otherwise.
func wideIndex(gep *ir.InstGetElementPtr) value.Value {
	elem, idx := gepIndex(gep.ElemType, gep.Indices)
	switch idx.(type) {
	case *ir.InstSExt, *ir.InstZExt:
	default:
		return nil
	}
	from, _ := emitutil.ConversionOperands(idx)
	if _, isConst := from.(constant.Constant); isConst || emitutil.IntBits(idx.Type()) != 64 {
		return nil
	}
	if bits := emitutil.IntBits(from.Type()); bits < 8 || bits > 32 {
		return nil
	}
	if size, _, _ := sizeOf(elem); size <= 0 || size > math.MaxInt32 {
		return nil
	}
	return idx
}

// createWideAddress emits d = base + idx*size as one mad.wide of the
// narrow register that idx, a sext or zext fused into the address
// (wideIndex), extends.
func (fe *funcEmitter) createWideAddress(d, base string, idx value.Value, size int64) {
	from, _ := emitutil.ConversionOperands(idx)
	t := "s32"
	if _, zext := idx.(*ir.InstZExt); zext {
		t = "u32"
	}
	fe.ins("mad.wide.%s %s, %s, %d, %s", t, d, fe.createExtend(from, t == "s32"), size, base)
}
