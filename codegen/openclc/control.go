package openclc

// This file lowers control flow: terminators, and phis, each of which is a
// variable assigned on every edge into its block just before the goto. The
// copies of one edge happen in parallel in SSA, so when a phi's incoming
// value is another phi of the same block (a swap, a Fibonacci step) the
// old value is saved in a temporary before any phi is overwritten.

import (
	"fmt"

	"github.com/llir/llvm/ir"
	"github.com/llir/llvm/ir/value"
)

// createTerm emits a block's terminator.
func (fe *funcEmitter) createTerm(b *ir.Block) {
	switch t := b.Term.(type) {
	case *ir.TermRet:
		fe.line("return;")
	case *ir.TermBr:
		fe.createEdge(b, t.Target.(*ir.Block), "")
	case *ir.TermCondBr:
		c := fe.operand(t.Cond)
		fe.createEdge(b, t.TargetTrue.(*ir.Block), c)
		fe.createEdge(b, t.TargetFalse.(*ir.Block), "")
	case *ir.TermUnreachable:
		// Only after @llvm.trap, which has returned already.
		fe.line("return; /* unreachable */")
	default: // a terminator of the dialect without a case (see createInst)
		fe.errorf(ErrUnsupported, "terminator %T has no OpenCL C mapping", t)
	}
}

// successors returns the blocks a terminator may branch to.
func successors(t ir.Terminator) []*ir.Block {
	switch t := t.(type) {
	case *ir.TermBr:
		if b, ok := t.Target.(*ir.Block); ok {
			return []*ir.Block{b}
		}
	case *ir.TermCondBr:
		var bs []*ir.Block
		for _, v := range []value.Value{t.TargetTrue, t.TargetFalse} {
			if b, ok := v.(*ir.Block); ok {
				bs = append(bs, b)
			}
		}
		return bs
	}
	return nil
}

// copyOp is one phi assignment on an edge.
type copyOp struct {
	dst, src string
	ctype    string
	fromPhi  bool // src is a phi of the target block, which the edge overwrites
}

// createEdge emits the jump from block from to block to, with its phi copies;
// cond, when not empty, makes the jump conditional (the false edge follows
// as the next edge).
func (fe *funcEmitter) createEdge(from, to *ir.Block, cond string) {
	copies := fe.makePhiCopies(from, to)
	label := fe.labels[to]
	if cond != "" && len(copies) == 0 {
		fe.line("if (" + cond + ") goto " + label + ";")
		return
	}
	indent := ""
	if cond != "" {
		fe.line("if (" + cond + ") {")
		indent = "\t"
	}
	fe.createCopies(copies, indent)
	fe.line(indent + "goto " + label + ";")
	if cond != "" {
		fe.line("}")
	}
}

// makePhiCopies returns the assignments the phis of block to need on the edge
// from block from, leaving out self-copies.
func (fe *funcEmitter) makePhiCopies(from, to *ir.Block) []copyOp {
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
		if inc.X == p {
			continue
		}
		srcPhi, isPhi := inc.X.(*ir.InstPhi)
		copies = append(copies, copyOp{
			dst:     fe.vals[p],
			src:     fe.operand(inc.X),
			ctype:   fe.ctype(p.Typ),
			fromPhi: isPhi && phis[srcPhi],
		})
	}
	return copies
}

// createCopies emits one edge's copies. Without reads of the block's own
// phis, plain assignments in order are correct; with them, those sources
// are first saved in temporaries (in a block of their own).
func (fe *funcEmitter) createCopies(copies []copyOp, indent string) {
	conflict := false
	for _, c := range copies {
		conflict = conflict || c.fromPhi
	}
	if !conflict {
		for _, c := range copies {
			fe.line(indent + c.dst + " = " + c.src + ";")
		}
		return
	}
	fe.line(indent + "{")
	tmp := map[int]string{}
	for i, c := range copies {
		if c.fromPhi {
			tmp[i] = fmt.Sprintf("ka_old%d", len(tmp))
			fe.line(indent + "\t" + c.ctype + " " + tmp[i] + " = " + c.src + ";")
		}
	}
	for i, c := range copies {
		src := c.src
		if t, ok := tmp[i]; ok {
			src = t
		}
		fe.line(indent + "\t" + c.dst + " = " + src + ";")
	}
	fe.line(indent + "}")
}
