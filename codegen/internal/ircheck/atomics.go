package ircheck

// This file checks atomics against docs/ir.md: relaxed (monotonic), on a
// global or workgroup pointer, 32 or 64 bits wide, with the operations of
// emitutil.AtomicOps; a cmpxchg compares integers, and its {T, i1} result
// is read only by extractvalues of index 0 or 1.

import (
	"github.com/kago-dev/kago/codegen/internal/emitutil"
	"github.com/llir/llvm/ir"
	"github.com/llir/llvm/ir/enum"
	"github.com/llir/llvm/ir/types"
	"github.com/llir/llvm/ir/value"
)

// checkAtomicRMW checks an atomicrmw: ErrUnsupported for widths other than
// 32 and 64 bits, ErrBadIR for the rest.
func (c *checker) checkAtomicRMW(inst *ir.InstAtomicRMW) {
	t := inst.X.Type()
	if !c.checkAtomic(inst.Dst, t, inst.Volatile, inst.Ordering) {
		return
	}
	op, ok := emitutil.AtomicOps[inst.Op]
	float := emitutil.FloatBits(t) != 0
	if !ok || (float && !op.Float) || (!float && !op.Int) {
		c.badf("atomicrmw %s on %s is not in docs/ir.md", inst.Op, t)
	}
}

// checkCmpXchg checks a cmpxchg, which compares integers only.
func (c *checker) checkCmpXchg(inst *ir.InstCmpXchg) {
	t := inst.Cmp.Type()
	if emitutil.IntBits(t) == 0 {
		c.badf("cmpxchg on %s: the front end compares the integer bits", t)
		return
	}
	if !inst.New.Type().Equal(t) {
		c.badf("cmpxchg of %s and %s", t, inst.New.Type())
		return
	}
	if inst.Weak {
		c.badf("weak cmpxchg; docs/ir.md's may not fail spuriously")
	}
	c.checkAtomic(inst.Ptr, t, inst.Volatile, inst.SuccessOrdering, inst.FailureOrdering)
}

// checkAtomic checks what atomicrmw and cmpxchg share: ordering, address
// space, the operand's type and width. It reports whether they pass.
func (c *checker) checkAtomic(ptr value.Value, t types.Type, volatile bool, orderings ...enum.AtomicOrdering) bool {
	if volatile {
		c.badf("volatile atomic")
		return false
	}
	for _, o := range orderings {
		if o != enum.AtomicOrderingMonotonic {
			c.badf("atomic ordering %s: docs/ir.md has monotonic only", o)
			return false
		}
	}
	p, ok := ptr.Type().(*types.PointerType)
	if !ok || (p.AddrSpace != 1 && p.AddrSpace != 3) {
		c.badf("atomic on %s: only global or workgroup pointers", ptr.Type())
		return false
	}
	if !p.ElemType.Equal(t) {
		c.badf("atomic of %s through %s", t, ptr.Type())
		return false
	}
	if a := emitutil.AtomicOf(ptr, t); a.Bits != 32 && a.Bits != 64 {
		c.errorf(emitutil.ErrUnsupported, "atomic on %s: 32- and 64-bit atomics only", t)
		return false
	}
	return true
}

// checkExtractValue checks an extractvalue: field 0 (the old value) or 1
// (success, i1) of a cmpxchg.
func (c *checker) checkExtractValue(inst *ir.InstExtractValue) {
	x, ok := inst.X.(*ir.InstCmpXchg)
	if !ok || len(inst.Indices) != 1 || inst.Indices[0] > 1 {
		c.badf("extractvalue other than field 0 or 1 of a cmpxchg")
		return
	}
	want := x.Cmp.Type()
	if inst.Indices[0] == 1 {
		want = types.I1
	}
	if !inst.Type().Equal(want) {
		c.badf("extractvalue of type %s: field %d of the cmpxchg is %s", inst.Type(), inst.Indices[0], want)
	}
}
