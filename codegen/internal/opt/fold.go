package opt

// This file is constant folding and simplification: integer operations
// of constants computed with Go's wrapping semantics at the operand's
// width, algebraic identities, chains of constant additions combined,
// conditional branches on constants made unconditional, unreachable
// blocks removed, phis of one value replaced by it, and pure
// instructions that nothing uses deleted.

import (
	"github.com/kago-dev/kago/codegen/internal/ircheck"
	"github.com/llir/llvm/ir"
	"github.com/llir/llvm/ir/constant"
	"github.com/llir/llvm/ir/enum"
	"github.com/llir/llvm/ir/types"
	"github.com/llir/llvm/ir/value"
)

// fold simplifies f until nothing changes and reports whether it changed
// anything. It leaves f's blocks in ircheck.Layout's order.
func fold(f *ir.Func) bool {
	if len(f.Blocks) == 0 {
		return false
	}
	changed := false
	for {
		c := removeUnreachable(f)
		c = simplifyInsts(f) || c
		c = foldBranches(f) || c
		c = removeUnreachable(f) || c
		c = simplifyPhis(f) || c
		c = mergeBlocks(f) || c
		c = removeDead(f) || c
		if !c {
			break
		}
		changed = true
	}
	if changed {
		f.Blocks = ircheck.Layout(f)
	}
	return changed
}

// simplifyInsts simplifies every instruction, in reverse postorder so
// that an instruction's operands are simplified before it (phis aside),
// rewriting the operands of each as it goes; what a simplified
// instruction is replaced by replaces it everywhere at the end.
func simplifyInsts(f *ir.Func) bool {
	r := replacer{}
	dead := map[ir.Instruction]bool{}
	for _, b := range reversePostorder(newCFG(f)) {
		for i, inst := range b.Insts {
			r.rewrite(inst)
			v, repl := simplify(inst)
			if repl != nil {
				b.Insts[i] = repl
				takeName(repl.(value.Value), inst.(value.Value))
				r[inst.(value.Value)] = repl.(value.Value)
				continue
			}
			if v != nil {
				r[inst.(value.Value)] = v
				dead[inst] = true
			}
		}
		r.rewrite(b.Term)
	}
	replaceUses(f, r) // the phis' values from later blocks, unreachable blocks
	removeInsts(f, dead)
	return len(r) > 0
}

