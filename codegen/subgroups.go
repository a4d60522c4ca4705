package codegen

// This file lowers the subgroup operations of package ka (ka/subgroup.go)
// to the subgroup primitives of docs/ir.md: @ka.subgroup_size,
// @ka.subgroup_id, @ka.subgroup_local_id, the 32-bit
// @ka.subgroup_shuffle and @ka.subgroup_ballot.
//
//   - The queries (Item.SubgroupSize, SubgroupID, SubgroupLocalID) are one
//     call each.
//   - A shuffle of any scalar goes through 32-bit shuffles: 8- and 16-bit
//     values and bools are extended, 64-bit values split into two halves,
//     floats bitcast. Its lane is clamped by a select: a lane outside [0,
//     size) reads the caller's own lane, so the primitive's lane is always
//     in range (docs/ir.md) and the caller gets its own value, as on
//     native (ka/kernel/subgroup.go).
//   - SubgroupSum, SubgroupMin and SubgroupMax are a tree to lane 0 and a
//     broadcast, in the order of kernel.SubgroupTree, so that float results
//     are the same bits on every target and on native:
//
//     for off := 1; off < n; off <<= 1 {
//     	o := shuffle(v, min(lane+off, n-1))
//     	if lane%(2*off) == 0 && lane+off < n { v = op(v, o) }
//     }
//     v = shuffle(v, 0)
//
//     with selects, not branches, so that every lane executes every
//     shuffle.
//
// The exchanges are called by every work-item of the work-group, like a
// barrier (docs/kernel-language.md, "Subgroups"): checkGroupUniform
// refuses a call under a work-item-dependent condition, and a kernel that
// calls one runs whole groups (f.barrier), as the native backend's
// emulation over the group's barrier needs.

import (
	"github.com/llir/llvm/ir"
	"github.com/llir/llvm/ir/constant"
	"github.com/llir/llvm/ir/enum"
	lltypes "github.com/llir/llvm/ir/types"
	"github.com/llir/llvm/ir/value"
	"golang.org/x/tools/go/ssa"
)

// subgroupQueries maps the ka.Item subgroup queries to their intrinsics.
var subgroupQueries = map[string]string{
	"SubgroupSize":    "ka.subgroup_size",
	"SubgroupID":      "ka.subgroup_id",
	"SubgroupLocalID": "ka.subgroup_local_id",
}

// subgroupOps are the ka subgroup exchanges, with the combining operation
// of the reductions.
var subgroupOps = map[string]string{
	"SubgroupShuffle":    "",
	"SubgroupShuffleXor": "",
	"SubgroupBallot":     "",
	"SubgroupSum":        "sum",
	"SubgroupMin":        "min",
	"SubgroupMax":        "max",
}

// isSubgroupOp reports whether name is a ka subgroup exchange.
func isSubgroupOp(name string) bool {
	_, ok := subgroupOps[name]
	return ok
}

// createSubgroupQuery calls the subgroup query intrinsic name.
func (f *frame) createSubgroupQuery(name string) value.Value {
	return f.cur.NewCall(f.declare(name, lltypes.I64))
}

// createSubgroupOp lowers a call of a ka subgroup exchange.
func (f *frame) createSubgroupOp(call *ssa.Call, name string) lowered {
	pos := call.Pos()
	if !f.checkGroupUniform(call, name) {
		return poison{}
	}
	f.barrier = true
	args := call.Common().Args
	gt := args[1].Type()
	if memType(gt) == nil {
		f.unsupportedAt(pos, "ka."+name+" of "+describeType(gt))
		return poison{}
	}
	v := f.scalar(args[1], pos)
	if v == nil {
		return poison{}
	}
	if name == "SubgroupBallot" {
		return f.cur.NewCall(f.declare("ka.subgroup_ballot", lltypes.I32, lltypes.I1), v)
	}
	n := f.createSubgroupQuery("ka.subgroup_size")
	lane := f.createSubgroupQuery("ka.subgroup_local_id")
	if op := subgroupOps[name]; op != "" {
		return f.createSubgroupTree(v, n, lane, func(x, y value.Value) value.Value {
			return f.combine(f.cur, op, gt, x, y)
		})
	}
	x := f.scalar(args[2], pos)
	if x == nil {
		return poison{}
	}
	src := f.i64(x, args[2].Type())
	if name == "SubgroupShuffleXor" {
		src = f.cur.NewXor(lane, src)
	}
	// A lane outside [0, n) (unsigned: a negative one too) is the
	// caller's own.
	src = f.cur.NewSelect(f.cur.NewICmp(enum.IPredULT, src, n), src, lane)
	return f.createShuffle(v, src)
}

// createShuffle emits the shuffle of v, a scalar of any width, from the
// lane src (an i64 in [0, size)) through 32-bit shuffles.
func (f *frame) createShuffle(v, src value.Value) value.Value {
	b := f.cur
	lane := b.NewTrunc(src, lltypes.I32)
	fn := f.declare("ka.subgroup_shuffle", lltypes.I32, lltypes.I32, lltypes.I32)
	sh := func(x value.Value) value.Value { return b.NewCall(fn, x, lane) }
	switch t := v.Type().(type) {
	case *lltypes.FloatType:
		it := lltypes.I32
		if t.Kind == lltypes.FloatKindDouble {
			it = lltypes.I64
		}
		return b.NewBitCast(f.createShuffle(b.NewBitCast(v, it), src), t)
	case *lltypes.IntType:
		switch {
		case t.BitSize == 32:
			return sh(v)
		case t.BitSize < 32:
			return b.NewTrunc(sh(b.NewZExt(v, lltypes.I32)), t)
		}
		c32 := constant.NewInt(lltypes.I64, 32)
		lo := sh(b.NewTrunc(v, lltypes.I32))
		hi := sh(b.NewTrunc(b.NewLShr(v, c32), lltypes.I32))
		return b.NewOr(b.NewZExt(lo, lltypes.I64), b.NewShl(b.NewZExt(hi, lltypes.I64), c32))
	}
	panic("codegen: shuffle of " + v.Type().LLString()) // memType admits only scalars
}

// createSubgroupTree emits the tree reduction of v over the subgroup of n
// lanes (see the file comment) and returns the result, the same in every
// lane.
func (f *frame) createSubgroupTree(v, n, lane value.Value, op func(x, y value.Value) value.Value) value.Value {
	one := constant.NewInt(lltypes.I64, 1)
	zero := constant.NewInt(lltypes.I64, 0)
	pre := f.cur
	head, body, done := f.fn2().NewBlock(""), f.fn2().NewBlock(""), f.fn2().NewBlock("")
	pre.NewBr(head)
	off := head.NewPhi(ir.NewIncoming(one, pre))
	acc := head.NewPhi(ir.NewIncoming(v, pre))
	head.NewCondBr(head.NewICmp(enum.IPredULT, off, n), body, done)
	f.cur = body
	other := body.NewAdd(lane, off)
	inside := body.NewICmp(enum.IPredULT, other, n)
	o := f.createShuffle(acc, body.NewSelect(inside, other, body.NewSub(n, one)))
	c := op(acc, o)
	b := f.cur
	off2 := b.NewShl(off, one)
	first := b.NewICmp(enum.IPredEQ, b.NewAnd(lane, b.NewSub(off2, one)), zero)
	next := b.NewSelect(b.NewAnd(first, inside), c, acc)
	off.Incs = append(off.Incs, ir.NewIncoming(off2, b))
	acc.Incs = append(acc.Incs, ir.NewIncoming(next, b))
	b.NewBr(head)
	f.cur = done
	return f.createShuffle(acc, zero)
}
