package spirv

// This file holds the shader dialect's memory instructions and atomics:
// global memory is PhysicalStorageBuffer (pointers from the parameters'
// device addresses, OpPtrAccessChain with the pointer type's ArrayStride,
// every access Aligned), private and workgroup memory are logical
// (logical.go). Atomics are relaxed, scope Device on global memory and
// Workgroup on workgroup memory, as for OpenCL; float atomics work on the
// integer bits: atomicrmw xchg of a float is OpAtomicExchange of the
// bits, atomicrmw fadd a compare-exchange loop (or OpAtomicFAddEXT on
// global memory with Options.FloatAtomicAdd), written as a structured
// do-while loop.

import (
	"github.com/kago-dev/kago/codegen/internal/emitutil"
	"github.com/llir/llvm/ir"
	"github.com/llir/llvm/ir/constant"
	"github.com/llir/llvm/ir/enum"
	"github.com/llir/llvm/ir/types"
	"github.com/llir/llvm/ir/value"
)

// vkValue returns the id of the operands whose Vulkan form differs:
// logical pointers (materialized here), null global pointers (no
// OpConstantNull of a PhysicalStorageBuffer pointer), and values reloaded
// from their variable outside their block (structured.go).
func (fe *funcEmitter) vkValue(v value.Value) (uint32, bool) {
	if fe.isLogical(v.Type()) {
		switch v.(type) {
		case *constant.Undef, *constant.Poison:
			return 0, false
		}
		return fe.logicalValue(v), true
	}
	if _, ok := v.(*constant.Null); ok {
		if pt, ok := v.Type().(*types.PointerType); ok {
			id := fe.newID()
			fe.body.op(opConvertUToPtr, fe.typeOf(pt), id, fe.getIntConst(64, 0))
			return id, true
		}
	}
	if _, ok := v.(*constant.ZeroInitializer); ok {
		if pt, ok := v.Type().(*types.PointerType); ok {
			id := fe.newID()
			fe.body.op(opConvertUToPtr, fe.typeOf(pt), id, fe.getIntConst(64, 0))
			return id, true
		}
	}
	return fe.reload(v)
}

// vkLoad creates OpLoad; global loads are Aligned.
func (fe *funcEmitter) vkLoad(inst *ir.InstLoad) {
	if fe.isLogical(inst.Src.Type()) {
		fe.vkLoadLogical(inst)
		return
	}
	ptr := fe.getValue(inst.Src)
	mem := vkAlign(inst.Align, inst.ElemType)
	if inst.Volatile {
		mem[0] |= memoryVolatile
	}
	if emitutil.IsBool(inst.ElemType) {
		b := fe.newID()
		fe.body.op(opLoad, cat([]uint32{fe.getIntType(8), b, ptr}, mem...)...)
		fe.body.op(opINotEqual, fe.getBoolType(), fe.getValueID(inst), b, fe.getIntConst(8, 0))
		return
	}
	fe.body.op(opLoad, cat([]uint32{fe.typeOf(inst.ElemType), fe.getValueID(inst), ptr}, mem...)...)
}

// vkStore creates OpStore; global stores are Aligned.
func (fe *funcEmitter) vkStore(inst *ir.InstStore) {
	if fe.isLogical(inst.Dst.Type()) {
		fe.vkStoreLogical(inst)
		return
	}
	ptr, x := fe.getValue(inst.Dst), fe.getValue(inst.Src)
	if emitutil.IsBool(inst.Src.Type()) {
		x = fe.createBoolToInt(x, 8, 1)
	}
	fe.body.op(opStore, cat([]uint32{ptr, x}, vkAlign(inst.Align, inst.Src.Type())...)...)
}

