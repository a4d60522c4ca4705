package opt

// This file holds what the passes share: which instructions are pure (the
// only ones a pass may move, merge or delete), replacing the uses of
// values (llir keeps no use lists), reading a block's successors off its
// terminator and integer constants.

import (
	"github.com/kago-dev/kago/codegen/internal/emitutil"
	"github.com/llir/llvm/ir"
	"github.com/llir/llvm/ir/constant"
	"github.com/llir/llvm/ir/types"
	"github.com/llir/llvm/ir/value"
)

// pure reports whether inst computes its value from its operands alone:
// it reads and writes no memory, has no other effect, and gives the same
// result wherever it runs in a work-item. Only such instructions are
// moved, merged or deleted (the package doc's barrier rule). They are the
// integer operations, icmp, select, the integer and pointer casts,
// getelementptr and the work-item queries. Anything that touches a float
// is left out on purpose: docs/ir.md's contraction rule counts an fmul's
// uses, so merging, moving or deleting a float operation (or a select or
// cast of one) could fuse a product that was not fused before, or the
// reverse. Divisions and remainders are pure too, though they may fault:
// mayFault says whether one may be executed where the program did not.
func pure(inst ir.Instruction) bool {
	v, ok := inst.(value.Value)
	if !ok || touchesFloat(inst) {
		return false
	}
	switch inst := inst.(type) {
	case *ir.InstAdd, *ir.InstSub, *ir.InstMul, *ir.InstSDiv, *ir.InstUDiv,
		*ir.InstSRem, *ir.InstURem, *ir.InstShl, *ir.InstLShr, *ir.InstAShr,
		*ir.InstAnd, *ir.InstOr, *ir.InstXor, *ir.InstICmp, *ir.InstSelect,
		*ir.InstTrunc, *ir.InstZExt, *ir.InstSExt, *ir.InstGetElementPtr:
		return true
	case *ir.InstBitCast:
		// Only pointer to pointer: an integer/float bitcast touches a
		// float and is excluded above.
		return emitutil.IsPointer(v.Type())
	case *ir.InstCall:
		return isQuery(inst)
	}
	return false
}

// isQuery reports whether call is a work-item query of emitutil's table:
// pure, and the same value everywhere in a work-item. The subgroup
// shuffle and ballot are not: they exchange values between work-items, so
// they must run where and as often as the program says, like a barrier.
func isQuery(call *ir.InstCall) bool {
	c, ok := emitutil.CallOf(call)
	return ok && c.Op.IsQuery()
}

// touchesFloat reports whether inst has a float result or operand.
func touchesFloat(inst ir.Instruction) bool {
	if v, ok := inst.(value.Value); ok && emitutil.FloatBits(v.Type()) != 0 {
		return true
	}
	if u, ok := inst.(value.User); ok {
		for _, op := range u.Operands() {
			if *op != nil && emitutil.FloatBits((*op).Type()) != 0 {
				return true
			}
		}
	}
	return false
}

// mayFault reports whether pure instruction inst may fault or give a
// target-defined result when executed where the program would not have
// executed it: a division or remainder whose divisor is not a constant
// other than 0 and -1 (-1 because of MinInt / -1). Such an instruction
// stays where it is (LICM does not hoist it), though CSE may still merge
// it into an identical one that dominates it, which runs first.
func mayFault(inst ir.Instruction) bool {
	var y value.Value
	signed := false
	switch inst := inst.(type) {
	case *ir.InstSDiv:
		y, signed = inst.Y, true
	case *ir.InstSRem:
		y, signed = inst.Y, true
	case *ir.InstUDiv:
		y = inst.Y
	case *ir.InstURem:
		y = inst.Y
	default:
		return false
	}
	c, w, ok := intConst(y)
	if !ok {
		return true
	}
	// An unsigned division by all ones is defined (0 or 1); a signed one
	// is MinInt / -1 for one dividend.
	return c == 0 || signed && c == mask(w)
}

// replacer resolves a set of replacements (value → what replaces it),
// following chains (a → b, b → c: a → c).
type replacer map[value.Value]value.Value

// resolve returns what finally replaces v, v itself if nothing does.
func (r replacer) resolve(v value.Value) value.Value {
	for {
		w, ok := r[v]
		if !ok {
			return v
		}
		v = w
	}
}

// rewrite replaces the operands of u (an instruction or terminator) that
// r replaces, and reports whether it changed any.
func (r replacer) rewrite(u any) bool {
	uu, ok := u.(value.User)
	if !ok || len(r) == 0 {
		return false
	}
	changed := false
	for _, op := range uu.Operands() {
		if *op == nil {
			continue
		}
		if w := r.resolve(*op); w != *op {
			*op = w
			changed = true
		}
	}
	return changed
}

// replaceUses applies r to every operand of f's instructions and
// terminators: one walk over the function, since llir keeps no use lists.
func replaceUses(f *ir.Func, r replacer) {
	if len(r) == 0 {
		return
	}
	for _, b := range f.Blocks {
		for _, inst := range b.Insts {
			r.rewrite(inst)
		}
		r.rewrite(b.Term)
	}
}

