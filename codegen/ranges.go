package codegen

// This file implements range semantics (docs/kernel-language.md, "Ranges
// and groups"): a kernel without barriers returns at entry in work-items
// outside the launch's range, and it.InRange() is the same test for
// kernels that have barriers and so run whole groups.

import (
	"github.com/llir/llvm/ir"
	"github.com/llir/llvm/ir/enum"
	"github.com/llir/llvm/ir/value"
)

// inRange computes, at the end of b, whether the work-item is inside the
// launch's range: GlobalID(d) < GlobalSize(d) in every dimension (an
// unused dimension has size 1 and id 0). GlobalSize is the user's range,
// the hidden ka.gsize parameters.
func (c *compiler) inRange(b *ir.Block) value.Value {
	return c.rangeTest(b, enum.IPredULT, func(x, y value.Value) value.Value { return b.NewAnd(x, y) })
}

// outOfRange is the negation of inRange: GlobalID(d) >= GlobalSize(d) in
// some dimension.
func (c *compiler) outOfRange(b *ir.Block) value.Value {
	return c.rangeTest(b, enum.IPredUGE, func(x, y value.Value) value.Value { return b.NewOr(x, y) })
}

// rangeTest compares GlobalID(d) with GlobalSize(d) by pred in each
// dimension and combines the three with join.
func (c *compiler) rangeTest(b *ir.Block, pred enum.IPred, join func(x, y value.Value) value.Value) value.Value {
	var r value.Value
	for d := range int64(3) {
		id := c.query(b, "ka.global_id", d)
		size := c.query(b, "ka.global_size", d)
		if isConstInt(id, 0) && isConstInt(size, 1) {
			continue // a dimension the lean variant assumes away (dims.go)
		}
		cmp := b.NewICmp(pred, id, size)
		if r == nil {
			r = cmp
		} else {
			r = join(r, cmp)
		}
	}
	return r
}

// enterBody ends the entry block with the branch to the kernel's first
// block. A kernel without barriers (and without local memory, which only
// makes sense with them) branches there only inside the range, and returns
// otherwise: its out-of-range work-items do not run the body. A kernel
// with barriers runs whole groups, as its barriers need.
func (c *compiler) enterBody(first *ir.Block) {
	if c.barrier {
		c.entry.NewBr(first)
		return
	}
	out := c.fn.NewBlock("outside")
	out.NewRet(nil)
	// Only a launch with a partial group has work-items outside the
	// range (partial.go).
	partial := c.fn.NewBlock("partial")
	markPartial(c.entry.NewCondBr(c.partialGroups(c.entry), partial, first))
	// out first, so that the layout puts the body right after partial.
	partial.NewCondBr(c.outOfRange(partial), out, first)
}
