package openclc

// This file lowers control flow: terminators, and phis, each of which is a
// variable assigned on every edge into its block just before the goto, in
// the order of emitutil's phi elimination (a phi may read another phi of
// the same block: a swap, a Fibonacci step), whose temporaries are
// declared in a block of their own.

import (
	"fmt"

	"github.com/kago-dev/kago/codegen/internal/emitutil"
	"github.com/llir/llvm/ir"
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
		return []*ir.Block{t.Target.(*ir.Block)}
	case *ir.TermCondBr:
		return []*ir.Block{t.TargetTrue.(*ir.Block), t.TargetFalse.(*ir.Block)}
	}
	return nil
}

// createEdge emits the jump from block from to block to, with its phi
// copies; cond, when not empty, makes the jump conditional (the false edge
// follows as the next edge).
func (fe *funcEmitter) createEdge(from, to *ir.Block, cond string) {
	copies := emitutil.EdgeCopies(from, to)
	dst, src := make([]string, len(copies)), make([]string, len(copies))
	for i, c := range copies {
		dst[i], src[i] = fe.vals[c.Phi], fe.operand(c.Src)
	}
	temps := map[string]bool{}
	moves := emitutil.Sequence(dst, src, func(int) string {
		t := fmt.Sprintf("ka_old%d", len(temps))
		temps[t] = true
		return t
	})
	label := fe.labels[to]
	if cond != "" && len(moves) == 0 {
		fe.line("if (" + cond + ") goto " + label + ";")
		return
	}
	indent := ""
	if cond != "" {
		fe.line("if (" + cond + ") {")
		indent = "\t"
	}
	in := indent
	if len(temps) > 0 { // the temporaries' scope
		fe.line(indent + "{")
		in += "\t"
	}
	for _, m := range moves {
		if temps[m.Dst] {
			fe.line(in + fe.ctype(copies[m.Copy].Phi.Typ) + " " + m.Dst + " = " + m.Src + ";")
		} else {
			fe.line(in + m.Dst + " = " + m.Src + ";")
		}
	}
	if len(temps) > 0 {
		fe.line(indent + "}")
	}
	fe.line(indent + "goto " + label + ";")
	if cond != "" {
		fe.line("}")
	}
}