// vkBitcastPointer translates a bitcast of a pointer: a logical one keeps
// its lptr (read as the new type); a global one is OpBitcast between
// PhysicalStorageBuffer pointers.
func (fe *funcEmitter) vkBitcastPointer(inst *ir.InstBitCast) {
	if !fe.isLogical(inst.From.Type()) {
		fe.body.op(opBitcast, fe.typeOf(inst.To), fe.getValueID(inst), fe.getValue(inst.From))
		return
	}
	p, ok := fe.lptrOf(inst.From)
	if !ok {
		fe.errorf(ErrUnsupported, "Vulkan SPIR-V: bitcast of a pointer into no variable (logical addressing)")
		return
	}
	fe.vk.ptrs[inst] = p
}

// atomicScopeOf returns the scope of an atomic on a pointer, adding the
// Int64Atomics capability for 64 bits.
func (fe *funcEmitter) vkAtomicScope(a emitutil.Atomic) uint32 {
	if a.Bits == 64 {
		fe.caps[capInt64Atomics] = true
	}
	if a.Space == 1 {
		return fe.getIntConst(32, scopeDevice)
	}
	return fe.getIntConst(32, scopeWorkgroup)
}

// intPointer returns a pointer to the integer bits of a float's memory:
// OpBitcast of a global pointer; a logical pointer's root holds integers
// already (logical.go).
func (fe *funcEmitter) intPointer(ptr value.Value, bits int) uint32 {
	if fe.isLogical(ptr.Type()) {
		return fe.getValue(ptr)
	}
	pt := types.NewPointer(types.NewInt(uint64(bits)))
	pt.AddrSpace = 1
	id := fe.newID()
	fe.body.op(opBitcast, fe.vkPointerType(pt), id, fe.getValue(ptr))
	return id
}

// vkAtomicRMW creates atomicrmw.
func (fe *funcEmitter) vkAtomicRMW(inst *ir.InstAtomicRMW) {
	a := emitutil.AtomicOf(inst.Dst, inst.X.Type())
	scope := fe.vkAtomicScope(a)
	sem := fe.getIntConst(32, semanticsRelaxed)
	if !a.Float {
		op, ok := rmwOps[inst.Op]
		if !ok {
			fe.errorf(ErrUnsupported, "atomicrmw %s has no SPIR-V mapping", inst.Op)
			return
		}
		fe.body.op(op, fe.typeOf(inst.Typ), fe.getValueID(inst), fe.getValue(inst.Dst), scope, sem, fe.getValue(inst.X))
		return
	}
	ft, it := fe.getFloatType(a.Bits), fe.getIntType(a.Bits)
	switch inst.Op {
	case enum.AtomicOpXChg:
		ptr := fe.intPointer(inst.Dst, a.Bits)
		xi, old := fe.newID(), fe.newID()
		fe.body.op(opBitcast, it, xi, fe.getValue(inst.X))
		fe.body.op(opAtomicExchange, it, old, ptr, scope, sem, xi)
		fe.body.op(opBitcast, ft, fe.getValueID(inst), old)
	case enum.AtomicOpFAdd:
		if fe.opts.FloatAtomicAdd && a.Space == 1 {
			fe.exts["SPV_EXT_shader_atomic_float_add"] = true
			if a.Bits == 64 {
				fe.caps[capAtomicFloat64AddEXT] = true
			} else {
				fe.caps[capAtomicFloat32AddEXT] = true
			}
			fe.body.op(opAtomicFAddEXT, ft, fe.getValueID(inst), fe.getValue(inst.Dst), scope, sem, fe.getValue(inst.X))
			return
		}
		fe.vkFloatAddLoop(inst, a, scope)
	default:
		fe.errorf(ErrUnsupported, "atomicrmw %s of a float has no Vulkan SPIR-V mapping", inst.Op)
	}
}

