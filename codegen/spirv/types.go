package spirv

// This file maps LLVM types and constants to SPIR-V ones. Each type and
// constant is declared once, in the globals section, at its first use (which
// is always before the instruction that needs it, as SPIR-V requires).
//
// Mapping: iN → OpTypeInt N 0 (the Kernel capability has no signed integer
// types; signedness lives in the instructions, as in LLVM), i1 → OpTypeBool
// (i8 in memory, since a bool has no size), float/double → OpTypeFloat
// 32/64, T addrspace(a)* → OpTypePointer of storage class Function (0),
// CrossWorkgroup (1) or Workgroup (3), [N x T] → OpTypeArray.

import (
	"fmt"
	"math"
	"math/big"

	"github.com/kago-dev/kago/codegen/internal/emitutil"
	"github.com/llir/llvm/ir"
	"github.com/llir/llvm/ir/constant"
	"github.com/llir/llvm/ir/types"
	"github.com/llir/llvm/ir/value"
)

// getType returns the id of a type known by key, declaring it with decl the
// first time.
func (me *moduleEmitter) getType(key string, decl func(id uint32)) uint32 {
	if id, ok := me.types[key]; ok {
		return id
	}
	id := me.newID()
	decl(id)
	me.types[key] = id
	return id
}

func (me *moduleEmitter) getVoidType() uint32 {
	return me.getType("void", func(id uint32) { me.globals.op(opTypeVoid, id) })
}

func (me *moduleEmitter) getBoolType() uint32 {
	return me.getType("bool", func(id uint32) { me.globals.op(opTypeBool, id) })
}

// getIntType returns OpTypeInt of a width of 8, 16, 32 or 64, adding the
// capability the width needs.
func (me *moduleEmitter) getIntType(bits int) uint32 {
	switch bits {
	case 8:
		me.caps[capInt8] = true
	case 16:
		me.caps[capInt16] = true
	case 64:
		me.caps[capInt64] = true
	}
	return me.getType(fmt.Sprintf("i%d", bits), func(id uint32) { me.globals.op(opTypeInt, id, uint32(bits), 0) })
}

// getFloatType returns OpTypeFloat of a width of 32 or 64.
func (me *moduleEmitter) getFloatType(bits int) uint32 {
	if bits == 64 {
		me.caps[capFloat64] = true
	}
	return me.getType(fmt.Sprintf("f%d", bits), func(id uint32) { me.globals.op(opTypeFloat, id, uint32(bits)) })
}

func (me *moduleEmitter) getVectorType(elem uint32, n int) uint32 {
	return me.getType(fmt.Sprintf("v%d_%d", n, elem), func(id uint32) { me.globals.op(opTypeVector, id, elem, uint32(n)) })
}

func (me *moduleEmitter) getPointerType(storage, elem uint32) uint32 {
	return me.getType(fmt.Sprintf("p%d_%d", storage, elem), func(id uint32) { me.globals.op(opTypePointer, id, storage, elem) })
}

func (me *moduleEmitter) getArrayType(elem uint32, n uint64) uint32 {
	length := me.getIntConst(32, n)
	if n > math.MaxUint32 {
		length = me.getIntConst(64, n)
	}
	return me.getType(fmt.Sprintf("a%d_%d", n, elem), func(id uint32) { me.globals.op(opTypeArray, id, elem, length) })
}

func (me *moduleEmitter) getFuncType(ret uint32, params ...uint32) uint32 {
	return me.getType(fmt.Sprintf("fn%d%v", ret, params), func(id uint32) {
		me.globals.op(opTypeFunction, cat([]uint32{id, ret}, params...)...)
	})
}

// storageClass maps an LLVM address space (SPIR numbering) to a storage class.
func (fe *funcEmitter) storageClass(as types.AddrSpace) uint32 {
	switch as {
	case 0:
		return storageFunction
	case 1:
		if fe.vk != nil {
			return storagePhysicalStorageBuffer
		}
		return storageCrossWorkgroup
	}
	return storageWorkgroup // 3: no other space passes ircheck
}

// typeOf returns the SPIR-V type of an LLVM value type (i1 is a bool).
func (fe *funcEmitter) typeOf(t types.Type) uint32 {
	if t, ok := t.(*types.IntType); ok && t.BitSize == 1 {
		return fe.getBoolType()
	}
	return fe.memTypeOf(t)
}

