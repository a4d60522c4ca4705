package spirv

import (
	"github.com/llir/llvm/ir"
	"github.com/llir/llvm/ir/enum"
	"github.com/llir/llvm/ir/types"
)

// This file creates atomics. docs/ir.md's atomics are relaxed (monotonic),
// so every OpAtomic* has Relaxed semantics and the scope of its memory:
// Device for CrossWorkgroup (global) pointers, Workgroup for workgroup
// ones. 64-bit atomics add the Int64Atomics capability.
//
// atomicrmw fadd is OpAtomicFAddEXT when Options.FloatAtomicAdd says the
// device has SPV_EXT_shader_atomic_float_add; otherwise it is a loop in a
// block of its own, which splits the LLVM block in three SPIR-V blocks:
//
//	pre:  %pi = bitcast %p to iN*; %init = load %pi; br loop
//	loop: %exp = phi [%init, pre], [%seen, loop]
//	      %new = bits(float(%exp) + %v)
//	      %seen = OpAtomicCompareExchange %pi, %new, %exp
//	      br (%seen == %exp), done, loop
//	done: %old = float(%seen); ... the rest of the LLVM block
//
// (Comparing bits, not floats, makes the loop end for NaN and -0 as well.)

// rmwOps maps atomicrmw operations to SPIR-V atomics.
var rmwOps = map[enum.AtomicOp]uint32{
	enum.AtomicOpAdd:  opAtomicIAdd,
	enum.AtomicOpSub:  opAtomicISub,
	enum.AtomicOpXChg: opAtomicExchange,
	enum.AtomicOpMax:  opAtomicSMax,
	enum.AtomicOpMin:  opAtomicSMin,
	enum.AtomicOpUMax: opAtomicUMax,
	enum.AtomicOpUMin: opAtomicUMin,
	enum.AtomicOpAnd:  opAtomicAnd,
	enum.AtomicOpOr:   opAtomicOr,
	enum.AtomicOpXor:  opAtomicXor,
}

// atomicScope returns the scope and pointer storage class of an atomic
// pointer, and the value's width; ok is false (an error recorded) otherwise.
func (f *function) atomicScope(ptr types.Type, ordering enum.AtomicOrdering) (scope, storage uint32, ok bool) {
	if ordering != enum.AtomicOrderingMonotonic {
		f.errorf("unsupported atomic ordering %s (docs/ir.md uses monotonic)", ordering)
		return 0, 0, false
	}
	pt, isPtr := ptr.(*types.PointerType)
	switch {
	case !isPtr:
	case pt.AddrSpace == 1:
		return f.getIntConst(32, scopeDevice), storageCrossWorkgroup, true
	case pt.AddrSpace == 3:
		return f.getIntConst(32, scopeWorkgroup), storageWorkgroup, true
	}
	f.errorf("an atomic needs a global or workgroup pointer")
	return 0, 0, false
}

// createAtomicRMW creates atomicrmw.
func (f *function) createAtomicRMW(inst *ir.InstAtomicRMW) {
	scope, storage, ok := f.atomicScope(inst.Dst.Type(), inst.Ordering)
	if !ok {
		return
	}
	ib, fb := intBits(inst.Typ), floatBits(inst.Typ)
	if ib == 64 || fb == 64 {
		f.caps[capInt64Atomics] = true
	}
	if ib != 32 && ib != 64 && fb == 0 {
		f.errorf("unsupported atomic of type %s (32- and 64-bit only)", inst.Typ.LLString())
		return
	}
	sem := f.getIntConst(32, semanticsRelaxed)
	ptr, x := f.value(inst.Dst), f.value(inst.X)
	t := f.typeOf(inst.Typ)
	if inst.Op == enum.AtomicOpFAdd && fb > 0 {
		if f.opts.FloatAtomicAdd {
			f.exts["SPV_EXT_shader_atomic_float_add"] = true
			if fb == 64 {
				f.caps[capAtomicFloat64AddEXT] = true
			} else {
				f.caps[capAtomicFloat32AddEXT] = true
			}
			f.body.op(opAtomicFAddEXT, t, f.valueID(inst), ptr, scope, sem, x)
			return
		}
		f.createFloatAddLoop(inst, scope, storage, fb, ptr, x)
		return
	}
	op, ok := rmwOps[inst.Op]
	if !ok || (fb > 0 && op != opAtomicExchange) {
		f.errorf("unsupported atomicrmw %s on %s", inst.Op, inst.Typ.LLString())
		return
	}
	f.body.op(op, t, f.valueID(inst), ptr, scope, sem, x)
}

