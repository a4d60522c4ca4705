package openclc

// This file lowers atomics to the OpenCL 1.2 atomic functions, which are
// relaxed (LLVM's monotonic): atomic_* for 32 bits (core in 1.2, global and
// local), atom_* for 64 bits (cl_khr_int64_base_atomics for add, sub, xchg,
// cmpxchg; cl_khr_int64_extended_atomics for min, max, and, or, xor).
// Float add and sub are compare-and-swap loops on the bits; float xchg
// swaps the bits.

import (
	"fmt"

	"github.com/llir/llvm/ir"
	"github.com/llir/llvm/ir/enum"
	"github.com/llir/llvm/ir/types"
	"github.com/llir/llvm/ir/value"
)

// cmpxchgVars are the two variables of a cmpxchg's {T, i1} result.
type cmpxchgVars struct{ val, ok string }

// rmwOps maps atomicrmw operations on integers to the suffix of the OpenCL
// function, whether it is signed, and whether 64 bits need the extended
// extension.
var rmwOps = map[enum.AtomicOp]struct {
	fn       string
	signed   bool
	extended bool
}{
	enum.AtomicOpAdd:  {"add", false, false},
	enum.AtomicOpSub:  {"sub", false, false},
	enum.AtomicOpXChg: {"xchg", false, false},
	enum.AtomicOpMax:  {"max", true, true},
	enum.AtomicOpMin:  {"min", true, true},
	enum.AtomicOpUMax: {"max", false, true},
	enum.AtomicOpUMin: {"min", false, true},
	enum.AtomicOpAnd:  {"and", false, true},
	enum.AtomicOpOr:   {"or", false, true},
	enum.AtomicOpXor:  {"xor", false, true},
}

// atomicPointer checks an atomic's pointer and ordering, and returns the
// pointer's address space qualifier and the function prefix (atomic_ or
// atom_) for its width, marking 64-bit features as used.
func (e *emitter) atomicPointer(ptr value.Value, bits uint64, extended bool, orderings ...enum.AtomicOrdering) (space, prefix string, ok bool) {
	for _, o := range orderings {
		if o != enum.AtomicOrderingMonotonic {
			e.errorf(ErrBadIR, "atomic ordering %s: the contract has monotonic only", o)
			return "", "", false
		}
	}
	p, isPtr := ptr.Type().(*types.PointerType)
	if !isPtr || (p.AddrSpace != 1 && p.AddrSpace != 3) {
		e.errorf(ErrBadIR, "atomic on %s: only global or local pointers", ptr.Type())
		return "", "", false
	}
	switch bits {
	case 32:
		return addrSpaces[p.AddrSpace], "atomic_", true
	case 64:
		e.need.use(&e.need.int64Base, e)
		if extended {
			e.need.use(&e.need.int64Ext, e)
		}
		return addrSpaces[p.AddrSpace], "atom_", true
	}
	e.errorf(ErrUnsupported, "%d-bit atomics: OpenCL C has 32- and 64-bit atomics only", bits)
	return "", "", false
}

// atomicRMW lowers atomicrmw.
func (e *emitter) atomicRMW(inst *ir.InstAtomicRMW) {
	if inst.Volatile {
		e.errorf(ErrBadIR, "volatile atomicrmw")
		return
	}
	t := inst.X.Type()
	if fb := floatBits(t); fb != 0 {
		e.floatRMW(inst, fb)
		return
	}
	bits := intBits(t)
	op, ok := rmwOps[inst.Op]
	if bits == 0 || !ok {
		e.errorf(ErrUnsupported, "atomicrmw %s on %s", inst.Op, t)
		return
	}
	space, prefix, ok := e.atomicPointer(inst.Dst, bits, op.extended, inst.Ordering)
	if !ok {
		return
	}
	ut := e.ctype(t)
	p, x := e.operand(inst.Dst), e.operand(inst.X)
	if op.signed {
		st := signedType(bits)
		e.assign(inst, fmt.Sprintf("(%s)%s%s((volatile %s%s*)%s, (%s)%s)", ut, prefix, op.fn, space, st, p, st, x))
		return
	}
	e.assign(inst, fmt.Sprintf("%s%s((volatile %s%s*)%s, %s)", prefix, op.fn, space, ut, p, x))
}