// memTypeOf returns the SPIR-V type of an LLVM type as held in memory: as
// typeOf, but i1 is an i8 (0 or 1), bools having no size in SPIR-V.
func (fe *funcEmitter) memTypeOf(t types.Type) uint32 {
	switch t := t.(type) {
	case *types.VoidType:
		return fe.getVoidType()
	case *types.IntType:
		switch t.BitSize {
		case 1, 8:
			return fe.getIntType(8)
		case 16, 32, 64:
			return fe.getIntType(int(t.BitSize))
		}
	case *types.FloatType:
		switch t.Kind {
		case types.FloatKindFloat:
			return fe.getFloatType(32)
		case types.FloatKindDouble:
			return fe.getFloatType(64)
		}
	case *types.PointerType:
		if fe.vk != nil {
			return fe.vkPointerType(t)
		}
		return fe.getPointerType(fe.storageClass(t.AddrSpace), fe.memTypeOf(t.ElemType))
	case *types.ArrayType:
		return fe.getArrayType(fe.memTypeOf(t.ElemType), t.Len)
	}
	return 0 // no other type passes ircheck
}

// getConst returns the id of a scalar constant of type typ made of words,
// declaring it once.
func (me *moduleEmitter) getConst(typ uint32, words ...uint32) uint32 {
	key := fmt.Sprintf("%d:%v", typ, words)
	if id, ok := me.consts[key]; ok {
		return id
	}
	id := me.newID()
	me.globals.op(opConstant, cat([]uint32{typ, id}, words...)...)
	me.consts[key] = id
	return id
}

// getIntConst returns an integer constant of a width of 8..64; the value is
// truncated to the width (narrow values are zero-extended in the word, as
// for an unsigned type).
func (me *moduleEmitter) getIntConst(bits int, v uint64) uint32 {
	t := me.getIntType(bits)
	if bits < 64 {
		v &= 1<<uint(bits) - 1
	}
	if bits == 64 {
		return me.getConst(t, uint32(v), uint32(v>>32))
	}
	return me.getConst(t, uint32(v))
}

// getFloatConst returns a float constant of a width of 32 or 64 from its bits.
func (me *moduleEmitter) getFloatConst(bits int, v uint64) uint32 {
	t := me.getFloatType(bits)
	if bits == 64 {
		return me.getConst(t, uint32(v), uint32(v>>32))
	}
	return me.getConst(t, uint32(v))
}

// getBoolConst returns OpConstantTrue or OpConstantFalse.
func (me *moduleEmitter) getBoolConst(b bool) uint32 {
	key, op := "false", uint32(opConstantFalse)
	if b {
		key, op = "true", opConstantTrue
	}
	if id, ok := me.consts[key]; ok {
		return id
	}
	id := me.newID()
	me.globals.op(op, me.getBoolType(), id)
	me.consts[key] = id
	return id
}

// getSpecial returns OpUndef or OpConstantNull of a type.
func (me *moduleEmitter) getSpecial(op, typ uint32) uint32 {
	key := fmt.Sprintf("op%d:%d", op, typ)
	if id, ok := me.consts[key]; ok {
		return id
	}
	id := me.newID()
	me.globals.op(op, typ, id)
	me.consts[key] = id
	return id
}

// getValue returns the id of an operand: a constant, a workgroup global, a
// parameter or an instruction's result.
func (fe *funcEmitter) getValue(v value.Value) uint32 {
	if fe.vk != nil {
		if id, ok := fe.vkValue(v); ok {
			return id
		}
	}
	switch c := v.(type) {
	case *constant.Int:
		if c.Typ.BitSize == 1 {
			return fe.getBoolConst(c.X.Sign() != 0)
		}
		return fe.getIntConst(int(c.Typ.BitSize), intWord(c.X))
	case *constant.Float:
		return fe.floatConst(c)
	case *constant.Undef:
		return fe.getSpecial(opUndef, fe.typeOf(c.Typ))
	case *constant.Poison:
		return fe.getSpecial(opUndef, fe.typeOf(c.Typ))
	case *constant.Null:
		return fe.getSpecial(opConstantNull, fe.typeOf(c.Typ))
	case *constant.ZeroInitializer:
		return fe.getSpecial(opConstantNull, fe.typeOf(c.Typ))
	case *ir.Global:
		g, _ := fe.localArray(v)
		return g
	}
	return fe.getValueID(v)
}

// intWord returns the two's complement bits of x in 64 bits.
func intWord(x *big.Int) uint64 {
	if x.Sign() >= 0 {
		return x.Uint64()
	}
	return uint64(x.Int64())
}

// floatConst returns the id of a float or double constant.
func (fe *funcEmitter) floatConst(c *constant.Float) uint32 {
	bits := emitutil.FloatBits(c.Typ)
	switch {
	case bits == 32 && c.NaN:
		return fe.getFloatConst(32, uint64(math.Float32bits(float32(math.NaN()))))
	case bits == 64 && c.NaN:
		return fe.getFloatConst(64, math.Float64bits(math.NaN()))
	case bits == 32:
		x, _ := c.X.Float32()
		return fe.getFloatConst(32, uint64(math.Float32bits(x)))
	}
	x, _ := c.X.Float64() // double
	return fe.getFloatConst(64, math.Float64bits(x))
}