// vkFloatAddLoop creates the compare-exchange loop of a float atomic add
// as a structured loop (the do-while form: the test in the continue
// target):
//
//	pre:  %init = load %pi; br head
//	head: %exp = phi [%init, pre], [%seen, cont]; OpLoopMerge done cont; br body
//	body: %new = bits(float(%exp) + %v); %seen = cmpxchg %pi, %exp, %new; br cont
//	cont: br (%seen == %exp), done, head
//	done: %old = float(%seen); ... the rest of the IR block
func (fe *funcEmitter) vkFloatAddLoop(inst *ir.InstAtomicRMW, a emitutil.Atomic, scope uint32) {
	bits := a.Bits
	t, it := fe.getFloatType(bits), fe.getIntType(bits)
	sem := fe.getIntConst(32, semanticsRelaxed)
	pi := fe.intPointer(inst.Dst, bits)
	x := fe.getValue(inst.X)
	init, exp, expf, newf, newi, seen, eq := fe.newID(), fe.newID(), fe.newID(), fe.newID(), fe.newID(), fe.newID(), fe.newID()
	head, body, cont, done := fe.newID(), fe.newID(), fe.newID(), fe.newID()
	load := []uint32{it, init, pi}
	if a.Space == 1 {
		load = append(load, memoryAligned, uint32(bits/8))
	}
	fe.body.op(opLoad, load...)
	pre := fe.label
	fe.branch(head)
	fe.startBlock(head)
	fe.body.op(opPhi, it, exp, init, pre, seen, cont)
	fe.body.op(opLoopMerge, done, cont, 0)
	fe.branch(body)
	fe.startBlock(body)
	fe.body.op(opBitcast, t, expf, exp)
	fe.body.op(opFAdd, t, newf, expf, x)
	fe.body.op(opBitcast, it, newi, newf)
	fe.body.op(opAtomicCompareExchange, it, seen, pi, scope, sem, sem, newi, exp)
	fe.body.op(opIEqual, fe.getBoolType(), eq, seen, exp)
	fe.branch(cont)
	fe.startBlock(cont)
	fe.body.op(opBranchConditional, eq, done, head)
	fe.startBlock(done)
	fe.body.op(opBitcast, t, fe.getValueID(inst), seen)
}

// vkCmpXchg creates OpAtomicCompareExchange and the success flag.
func (fe *funcEmitter) vkCmpXchg(inst *ir.InstCmpXchg) {
	a := emitutil.AtomicOf(inst.Ptr, inst.Cmp.Type())
	scope := fe.vkAtomicScope(a)
	sem := fe.getIntConst(32, semanticsRelaxed)
	cmp := fe.getValue(inst.Cmp)
	old, success := fe.newID(), fe.newID()
	fe.body.op(opAtomicCompareExchange, fe.getIntType(a.Bits), old, fe.getValue(inst.Ptr), scope, sem, sem, fe.getValue(inst.New), cmp)
	fe.body.op(opIEqual, fe.getBoolType(), success, old, cmp)
	fe.pairs[inst] = [2]uint32{old, success}
}

// vkFloatBinary creates a float binary operation: a fusable pair is
// GLSL.std.450 Fma; with Options.ContractionOff every result is decorated
// NoContraction (the shader dialect has no ContractionOff mode).
func (fe *funcEmitter) vkFloatBinary(inst value.Value, op uint32, x, y value.Value) {
	if m, ok := inst.(*ir.InstFMul); ok && fe.contraction.Fused(m) {
		return
	}
	if add, ok := inst.(*ir.InstFAdd); ok {
		if mx, my, z, ok := fe.contraction.MulAdd(add); ok {
			fe.body.op(opExtInst, fe.typeOf(inst.Type()), fe.getValueID(inst), fe.getExtInst(), glslFma,
				fe.getValue(mx), fe.getValue(my), fe.getValue(z))
			return
		}
	}
	id := fe.getValueID(inst)
	fe.body.op(op, fe.typeOf(inst.Type()), id, fe.getValue(x), fe.getValue(y))
	if fe.opts.ContractionOff {
		fe.annotations.op(opDecorate, id, decorationNoContraction)
	}
}
