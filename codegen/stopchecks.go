package codegen

// This file inserts stop checks (docs/ir.md, "Stop checks"): in a kernel
// marked //ka:cancel, reads of the stop flag in the queue's fault record
// (driver.FaultStopOff) at which the kernel ends early once the host has
// raised the flag (ka.Stream.WithContext).
//
// A kernel without barriers checks at its entry and in its loops: counted
// loops between strips of 1024 turns (stripmine.go), the others on every
// 1024th back-edge taken, by a private counter; a work-item whose check
// sees the flag returns. A kernel with barriers
// checks at every barrier, and a whole group at once: the group's first
// work-item reads the flag into local memory before the barrier, and every
// work-item reads that after it, so that all take the same branch; the
// branch goes to one new return block, past every later barrier. Two
// local slots alternate from barrier to barrier (a per-work-item parity),
// so that the first work-item's write for the next barrier never meets a
// slow work-item's read for this one: the write for the barrier after
// next, to the same slot, comes after the next barrier, which every
// work-item reaches only after its read. Loops without barriers in a
// kernel with barriers are not checked: a work-item must not leave its
// group, and the decision at a barrier is the group's.

import (
	"github.com/llir/llvm/ir"
	"github.com/llir/llvm/ir/constant"
	"github.com/llir/llvm/ir/enum"
	lltypes "github.com/llir/llvm/ir/types"
	"github.com/llir/llvm/ir/value"

	"github.com/kago-dev/kago/ka/driver"
)

// addStopChecks inserts the kernel's stop checks, reading the flag through
// rec, the fault record's parameter.
func (c *compiler) addStopChecks(rec *ir.Param) {
	fn := c.fn
	entry := fn.Blocks[0]
	// %stop.ptr = the flag's address, first in the entry block.
	flag := ir.NewGetElementPtr(lltypes.I32, rec, constant.NewInt(lltypes.I64, driver.FaultStopOff/4))
	entry.Insts = append([]ir.Instruction{flag}, entry.Insts...)
	stop := fn.NewBlock("")
	stop.NewRet(nil)
	if c.barrier {
		c.barrierStopChecks(flag, stop)
		return
	}
	// A launch that starts after the flag was raised ends at once.
	rest := fn.NewBlock("")
	rest.Term = entry.Term
	for _, s := range rest.Term.Succs() {
		repred(s, entry, rest)
	}
	c.checkFlag(entry, flag, stop, rest)
	edges := backEdges(fn)
	if len(edges) == 0 {
		return
	}
	// A counter of back-edges taken, private to the work-item: the flag is
	// loaded on every loopStride-th, so that an iteration pays an add, an
	// and and a branch, which keep the loop free of volatile accesses
	// almost always.
	count := ir.NewAlloca(lltypes.I32)
	count.Align = 4
	entry.Insts = append([]ir.Instruction{count, ir.NewStore(constant.NewInt(lltypes.I32, 0), count)}, entry.Insts...)
	ci := newCFGInfo(fn)
	var loops []*countedLoop
	var counted []edge
	for _, e := range edges {
		if l, ok := ci.findCountedLoop(e); ok {
			loops = append(loops, l)
		} else {
			counted = append(counted, e)
		}
	}
	for _, l := range loops {
		c.stripMine(l, flag, stop, count)
	}
	for _, e := range counted {
		chk, ld := fn.NewBlock(""), fn.NewBlock("")
		n := chk.NewLoad(lltypes.I32, count)
		n.Align = 4
		n1 := chk.NewAdd(n, constant.NewInt(lltypes.I32, 1))
		st := chk.NewStore(n1, count)
		st.Align = 4
		due := chk.NewICmp(enum.IPredEQ, chk.NewAnd(n1, constant.NewInt(lltypes.I32, loopStride-1)), constant.NewInt(lltypes.I32, 0))
		chk.NewCondBr(due, ld, e.to)
		c.checkFlag(ld, flag, stop, e.to)
		retarget(e.from.Term, e.to, chk)
		// The header's phis get the value from e.from along both paths.
		forkPred(e.to, e.from, chk, ld)
	}
}

// loopStride is how many back-edges a work-item takes between two loads of
// the stop flag in a kernel without barriers (a power of two): tens of
// nanoseconds of the cheapest loop on a CPU, and a load every 1024
// iterations costs nothing measurable.
const loopStride = 1024

// checkFlag ends b with a volatile load of the flag and a branch to stop if
// it is raised, else to cont.
func (c *compiler) checkFlag(b *ir.Block, flag value.Value, stop, cont *ir.Block) {
	v := b.NewLoad(lltypes.I32, flag)
	v.Volatile = true
	v.Align = 4
	b.NewCondBr(b.NewICmp(enum.IPredNE, v, constant.NewInt(lltypes.I32, 0)), stop, cont)
}

type edge struct{ from, to *ir.Block }

// backEdges returns the edges of fn's control flow that go back to a block
// on the path from the entry (a depth-first search's retreating edges: the
// loops' back-edges in the reducible control flow the front end makes).
func backEdges(fn *ir.Func) []edge {
	const (
		unseen = iota
		onPath
		done
	)
	state := map[*ir.Block]int{}
	var edges []edge
	var walk func(b *ir.Block)
	walk = func(b *ir.Block) {
		state[b] = onPath
		for _, s := range b.Term.Succs() {
			switch state[s] {
			case unseen:
				walk(s)
			case onPath:
				edges = append(edges, edge{b, s})
			}
		}
		state[b] = done
	}
	walk(fn.Blocks[0])
	return edges
}

