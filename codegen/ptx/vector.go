package ptx

// This file loads four neighbouring 32-bit words of shared memory with
// one ld.shared.v4: the row of a tile that an unrolled product reads at
// [p], [p+4], [p+8], [p+12] (the tiled matmul's ta[li*16+k]), as LLVM's
// load-store vectorizer does for the same IR (kagobench -ptxcount's
// optllc column). A vector access must be aligned to its 16 bytes, which
// is known only where the address is: shared arrays are declared
// .align 16 (memory.go), and an index's known trailing zero bits
// (alignOf) carry it through getelementptrs; global memory's slices may
// start anywhere, so only shared memory is vectorized.
//
// The v4 runs at the first of the four loads and writes all four
// registers there, so a group is made only of loads of one block with no
// store, atomic, barrier or call (but a work-item query) between the
// first and the last, whose registers are their own (not a phi's,
// coalesce.go): they read what they would have read at their own places.

import (
	"math/bits"
	"strconv"

	"github.com/kago-dev/kago/codegen/internal/emitutil"
	"github.com/llir/llvm/ir"
	"github.com/llir/llvm/ir/constant"
	"github.com/llir/llvm/ir/types"
	"github.com/llir/llvm/ir/value"
)

// vecLoad is a group of four loads at base+imm, +4, +8, +12.
type vecLoad struct {
	lead  *ir.InstLoad    // the first in block order, which emits the v4
	loads [4]*ir.InstLoad // by offset
	base  value.Value
	imm   int64
}

// findVectorLoads groups fe's shared-memory loads (see the file comment).
// It runs after coalescePhis.
func (fe *funcEmitter) findVectorLoads() {
	fe.vec = map[*ir.InstLoad]*vecLoad{}
	for _, b := range fe.fn.Blocks {
		open := map[value.Value]map[int64]*ir.InstLoad{} // since the last effect, by base and offset
		pos := map[*ir.InstLoad]int{}
		for i, inst := range b.Insts {
			switch in := inst.(type) {
			case *ir.InstLoad:
				base, imm, ok := fe.sharedWord(in)
				if !ok {
					continue
				}
				m := open[base]
				if m == nil {
					m = map[int64]*ir.InstLoad{}
					open[base] = m
				}
				if _, dup := m[imm]; dup {
					continue
				}
				m[imm], pos[in] = in, i
				fe.groupLoads(base, imm&^15, m, pos)
			case *ir.InstStore, *ir.InstAtomicRMW, *ir.InstCmpXchg:
				clear(open)
			case *ir.InstCall:
				if c, ok := emitutil.CallOf(in); !ok || !c.Op.IsQuery() {
					clear(open) // a barrier, printf, a subgroup operation
				}
			}
		}
	}
}

// groupLoads makes the group at base+s when m has its four loads, none
// grouped yet, of one type, and base+s is 16-byte aligned.
func (fe *funcEmitter) groupLoads(base value.Value, s int64, m map[int64]*ir.InstLoad, pos map[*ir.InstLoad]int) {
	g := &vecLoad{base: base, imm: s}
	for j := range 4 {
		l := m[s+4*int64(j)]
		if l == nil || fe.vec[l] != nil || !l.ElemType.Equal(m[s].ElemType) {
			return
		}
		g.loads[j] = l
		if g.lead == nil || pos[l] < pos[g.lead] {
			g.lead = l
		}
	}
	if alignOf(base) < 16 {
		return
	}
	for _, l := range g.loads {
		fe.vec[l] = g
	}
}

// sharedWord returns the base and byte offset of a non-volatile load of
// a 32-bit word of shared memory whose register is its own.
func (fe *funcEmitter) sharedWord(l *ir.InstLoad) (base value.Value, imm int64, ok bool) {
	if l.Volatile || fe.regs[l] != "" || fe.space(l.Src) != "shared" {
		return nil, 0, false
	}
	switch t := l.ElemType.(type) {
	case *types.IntType:
		ok = t.BitSize == 32
	case *types.FloatType:
		ok = t.Kind == types.FloatKindFloat
	}
	if !ok {
		return nil, 0, false
	}
	if g, isGEP := l.Src.(*ir.InstGetElementPtr); isGEP {
		if o, folded := fe.offsets[g]; folded {
			return o.base, o.imm, true
		}
	}
	return l.Src, 0, true
}

// createVectorLoad emits group g's ld.shared.v4 at its first load.
func (fe *funcEmitter) createVectorLoad(g *vecLoad) {
	var regs [4]string
	for j, l := range g.loads {
		regs[j] = fe.def(l)
	}
	addr := fe.reg(g.base)
	if g.imm != 0 {
		addr += "+" + strconv.FormatInt(g.imm, 10)
	}
	fe.ins("ld.shared.v4.%s {%s, %s, %s, %s}, [%s]", memType(g.lead.ElemType), regs[0], regs[1], regs[2], regs[3], addr)
}

// alignOf returns a power of two that pointer p is known to be a
// multiple of: a shared array's 16, a getelementptr's base alignment
// reduced by its index's known trailing zeros; 1 when nothing is known.
func alignOf(p value.Value) int64 {
	switch p := p.(type) {
	case *ir.Global:
		return 16 // createGlobals
	case *ir.InstBitCast:
		return alignOf(p.From)
	case *ir.InstGetElementPtr:
		elem, idx := gepIndex(p.ElemType, p.Indices)
		size, _, _ := sizeOf(elem)
		if size <= 0 {
			return 1
		}
		a := alignOf(p.Src)
		tz := trailingZeros(idx) + bits.TrailingZeros64(uint64(size))
		if tz < 63 && int64(1)<<tz < a {
			a = int64(1) << tz
		}
		return a
	}
	return 1
}

// trailingZeros returns how many low bits of integer v are known to be
// zero (64 for the constant 0).
func trailingZeros(v value.Value) int {
	switch v := v.(type) {
	case *constant.Int:
		if !v.X.IsInt64() {
			return 0
		}
		return bits.TrailingZeros64(uint64(v.X.Int64()))
	case *ir.InstMul:
		return min(64, trailingZeros(v.X)+trailingZeros(v.Y))
	case *ir.InstShl:
		if c, ok := v.Y.(*constant.Int); ok && c.X.IsInt64() && c.X.Int64() < 64 {
			return min(64, trailingZeros(v.X)+int(c.X.Int64()))
		}
	case *ir.InstAdd:
		return min(trailingZeros(v.X), trailingZeros(v.Y))
	case *ir.InstSub:
		return min(trailingZeros(v.X), trailingZeros(v.Y))
	case *ir.InstAnd:
		return max(trailingZeros(v.X), trailingZeros(v.Y))
	case *ir.InstSExt:
		return trailingZeros(v.From)
	case *ir.InstZExt:
		return trailingZeros(v.From)
	case *ir.InstTrunc:
		return min(trailingZeros(v.From), emitutil.IntBits(v.To))
	}
	return 0
}
