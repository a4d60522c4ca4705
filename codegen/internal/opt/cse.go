package opt

// This file is dominator-based common-subexpression elimination: a walk
// of the dominator tree keeps a table of the pure instructions of the
// blocks above the current one, and an instruction equal to one in the
// table (same operation, type and operands) is replaced by it, which
// dominates it. Divisions merge like the rest: the one that stays runs
// before the one that goes, so no division runs where none ran before.

import (
	"fmt"

	"github.com/llir/llvm/ir"
	"github.com/llir/llvm/ir/constant"
	"github.com/llir/llvm/ir/value"
)

// exprKey identifies what a pure instruction computes: its operation
// (with its predicate or result type) and its operands, each an
// instruction, parameter or global (compared by identity) or a
// constant's text (llir makes a new constant for every occurrence).
type exprKey struct {
	op  string
	ops [4]any
}

// keyOf returns inst's key; ok is false for an instruction CSE leaves
// alone (one that is not pure, or has more operands than a key holds).
func keyOf(inst ir.Instruction) (k exprKey, ok bool) {
	if !pure(inst) {
		return k, false
	}
	v := inst.(value.Value)
	ops := inst.(value.User).Operands()
	if len(ops) > len(k.ops) {
		return k, false
	}
	k.op = opName(inst) + " " + v.Type().LLString()
	for i, op := range ops {
		k.ops[i] = operandKey(*op)
	}
	if bop, _, _ := binary(inst); commutative(bop) {
		if less(k.ops[1], k.ops[0]) {
			k.ops[0], k.ops[1] = k.ops[1], k.ops[0]
		}
	}
	if c, ok := inst.(*ir.InstICmp); ok {
		k.op += " " + c.Pred.String()
		if c.Pred.String() == "eq" || c.Pred.String() == "ne" {
			if less(k.ops[1], k.ops[0]) {
				k.ops[0], k.ops[1] = k.ops[1], k.ops[0]
			}
		}
	}
	if g, ok := inst.(*ir.InstGetElementPtr); ok {
		k.op += " " + g.ElemType.LLString()
	}
	return k, true
}

// opName is inst's opcode as LLVM spells it.
func opName(inst ir.Instruction) string {
	switch inst.(type) {
	case *ir.InstCall:
		return "call" // the callee is the first operand
	}
	if op, _, _ := binary(inst); op != "" {
		return op
	}
	return typeName(inst)
}

// typeName is the opcode of the pure instructions other than calls and
// binary operations.
func typeName(inst ir.Instruction) string {
	switch inst.(type) {
	case *ir.InstICmp:
		return "icmp"
	case *ir.InstSelect:
		return "select"
	case *ir.InstTrunc:
		return "trunc"
	case *ir.InstZExt:
		return "zext"
	case *ir.InstSExt:
		return "sext"
	case *ir.InstBitCast:
		return "bitcast"
	case *ir.InstGetElementPtr:
		return "getelementptr"
	}
	return "?"
}

// operandKey is how an operand takes part in a key: constants by their
// type and text, other values by identity.
func operandKey(v value.Value) any {
	if _, ok := v.(constant.Constant); ok {
		if _, isFunc := v.(*ir.Func); !isFunc {
			return v.Type().LLString() + " " + v.Ident()
		}
	}
	return v
}

// less orders operand keys for commutative operations: constants after
// values, so that equal operand sets give equal keys. Two values are
// ordered by address: arbitrary, but fixed while the pass runs, and it
// decides only which key a pair gets, never which instruction stays.
func less(a, b any) bool {
	as, aConst := a.(string)
	bs, bConst := b.(string)
	switch {
	case aConst && bConst:
		return as < bs
	case aConst || bConst:
		return bConst
	}
	return fmt.Sprintf("%p", a) < fmt.Sprintf("%p", b)
}

// cse merges f's equal pure instructions and reports whether it merged
// any.
func cse(f *ir.Func) bool {
	g := newCFG(f)
	d := newDomTree(g)
	r := replacer{}
	dead := map[ir.Instruction]bool{}
	table := map[exprKey]value.Value{}
	var walk func(b *ir.Block)
	walk = func(b *ir.Block) {
		var added []exprKey
		for _, inst := range b.Insts {
			r.rewrite(inst)
			k, ok := keyOf(inst)
			if !ok {
				continue
			}
			if prev, found := table[k]; found {
				r[inst.(value.Value)] = prev
				dead[inst] = true
				continue
			}
			table[k] = inst.(value.Value)
			added = append(added, k)
		}
		r.rewrite(b.Term)
		for _, c := range d.children[b] {
			walk(c)
		}
		for _, k := range added {
			delete(table, k) // leaving b's subtree: b no longer dominates
		}
	}
	if len(d.rpo) > 0 {
		walk(d.rpo[0])
	}
	replaceUses(f, r)
	removeInsts(f, dead)
	return len(dead) > 0
}