// retarget makes the terminator t branch to to instead of from. llir's
// Succs caches a terminator's successors at its first call (backEdges
// calls it before the checks are inserted), so the cache is cleared: a
// stale one gave layout the old control flow, which put a strip-mined
// loop's blocks before the strip header that dominates them (invalid
// SPIR-V: a use before its definition).
func retarget(t ir.Terminator, from, to *ir.Block) {
	switch t := t.(type) {
	case *ir.TermBr:
		if t.Target == from {
			t.Target, t.Successors = to, nil
		}
	case *ir.TermCondBr:
		if t.TargetTrue == from {
			t.TargetTrue, t.Successors = to, nil
		}
		if t.TargetFalse == from {
			t.TargetFalse, t.Successors = to, nil
		}
	case *ir.TermSwitch:
		if t.TargetDefault == from {
			t.TargetDefault, t.Successors = to, nil
		}
		for _, cs := range t.Cases {
			if cs.Target == from {
				cs.Target, t.Successors = to, nil
			}
		}
	}
}

// forkPred makes the phis of b that come from old come from a and from c,
// with the same value: old's edge to b became two.
func forkPred(b, old, a, c *ir.Block) {
	for _, inst := range b.Insts {
		phi, ok := inst.(*ir.InstPhi)
		if !ok {
			return
		}
		for _, inc := range phi.Incs {
			if inc.Pred == old {
				inc.Pred = a
				phi.Incs = append(phi.Incs, ir.NewIncoming(inc.X, c))
				break
			}
		}
	}
}

// repred makes the phis of b that come from old come from nu.
func repred(b, old, nu *ir.Block) {
	for _, inst := range b.Insts {
		phi, ok := inst.(*ir.InstPhi)
		if !ok {
			return
		}
		for _, inc := range phi.Incs {
			if inc.Pred == old {
				inc.Pred = nu
			}
		}
	}
}

// barrierStopChecks checks the flag at every call of @ka.barrier, for the
// whole group (see the top of the file).
func (c *compiler) barrierStopChecks(flag value.Value, stop *ir.Block) {
	fn := c.fn
	at := lltypes.NewArray(2, lltypes.I32)
	slots := newLocalGlobal(c.mod, "ka.local.stop", at)
	entry := fn.Blocks[0]
	parity := ir.NewAlloca(lltypes.I32)
	parity.Align = 4
	entry.Insts = append([]ir.Instruction{parity, ir.NewStore(constant.NewInt(lltypes.I32, 0), parity)}, entry.Insts...)
	localID := c.declare("ka.local_id", lltypes.I64, lltypes.I32)
	zero32, zero64 := constant.NewInt(lltypes.I32, 0), constant.NewInt(lltypes.I64, 0)

	// The blocks with a barrier; each is split at its first, and the rest
	// of it joins the queue if it has more.
	var queue []*ir.Block
	for _, b := range fn.Blocks {
		if firstBarrier(b) >= 0 {
			queue = append(queue, b)
		}
	}
	for len(queue) > 0 {
		b := queue[0]
		queue = queue[1:]
		i := firstBarrier(b)
		call := b.Insts[i]
		rest := fn.NewBlock("")
		rest.Insts = append([]ir.Instruction(nil), b.Insts[i+1:]...)
		rest.Term = b.Term
		for _, s := range rest.Term.Succs() {
			repred(s, b, rest)
		}
		b.Insts = b.Insts[:i]
		// b: flip the parity; the first work-item writes the flag into
		// this barrier's slot.
		p := b.NewLoad(lltypes.I32, parity)
		b.NewStore(b.NewXor(p, constant.NewInt(lltypes.I32, 1)), parity)
		slot := b.NewGetElementPtr(at, slots, zero64, b.NewZExt(p, lltypes.I64))
		var first value.Value = constant.True
		for d := int64(0); d < 3; d++ {
			id := b.NewCall(localID, constant.NewInt(lltypes.I32, d))
			first = b.NewAnd(first, b.NewICmp(enum.IPredEQ, id, zero64))
		}
		write, wait := fn.NewBlock(""), fn.NewBlock("")
		b.NewCondBr(first, write, wait)
		v := write.NewLoad(lltypes.I32, flag)
		v.Volatile = true
		v.Align = 4
		write.NewStore(v, slot)
		write.NewBr(wait)
		// wait: the barrier, then every work-item reads the slot.
		wait.Insts = append(wait.Insts, call)
		s := wait.NewLoad(lltypes.I32, slot)
		s.Align = 4
		wait.NewCondBr(wait.NewICmp(enum.IPredNE, s, zero32), stop, rest)
		if firstBarrier(rest) >= 0 {
			queue = append(queue, rest)
		}
	}
}

// firstBarrier returns the index of b's first call of @ka.barrier, or -1.
func firstBarrier(b *ir.Block) int {
	for i, inst := range b.Insts {
		if call, ok := inst.(*ir.InstCall); ok {
			if f, ok := call.Callee.(*ir.Func); ok && f.Name() == "ka.barrier" {
				return i
			}
		}
	}
	return -1
}
