package spirv

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

import (
	"github.com/kago-dev/kago/codegen/internal/emitutil"
	"github.com/llir/llvm/ir"
	"github.com/llir/llvm/ir/enum"
)

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

// atomicScope returns the scope and pointer storage class of a checked
// atomic, adding the Int64Atomics capability for 64 bits.
func (fe *funcEmitter) atomicScope(a emitutil.Atomic) (scope, storage uint32) {
	if a.Space == 1 {
		scope, storage = fe.getIntConst(32, scopeDevice), storageCrossWorkgroup
	} else {
		scope, storage = fe.getIntConst(32, scopeWorkgroup), storageWorkgroup
	}
	if a.Bits == 64 {
		fe.caps[capInt64Atomics] = true
	}
	return scope, storage
}

// createAtomicRMW creates atomicrmw.
func (fe *funcEmitter) createAtomicRMW(inst *ir.InstAtomicRMW) {
	if fe.vk != nil {
		fe.vkAtomicRMW(inst)
		return
	}
	a := emitutil.AtomicOf(inst.Dst, inst.X.Type())
	scope, storage := fe.atomicScope(a)
	fb := 0
	if a.Float {
		fb = a.Bits
	}
	sem := fe.getIntConst(32, semanticsRelaxed)
	ptr, x := fe.getValue(inst.Dst), fe.getValue(inst.X)
	t := fe.typeOf(inst.Typ)
	if inst.Op == enum.AtomicOpFAdd && fb > 0 {
		if fe.opts.FloatAtomicAdd {
			fe.exts["SPV_EXT_shader_atomic_float_add"] = true
			if fb == 64 {
				fe.caps[capAtomicFloat64AddEXT] = true
			} else {
				fe.caps[capAtomicFloat32AddEXT] = true
			}
			fe.body.op(opAtomicFAddEXT, t, fe.getValueID(inst), ptr, scope, sem, x)
			return
		}
		fe.createFloatAddLoop(inst, scope, storage, fb, ptr, x)
		return
	}
	op, ok := rmwOps[inst.Op]
	if !ok { // an operation of the dialect without a mapping (see createInst)
		fe.errorf(ErrUnsupported, "atomicrmw %s has no SPIR-V mapping", inst.Op)
		return
	}
	fe.body.op(op, t, fe.getValueID(inst), ptr, scope, sem, x)
}

// createFloatAddLoop creates the compare-exchange loop of a float atomic
// add (see the file comment).
func (fe *funcEmitter) createFloatAddLoop(inst *ir.InstAtomicRMW, scope, storage uint32, bits int, ptr, x uint32) {
	t, it := fe.getFloatType(bits), fe.getIntType(bits)
	sem := fe.getIntConst(32, semanticsRelaxed)
	pi, init, exp, expf, newf, newi, seen, eq := fe.newID(), fe.newID(), fe.newID(), fe.newID(), fe.newID(), fe.newID(), fe.newID(), fe.newID()
	loop, done := fe.newID(), fe.newID()
	pre := fe.label
	fe.body.op(opBitcast, fe.getPointerType(storage, it), pi, ptr)
	fe.body.op(opLoad, it, init, pi, memoryAligned, uint32(bits/8))
	fe.body.op(opBranch, loop)
	fe.body.op(opLabel, loop)
	fe.body.op(opPhi, it, exp, init, pre, seen, loop)
	fe.body.op(opBitcast, t, expf, exp)
	fe.body.op(opFAdd, t, newf, expf, x)
	fe.body.op(opBitcast, it, newi, newf)
	fe.body.op(opAtomicCompareExchange, it, seen, pi, scope, sem, sem, newi, exp)
	fe.body.op(opIEqual, fe.getBoolType(), eq, seen, exp)
	fe.body.op(opBranchConditional, eq, done, loop)
	fe.body.op(opLabel, done)
	fe.label = done
	fe.body.op(opBitcast, t, fe.getValueID(inst), seen)
}

// createCmpXchg creates OpAtomicCompareExchange and the success flag
// (old == cmp); extractvalue picks one of them.
func (fe *funcEmitter) createCmpXchg(inst *ir.InstCmpXchg) {
	if fe.vk != nil {
		fe.vkCmpXchg(inst)
		return
	}
	a := emitutil.AtomicOf(inst.Ptr, inst.Cmp.Type())
	scope, _ := fe.atomicScope(a)
	bits := a.Bits
	sem := fe.getIntConst(32, semanticsRelaxed)
	cmp := fe.getValue(inst.Cmp)
	old, success := fe.newID(), fe.newID()
	fe.body.op(opAtomicCompareExchange, fe.getIntType(bits), old, fe.getValue(inst.Ptr), scope, sem, sem, fe.getValue(inst.New), cmp)
	fe.body.op(opIEqual, fe.getBoolType(), success, old, cmp)
	fe.pairs[inst] = [2]uint32{old, success}
}

// createExtractValue picks the old value (0) or the success flag (1) of a
// cmpxchg, the only aggregate of docs/ir.md.
func (fe *funcEmitter) createExtractValue(inst *ir.InstExtractValue) {
	fe.alias(inst, fe.pairs[inst.X.(*ir.InstCmpXchg)][inst.Indices[0]])
}
