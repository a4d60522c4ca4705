package spirv

// This file holds pointers to private (alloca) and workgroup (@ka.local.*,
// ka.Local) memory in the shader dialect. Their storage classes, Function
// and Workgroup, have logical addressing: a pointer can only be an
// OpVariable or an OpAccessChain into one, never the operand of
// OpPtrAccessChain, OpBitcast, OpPhi, OpSelect or a comparison, nor stored
// in a variable. So the emitter keeps such a pointer as what it points at,
// an lptr: its root variable and the i64 index of its element, and writes
// OpAccessChain root, index where a load, store or atomic uses it
// ("rematerialized at each use"):
//
//	IR                                       lptr
//	alloca T, @ka.local.k, ka.Local param    (the variable, element 0 or the whole array)
//	getelementptr [N x T], %a, 0, %i         (root of %a, %i)
//	getelementptr T, %p, %i                  (root of %p, index of %p + %i)
//	bitcast %p to U*                         %p's lptr, read as U (same width, below)
//	phi, select of pointers into one root    (root, phi or select of the indices)
//	icmp of pointers into one root           the comparison of the indices
//
// A scalar alloca that a getelementptr indexes is a [1 x T] variable. A
// root whose float elements are also read as integers (a bitcast of a
// pointer into it, or a float atomic on it: cmpxchg loops, atomicrmw
// fadd/xchg) holds integers of the same width, and its float loads and
// stores are OpBitcast of the value: SPIR-V has no other way to view one
// variable with two types. What has no root (a phi or select of pointers
// into two variables, an ordered comparison of two of them, a null
// pointer to private or workgroup memory) is an *Error.

import (
	"github.com/kago-dev/kago/codegen/internal/emitutil"
	"github.com/llir/llvm/ir"
	"github.com/llir/llvm/ir/constant"
	"github.com/llir/llvm/ir/enum"
	"github.com/llir/llvm/ir/types"
	"github.com/llir/llvm/ir/value"
)

// logical is the state of the logical pointers.
type logical struct {
	roots  map[value.Value]*root // the root of each pointer value, as analyzeLogical found it
	ptrs   map[value.Value]lptr  // each pointer value's root and index, once translated
	const0 uint32                // the i64 constant 0
}

// root is one Function or Workgroup variable that pointers point into.
type root struct {
	id         uint32     // the variable, once declared
	storage    uint32     // storageFunction or storageWorkgroup
	elem       types.Type // the IR type of one element (the scalar, or the array's element)
	length     uint64     // the array's length; 0 for a scalar or a ka.Local parameter's
	array      bool       // the variable is an array
	intStorage bool       // float elements held as integers of their width
}

// lptr is a pointer into a root: element idx (an i64 id), or the whole
// variable when whole is set.
type lptr struct {
	root  *root
	idx   uint32
	whole bool
}

// isLogical reports whether t is a pointer to private or workgroup memory.
func (fe *funcEmitter) isLogical(t types.Type) bool {
	pt, ok := t.(*types.PointerType)
	return ok && fe.vk != nil && pt.AddrSpace != 1
}