// createFloatAddLoop creates the compare-exchange loop of a float atomic
// add (see the file comment).
func (f *function) createFloatAddLoop(inst *ir.InstAtomicRMW, scope, storage uint32, bits int, ptr, x uint32) {
	t, it := f.getFloatType(bits), f.getIntType(bits)
	sem := f.getIntConst(32, semanticsRelaxed)
	pi, init, exp, expf, newf, newi, seen, eq := f.newID(), f.newID(), f.newID(), f.newID(), f.newID(), f.newID(), f.newID(), f.newID()
	loop, done := f.newID(), f.newID()
	pre := f.label
	f.body.op(opBitcast, f.getPointerType(storage, it), pi, ptr)
	f.body.op(opLoad, it, init, pi, memoryAligned, uint32(bits/8))
	f.body.op(opBranch, loop)
	f.body.op(opLabel, loop)
	f.body.op(opPhi, it, exp, init, pre, seen, loop)
	f.body.op(opBitcast, t, expf, exp)
	f.body.op(opFAdd, t, newf, expf, x)
	f.body.op(opBitcast, it, newi, newf)
	f.body.op(opAtomicCompareExchange, it, seen, pi, scope, sem, sem, newi, exp)
	f.body.op(opIEqual, f.getBoolType(), eq, seen, exp)
	f.body.op(opBranchConditional, eq, done, loop)
	f.body.op(opLabel, done)
	f.label = done
	f.body.op(opBitcast, t, f.valueID(inst), seen)
}

// createCmpXchg creates OpAtomicCompareExchange and the success flag
// (old == cmp); extractvalue picks one of them.
func (f *function) createCmpXchg(inst *ir.InstCmpXchg) {
	if inst.FailureOrdering != enum.AtomicOrderingMonotonic {
		f.errorf("unsupported atomic ordering %s (docs/ir.md uses monotonic)", inst.FailureOrdering)
		return
	}
	scope, _, ok := f.atomicScope(inst.Ptr.Type(), inst.SuccessOrdering)
	if !ok {
		return
	}
	bits := intBits(inst.New.Type())
	if bits != 32 && bits != 64 {
		f.errorf("unsupported cmpxchg of type %s (i32 and i64 only)", inst.New.Type().LLString())
		return
	}
	if bits == 64 {
		f.caps[capInt64Atomics] = true
	}
	sem := f.getIntConst(32, semanticsRelaxed)
	cmp := f.value(inst.Cmp)
	old, success := f.newID(), f.newID()
	f.body.op(opAtomicCompareExchange, f.getIntType(bits), old, f.value(inst.Ptr), scope, sem, sem, f.value(inst.New), cmp)
	f.body.op(opIEqual, f.getBoolType(), success, old, cmp)
	f.pairs[inst] = [2]uint32{old, success}
}

// createExtractValue picks the old value (0) or the success flag (1) of a
// cmpxchg, the only aggregate of docs/ir.md.
func (f *function) createExtractValue(inst *ir.InstExtractValue) {
	cx, ok := inst.X.(*ir.InstCmpXchg)
	if !ok || len(inst.Indices) != 1 || inst.Indices[0] > 1 {
		f.errorf("unsupported extractvalue (docs/ir.md extracts index 0 or 1 of a cmpxchg)")
		return
	}
	pair, ok := f.pairs[cx]
	if !ok {
		f.errorf("extractvalue of a cmpxchg that does not precede it")
		return
	}
	f.alias(inst, pair[inst.Indices[0]])
}