// simplify returns what replaces inst: a value it equals (an operand, a
// constant), or a new instruction that computes it more simply; both nil
// when inst stays. It may also rewrite inst in place (a constant moved to
// the second operand of a commutative operation, where the rules look
// for it), which changes no value.
func simplify(inst ir.Instruction) (v value.Value, repl ir.Instruction) {
	if touchesFloat(inst) {
		return nil, nil // floats are left alone (see pure)
	}
	switch inst := inst.(type) {
	case *ir.InstICmp:
		return simplifyICmp(inst), nil
	case *ir.InstSelect:
		if c, _, ok := intConst(inst.Cond); ok {
			if c != 0 {
				return inst.ValueTrue, nil
			}
			return inst.ValueFalse, nil
		}
		if sameValue(inst.ValueTrue, inst.ValueFalse) {
			return inst.ValueTrue, nil
		}
		if bits(inst.Type()) == 1 && isConst(inst.ValueTrue, 1) && isConst(inst.ValueFalse, 0) {
			return inst.Cond, nil // select c, true, false
		}
		return nil, nil
	case *ir.InstGetElementPtr:
		return simplifyGEP(inst)
	case *ir.InstTrunc, *ir.InstZExt, *ir.InstSExt:
		from, to := convOperands(inst)
		x, w, ok := intConst(from)
		tt, isInt := to.(*types.IntType)
		if !ok || !isInt {
			return nil, nil
		}
		switch inst.(type) {
		case *ir.InstSExt:
			x = uint64(toSigned(x, w))
		}
		return newConst(tt, x), nil
	}
	op, x, y := binary(inst)
	if op == "" || bits(x.Type()) == 0 {
		return nil, nil
	}
	t := x.Type().(*types.IntType)
	w := int(t.BitSize)
	cx, _, xConst := intConst(x)
	cy, _, yConst := intConst(y)
	if xConst && yConst {
		if r, ok := evalBinary(op, w, cx, cy); ok {
			return newConst(t, r), nil
		}
		return nil, nil // a division by zero, MinInt / -1, a shift too far: the target's
	}
	if xConst && commutative(op) {
		// Constants second: the identities and CSE look for them there.
		swapOperands(inst)
		x, y, cx, cy, xConst, yConst = y, x, cy, cx, false, true
	}
	if sameValue(x, y) {
		switch op {
		case "sub", "xor":
			return newConst(t, 0), nil
		case "and", "or":
			return x, nil
		}
	}
	zero := newConst(t, 0)
	if xConst && cx == 0 {
		switch op {
		case "shl", "lshr", "ashr":
			return zero, nil // 0 shifted by anything in range is 0
		}
	}
	if !yConst {
		return nil, nil
	}
	if cy == 0 {
		switch op {
		case "add", "sub", "or", "xor", "shl", "lshr", "ashr":
			return x, nil
		case "mul", "and":
			return zero, nil
		}
	}
	if cy == 1 {
		switch {
		case op == "mul" || op == "udiv" || op == "sdiv" && w > 1:
			return x, nil // at i1 the pattern 1 is -1 to sdiv and srem
		case op == "urem" || op == "srem" && w > 1:
			return zero, nil
		}
	}
	if cy == mask(w) { // all ones, which at i1 is also 1
		switch op {
		case "and":
			return x, nil
		case "or":
			return y, nil
		}
	}
	if op == "add" || op == "sub" {
		return nil, combineAdd(op, x, cy, t)
	}
	return nil, nil
}

// simplifyGEP folds a getelementptr of one constant index: p[0] is p,
// and p[c1][c2] is p[c1+c2] (the strength-reduced addresses of an
// unrolled loop, Q[1][1]), exact as addresses wrap at 64 bits.
func simplifyGEP(g *ir.InstGetElementPtr) (value.Value, ir.Instruction) {
	if len(g.Indices) != 1 || bits(g.Indices[0].Type()) != 64 {
		return nil, nil
	}
	c2, _, ok := intConst(g.Indices[0])
	if !ok {
		return nil, nil
	}
	if c2 == 0 && g.Type().Equal(g.Src.Type()) {
		return g.Src, nil
	}
	in, ok := g.Src.(*ir.InstGetElementPtr)
	if !ok || len(in.Indices) != 1 || !in.ElemType.Equal(g.ElemType) || bits(in.Indices[0].Type()) != 64 {
		return nil, nil
	}
	c1, _, ok := intConst(in.Indices[0])
	if !ok {
		return nil, nil
	}
	return nil, ir.NewGetElementPtr(g.ElemType, in.Src, newConst(types.I64, c1+c2))
}

// combineAdd folds a chain of constant additions, (x + c1) + c2 (either
// written as a subtraction), into x + (c1 + c2): the tiled matmul's
// (n + 16) - 1 is n + 15. It returns the new add, nil when x is no such
// addition.
func combineAdd(op string, x value.Value, c2 uint64, t *types.IntType) ir.Instruction {
	w := int(t.BitSize)
	if op == "sub" {
		c2 = -c2
	}
	iop, ix, iy := binary(x)
	c1, _, ok := intConst(iy)
	if !ok || (iop != "add" && iop != "sub") {
		return nil
	}
	if iop == "sub" {
		c1 = -c1
	}
	if _, _, inner := intConst(ix); inner {
		return nil // a constant expression the inner fold refused
	}
	return ir.NewAdd(ix, newConst(t, toUnsigned(c1+c2, w)))
}