// analyzeLogical finds the root of every pointer to private or workgroup
// memory and what each root must be (an array, integer storage).
func (fe *funcEmitter) analyzeLogical() {
	l := &fe.vk.logical
	l.roots = map[value.Value]*root{}
	l.ptrs = map[value.Value]lptr{}
	l.const0 = fe.getIntConst(64, 0)
	for _, p := range fe.fn.Params {
		if pt, ok := p.Typ.(*types.PointerType); ok && pt.AddrSpace == 3 {
			l.roots[p] = &root{storage: storageWorkgroup, elem: pt.ElemType, array: true}
		}
	}
	for _, b := range fe.fn.Blocks {
		for _, inst := range b.Insts {
			if a, ok := inst.(*ir.InstAlloca); ok {
				r := &root{storage: storageFunction, elem: a.ElemType}
				if at, ok := a.ElemType.(*types.ArrayType); ok {
					r.elem, r.length, r.array = at.ElemType, at.Len, true
				}
				l.roots[a] = r
			}
		}
	}
	visiting := map[value.Value]bool{}
	var find func(v value.Value) *root
	find = func(v value.Value) *root {
		if r, ok := l.roots[v]; ok {
			return r
		}
		if visiting[v] {
			return nil
		}
		visiting[v] = true
		var r *root
		switch v := v.(type) {
		case *ir.Global:
			r = &root{storage: storageWorkgroup, array: true}
			if at, ok := v.ContentType.(*types.ArrayType); ok {
				r.elem, r.length = at.ElemType, at.Len
			} else {
				r.elem, r.array = v.ContentType, false
			}
		case *ir.InstGetElementPtr:
			r = find(v.Src)
		case *ir.InstBitCast:
			r = find(v.From)
		case *ir.InstSelect:
			if r = find(v.ValueTrue); r == nil {
				r = find(v.ValueFalse)
			}
		case *ir.InstPhi:
			for _, inc := range v.Incs {
				if r = find(inc.X); r != nil {
					break
				}
			}
		}
		if r != nil {
			l.roots[v] = r
		}
		return r
	}
	for _, b := range fe.fn.Blocks {
		for _, inst := range b.Insts {
			v, ok := inst.(value.Value)
			if !ok || !fe.isLogical(v.Type()) {
				continue
			}
			r := find(v)
			if r == nil {
				continue
			}
			switch inst := inst.(type) {
			case *ir.InstBitCast:
				if emitutil.FloatBits(r.elem) > 0 {
					r.intStorage = true
				}
			case *ir.InstGetElementPtr:
				if len(inst.Indices) == 1 && !r.array {
					r.array, r.length = true, 1 // a scalar alloca indexed: [1 x T]
				}
			}
		}
		for _, inst := range b.Insts {
			if a, ok := inst.(*ir.InstAtomicRMW); ok && fe.isLogical(a.Dst.Type()) && emitutil.FloatBits(a.X.Type()) > 0 {
				if r := find(a.Dst); r != nil {
					r.intStorage = true
				}
			}
		}
	}
}

// rootOfValue returns v's root, nil if it has none.
func (fe *funcEmitter) rootOfValue(v value.Value) *root {
	return fe.vk.roots[v]
}

// storedType returns the IR type a root's elements are held as.
func (r *root) storedType() types.Type {
	if r.intStorage {
		if b := emitutil.FloatBits(r.elem); b > 0 {
			return types.NewInt(uint64(b))
		}
	}
	return r.elem
}

// varType returns the type of a root's variable (not a ka.Local
// parameter's, whose length is a specialization constant).
func (fe *funcEmitter) varType(r *root) uint32 {
	elem := fe.memTypeOf(r.storedType())
	if !r.array {
		return elem
	}
	return fe.getArrayType(elem, r.length)
}

// createVulkanAllocas declares every alloca as a Function variable.
func (fe *funcEmitter) createVulkanAllocas() {
	for _, b := range fe.fn.Blocks {
		for _, inst := range b.Insts {
			a, ok := inst.(*ir.InstAlloca)
			if !ok {
				continue
			}
			r := fe.vk.roots[a]
			r.id = fe.getValueID(a)
			fe.vk.vars.op(opVariable, fe.getPointerType(storageFunction, fe.varType(r)), r.id, storageFunction)
			if _, isArray := a.ElemType.(*types.ArrayType); isArray {
				fe.vk.ptrs[a] = lptr{root: r, whole: true}
			} else {
				fe.vk.ptrs[a] = lptr{root: r, idx: fe.vk.const0}
			}
		}
	}
}

// declareLocalArray declares the Workgroup variable of a @ka.local.<k>.
func (fe *funcEmitter) declareLocalArray(g *ir.Global) uint32 {
	r := fe.vk.roots[g]
	if r == nil { // no pointer into it is used: its own type
		r = &root{storage: storageWorkgroup}
		if at, ok := g.ContentType.(*types.ArrayType); ok {
			r.elem, r.length, r.array = at.ElemType, at.Len, true
		} else {
			r.elem = g.ContentType
		}
		fe.vk.roots[g] = r
	}
	r.id = fe.newID()
	fe.globals.op(opVariable, fe.getPointerType(storageWorkgroup, fe.varType(r)), r.id, storageWorkgroup)
	fe.vk.ptrs[g] = lptr{root: r, whole: r.array, idx: fe.vk.const0}
	return r.id
}

