package ptx

// This file folds constant offsets into addresses. PTX addresses a load or
// store as [reg+imm], so a getelementptr of a constant index from a
// pointer p, used only as the address of loads and stores, needs no
// instruction of its own: each of them addresses [p+index*size]. The
// middle end splits p[x+c] into (p[x])[c] (codegen/internal/opt), so that
// the neighbours of a stencil or the rows of an unrolled tile share one
// register and differ in their immediates, as nvcc's code does. A
// getelementptr of index 0 is its pointer's register.

import (
	"math"
	"strconv"

	"github.com/llir/llvm/ir"
	"github.com/llir/llvm/ir/constant"
	"github.com/llir/llvm/ir/value"
)

// offsetAddr is a folded getelementptr: base+imm bytes.
type offsetAddr struct {
	base value.Value
	imm  int64
}

// foldedOffsets returns f's getelementptrs of a constant index whose every
// use is the address of a load or store, with their base and byte offset.
// uses are f's (emitutil.Uses).
func foldedOffsets(f *ir.Func, uses map[value.Value]int) map[*ir.InstGetElementPtr]offsetAddr {
	addrUses := map[value.Value]int{}
	for _, b := range f.Blocks {
		for _, in := range b.Insts {
			switch in := in.(type) {
			case *ir.InstLoad:
				addrUses[in.Src]++
			case *ir.InstStore:
				if in.Src != in.Dst {
					addrUses[in.Dst]++
				}
			}
		}
	}
	out := map[*ir.InstGetElementPtr]offsetAddr{}
	for _, b := range f.Blocks {
		for _, in := range b.Insts {
			g, ok := in.(*ir.InstGetElementPtr)
			if !ok || uses[g] == 0 || addrUses[g] != uses[g] {
				continue
			}
			if imm, ok := constOffset(g); ok && imm != 0 {
				out[g] = offsetAddr{g.Src, imm}
			}
		}
	}
	return out
}

// constOffset returns the byte offset of a getelementptr whose index is a
// constant, if it fits an address's signed 32-bit immediate.
func constOffset(g *ir.InstGetElementPtr) (int64, bool) {
	elem, idx := gepIndex(g.ElemType, g.Indices)
	c, ok := idx.(*constant.Int)
	if !ok || !c.X.IsInt64() {
		return 0, false
	}
	size, _, _ := sizeOf(elem)
	k := c.X.Int64()
	if size <= 0 || k > math.MaxInt32/size || k < math.MinInt32/size {
		return 0, false
	}
	return k * size, true
}

// address returns the PTX address of ptr, inside the brackets: its
// register, or base+imm for a folded getelementptr.
func (fe *funcEmitter) address(ptr value.Value) string {
	if g, ok := ptr.(*ir.InstGetElementPtr); ok {
		if o, ok := fe.offsets[g]; ok {
			return fe.reg(o.base) + "+" + strconv.FormatInt(o.imm, 10)
		}
	}
	return fe.reg(ptr)
}
