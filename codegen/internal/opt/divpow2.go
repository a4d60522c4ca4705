package opt

// This file strength-reduces divisions and remainders by constant powers
// of two to shifts and masks, which the targets run in a cycle or two
// where a 64-bit division is a long software sequence (PTX's div.s64).
// The signed forms round toward zero, as Go and LLVM do, by adding
// 2^k - 1 to a negative dividend before the arithmetic shift.

import (
	mathbits "math/bits"

	"github.com/llir/llvm/ir"
	"github.com/llir/llvm/ir/enum"
	"github.com/llir/llvm/ir/types"
	"github.com/llir/llvm/ir/value"
)

// divPow2 rewrites f's divisions and remainders by constant powers of two
// and reports whether it rewrote any:
//
//	udiv x, 2^k → lshr x, k
//	urem x, 2^k → and x, 2^k-1
//	sdiv x, 2^k → t1 = ashr x, w-1; t2 = lshr t1, w-k; t3 = add x, t2; ashr t3, k
//	srem x, 2^k → the same t3; t4 = and t3, -2^k; sub x, t4
//	sdiv x, 1, udiv x, 1 → x; srem x, 1, urem x, 1 → 0
//
// t2 is 2^k - 1 for a negative x and 0 otherwise, so t3 >> k is x / 2^k
// rounded toward zero, and t4 is that quotient times 2^k. A signed
// divisor 2^k is positive: k ≤ w-2 (2^(w-1) is MinInt, negative). Where
// x is known not to be negative (nonNegative), the signed forms are the
// unsigned ones: a reduction's s /= 2 under s > 0 is one shift.
func divPow2(f *ir.Func) bool {
	if len(f.Blocks) == 0 {
		return false
	}
	d := newDomTree(newCFG(f))
	r := replacer{}
	for _, b := range f.Blocks {
		var out []ir.Instruction
		for _, inst := range b.Insts {
			r.rewrite(inst)
			seq, v := expandDiv(inst, func(x value.Value) bool { return nonNegative(x, b, d) })
			if v == nil {
				out = append(out, inst)
				continue
			}
			out = append(out, seq...)
			if len(seq) > 0 {
				takeName(v, inst.(value.Value))
			}
			r[inst.(value.Value)] = v
		}
		b.Insts = out
		r.rewrite(b.Term)
	}
	replaceUses(f, r)
	return len(r) > 0
}

// expandDiv returns the instructions that replace inst, a division or
// remainder by a power of two, and the value that replaces inst's (the
// last of them, or an operand or constant when there are none); v is nil
// when inst is no such division.
func expandDiv(inst ir.Instruction, nonNeg func(value.Value) bool) (seq []ir.Instruction, v value.Value) {
	op, x, y := binary(inst)
	switch op {
	case "sdiv", "srem", "udiv", "urem":
	default:
		return nil, nil
	}
	t, ok := x.Type().(*types.IntType)
	d, w, isConst := intConst(y)
	if !ok || !isConst || d == 0 || d&(d-1) != 0 {
		return nil, nil
	}
	k := mathbits.TrailingZeros64(d)
	signed := op == "sdiv" || op == "srem"
	if signed && k >= w-1 {
		return nil, nil // MinInt (or -1 at i1): a negative divisor
	}
	c := func(n uint64) value.Value { return newConst(t, n) }
	if k == 0 {
		if op == "sdiv" || op == "udiv" {
			return nil, x
		}
		return nil, c(0)
	}
	add := func(i ir.Instruction) value.Value {
		seq = append(seq, i)
		return i.(value.Value)
	}
	if signed && nonNeg(x) {
		op = "u" + op[1:]
	}
	switch op {
	case "udiv":
		return seq, add(ir.NewLShr(x, c(uint64(k))))
	case "urem":
		return seq, add(ir.NewAnd(x, c(d-1)))
	}
	sign := add(ir.NewAShr(x, c(uint64(w-1))))
	bias := add(ir.NewLShr(sign, c(uint64(w-k))))
	biased := add(ir.NewAdd(x, bias))
	if op == "sdiv" {
		return seq, add(ir.NewAShr(biased, c(uint64(k))))
	}
	down := add(ir.NewAnd(biased, c(-d)))
	return seq, add(ir.NewSub(x, down))
}

// nonNegative reports whether x, used in block b, is known to be at
// least 0 as a signed value: a constant that is, a work-item query (ids
// and sizes), a zext from a narrower type, a logical shift right by at
// least 1, a mask with a non-negative constant; or a value that a
// dominating branch tested: b is reached only through the true edge of
// icmp sgt x, c with c ≥ -1 (or sge with c ≥ 0), or the false edge of
// icmp slt x, c with c ≥ 0 (or sle with c ≥ -1).
func nonNegative(x value.Value, b *ir.Block, d *domTree) bool {
	w := bits(x.Type())
	if w == 0 {
		return false
	}
	if c, _, ok := intConst(x); ok {
		return toSigned(c, w) >= 0
	}
	switch x := x.(type) {
	case *ir.InstCall:
		return isQuery(x)
	case *ir.InstZExt:
		return bits(x.From.Type()) < w
	case *ir.InstLShr:
		c, _, ok := intConst(x.Y)
		return ok && c >= 1 && c < uint64(w)
	case *ir.InstAnd:
		c, _, ok := intConst(x.Y)
		return ok && toSigned(c, w) >= 0
	}
	// Walk up the dominator tree from b: an edge h → t that is t's only
	// way in, with t dominating b, holds on the way to b.
	for t := b; t != nil; t = d.parent(t) {
		preds := d.g.preds[t]
		if len(preds) != 1 {
			continue
		}
		h := preds[0]
		br, ok := h.Term.(*ir.TermCondBr)
		if !ok || br.TargetTrue == br.TargetFalse {
			continue
		}
		cmp, ok := br.Cond.(*ir.InstICmp)
		if !ok || cmp.X != x {
			continue
		}
		c, _, ok := intConst(cmp.Y)
		if !ok {
			continue
		}
		sc := toSigned(c, w)
		onTrue := br.TargetTrue == value.Value(t)
		switch {
		case onTrue && cmp.Pred == enum.IPredSGT && sc >= -1,
			onTrue && cmp.Pred == enum.IPredSGE && sc >= 0,
			!onTrue && cmp.Pred == enum.IPredSLT && sc >= 0,
			!onTrue && cmp.Pred == enum.IPredSLE && sc >= -1:
			return true
		}
	}
	return false
}