// replaceAllUses replaces every use of old in f by new.
func replaceAllUses(f *ir.Func, old, new value.Value) {
	replaceUses(f, replacer{old: new})
}

// removeInsts deletes the instructions in dead from f's blocks.
func removeInsts(f *ir.Func, dead map[ir.Instruction]bool) {
	if len(dead) == 0 {
		return
	}
	for _, b := range f.Blocks {
		out := b.Insts[:0]
		for _, inst := range b.Insts {
			if !dead[inst] {
				out = append(out, inst)
			}
		}
		clear(b.Insts[len(out):]) // let the deleted instructions go
		b.Insts = out
	}
}

// succs returns the blocks b's terminator branches to, read from its
// operands rather than llir's cached Succs, which a pass that retargets a
// branch leaves stale (ircheck reads them the same way).
func succs(b *ir.Block) []*ir.Block {
	switch t := b.Term.(type) {
	case *ir.TermBr:
		return []*ir.Block{t.Target.(*ir.Block)}
	case *ir.TermCondBr:
		return []*ir.Block{t.TargetTrue.(*ir.Block), t.TargetFalse.(*ir.Block)}
	}
	return nil
}

// phis returns the phis that open block b.
func phis(b *ir.Block) []*ir.InstPhi {
	var ps []*ir.InstPhi
	for _, inst := range b.Insts {
		p, ok := inst.(*ir.InstPhi)
		if !ok {
			break
		}
		ps = append(ps, p)
	}
	return ps
}

// dropIncoming removes from the phis of block to the values for
// predecessor from: the edge from → to is gone.
func dropIncoming(to, from *ir.Block) {
	for _, p := range phis(to) {
		out := p.Incs[:0]
		for _, inc := range p.Incs {
			if inc.Pred != value.Value(from) {
				out = append(out, inc)
			}
		}
		p.Incs = out
	}
}

// bits is the width of integer type t, 0 for other types.
func bits(t types.Type) int { return emitutil.IntBits(t) }

// mask is the all-ones value of w bits (1 ≤ w ≤ 64).
func mask(w int) uint64 {
	if w >= 64 {
		return ^uint64(0)
	}
	return 1<<uint(w) - 1
}

// toUnsigned truncates x to w bits: the value's bit pattern.
func toUnsigned(x uint64, w int) uint64 { return x & mask(w) }

// toSigned sign-extends the w-bit pattern x to 64 bits.
func toSigned(x uint64, w int) int64 {
	s := uint(64 - w)
	return int64(x<<s) >> s
}

// intConst returns the bit pattern of v when it is an integer constant
// (llir keeps the value as written, possibly negative or, for all-ones,
// positive), truncated to its width.
func intConst(v value.Value) (x uint64, w int, ok bool) {
	c, isInt := v.(*constant.Int)
	if !isInt {
		return 0, 0, false
	}
	w = bits(c.Typ)
	if w == 0 || w > 64 {
		return 0, 0, false
	}
	switch {
	case c.X.IsInt64():
		x = uint64(c.X.Int64())
	case c.X.IsUint64():
		x = c.X.Uint64()
	default:
		return 0, 0, false
	}
	return toUnsigned(x, w), w, true
}

// newConst makes the integer constant of type t (w bits) with bit
// pattern x, written as LLVM prints it: signed, except i1, which is 0 or
// 1 (false, true).
func newConst(t *types.IntType, x uint64) *constant.Int {
	w := int(t.BitSize)
	if w == 1 {
		return constant.NewInt(t, int64(x&1))
	}
	return constant.NewInt(t, toSigned(toUnsigned(x, w), w))
}

// isConst reports whether v is the integer constant with bit pattern x
// (x given sign-extended: -1 is all ones at every width).
func isConst(v value.Value, x int64) bool {
	c, w, ok := intConst(v)
	return ok && c == toUnsigned(uint64(x), w)
}

// sameValue reports whether a and b are the same value: the same
// instruction or parameter, or equal constants (llir makes a new constant
// for every occurrence).
func sameValue(a, b value.Value) bool {
	if a == b {
		return true
	}
	_, ca := a.(constant.Constant)
	_, cb := b.(constant.Constant)
	return ca && cb && a.Type().Equal(b.Type()) && a.Ident() == b.Ident()
}

// takeName gives new the name of old, which it replaces, when old has one
// (is not numbered): kago ir's output keeps the front end's names.
func takeName(new, old value.Value) {
	type named interface {
		IsUnnamed() bool
		Name() string
		SetName(string)
	}
	o, ok1 := old.(named)
	n, ok2 := new.(named)
	if ok1 && ok2 && !o.IsUnnamed() && n.IsUnnamed() {
		name := o.Name()
		o.SetName("")
		n.SetName(name)
	}
}
