package ptx

// This file implements atomics on global and workgroup memory: atomicrmw
// (add sub xchg max min umax umin fadd, plus and/or/xor) and cmpxchg with its
// extractvalue 0/1.
//
// LLVM's monotonic ordering is PTX's default for atom (.relaxed, scope .gpu
// on sm_70+), so no .sem/.scope qualifiers are written. There is no atom.sub:
// sub negates and adds. atom.add.f32 is native on every target; atom.add.f64
// needs sm_60 (Options refuses older targets). Float min/max and float CAS
// are cmpxchg loops on the bits, made by the front end.

import (
	"github.com/kago-dev/kago/codegen/internal/emitutil"
	"github.com/llir/llvm/ir"
	"github.com/llir/llvm/ir/enum"
)

// cmpxchgResult is the {old, success} pair of a cmpxchg.
type cmpxchgResult struct {
	old, ok string
}

// createAtomicRMW emits atom.<op>; sub adds the negated operand.
func (fe *funcEmitter) createAtomicRMW(inst *ir.InstAtomicRMW) {
	a := emitutil.AtomicOf(inst.Dst, inst.X.Type())
	sp := fe.space(inst.Dst)
	c, _ := classOf(inst.X.Type())
	w := "32"
	if a.Bits == 64 {
		w = "64"
	}
	var op string
	var v string
	if !a.Float && inst.Op != enum.AtomicOpSub {
		v = fe.operand(inst.X) // an integer immediate as it is (atom.add.u32 %r, [%rd], 1)
	} else {
		v = fe.reg(inst.X)
	}
	switch inst.Op {
	case enum.AtomicOpAdd:
		op = "add.u" + w
	case enum.AtomicOpSub:
		n := fe.newReg(c)
		fe.ins("neg.s%s %s, %s", w, n, v)
		v, op = n, "add.u"+w
	case enum.AtomicOpXChg:
		op = "exch.b" + w
	case enum.AtomicOpMax:
		op = "max.s" + w
	case enum.AtomicOpMin:
		op = "min.s" + w
	case enum.AtomicOpUMax:
		op = "max.u" + w
	case enum.AtomicOpUMin:
		op = "min.u" + w
	case enum.AtomicOpAnd:
		op = "and.b" + w
	case enum.AtomicOpOr:
		op = "or.b" + w
	case enum.AtomicOpXor:
		op = "xor.b" + w
	case enum.AtomicOpFAdd:
		op = "add.f" + w
	default:
		fe.errorf(ErrUnsupported, "atomicrmw %s has no PTX mapping", inst.Op)
		return
	}
	if a.Float && inst.Op == enum.AtomicOpXChg {
		op = "exch.b" + w // exch on float registers: same bits
	}
	fe.ins("atom.%s.%s %s, [%s], %s", sp, op, fe.def(inst), fe.reg(inst.Dst), v)
}

// createCmpXchg emits atom.cas and the success flag (old == cmp), which
// extractvalue picks.
func (fe *funcEmitter) createCmpXchg(inst *ir.InstCmpXchg) {
	a := emitutil.AtomicOf(inst.Ptr, inst.Cmp.Type())
	sp := fe.space(inst.Ptr)
	t, bits := inst.Cmp.Type(), a.Bits
	c, _ := classOf(t)
	old := fe.newReg(c)
	cmp := fe.reg(inst.Cmp)
	fe.ins("atom.%s.cas.b%d %s, [%s], %s, %s", sp, bits, old, fe.reg(inst.Ptr), cmp, fe.reg(inst.New))
	okReg := fe.newReg(classPred)
	fe.ins("setp.eq.b%d %s, %s, %s", bits, okReg, old, cmp)
	fe.cmpxchg[inst] = cmpxchgResult{old, okReg}
}

// createExtractValue aliases field 0 (old value) or 1 (success) of a
// cmpxchg.
func (fe *funcEmitter) createExtractValue(inst *ir.InstExtractValue) {
	r := fe.cmpxchg[inst.X]
	if inst.Indices[0] == 0 {
		fe.alias(inst, r.old)
	} else {
		fe.alias(inst, r.ok)
	}
}