// simplifyICmp folds a comparison of constants or of a value with itself.
func simplifyICmp(c *ir.InstICmp) value.Value {
	if sameValue(c.X, c.Y) {
		switch c.Pred {
		case enum.IPredEQ, enum.IPredUGE, enum.IPredULE, enum.IPredSGE, enum.IPredSLE:
			return constant.True
		}
		return constant.False
	}
	x, w, ok1 := intConst(c.X)
	y, _, ok2 := intConst(c.Y)
	if ok1 && !ok2 {
		// The constant second, as for the binary operations: 0 < n is
		// n > 0, which CSE then finds equal to another n > 0.
		c.X, c.Y, c.Pred = c.Y, c.X, swapped[c.Pred]
		return nil
	}
	if !ok1 || !ok2 {
		return nil
	}
	if evalICmp(c.Pred, w, x, y) {
		return constant.True
	}
	return constant.False
}

// swapped gives the predicate that compares the operands the other way
// round: x < y is y > x.
var swapped = map[enum.IPred]enum.IPred{
	enum.IPredEQ: enum.IPredEQ, enum.IPredNE: enum.IPredNE,
	enum.IPredUGT: enum.IPredULT, enum.IPredULT: enum.IPredUGT,
	enum.IPredUGE: enum.IPredULE, enum.IPredULE: enum.IPredUGE,
	enum.IPredSGT: enum.IPredSLT, enum.IPredSLT: enum.IPredSGT,
	enum.IPredSGE: enum.IPredSLE, enum.IPredSLE: enum.IPredSGE,
}

// evalICmp compares the w-bit patterns x and y.
func evalICmp(pred enum.IPred, w int, x, y uint64) bool {
	sx, sy := toSigned(x, w), toSigned(y, w)
	switch pred {
	case enum.IPredEQ:
		return x == y
	case enum.IPredNE:
		return x != y
	case enum.IPredUGT:
		return x > y
	case enum.IPredUGE:
		return x >= y
	case enum.IPredULT:
		return x < y
	case enum.IPredULE:
		return x <= y
	case enum.IPredSGT:
		return sx > sy
	case enum.IPredSGE:
		return sx >= sy
	case enum.IPredSLT:
		return sx < sy
	case enum.IPredSLE:
		return sx <= sy
	}
	return false
}

// evalBinary computes op on the w-bit patterns x and y as Go does (the
// result wraps), and false where Go panics or the contract leaves the
// result to the target: a division or remainder by zero, MinInt / -1 and
// MinInt % -1, a shift by the width or more (the front end guards Go's
// larger shifts with a select, so such a shift is never taken).
func evalBinary(op string, w int, x, y uint64) (uint64, bool) {
	sx, sy := toSigned(x, w), toSigned(y, w)
	minInt := toSigned(1<<uint(w-1), w)
	var r uint64
	switch op {
	case "add":
		r = x + y
	case "sub":
		r = x - y
	case "mul":
		r = x * y
	case "sdiv", "srem":
		if sy == 0 || sy == -1 && sx == minInt {
			return 0, false
		}
		if op == "sdiv" {
			r = uint64(sx / sy)
		} else {
			r = uint64(sx % sy)
		}
	case "udiv", "urem":
		if y == 0 {
			return 0, false
		}
		if op == "udiv" {
			r = x / y
		} else {
			r = x % y
		}
	case "shl", "lshr", "ashr":
		if y >= uint64(w) {
			return 0, false
		}
		switch op {
		case "shl":
			r = x << y
		case "lshr":
			r = x >> y
		default:
			r = uint64(sx >> y)
		}
	case "and":
		r = x & y
	case "or":
		r = x | y
	case "xor":
		r = x ^ y
	default:
		return 0, false
	}
	return toUnsigned(r, w), true
}

