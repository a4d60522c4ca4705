package openclc

// This file lowers control flow, from the structurizer's tree
// (codegen/internal/structure): a Loop is for (;;), an If is if/else, a
// Region is its body followed by the code of the block after it. A jump
// writes the phis of its edge, each a variable assigned just before the
// jump in the order of emitutil's phi elimination (a phi may read another
// phi of the same block: a swap, a Fibonacci step), through temporaries
// declared in a block of their own; then, unless its target's code is what
// runs next anyway, the jump itself:
//
//   - to the next iteration of the innermost loop: continue;
//   - to the code after the innermost loop: break;
//   - to the next iteration of an outer loop: goto that loop's label at the
//     end of its body (Go's continue with a label);
//   - to the code after a region that is not the innermost loop's: goto
//     that code's label (a break with a label, a condition with && or ||
//     before an else).
//
// So the gotos that remain only go forward, never into a loop, and only
// for what C's break and continue cannot say.
//
// A loop that indexes a private array with one of its header's phis (a
// counter: `for jj := range 16 { acc[jj] += ... }`) gets #pragma unroll.
// In the bitcode PoCL's clang makes of a kernel (program.bc in PoCL's
// kernel cache) every for (;;) carries llvm.loop.unroll.disable (what
// clang attaches to every loop statement under -fno-unroll-loops; while (1)
// and do … while (1) measured as slow), which outlives PoCL's passes: algo.MatMul's row kernel then kept its 16 sums in memory, 16
// GFLOP/s at 1024³ on the 2-vCPU VM against 21 with the loop unrolled and
// the sums in registers. Other loops stay as clang leaves them, as
// hand-written OpenCL C does (the tiled matmul twin ran 9% slower with
// every loop unrollable; benchmarks/README.md).

import (
	"fmt"
	"strings"

	"github.com/kago-dev/kago/codegen/internal/cfg"
	"github.com/kago-dev/kago/codegen/internal/emitutil"
	"github.com/kago-dev/kago/codegen/internal/structure"
	"github.com/llir/llvm/ir"
)

// loopScope is one for (;;) being emitted.
type loopScope struct {
	header *ir.Block // the loop's header, whose code starts the body
	after  *ir.Block // the block whose code follows the loop; nil if none
	cont   string    // the label at the end of the body, once a goto needs it
}

// createBody emits the kernel body from its structured tree.
func (fe *funcEmitter) createBody() {
	tree, err := structure.Build(fe.fn)
	if err != nil {
		fe.errorf(ErrBadIR, "%v", err)
		return
	}
	fe.createStmts(tree, nil)
	for b := range fe.gotos {
		fe.errorf(ErrBadIR, "internal error: goto to %s, which comes before it", b.Name())
	}
}

// countsPrivateArray reports whether l indexes a private array (an
// alloca) with one of its header's phis, a counter.
func countsPrivateArray(l *cfg.Loop) bool {
	for _, b := range l.Blocks {
		for _, inst := range b.Insts {
			gep, ok := inst.(*ir.InstGetElementPtr)
			if !ok {
				continue
			}
			if _, ok := gep.Src.(*ir.InstAlloca); !ok {
				continue
			}
			for _, ix := range gep.Indices {
				if p, ok := ix.(*ir.InstPhi); ok && l.IsHeaderPhi(p) {
					return true
				}
			}
		}
	}
	return false
}

// createStmts emits ss; next is the block whose code runs when ss ends
// without a jump (nil when it cannot).
func (fe *funcEmitter) createStmts(ss []structure.Stmt, next *ir.Block) {
	for i, s := range ss {
		after := next
		if i+1 < len(ss) {
			after = first(ss[i+1])
		}
		if l, ok := fe.gotos[first(s)]; ok {
			fe.line(l + ": ;")
			delete(fe.gotos, first(s))
		}
		fe.createStmt(s, after)
	}
}

// first returns the block whose code a statement starts with; nil for a
// jump, a return and unreachable.
func first(s structure.Stmt) *ir.Block {
	switch s := s.(type) {
	case *structure.Code:
		return s.Block
	case *structure.Loop:
		return s.Header
	case *structure.Region:
		if len(s.Body) > 0 {
			return first(s.Body[0])
		}
	}
	return nil
}

