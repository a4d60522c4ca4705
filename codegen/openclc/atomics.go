package openclc

// This file lowers atomics to the OpenCL 1.2 atomic functions, which are
// relaxed (LLVM's monotonic): atomic_* for 32 bits (core in 1.2, global and
// local), atom_* for 64 bits (cl_khr_int64_base_atomics for add, sub, xchg,
// cmpxchg; cl_khr_int64_extended_atomics for min, max, and, or, xor).
// Float add is a compare-and-swap loop on the bits; float xchg
// swaps the bits.

import (
	"fmt"

	"github.com/kago-dev/kago/codegen/internal/emitutil"
	"github.com/llir/llvm/ir"
	"github.com/llir/llvm/ir/enum"
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

// atomicPrefix returns the address space qualifier of a checked atomic's
// pointer and the function prefix for its width (atomic_ or atom_), marking
// 64-bit features as used.
func (fe *funcEmitter) atomicPrefix(a emitutil.Atomic, extended bool) (space, prefix string) {
	if a.Bits == 32 {
		return addrSpaces[a.Space], "atomic_"
	}
	fe.need.use(&fe.need.int64Base, fe)
	if extended {
		fe.need.use(&fe.need.int64Ext, fe)
	}
	return addrSpaces[a.Space], "atom_"
}

// createAtomicRMW lowers atomicrmw.
func (fe *funcEmitter) createAtomicRMW(inst *ir.InstAtomicRMW) {
	a := emitutil.AtomicOf(inst.Dst, inst.X.Type())
	if a.Float {
		fe.createFloatRMW(inst, a)
		return
	}
	t := inst.X.Type()
	op, ok := rmwOps[inst.Op]
	if !ok { // an operation of the dialect without a mapping (see createInst)
		fe.errorf(ErrUnsupported, "atomicrmw %s has no OpenCL C mapping", inst.Op)
		return
	}
	space, prefix := fe.atomicPrefix(a, op.extended)
	ut := fe.ctype(t)
	p, x := fe.operand(inst.Dst), fe.operand(inst.X)
	if op.signed {
		st := signedType(a.Bits)
		fe.assign(inst, fmt.Sprintf("(%s)%s%s((volatile %s%s*)%s, (%s)%s)", ut, prefix, op.fn, space, st, p, st, x))
		return
	}
	fe.assign(inst, fmt.Sprintf("%s%s((volatile %s%s*)%s, %s)", prefix, op.fn, space, ut, p, x))
}

// createFloatRMW lowers atomicrmw fadd and xchg on float and double: a
// compare-and-swap loop on the bits (compared as bits, so a NaN in memory
// cannot make it spin), and a plain exchange of the bits.
func (fe *funcEmitter) createFloatRMW(inst *ir.InstAtomicRMW, a emitutil.Atomic) {
	op := "" // xchg
	if inst.Op == enum.AtomicOpFAdd {
		op = "+"
	}
	space, prefix := fe.atomicPrefix(a, false)
	ft := fe.ctype(inst.X.Type())
	it := "uint"
	if a.Bits == 64 {
		it = "ulong"
	}
	p := fmt.Sprintf("(volatile %s%s*)%s", space, it, fe.operand(inst.Dst))
	x := fe.operand(inst.X)
	if op == "" {
		fe.assign(inst, fmt.Sprintf("as_%s(%sxchg(%s, as_%s(%s)))", ft, prefix, p, it, x))
		return
	}
	fe.line("{")
	fe.line(fmt.Sprintf("\t%s ka_seen = *%s, ka_want;", it, p))
	fe.line("\tdo {")
	fe.line("\t\tka_want = ka_seen;")
	fe.line(fmt.Sprintf("\t\tka_seen = %scmpxchg(%s, ka_want, as_%s(as_%s(ka_want) %s %s));", prefix, p, it, ft, op, x))
	fe.line("\t} while (ka_seen != ka_want);")
	fe.line(fmt.Sprintf("\t%s = as_%s(ka_seen);", fe.vals[inst], ft))
	fe.line("}")
}

// createCmpXchgDecl declares the value and success variables of a cmpxchg.
func (fe *funcEmitter) createCmpXchgDecl(inst *ir.InstCmpXchg) {
	t := inst.Cmp.Type()
	ct := fe.ctype(t)
	v := cmpxchgVars{val: fe.names.fresh(inst.Name(), "cas"), ok: fe.names.fresh(inst.Name()+".ok", "cas_ok")}
	fe.cmpxchgs[inst] = v
	fe.decls = append(fe.decls, declare(ct, v.val), declare("bool", v.ok))
}

// createCmpXchg lowers cmpxchg on 32- or 64-bit integers. OpenCL's cmpxchg
// is strong, which is also a correct weak one.
func (fe *funcEmitter) createCmpXchg(inst *ir.InstCmpXchg) {
	a := emitutil.AtomicOf(inst.Ptr, inst.Cmp.Type())
	space, prefix := fe.atomicPrefix(a, false)
	v := fe.cmpxchgs[inst]
	ut := fe.ctype(inst.Cmp.Type())
	cmp := fe.operand(inst.Cmp)
	fe.line(fmt.Sprintf("%s = %scmpxchg((volatile %s%s*)%s, %s, %s);", v.val, prefix, space, ut, fe.operand(inst.Ptr), cmp, fe.operand(inst.New)))
	fe.line(fmt.Sprintf("%s = %s == %s;", v.ok, v.val, cmp))
}

// createExtractValue lowers extractvalue of index 0 (old value) or 1 (success)
// of a cmpxchg result, the only aggregate in the contract.
func (fe *funcEmitter) createExtractValue(inst *ir.InstExtractValue) {
	v := fe.cmpxchgs[inst.X.(*ir.InstCmpXchg)]
	if inst.Indices[0] == 0 {
		fe.assign(inst, v.val)
	} else {
		fe.assign(inst, v.ok)
	}
}
