package codegen

// This file runs counted loops of //ka:cancel kernels in strips (docs/ir.md,
// "Stop checks"): a loop `for i := a; i < b; i++` (signed or unsigned <,
// b unchanged by the loop) becomes the inner loop of a loop over strips
// of loopStride turns. The inner loop is the original, its bound b
// replaced by the strip's end, min(b, strip start + loopStride), which is
// invariant in it; when i reaches it, a block past the loop tells the
// loop's real end (i = b: leave) from a strip's (check the flag, compute
// the next strip's end, run it). A turn then pays nothing for the checks,
// and compilers still know the inner loop's trip count. Measured on PoCL
// (naive matmul 192², benchmarks/README.md): the back-edge counter cost
// 1.36×; strips that went back to the loop's own header, so that its
// bound was a phi of the loop, 1.40×; strips as an outer loop, 1.02×.
// When a counted loop ends, its turns are added to the back-edge
// counter, so that a counted loop inside another loop still counts
// towards the outer one's checks.

import (
	"github.com/kago-dev/kago/codegen/internal/emitutil"
	"github.com/llir/llvm/ir"
	"github.com/llir/llvm/ir/constant"
	"github.com/llir/llvm/ir/enum"
	lltypes "github.com/llir/llvm/ir/types"
	"github.com/llir/llvm/ir/value"
)

// countedLoop is a loop the strips apply to: its header, entered from pre
// and from the back-edge's latch, holds only phis and cmp, "iv < bound",
// which leaves to exit; iv starts at start and grows by 1 a turn.
type countedLoop struct {
	head, pre, latch, exit *ir.Block
	iv                     *ir.InstPhi
	start, bound           value.Value
	cmp                    *ir.InstICmp
}

// cfgInfo is what findCountedLoop needs of the function: each block's
// predecessors, the block of each instruction, and each value's uses.
type cfgInfo struct {
	preds   map[*ir.Block][]*ir.Block
	blockOf map[value.Value]*ir.Block
	uses    map[value.Value]int
}

func newCFGInfo(fn *ir.Func) *cfgInfo {
	ci := &cfgInfo{preds: map[*ir.Block][]*ir.Block{}, blockOf: map[value.Value]*ir.Block{}, uses: emitutil.Uses(fn)}
	for _, b := range fn.Blocks {
		for _, s := range b.Term.Succs() {
			if len(ci.preds[s]) == 0 || ci.preds[s][len(ci.preds[s])-1] != b {
				ci.preds[s] = append(ci.preds[s], b)
			}
		}
		for _, inst := range b.Insts {
			if v, ok := inst.(value.Value); ok {
				ci.blockOf[v] = b
			}
		}
	}
	return ci
}

// findCountedLoop recognizes the loop of back-edge e as a countedLoop.
func (ci *cfgInfo) findCountedLoop(e edge) (*countedLoop, bool) {
	h, latch := e.to, e.from
	if h == latch || len(ci.preds[h]) != 2 {
		return nil, false
	}
	pre := ci.preds[h][0]
	if pre == latch {
		pre = ci.preds[h][1]
	}
	br, ok := h.Term.(*ir.TermCondBr)
	if !ok {
		return nil, false
	}
	cmp, ok := br.Cond.(*ir.InstICmp)
	if !ok || (cmp.Pred != enum.IPredSLT && cmp.Pred != enum.IPredULT) || ci.uses[cmp] != 1 {
		return nil, false
	}
	iv, ok := cmp.X.(*ir.InstPhi)
	// 8-bit counters never span a strip (and loopStride does not fit).
	if !ok || ci.blockOf[iv] != h || len(iv.Incs) != 2 || !lltypes.IsInt(iv.Typ) || iv.Typ.(*lltypes.IntType).BitSize < 16 {
		return nil, false
	}
	// The header: phis and the comparison only, so that running it again
	// between strips changes nothing.
	for _, inst := range h.Insts {
		if _, isPhi := inst.(*ir.InstPhi); !isPhi && inst != cmp {
			return nil, false
		}
	}
	// The loop: the blocks that reach the latch without the header.
	loop := map[*ir.Block]bool{h: true}
	work := []*ir.Block{latch}
	for len(work) > 0 {
		b := work[len(work)-1]
		work = work[:len(work)-1]
		if loop[b] {
			continue
		}
		loop[b] = true
		work = append(work, ci.preds[b]...)
	}
	if loop[pre] || !loop[br.TargetTrue.(*ir.Block)] || loop[br.TargetFalse.(*ir.Block)] {
		return nil, false
	}
	// bound does not change in the loop.
	if b, isInst := ci.blockOf[cmp.Y]; isInst && loop[b] {
		return nil, false
	}
	var start, next value.Value
	for _, inc := range iv.Incs {
		switch inc.Pred {
		case pre:
			start = inc.X
		case latch:
			next = inc.X
		}
	}
	add, ok := next.(*ir.InstAdd)
	if start == nil || !ok || !(add.X == iv && isOne(add.Y) || add.Y == iv && isOne(add.X)) {
		return nil, false
	}
	return &countedLoop{head: h, pre: pre, latch: latch, exit: br.TargetFalse.(*ir.Block), iv: iv, start: start, bound: cmp.Y, cmp: cmp}, true
}