// binary returns an integer binary instruction's opcode, as LLVM spells
// it, and operands; "" for any other value.
func binary(v any) (op string, x, y value.Value) {
	switch i := v.(type) {
	case *ir.InstAdd:
		return "add", i.X, i.Y
	case *ir.InstSub:
		return "sub", i.X, i.Y
	case *ir.InstMul:
		return "mul", i.X, i.Y
	case *ir.InstSDiv:
		return "sdiv", i.X, i.Y
	case *ir.InstUDiv:
		return "udiv", i.X, i.Y
	case *ir.InstSRem:
		return "srem", i.X, i.Y
	case *ir.InstURem:
		return "urem", i.X, i.Y
	case *ir.InstShl:
		return "shl", i.X, i.Y
	case *ir.InstLShr:
		return "lshr", i.X, i.Y
	case *ir.InstAShr:
		return "ashr", i.X, i.Y
	case *ir.InstAnd:
		return "and", i.X, i.Y
	case *ir.InstOr:
		return "or", i.X, i.Y
	case *ir.InstXor:
		return "xor", i.X, i.Y
	}
	return "", nil, nil
}

// commutative reports whether op's operands may be swapped.
func commutative(op string) bool {
	switch op {
	case "add", "mul", "and", "or", "xor":
		return true
	}
	return false
}

// swapOperands swaps the operands of a commutative binary instruction.
func swapOperands(inst ir.Instruction) {
	switch i := inst.(type) {
	case *ir.InstAdd:
		i.X, i.Y = i.Y, i.X
	case *ir.InstMul:
		i.X, i.Y = i.Y, i.X
	case *ir.InstAnd:
		i.X, i.Y = i.Y, i.X
	case *ir.InstOr:
		i.X, i.Y = i.Y, i.X
	case *ir.InstXor:
		i.X, i.Y = i.Y, i.X
	}
}

// convOperands returns an integer cast's operand and result type.
func convOperands(inst ir.Instruction) (from value.Value, to types.Type) {
	switch i := inst.(type) {
	case *ir.InstTrunc:
		return i.From, i.To
	case *ir.InstZExt:
		return i.From, i.To
	case *ir.InstSExt:
		return i.From, i.To
	}
	return nil, nil
}

// foldBranches makes a conditional branch on a constant, or to the same
// block both ways, unconditional, removing the phis' values for an edge
// that no longer exists.
func foldBranches(f *ir.Func) bool {
	changed := false
	for _, b := range f.Blocks {
		t, ok := b.Term.(*ir.TermCondBr)
		if !ok {
			continue
		}
		yes, no := t.TargetTrue.(*ir.Block), t.TargetFalse.(*ir.Block)
		var keep, drop *ir.Block
		if c, _, isConst := intConst(t.Cond); isConst {
			keep, drop = yes, no
			if c == 0 {
				keep, drop = no, yes
			}
		} else if yes == no {
			keep = yes
		} else {
			continue
		}
		b.Term = ir.NewBr(keep)
		changed = true
		if drop != nil && drop != keep {
			dropIncoming(drop, b)
		}
		if drop == keep || drop == nil {
			// Both edges went to keep: its phis listed b twice.
			for _, p := range phis(keep) {
				seen := false
				out := p.Incs[:0]
				for _, inc := range p.Incs {
					if inc.Pred == value.Value(b) {
						if seen {
							continue
						}
						seen = true
					}
					out = append(out, inc)
				}
				p.Incs = out
			}
		}
	}
	return changed
}

// removeUnreachable deletes the blocks that the entry does not reach and
// their values from the phis of the blocks it does. A value defined in an
// unreachable block has no use outside such blocks but in those phis (its
// definition would not dominate it), so nothing else refers to them.
func removeUnreachable(f *ir.Func) bool {
	g := newCFG(f)
	rpo := reversePostorder(g)
	if len(rpo) == len(f.Blocks) {
		return false
	}
	live := make(map[*ir.Block]bool, len(rpo))
	for _, b := range rpo {
		live[b] = true
	}
	out := f.Blocks[:0]
	var gone []*ir.Block
	for _, b := range f.Blocks {
		if live[b] {
			out = append(out, b)
		} else {
			gone = append(gone, b)
		}
	}
	f.Blocks = out
	for _, b := range gone {
		for _, s := range g.succs[b] {
			if live[s] {
				dropIncoming(s, b)
			}
		}
	}
	return true
}