// lptrOf returns the lptr of a pointer value: translated already, or
// reloaded from its variable outside its block (structured.go).
func (fe *funcEmitter) lptrOf(v value.Value) (lptr, bool) {
	if idx, ok := fe.reload(v); ok {
		return lptr{root: fe.vk.roots[v], idx: idx}, fe.vk.roots[v] != nil
	}
	p, ok := fe.vk.ptrs[v]
	return p, ok && p.root != nil
}

// setLogical records the lptr of v: v's root, element idx.
func (fe *funcEmitter) setLogical(v value.Value, idx uint32) {
	fe.vk.ptrs[v] = lptr{root: fe.vk.roots[v], idx: idx}
	if fe.vk.roots[v] == nil {
		fe.errorf(ErrUnsupported, "Vulkan SPIR-V: a pointer to private or workgroup memory into no single variable (logical addressing)")
	}
}

// materialize writes the pointer p as SPIR-V: the variable, or an
// OpAccessChain to the element (whose type is the root's stored type).
func (fe *funcEmitter) materialize(p lptr) uint32 {
	if p.whole || !p.root.array {
		return p.root.id
	}
	id := fe.newID()
	t := fe.getPointerType(p.root.storage, fe.memTypeOf(p.root.storedType()))
	fe.body.op(opAccessChain, t, id, p.root.id, p.idx)
	return id
}

// logicalValue returns the SPIR-V pointer of a logical pointer operand.
func (fe *funcEmitter) logicalValue(v value.Value) uint32 {
	p, ok := fe.lptrOf(v)
	if !ok {
		fe.errorf(ErrUnsupported, "Vulkan SPIR-V: %s is a pointer to private or workgroup memory into no variable (logical addressing)", v.Ident())
		return fe.getSpecial(opUndef, fe.typeOf(v.Type()))
	}
	return fe.materialize(p)
}

// index64 returns an index as an i64 (sign-extended, as getelementptr's).
func (fe *funcEmitter) index64(v value.Value) uint32 {
	if c, ok := v.(*constant.Int); ok {
		return fe.getIntConst(64, intWord(c.X))
	}
	id := fe.getValue(v)
	if emitutil.IntBits(v.Type()) == 64 {
		return id
	}
	out := fe.newID()
	fe.body.op(opSConvert, fe.getIntType(64), out, id)
	return out
}

// vkGEP translates a getelementptr into private or workgroup memory.
func (fe *funcEmitter) vkGEP(inst *ir.InstGetElementPtr) {
	base, ok := fe.lptrOf(inst.Src)
	if !ok {
		fe.errorf(ErrUnsupported, "Vulkan SPIR-V: getelementptr of a pointer into no variable (logical addressing)")
		return
	}
	if len(inst.Indices) == 2 {
		if !base.whole {
			fe.errorf(ErrUnsupported, "Vulkan SPIR-V: getelementptr of an array that is not a whole variable (logical addressing)")
			return
		}
		fe.setLogical(inst, fe.index64(inst.Indices[1]))
		return
	}
	if base.whole {
		fe.errorf(ErrUnsupported, "Vulkan SPIR-V: getelementptr T of a pointer to a whole array (logical addressing)")
		return
	}
	i := fe.index64(inst.Indices[0])
	if base.idx == fe.vk.const0 {
		fe.setLogical(inst, i)
		return
	}
	if i == fe.vk.const0 {
		fe.setLogical(inst, base.idx)
		return
	}
	sum := fe.newID()
	fe.body.op(opIAdd, fe.getIntType(64), sum, base.idx, i)
	fe.setLogical(inst, sum)
}

// logicalIndex returns the index of x, an incoming value of a phi of
// logical pointers, which must point into the phi's root.
func (fe *funcEmitter) logicalIndex(x value.Value, phi *ir.InstPhi) uint32 {
	switch x.(type) {
	case *constant.Undef, *constant.Poison:
		return fe.getSpecial(opUndef, fe.getIntType(64))
	}
	p, ok := fe.lptrOf(x)
	if !ok || p.whole || p.root != fe.vk.roots[phi] {
		fe.errorf(ErrUnsupported, "Vulkan SPIR-V: a phi of pointers into different private or workgroup variables, or of whole arrays (logical addressing)")
		return fe.getSpecial(opUndef, fe.getIntType(64))
	}
	return p.idx
}