func isOne(v value.Value) bool {
	c, ok := v.(*constant.Int)
	return ok && c.X.IsInt64() && c.X.Int64() == 1
}

// stripEnd emits, in b, the end of the strip that starts at from:
// from+loopStride when the loop has more than loopStride turns left (from
// < bound, which checkFrom tests where it is not known), else bound, so
// that it never wraps around.
func (l *countedLoop) stripEnd(b *ir.Block, from value.Value, checkFrom bool) value.Value {
	t := l.iv.Typ.(*lltypes.IntType)
	stride := constant.NewInt(t, loopStride)
	// bound-from compared unsigned: exact when from < bound, even where
	// the signed difference overflows.
	var big value.Value = b.NewICmp(enum.IPredUGT, b.NewSub(l.bound, from), stride)
	if checkFrom {
		big = b.NewAnd(b.NewICmp(l.cmp.Pred, from, l.bound), big)
	}
	return b.NewSelect(big, b.NewAdd(from, stride), l.bound)
}

// stripMine runs l in strips (see the file comment): flag is the stop
// flag, stop the block that ends the kernel, count the back-edge counter.
// The strips are an outer loop around l, with a header of its own
// (strip), so that l keeps its shape: its bound, the strip's end, is
// invariant in it, and compilers count its turns as before.
func (c *compiler) stripMine(l *countedLoop, flag value.Value, stop *ir.Block, count *ir.InstAlloca) {
	fn := c.fn
	strip := fn.NewBlock("")
	retarget(l.pre.Term, l.head, strip)
	// The first strip's end, computed where the loop is entered.
	lim0 := l.stripEnd(l.pre, l.start, true)
	lim := strip.NewPhi(ir.NewIncoming(lim0, l.pre))
	l.cmp.Y = lim
	// Each header phi takes its value from the strip's header, whose phi
	// takes it from pre, then from the end of the previous strip.
	var outer []*ir.InstPhi
	for _, inst := range l.head.Insts {
		phi, ok := inst.(*ir.InstPhi)
		if !ok {
			break
		}
		for _, inc := range phi.Incs {
			if inc.Pred == l.pre {
				o := ir.NewPhi(ir.NewIncoming(inc.X, l.pre))
				strip.Insts = append(strip.Insts, o)
				outer = append(outer, o)
				inc.X, inc.Pred = o, strip
				break
			}
		}
	}
	strip.NewBr(l.head)

	// past: the strip's end reached; more: it was not the loop's, so check
	// the flag and run the next strip; done: the loop's.
	past, more, next := fn.NewBlock(""), fn.NewBlock(""), fn.NewBlock("")
	head := l.head.Term.(*ir.TermCondBr)
	head.TargetFalse, head.Successors = past, nil // Succs caches (see retarget)
	past.NewCondBr(past.NewICmp(l.cmp.Pred, l.iv, l.bound), more, c.loopDone(l, flag, stop, count))
	c.checkFlag(more, flag, stop, next)
	lim.Incs = append(lim.Incs, ir.NewIncoming(l.stripEnd(next, l.iv, false), next))
	next.NewBr(strip)
	i := 0
	for _, inst := range l.head.Insts {
		phi, ok := inst.(*ir.InstPhi)
		if !ok {
			break
		}
		outer[i].Incs = append(outer[i].Incs, ir.NewIncoming(phi, next))
		i++
	}
}

// loopDone returns the block that a finished counted loop goes through to
// its exit: it adds the loop's turns (at most loopStride) to the
// back-edge counter and, when that reaches loopStride, clears it and
// checks the flag.
func (c *compiler) loopDone(l *countedLoop, flag value.Value, stop *ir.Block, count *ir.InstAlloca) *ir.Block {
	fn := c.fn
	t := l.iv.Typ.(*lltypes.IntType)
	stride := constant.NewInt(t, loopStride)
	done, due, keep := fn.NewBlock(""), fn.NewBlock(""), fn.NewBlock("")
	var turns value.Value = done.NewSub(l.iv, l.start)
	turns = done.NewSelect(done.NewICmp(enum.IPredUGT, turns, stride), stride, turns)
	var turns32 value.Value = turns
	switch {
	case t.BitSize > 32:
		turns32 = done.NewTrunc(turns, lltypes.I32)
	case t.BitSize < 32:
		turns32 = done.NewZExt(turns, lltypes.I32)
	}
	n := done.NewLoad(lltypes.I32, count)
	n.Align = 4
	n1 := done.NewAdd(n, turns32)
	done.NewCondBr(done.NewICmp(enum.IPredUGE, n1, constant.NewInt(lltypes.I32, loopStride)), due, keep)
	st := due.NewStore(constant.NewInt(lltypes.I32, 0), count)
	st.Align = 4
	c.checkFlag(due, flag, stop, l.exit)
	st = keep.NewStore(n1, count)
	st.Align = 4
	keep.NewBr(l.exit)
	// The exit's phis that came from the header come from due and keep.
	forkPred(l.exit, l.head, due, keep)
	return done
}