// createStmt emits one statement; next is as for createStmts.
func (fe *funcEmitter) createStmt(s structure.Stmt, next *ir.Block) {
	switch s := s.(type) {
	case *structure.Code:
		fe.block = s.Block
		for _, inst := range s.Block.Insts {
			fe.inst = inst
			fe.createInst(inst)
		}
	case *structure.If:
		fe.block, fe.inst = s.From, s.From.Term
		fe.createIf(s, next)
	case *structure.Loop:
		fe.loops = append(fe.loops, &loopScope{header: s.Header, after: next})
		if countsPrivateArray(s.Natural) {
			fe.line("#pragma unroll")
		}
		fe.line("for (;;) {")
		fe.depth++
		fe.createStmts(s.Body, s.Header)
		if l := fe.loops[len(fe.loops)-1].cont; l != "" {
			fe.line(l + ": ;")
		}
		fe.depth--
		fe.line("}")
		fe.loops = fe.loops[:len(fe.loops)-1]
	case *structure.Region:
		fe.createStmts(s.Body, s.Follow)
	case *structure.Jump:
		fe.block, fe.inst = s.From, s.From.Term
		fe.createJump(s, next)
	case *structure.Return:
		fe.line("return;")
	case *structure.Unreachable:
		// Only after @llvm.trap, which has returned already.
		fe.line("return; /* unreachable */")
	}
}

// createIf emits an if, leaving out a branch that emits nothing (a jump to
// next without phis), and writing the other branch after the if, not in an
// else, when one branch ends in a jump (so that a chain of checks, each
// branching to a fault, does not nest ever deeper).
func (fe *funcEmitter) createIf(s *structure.If, next *ir.Block) {
	c := fe.operand(s.Cond)
	then := fe.capture(func() { fe.createStmts(s.Then, next) })
	els := fe.capture(func() { fe.createStmts(s.Else, next) })
	switch {
	case then == "" && els == "":
	case els == "" || jumps(then):
		fe.line("if (" + c + ") {")
		fe.body.WriteString(then)
		fe.line("}")
		fe.body.WriteString(dedent(els))
	case then == "" || jumps(els):
		fe.line("if (!" + c + ") {")
		fe.body.WriteString(els)
		fe.line("}")
		fe.body.WriteString(dedent(then))
	default:
		fe.line("if (" + c + ") {")
		fe.body.WriteString(then)
		fe.line("} else {")
		fe.body.WriteString(els)
		fe.line("}")
	}
}

// capture returns what emit writes one level deeper, instead of writing
// it.
func (fe *funcEmitter) capture(emit func()) string {
	saved := fe.body
	fe.body = strings.Builder{}
	fe.depth++
	emit()
	fe.depth--
	out := fe.body.String()
	fe.body = saved
	return out
}

// jumps reports whether the statements of text end in a jump or a return.
func jumps(text string) bool {
	lines := strings.Split(strings.TrimRight(text, "\n"), "\n")
	last := strings.TrimSpace(lines[len(lines)-1])
	return last == "break;" || last == "continue;" || strings.HasPrefix(last, "return;") || strings.HasPrefix(last, "goto ")
}

// dedent takes one level of indentation off text that capture returned.
func dedent(text string) string {
	return strings.ReplaceAll(strings.TrimPrefix(text, "\t"), "\n\t", "\n")
}

// createJump emits the edge of j: its phi copies, then the jump when j's
// target is not next.
func (fe *funcEmitter) createJump(j *structure.Jump, next *ir.Block) {
	fe.createCopies(j.From, j.To)
	if j.To == next {
		return
	}
	var inner *loopScope
	if len(fe.loops) > 0 {
		inner = fe.loops[len(fe.loops)-1]
	}
	switch j.Target.(type) {
	case *structure.Loop:
		if inner != nil && inner.header == j.To {
			fe.line("continue;")
			return
		}
		for _, l := range fe.loops {
			if l.header == j.To {
				if l.cont == "" {
					l.cont = fe.names.fresh(j.To.Name(), "next")
				}
				fe.line("goto " + l.cont + ";")
				return
			}
		}
		fe.errorf(ErrBadIR, "internal error: no loop around the jump to %s", j.To.Name())
	default:
		if inner != nil && inner.after == j.To {
			fe.line("break;")
			return
		}
		l, ok := fe.gotos[j.To]
		if !ok {
			l = fe.names.fresh(j.To.Name(), "L")
			fe.gotos[j.To] = l
		}
		fe.line("goto " + l + ";")
	}
}

// createCopies emits the phi copies of the edge from → to.
func (fe *funcEmitter) createCopies(from, to *ir.Block) {
	copies := emitutil.EdgeCopies(from, to)
	if len(copies) == 0 {
		return
	}
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
	if len(temps) > 0 { // the temporaries' scope
		fe.line("{")
		fe.depth++
	}
	for _, m := range moves {
		if temps[m.Dst] {
			fe.line(fe.ctype(copies[m.Copy].Phi.Typ) + " " + m.Dst + " = " + m.Src + ";")
		} else {
			fe.line(m.Dst + " = " + m.Src + ";")
		}
	}
	if len(temps) > 0 {
		fe.depth--
		fe.line("}")
	}
}
