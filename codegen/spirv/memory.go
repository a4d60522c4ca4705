package spirv

// This file creates memory: workgroup arrays (@ka.local.<k>, OpVariable of
// storage class Workgroup, without initializer: local memory starts
// undefined, as in OpenCL), private allocas (OpVariable of storage class
// Function at the start of the entry block, as SPIR-V requires), loads,
// stores and the two getelementptr forms of docs/ir.md.

import (
	"github.com/kago-dev/kago/codegen/internal/emitutil"
	"github.com/llir/llvm/ir"
	"github.com/llir/llvm/ir/value"
)

// createGlobals declares a Workgroup variable for each @ka.local.<k>.
func (fe *funcEmitter) createGlobals(globals []*ir.Global) {
	for _, g := range globals {
		id := fe.newID()
		fe.globals.op(opVariable, fe.memTypeOf(g.Typ), id, storageWorkgroup)
		fe.name(id, g.Name())
		fe.locals[g] = id
		if fe.opts.version() >= 0x00010400 {
			fe.interface_ = append(fe.interface_, id)
		}
	}
	fe.inst = nil
}

// localArray returns the variable of a @ka.local.<k> global.
func (fe *funcEmitter) localArray(v value.Value) (uint32, bool) {
	g, ok := v.(*ir.Global)
	if !ok {
		return 0, false
	}
	id, ok := fe.locals[g]
	return id, ok
}

// createAllocas declares every alloca of the kernel as a Function variable;
// it is called right after the entry block's label.
func (fe *funcEmitter) createAllocas() {
	for _, b := range fe.fn.Blocks {
		for _, inst := range b.Insts {
			a, ok := inst.(*ir.InstAlloca)
			if !ok {
				continue
			}
			fe.body.op(opVariable, fe.memTypeOf(a.Typ), fe.getValueID(a), storageFunction)
		}
	}
	fe.inst = nil
}

// memoryOperands returns the Aligned memory operand for an alignment.
func memoryOperands(align ir.Align) []uint32 {
	if align == 0 {
		return nil
	}
	return []uint32{memoryAligned, uint32(align)}
}

// createLoad creates OpLoad; an i1 is loaded as an i8 and compared with 0.
func (fe *funcEmitter) createLoad(inst *ir.InstLoad) {
	if fe.vk != nil {
		fe.vkLoad(inst)
		return
	}
	ptr := fe.getValue(inst.Src)
	mem := memoryOperands(inst.Align)
	if inst.Volatile {
		// The stop flag's load (docs/ir.md, "Stop checks"): Volatile and
		// Aligned memory operands.
		mem = []uint32{memoryVolatile | memoryAligned, uint32(max(inst.Align, 1))}
	}
	if emitutil.IsBool(inst.ElemType) {
		b := fe.newID()
		i8 := fe.getIntType(8)
		fe.body.op(opLoad, cat([]uint32{i8, b, ptr}, mem...)...)
		fe.body.op(opINotEqual, fe.getBoolType(), fe.getValueID(inst), b, fe.getIntConst(8, 0))
		return
	}
	fe.body.op(opLoad, cat([]uint32{fe.typeOf(inst.ElemType), fe.getValueID(inst), ptr}, mem...)...)
}

// createStore creates OpStore; an i1 is stored as an i8 of 0 or 1.
func (fe *funcEmitter) createStore(inst *ir.InstStore) {
	if fe.vk != nil {
		fe.vkStore(inst)
		return
	}
	ptr, x := fe.getValue(inst.Dst), fe.getValue(inst.Src)
	if emitutil.IsBool(inst.Src.Type()) {
		x = fe.createBoolToInt(x, 8, 1)
	}
	fe.body.op(opStore, cat([]uint32{ptr, x}, memoryOperands(inst.Align)...)...)
}

// createGEP creates an address: `getelementptr T, T* %p, i64 %i` is
// OpPtrAccessChain (OpInBoundsPtrAccessChain when inbounds), and
// `getelementptr [N x T], [N x T]* %a, i64 0, i64 %i` is OpAccessChain.
func (fe *funcEmitter) createGEP(inst *ir.InstGetElementPtr) {
	if fe.isLogical(inst.Type()) {
		fe.vkGEP(inst)
		return
	}
	rt := fe.memTypeOf(inst.Type())
	base := fe.getValue(inst.Src)
	if len(inst.Indices) == 2 {
		fe.body.op(opAccessChain, rt, fe.getValueID(inst), base, fe.getValue(inst.Indices[1]))
		return
	}
	op := uint32(opPtrAccessChain)
	if inst.InBounds {
		op = opInBoundsPtrAccessChain
	}
	fe.body.op(op, rt, fe.getValueID(inst), base, fe.getValue(inst.Indices[0]))
}
