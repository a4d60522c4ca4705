package openclc

// This file lowers phis: each phi is a variable, assigned on every edge
// into its block just before the goto. The copies of one edge happen in
// parallel in SSA, so when a phi's incoming value is another phi of the
// same block (a swap, a Fibonacci step) the old value is saved in a
// temporary before any phi is overwritten.

import (
	"fmt"

	"github.com/llir/llvm/ir"
)

// copyOp is one phi assignment on an edge.
type copyOp struct {
	dst, src string
	ctype    string
	fromPhi  bool // src is a phi of the target block, which the edge overwrites
}

// edge emits the jump from block from to block to, with its phi copies;
// cond, when not empty, makes the jump conditional (the false edge follows
// as the next edge).
func (e *emitter) edge(from, to *ir.Block, cond string) {
	copies := e.phiCopies(from, to)
	label := e.labels[to]
	if cond != "" && len(copies) == 0 {
		e.line("if (" + cond + ") goto " + label + ";")
		return
	}
	indent := ""
	if cond != "" {
		e.line("if (" + cond + ") {")
		indent = "\t"
	}
	e.emitCopies(copies, indent)
	e.line(indent + "goto " + label + ";")
	if cond != "" {
		e.line("}")
	}
}

// phiCopies returns the assignments the phis of block to need on the edge
// from block from, leaving out self-copies.
func (e *emitter) phiCopies(from, to *ir.Block) []copyOp {
	phis := map[*ir.InstPhi]bool{}
	for _, inst := range to.Insts {
		if p, ok := inst.(*ir.InstPhi); ok {
			phis[p] = true
		}
	}
	var copies []copyOp
	for _, inst := range to.Insts {
		p, ok := inst.(*ir.InstPhi)
		if !ok {
			continue
		}
		var inc *ir.Incoming
		for _, in := range p.Incs {
			if in.Pred == from {
				inc = in
				break
			}
		}
		if inc == nil {
			e.errorf(ErrBadIR, "phi %%%s in block %%%s has no value for predecessor %%%s", p.Name(), to.Name(), from.Name())
			continue
		}
		if inc.X == p {
			continue
		}
		srcPhi, isPhi := inc.X.(*ir.InstPhi)
		copies = append(copies, copyOp{
			dst:     e.vals[p],
			src:     e.operand(inc.X),
			ctype:   e.ctype(p.Typ),
			fromPhi: isPhi && phis[srcPhi],
		})
	}
	return copies
}

// emitCopies emits one edge's copies. Without reads of the block's own
// phis, plain assignments in order are correct; with them, those sources
// are first saved in temporaries (in a block of their own).
func (e *emitter) emitCopies(copies []copyOp, indent string) {
	conflict := false
	for _, c := range copies {
		conflict = conflict || c.fromPhi
	}
	if !conflict {
		for _, c := range copies {
			e.line(indent + c.dst + " = " + c.src + ";")
		}
		return
	}
	e.line(indent + "{")
	tmp := map[int]string{}
	for i, c := range copies {
		if c.fromPhi {
			tmp[i] = fmt.Sprintf("ka_old%d", len(tmp))
			e.line(indent + "\t" + c.ctype + " " + tmp[i] + " = " + c.src + ";")
		}
	}
	for i, c := range copies {
		src := c.src
		if t, ok := tmp[i]; ok {
			src = t
		}
		e.line(indent + "\t" + c.dst + " = " + src + ";")
	}
	e.line(indent + "}")
}
