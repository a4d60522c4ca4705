package emitutil

// This file checks atomics against docs/ir.md: relaxed (monotonic), on a
// global or workgroup pointer, 32 or 64 bits wide, with the operations of
// the contract.

import (
	"github.com/llir/llvm/ir"
	"github.com/llir/llvm/ir/enum"
	"github.com/llir/llvm/ir/types"
	"github.com/llir/llvm/ir/value"
)

// AtomicOps are the atomicrmw operations of the contract; float says which
// take float and double (xchg takes both).
var AtomicOps = map[enum.AtomicOp]struct{ Int, Float bool }{
	enum.AtomicOpAdd:  {Int: true},
	enum.AtomicOpSub:  {Int: true},
	enum.AtomicOpXChg: {Int: true, Float: true},
	enum.AtomicOpMax:  {Int: true},
	enum.AtomicOpMin:  {Int: true},
	enum.AtomicOpUMax: {Int: true},
	enum.AtomicOpUMin: {Int: true},
	enum.AtomicOpAnd:  {Int: true},
	enum.AtomicOpOr:   {Int: true},
	enum.AtomicOpXor:  {Int: true},
	enum.AtomicOpFAdd: {Float: true},
}

// Atomic is what an emitter needs to know of a checked atomic.
type Atomic struct {
	Space types.AddrSpace // 1 (global) or 3 (workgroup)
	Bits  int             // 32 or 64
	Float bool            // the operand is a float or double
}

// CheckAtomicRMW checks an atomicrmw against the contract. The error is a
// *Problem: ErrUnsupported for widths other than 32 and 64 bits, ErrBadIR
// for the rest.
func CheckAtomicRMW(inst *ir.InstAtomicRMW) (Atomic, error) {
	t := inst.X.Type()
	a, err := checkAtomic(inst.Dst, t, inst.Volatile, inst.Ordering)
	if err != nil {
		return a, err
	}
	op, ok := AtomicOps[inst.Op]
	if !ok || (a.Float && !op.Float) || (!a.Float && !op.Int) {
		return a, problem(ErrBadIR, "atomicrmw %s on %s is not in docs/ir.md", inst.Op, t)
	}
	return a, nil
}

// CheckCmpXchg checks a cmpxchg against the contract, as CheckAtomicRMW
// does an atomicrmw; cmpxchg compares integers only.
func CheckCmpXchg(inst *ir.InstCmpXchg) (Atomic, error) {
	t := inst.Cmp.Type()
	if IntBits(t) == 0 {
		return Atomic{}, problem(ErrBadIR, "cmpxchg on %s: the front end compares the integer bits", t)
	}
	return checkAtomic(inst.Ptr, t, inst.Volatile, inst.SuccessOrdering, inst.FailureOrdering)
}

func checkAtomic(ptr value.Value, t types.Type, volatile bool, orderings ...enum.AtomicOrdering) (Atomic, error) {
	if volatile {
		return Atomic{}, problem(ErrBadIR, "volatile atomic")
	}
	for _, o := range orderings {
		if o != enum.AtomicOrderingMonotonic {
			return Atomic{}, problem(ErrBadIR, "atomic ordering %s: docs/ir.md has monotonic only", o)
		}
	}
	p, ok := ptr.Type().(*types.PointerType)
	if !ok || (p.AddrSpace != 1 && p.AddrSpace != 3) {
		return Atomic{}, problem(ErrBadIR, "atomic on %s: only global or workgroup pointers", ptr.Type())
	}
	a := Atomic{Space: p.AddrSpace, Bits: IntBits(t)}
	if fb := FloatBits(t); fb != 0 {
		a.Bits, a.Float = fb, true
	}
	if a.Bits != 32 && a.Bits != 64 {
		return Atomic{}, problem(ErrUnsupported, "atomic on %s: 32- and 64-bit atomics only", t)
	}
	return a, nil
}