// floatRMW lowers atomicrmw fadd, fsub and xchg on float and double: a
// compare-and-swap loop on the bits (compared as bits, so a NaN in memory
// cannot make it spin), and a plain exchange of the bits.
func (e *emitter) floatRMW(inst *ir.InstAtomicRMW, bits uint64) {
	var op string
	switch inst.Op {
	case enum.AtomicOpFAdd:
		op = "+"
	case enum.AtomicOpFSub:
		op = "-"
	case enum.AtomicOpXChg:
	default:
		e.errorf(ErrUnsupported, "atomicrmw %s on %s", inst.Op, inst.X.Type())
		return
	}
	space, prefix, ok := e.atomicPointer(inst.Dst, bits, false, inst.Ordering)
	if !ok {
		return
	}
	ft := e.ctype(inst.X.Type())
	it := "uint"
	if bits == 64 {
		it = "ulong"
	}
	p := fmt.Sprintf("(volatile %s%s*)%s", space, it, e.operand(inst.Dst))
	x := e.operand(inst.X)
	if op == "" {
		e.assign(inst, fmt.Sprintf("as_%s(%sxchg(%s, as_%s(%s)))", ft, prefix, p, it, x))
		return
	}
	e.line("{")
	e.line(fmt.Sprintf("\t%s ka_seen = *%s, ka_want;", it, p))
	e.line("\tdo {")
	e.line("\t\tka_want = ka_seen;")
	e.line(fmt.Sprintf("\t\tka_seen = %scmpxchg(%s, ka_want, as_%s(as_%s(ka_want) %s %s));", prefix, p, it, ft, op, x))
	e.line("\t} while (ka_seen != ka_want);")
	e.line(fmt.Sprintf("\t%s = as_%s(ka_seen);", e.vals[inst], ft))
	e.line("}")
}

// declareCmpXchg declares the value and success variables of a cmpxchg.
func (e *emitter) declareCmpXchg(inst *ir.InstCmpXchg) {
	t := inst.Cmp.Type()
	ct := e.ctype(t)
	v := cmpxchgVars{val: e.names.fresh(inst.Name(), "cas"), ok: e.names.fresh(inst.Name()+".ok", "cas_ok")}
	e.cmpxchgs[inst] = v
	e.decls = append(e.decls, declare(ct, v.val), declare("bool", v.ok))
}

// cmpXchg lowers cmpxchg on 32- or 64-bit integers. OpenCL's cmpxchg is
// strong, which is also a correct weak one.
func (e *emitter) cmpXchg(inst *ir.InstCmpXchg) {
	if inst.Volatile {
		e.errorf(ErrBadIR, "volatile cmpxchg")
		return
	}
	bits := intBits(inst.Cmp.Type())
	if bits == 0 {
		e.errorf(ErrBadIR, "cmpxchg on %s: the front end compares the integer bits", inst.Cmp.Type())
		return
	}
	space, prefix, ok := e.atomicPointer(inst.Ptr, bits, false, inst.SuccessOrdering, inst.FailureOrdering)
	if !ok {
		return
	}
	v := e.cmpxchgs[inst]
	ut := e.ctype(inst.Cmp.Type())
	cmp := e.operand(inst.Cmp)
	e.line(fmt.Sprintf("%s = %scmpxchg((volatile %s%s*)%s, %s, %s);", v.val, prefix, space, ut, e.operand(inst.Ptr), cmp, e.operand(inst.New)))
	e.line(fmt.Sprintf("%s = %s == %s;", v.ok, v.val, cmp))
}

// extractValue lowers extractvalue of index 0 (old value) or 1 (success)
// of a cmpxchg result, the only aggregate in the contract.
func (e *emitter) extractValue(inst *ir.InstExtractValue) {
	cx, ok := inst.X.(*ir.InstCmpXchg)
	if !ok || len(inst.Indices) != 1 || inst.Indices[0] > 1 {
		e.errorf(ErrBadIR, "extractvalue other than field 0 or 1 of a cmpxchg")
		return
	}
	v := e.cmpxchgs[cx]
	if inst.Indices[0] == 0 {
		e.assign(inst, v.val)
	} else {
		e.assign(inst, v.ok)
	}
}
