package spirv

// This file creates memory: workgroup arrays (@ka.local.<k>, OpVariable of
// storage class Workgroup, without initializer: local memory starts
// undefined, as in OpenCL), private allocas (OpVariable of storage class
// Function at the start of the entry block, as SPIR-V requires), loads,
// stores and the two getelementptr forms of docs/ir.md.

import (
	"strings"

	"github.com/kago-dev/kago/codegen/internal/emitutil"
	"github.com/llir/llvm/ir"
	"github.com/llir/llvm/ir/constant"
	"github.com/llir/llvm/ir/types"
	"github.com/llir/llvm/ir/value"
)

// createGlobals declares a Workgroup variable for each @ka.local.<k>.
func (fe *funcEmitter) createGlobals(globals []*ir.Global) {
	for _, g := range globals {
		fe.inst = g
		_, isArray := g.ContentType.(*types.ArrayType)
		switch {
		case !strings.HasPrefix(g.Name(), "ka.local."):
			fe.errorf(ErrBadIR, "unsupported global (docs/ir.md has only @ka.local.<k> workgroup arrays)")
			continue
		case g.Typ.AddrSpace != 3 || !isArray:
			fe.errorf(ErrBadIR, "a workgroup array must be an addrspace(3) global of an array type")
			continue
		}
		switch g.Init.(type) {
		case nil, *constant.Undef, *constant.ZeroInitializer, *constant.Poison:
		default:
			fe.errorf(ErrBadIR, "a workgroup array cannot have an initializer")
			continue
		}
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
			fe.inst = a
			if a.NElems != nil {
				if n, ok := a.NElems.(*constant.Int); !ok || n.X.Int64() != 1 {
					fe.errorf(ErrBadIR, "unsupported alloca of several elements (use an array type)")
					continue
				}
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
	if inst.Atomic {
		fe.errorf(ErrBadIR, "unsupported atomic load")
		return
	}
	ptr := fe.getValue(inst.Src)
	if inst.Volatile {
		// The stop flag's load (docs/ir.md, "Stop checks"): Volatile and
		// Aligned memory operands.
		fe.body.op(opLoad, fe.typeOf(inst.ElemType), fe.getValueID(inst), ptr, memoryVolatile|memoryAligned, uint32(max(inst.Align, 1)))
		return
	}
	if emitutil.IsBool(inst.ElemType) {
		b := fe.newID()
		i8 := fe.getIntType(8)
		fe.body.op(opLoad, cat([]uint32{i8, b, ptr}, memoryOperands(inst.Align)...)...)
		fe.body.op(opINotEqual, fe.getBoolType(), fe.getValueID(inst), b, fe.getIntConst(8, 0))
		return
	}
	fe.body.op(opLoad, cat([]uint32{fe.typeOf(inst.ElemType), fe.getValueID(inst), ptr}, memoryOperands(inst.Align)...)...)
}

// createStore creates OpStore; an i1 is stored as an i8 of 0 or 1.
func (fe *funcEmitter) createStore(inst *ir.InstStore) {
	if inst.Atomic || inst.Volatile {
		fe.errorf(ErrBadIR, "unsupported atomic or volatile store")
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
	rt := fe.memTypeOf(inst.Type())
	base := fe.getValue(inst.Src)
	switch len(inst.Indices) {
	case 1:
		op := uint32(opPtrAccessChain)
		if inst.InBounds {
			op = opInBoundsPtrAccessChain
		}
		fe.body.op(op, rt, fe.getValueID(inst), base, fe.getValue(inst.Indices[0]))
		return
	case 2:
		if _, isArray := inst.ElemType.(*types.ArrayType); isArray {
			if c, ok := inst.Indices[0].(*constant.Int); ok && c.X.Sign() == 0 {
				fe.body.op(opAccessChain, rt, fe.getValueID(inst), base, fe.getValue(inst.Indices[1]))
				return
			}
		}
	}
	fe.errorf(ErrBadIR, "unsupported getelementptr form (docs/ir.md allows `T, T* p, i64 i` and `[N x T], [N x T]* a, i64 0, i64 i`)")
}
