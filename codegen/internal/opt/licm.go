package opt

// This file is loop-invariant code motion: a pure instruction that cannot
// fault, in a loop, whose operands are all defined outside it, computes
// the same value on every iteration, so it moves to the loop's preheader
// and runs once per entry into the loop. Loops are visited innermost
// first, so that a value hoisted into an inner loop's preheader (a block
// of the loop around it) may leave that loop too.
//
// Hoisting executes an instruction on paths where the loop's body did not
// (the body may not run at all, or only under a condition). That is why
// only instructions that cannot fault move: no division or remainder by a
// variable, zero or -1 (MinInt / -1). Nothing that touches memory moves,
// so a hoisted instruction never crosses a barrier in any way that
// matters: it reads only registers.

import (
	"github.com/kago-dev/kago/codegen/internal/ircheck"
	"github.com/llir/llvm/ir"
	"github.com/llir/llvm/ir/value"
)

// licm hoists f's loop-invariant instructions into their loops'
// preheaders, making preheaders where needed, and reports whether it
// changed f. It leaves f's blocks in ircheck.Layout's order.
func licm(f *ir.Func) bool {
	if len(f.Blocks) == 0 {
		return false
	}
	g := newCFG(f)
	lf := findLoops(g, newDomTree(g))
	if len(lf.top) == 0 {
		return false
	}
	// Preheaders first, all of them; then the loops again, so that each
	// preheader is a block of the loops around its loop.
	made := false
	for _, l := range lf.postorder() {
		if _, m := ensurePreheader(g, l); m {
			made = true
			g = newCFG(f)
		}
	}
	if made {
		g = newCFG(f)
	}
	d := newDomTree(g)
	lf = findLoops(g, d)
	def := map[value.Value]*ir.Block{} // where each instruction is, as it moves
	for _, b := range f.Blocks {
		for _, inst := range b.Insts {
			if v, ok := inst.(value.Value); ok {
				def[v] = b
			}
		}
	}
	hoisted := false
	for _, l := range lf.postorder() {
		pre := l.preheader(g)
		if pre == nil {
			continue // the header is the entry, which no branch may reach
		}
		var moved []ir.Instruction
		for _, b := range d.rpo { // operands before their users
			if !l.contains(b) {
				continue
			}
			out := b.Insts[:0]
			for _, inst := range b.Insts {
				if invariant(inst, l, def) {
					moved = append(moved, inst)
					def[inst.(value.Value)] = pre
					continue
				}
				out = append(out, inst)
			}
			clear(b.Insts[len(out):])
			b.Insts = out
		}
		if len(moved) > 0 {
			pre.Insts = append(pre.Insts, moved...)
			hoisted = true
		}
	}
	if made || hoisted {
		f.Blocks = ircheck.Layout(f)
	}
	return made || hoisted
}

// invariant reports whether inst, in loop l, may move to l's preheader:
// it is pure, cannot fault, and reads only values defined outside l
// (constants, parameters, globals, instructions in other blocks).
func invariant(inst ir.Instruction, l *loop, def map[value.Value]*ir.Block) bool {
	if !pure(inst) || mayFault(inst) {
		return false
	}
	for _, op := range inst.(value.User).Operands() {
		if b, ok := def[*op]; ok && l.contains(b) {
			return false
		}
	}
	return true
}
