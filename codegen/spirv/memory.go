package spirv

import (
	"strings"

	"github.com/llir/llvm/ir"
	"github.com/llir/llvm/ir/constant"
	"github.com/llir/llvm/ir/types"
	"github.com/llir/llvm/ir/value"
)

// This file creates memory: workgroup arrays (@ka.local.<k>, OpVariable of
// storage class Workgroup, without initializer: local memory starts
// undefined, as in OpenCL), private allocas (OpVariable of storage class
// Function at the start of the entry block, as SPIR-V requires), loads,
// stores and the two getelementptr forms of docs/ir.md.

// createLocalArrays declares a Workgroup variable for each @ka.local.<k>.
func (f *function) createLocalArrays(globals []*ir.Global) {
	for _, g := range globals {
		f.inst = g
		_, isArray := g.ContentType.(*types.ArrayType)
		switch {
		case !strings.HasPrefix(g.Name(), "ka.local."):
			f.errorf("unsupported global (docs/ir.md has only @ka.local.<k> workgroup arrays)")
			continue
		case g.Typ.AddrSpace != 3 || !isArray:
			f.errorf("a workgroup array must be an addrspace(3) global of an array type")
			continue
		}
		switch g.Init.(type) {
		case nil, *constant.Undef, *constant.ZeroInitializer, *constant.Poison:
		default:
			f.errorf("a workgroup array cannot have an initializer")
			continue
		}
		id := f.newID()
		f.globals.op(opVariable, f.memTypeOf(g.Typ), id, storageWorkgroup)
		f.name(id, g.Name())
		f.locals[g] = id
		if f.opts.version() >= 0x00010400 {
			f.interface_ = append(f.interface_, id)
		}
	}
	f.inst = nil
}

// localArray returns the variable of a @ka.local.<k> global.
func (f *function) localArray(v value.Value) (uint32, bool) {
	g, ok := v.(*ir.Global)
	if !ok {
		return 0, false
	}
	id, ok := f.locals[g]
	return id, ok
}

// createAllocas declares every alloca of the kernel as a Function variable;
// it is called right after the entry block's label.
func (f *function) createAllocas() {
	for _, b := range f.fn.Blocks {
		for _, inst := range b.Insts {
			a, ok := inst.(*ir.InstAlloca)
			if !ok {
				continue
			}
			f.inst = a
			if a.NElems != nil {
				if n, ok := a.NElems.(*constant.Int); !ok || n.X.Int64() != 1 {
					f.errorf("unsupported alloca of several elements (use an array type)")
					continue
				}
			}
			f.body.op(opVariable, f.memTypeOf(a.Typ), f.valueID(a), storageFunction)
		}
	}
	f.inst = nil
}

// memoryOperands returns the Aligned memory operand for an alignment.
func memoryOperands(align ir.Align) []uint32 {
	if align == 0 {
		return nil
	}
	return []uint32{memoryAligned, uint32(align)}
}

// createLoad creates OpLoad; an i1 is loaded as an i8 and compared with 0.
func (f *function) createLoad(inst *ir.InstLoad) {
	if inst.Atomic || inst.Volatile {
		f.errorf("unsupported atomic or volatile load")
		return
	}
	ptr := f.value(inst.Src)
	if isBool(inst.ElemType) {
		b := f.newID()
		i8 := f.getIntType(8)
		f.body.op(opLoad, cat([]uint32{i8, b, ptr}, memoryOperands(inst.Align)...)...)
		f.body.op(opINotEqual, f.getBoolType(), f.valueID(inst), b, f.getIntConst(8, 0))
		return
	}
	f.body.op(opLoad, cat([]uint32{f.typeOf(inst.ElemType), f.valueID(inst), ptr}, memoryOperands(inst.Align)...)...)
}

// createStore creates OpStore; an i1 is stored as an i8 of 0 or 1.
func (f *function) createStore(inst *ir.InstStore) {
	if inst.Atomic || inst.Volatile {
		f.errorf("unsupported atomic or volatile store")
		return
	}
	ptr, x := f.value(inst.Dst), f.value(inst.Src)
	if isBool(inst.Src.Type()) {
		x = f.boolToInt(x, 8, 1)
	}
	f.body.op(opStore, cat([]uint32{ptr, x}, memoryOperands(inst.Align)...)...)
}

// createGEP creates an address: `getelementptr T, T* %p, i64 %i` is
// OpPtrAccessChain (OpInBoundsPtrAccessChain when inbounds), and
// `getelementptr [N x T], [N x T]* %a, i64 0, i64 %i` is OpAccessChain.
func (f *function) createGEP(inst *ir.InstGetElementPtr) {
	rt := f.memTypeOf(inst.Type())
	base := f.value(inst.Src)
	switch len(inst.Indices) {
	case 1:
		op := uint32(opPtrAccessChain)
		if inst.InBounds {
			op = opInBoundsPtrAccessChain
		}
		f.body.op(op, rt, f.valueID(inst), base, f.value(inst.Indices[0]))
		return
	case 2:
		if _, isArray := inst.ElemType.(*types.ArrayType); isArray {
			if c, ok := inst.Indices[0].(*constant.Int); ok && c.X.Sign() == 0 {
				f.body.op(opAccessChain, rt, f.valueID(inst), base, f.value(inst.Indices[1]))
				return
			}
		}
	}
	f.errorf("unsupported getelementptr form (docs/ir.md allows `T, T* p, i64 i` and `[N x T], [N x T]* a, i64 0, i64 i`)")
}