// vkSelectLogical translates a select of two logical pointers into one
// root.
func (fe *funcEmitter) vkSelectLogical(inst *ir.InstSelect) {
	a, okA := fe.lptrOf(inst.ValueTrue)
	b, okB := fe.lptrOf(inst.ValueFalse)
	switch {
	case !okA || !okB || a.root != b.root:
		fe.errorf(ErrUnsupported, "Vulkan SPIR-V: a select of pointers into different private or workgroup variables (logical addressing)")
	case a.whole || b.whole:
		if a.whole && b.whole {
			fe.vk.ptrs[inst] = a
			return
		}
		fe.errorf(ErrUnsupported, "Vulkan SPIR-V: a select of a whole array and an element (logical addressing)")
	default:
		id := fe.newID()
		fe.body.op(opSelect, fe.getIntType(64), id, fe.getValue(inst.Cond), a.idx, b.idx)
		fe.setLogical(inst, id)
	}
}

// vkICmpLogical compares two logical pointers: into one root, their
// indices; into two, they are never equal.
func (fe *funcEmitter) vkICmpLogical(inst *ir.InstICmp) {
	a, okA := fe.lptrOf(inst.X)
	b, okB := fe.lptrOf(inst.Y)
	if !okA || !okB {
		fe.errorf(ErrUnsupported, "Vulkan SPIR-V: a comparison of pointers into no variable (logical addressing)")
		return
	}
	if a.root != b.root {
		switch inst.Pred {
		case enum.IPredEQ, enum.IPredNE:
			fe.body.op(opCopyObject, fe.getBoolType(), fe.getValueID(inst), fe.getBoolConst(inst.Pred == enum.IPredNE))
		default:
			fe.errorf(ErrUnsupported, "Vulkan SPIR-V: icmp %s of pointers into different private or workgroup variables (logical addressing)", inst.Pred)
		}
		return
	}
	ia, ib := a.idx, b.idx
	if a.whole {
		ia = fe.vk.const0
	}
	if b.whole {
		ib = fe.vk.const0
	}
	fe.body.op(intPredicates[inst.Pred], fe.getBoolType(), fe.getValueID(inst), ia, ib)
}

// vkLoadLogical loads through a logical pointer, from the root's stored
// type to the load's.
func (fe *funcEmitter) vkLoadLogical(inst *ir.InstLoad) {
	p, ok := fe.lptrOf(inst.Src)
	if !ok {
		fe.logicalValue(inst.Src) // the error
		return
	}
	ptr := fe.materialize(p)
	var mem []uint32
	if inst.Volatile {
		mem = []uint32{memoryVolatile}
	}
	stored := p.root.storedType()
	switch {
	case emitutil.IsBool(inst.ElemType):
		b := fe.newID()
		fe.body.op(opLoad, cat([]uint32{fe.getIntType(8), b, ptr}, mem...)...)
		fe.body.op(opINotEqual, fe.getBoolType(), fe.getValueID(inst), b, fe.getIntConst(8, 0))
	case !stored.Equal(inst.ElemType):
		w := fe.newID()
		fe.body.op(opLoad, cat([]uint32{fe.memTypeOf(stored), w, ptr}, mem...)...)
		fe.body.op(opBitcast, fe.typeOf(inst.ElemType), fe.getValueID(inst), w)
	default:
		fe.body.op(opLoad, cat([]uint32{fe.typeOf(inst.ElemType), fe.getValueID(inst), ptr}, mem...)...)
	}
}

// vkStoreLogical stores through a logical pointer.
func (fe *funcEmitter) vkStoreLogical(inst *ir.InstStore) {
	p, ok := fe.lptrOf(inst.Dst)
	if !ok {
		fe.logicalValue(inst.Dst)
		return
	}
	ptr := fe.materialize(p)
	x := fe.getValue(inst.Src)
	stored := p.root.storedType()
	switch {
	case emitutil.IsBool(inst.Src.Type()):
		x = fe.createBoolToInt(x, 8, 1)
	case !stored.Equal(inst.Src.Type()):
		w := fe.newID()
		fe.body.op(opBitcast, fe.memTypeOf(stored), w, x)
		x = w
	}
	fe.body.op(opStore, ptr, x)
}