// simplifyPhis replaces each phi whose values are all one value v (or
// the phi itself, around a loop) by v, which then dominates the phi's
// block: it dominates the end of every predecessor that brings it in.
// Float phis stay, like every float value (see pure).
func simplifyPhis(f *ir.Func) bool {
	r := replacer{}
	dead := map[ir.Instruction]bool{}
	for _, b := range f.Blocks {
		for _, p := range phis(b) {
			if touchesFloat(p) {
				continue
			}
			var v value.Value
			one := true
			for _, inc := range p.Incs {
				x := r.resolve(inc.X)
				if x == value.Value(p) {
					continue
				}
				if v == nil {
					v = x
				} else if !sameValue(v, x) {
					one = false
					break
				}
			}
			if one && v != nil {
				r[p] = v
				dead[p] = true
			}
		}
	}
	replaceUses(f, r)
	removeInsts(f, dead)
	return len(r) > 0
}

// mergeBlocks appends to a block that ends in an unconditional branch the
// block it branches to, when that block has no other predecessor and no
// phis (a float phi, which simplifyPhis leaves, keeps its block): the two
// always run together, and each branch costs the targets a jump. The
// successors' phis then name the merged block.
func mergeBlocks(f *ir.Func) bool {
	changed := false
	for {
		g := newCFG(f)
		var b, s *ir.Block
		for _, x := range f.Blocks {
			br, ok := x.Term.(*ir.TermBr)
			if !ok {
				continue
			}
			y := br.Target.(*ir.Block)
			if y != x && y != f.Blocks[0] && len(g.preds[y]) == 1 && len(phis(y)) == 0 {
				b, s = x, y
				break
			}
		}
		if b == nil {
			return changed
		}
		b.Insts = append(b.Insts, s.Insts...)
		b.Term = s.Term
		for _, t := range g.succs[s] {
			for _, p := range phis(t) {
				for _, inc := range p.Incs {
					if inc.Pred == value.Value(s) {
						inc.Pred = b
					}
				}
			}
		}
		out := f.Blocks[:0]
		for _, x := range f.Blocks {
			if x != s {
				out = append(out, x)
			}
		}
		f.Blocks = out
		changed = true
	}
}

// removeDead deletes the pure instructions and integer phis that nothing
// uses, until none is left.
func removeDead(f *ir.Func) bool {
	changed := false
	for {
		uses := usesOf(f)
		dead := map[ir.Instruction]bool{}
		for _, b := range f.Blocks {
			for _, inst := range b.Insts {
				v, ok := inst.(value.Value)
				if !ok || uses[v] > 0 {
					continue
				}
				if _, isPhi := inst.(*ir.InstPhi); pure(inst) || isPhi && !touchesFloat(inst) {
					dead[inst] = true
				}
			}
		}
		if len(dead) == 0 {
			return changed
		}
		removeInsts(f, dead)
		changed = true
	}
}

// usesOf counts the uses of f's values, as emitutil.Uses does, but
// without a phi's uses of itself (a loop's counter that nothing reads).
func usesOf(f *ir.Func) map[value.Value]int {
	uses := map[value.Value]int{}
	count := func(u any) {
		uu, ok := u.(value.User)
		if !ok {
			return
		}
		for _, op := range uu.Operands() {
			if *op != nil && *op != u {
				uses[*op]++
			}
		}
	}
	for _, b := range f.Blocks {
		for _, inst := range b.Insts {
			count(inst)
		}
		count(b.Term)
	}
	return uses
}
