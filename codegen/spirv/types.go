package spirv

import (
	"fmt"
	"math"
	"math/big"

	"github.com/llir/llvm/ir/constant"
	"github.com/llir/llvm/ir/types"
	"github.com/llir/llvm/ir/value"
)

// This file maps LLVM types and constants to SPIR-V ones. Each type and
// constant is declared once, in the globals section, at its first use (which
// is always before the instruction that needs it, as SPIR-V requires).
//
// Mapping: iN → OpTypeInt N 0 (the Kernel capability has no signed integer
// types; signedness lives in the instructions, as in LLVM), i1 → OpTypeBool
// (i8 in memory, since a bool has no size), float/double → OpTypeFloat
// 32/64, T addrspace(a)* → OpTypePointer of storage class Function (0),
// CrossWorkgroup (1) or Workgroup (3), [N x T] → OpTypeArray.

// getType returns the id of a type known by key, declaring it with decl the
// first time.
func (m *module) getType(key string, decl func(id uint32)) uint32 {
	if id, ok := m.types[key]; ok {
		return id
	}
	id := m.newID()
	decl(id)
	m.types[key] = id
	return id
}

func (m *module) getVoidType() uint32 {
	return m.getType("void", func(id uint32) { m.globals.op(opTypeVoid, id) })
}

func (m *module) getBoolType() uint32 {
	return m.getType("bool", func(id uint32) { m.globals.op(opTypeBool, id) })
}

// getIntType returns OpTypeInt of a width of 8, 16, 32 or 64, adding the
// capability the width needs.
func (m *module) getIntType(bits int) uint32 {
	switch bits {
	case 8:
		m.caps[capInt8] = true
	case 16:
		m.caps[capInt16] = true
	case 64:
		m.caps[capInt64] = true
	}
	return m.getType(fmt.Sprintf("i%d", bits), func(id uint32) { m.globals.op(opTypeInt, id, uint32(bits), 0) })
}

// getFloatType returns OpTypeFloat of a width of 32 or 64.
func (m *module) getFloatType(bits int) uint32 {
	if bits == 64 {
		m.caps[capFloat64] = true
	}
	return m.getType(fmt.Sprintf("f%d", bits), func(id uint32) { m.globals.op(opTypeFloat, id, uint32(bits)) })
}

func (m *module) getVectorType(elem uint32, n int) uint32 {
	return m.getType(fmt.Sprintf("v%d_%d", n, elem), func(id uint32) { m.globals.op(opTypeVector, id, elem, uint32(n)) })
}

func (m *module) getPointerType(storage, elem uint32) uint32 {
	return m.getType(fmt.Sprintf("p%d_%d", storage, elem), func(id uint32) { m.globals.op(opTypePointer, id, storage, elem) })
}

func (m *module) getArrayType(elem uint32, n uint64) uint32 {
	length := m.getIntConst(32, n)
	if n > math.MaxUint32 {
		length = m.getIntConst(64, n)
	}
	return m.getType(fmt.Sprintf("a%d_%d", n, elem), func(id uint32) { m.globals.op(opTypeArray, id, elem, length) })
}

func (m *module) getFuncType(ret uint32, params ...uint32) uint32 {
	return m.getType(fmt.Sprintf("fn%d%v", ret, params), func(id uint32) {
		m.globals.op(opTypeFunction, cat([]uint32{id, ret}, params...)...)
	})
}

// storageClass maps an LLVM address space (SPIR numbering) to a storage class.
func (f *function) storageClass(as types.AddrSpace) uint32 {
	switch as {
	case 0:
		return storageFunction
	case 1:
		return storageCrossWorkgroup
	case 3:
		return storageWorkgroup
	}
	f.errorf("unsupported address space %d (docs/ir.md uses 0, 1 and 3)", as)
	return 0
}

// typeOf returns the SPIR-V type of an LLVM value type (i1 is a bool).
func (f *function) typeOf(t types.Type) uint32 {
	if t, ok := t.(*types.IntType); ok && t.BitSize == 1 {
		return f.getBoolType()
	}
	return f.memTypeOf(t)
}

// memTypeOf returns the SPIR-V type of an LLVM type as held in memory: as
// typeOf, but i1 is an i8 (0 or 1), bools having no size in SPIR-V.
func (f *function) memTypeOf(t types.Type) uint32 {
	switch t := t.(type) {
	case *types.VoidType:
		return f.getVoidType()
	case *types.IntType:
		switch t.BitSize {
		case 1, 8:
			return f.getIntType(8)
		case 16, 32, 64:
			return f.getIntType(int(t.BitSize))
		}
	case *types.FloatType:
		switch t.Kind {
		case types.FloatKindFloat:
			return f.getFloatType(32)
		case types.FloatKindDouble:
			return f.getFloatType(64)
		}
	case *types.PointerType:
		return f.getPointerType(f.storageClass(t.AddrSpace), f.memTypeOf(t.ElemType))
	case *types.ArrayType:
		return f.getArrayType(f.memTypeOf(t.ElemType), t.Len)
	}
	f.errorf("unsupported type %s", t.LLString())
	return 0
}

// isBool reports whether t is i1.
func isBool(t types.Type) bool {
	it, ok := t.(*types.IntType)
	return ok && it.BitSize == 1
}

// intBits returns the width of an integer type, 0 for other types.
func intBits(t types.Type) int {
	if it, ok := t.(*types.IntType); ok {
		return int(it.BitSize)
	}
	return 0
}

// floatBits returns the width of a float or double type, 0 for other types.
func floatBits(t types.Type) int {
	if ft, ok := t.(*types.FloatType); ok {
		switch ft.Kind {
		case types.FloatKindFloat:
			return 32
		case types.FloatKindDouble:
			return 64
		}
	}
	return 0
}

// getConst returns the id of a scalar constant of type typ made of words,
// declaring it once.
func (m *module) getConst(typ uint32, words ...uint32) uint32 {
	key := fmt.Sprintf("%d:%v", typ, words)
	if id, ok := m.consts[key]; ok {
		return id
	}
	id := m.newID()
	m.globals.op(opConstant, cat([]uint32{typ, id}, words...)...)
	m.consts[key] = id
	return id
}

// getIntConst returns an integer constant of a width of 8..64; the value is
// truncated to the width (narrow values are zero-extended in the word, as
// for an unsigned type).
func (m *module) getIntConst(bits int, v uint64) uint32 {
	t := m.getIntType(bits)
	if bits < 64 {
		v &= 1<<uint(bits) - 1
	}
	if bits == 64 {
		return m.getConst(t, uint32(v), uint32(v>>32))
	}
	return m.getConst(t, uint32(v))
}

// getFloatConst returns a float constant of a width of 32 or 64 from its bits.
func (m *module) getFloatConst(bits int, v uint64) uint32 {
	t := m.getFloatType(bits)
	if bits == 64 {
		return m.getConst(t, uint32(v), uint32(v>>32))
	}
	return m.getConst(t, uint32(v))
}

// getBoolConst returns OpConstantTrue or OpConstantFalse.
func (m *module) getBoolConst(b bool) uint32 {
	key, op := "false", uint32(opConstantFalse)
	if b {
		key, op = "true", opConstantTrue
	}
	if id, ok := m.consts[key]; ok {
		return id
	}
	id := m.newID()
	m.globals.op(op, m.getBoolType(), id)
	m.consts[key] = id
	return id
}

// getSpecial returns OpUndef or OpConstantNull of a type.
func (m *module) getSpecial(op, typ uint32) uint32 {
	key := fmt.Sprintf("op%d:%d", op, typ)
	if id, ok := m.consts[key]; ok {
		return id
	}
	id := m.newID()
	m.globals.op(op, typ, id)
	m.consts[key] = id
	return id
}

// value returns the id of an operand: a constant, a workgroup global, a
// parameter or an instruction's result.
func (f *function) value(v value.Value) uint32 {
	switch c := v.(type) {
	case *constant.Int:
		if c.Typ.BitSize == 1 {
			return f.getBoolConst(c.X.Sign() != 0)
		}
		if intBits(c.Typ)%8 != 0 || c.Typ.BitSize > 64 {
			f.errorf("unsupported type %s", c.Typ.LLString())
			return 0
		}
		return f.getIntConst(int(c.Typ.BitSize), intWord(c.X))
	case *constant.Float:
		return f.floatConst(c)
	case *constant.Undef:
		return f.getSpecial(opUndef, f.typeOf(c.Typ))
	case *constant.Poison:
		return f.getSpecial(opUndef, f.typeOf(c.Typ))
	case *constant.Null:
		return f.getSpecial(opConstantNull, f.typeOf(c.Typ))
	case *constant.ZeroInitializer:
		return f.getSpecial(opConstantNull, f.typeOf(c.Typ))
	case constant.Constant:
		if g, ok := f.localArray(v); ok {
			return g
		}
		f.errorf("unsupported constant %s", v.Ident())
		return 0
	}
	return f.valueID(v)
}

// intWord returns the two's complement bits of x in 64 bits.
func intWord(x *big.Int) uint64 {
	if x.Sign() >= 0 {
		return x.Uint64()
	}
	return uint64(x.Int64())
}

// floatConst returns the id of a float or double constant.
func (f *function) floatConst(c *constant.Float) uint32 {
	bits := floatBits(c.Typ)
	switch {
	case bits == 32 && c.NaN:
		return f.getFloatConst(32, uint64(math.Float32bits(float32(math.NaN()))))
	case bits == 64 && c.NaN:
		return f.getFloatConst(64, math.Float64bits(math.NaN()))
	case bits == 32:
		x, _ := c.X.Float32()
		return f.getFloatConst(32, uint64(math.Float32bits(x)))
	case bits == 64:
		x, _ := c.X.Float64()
		return f.getFloatConst(64, math.Float64bits(x))
	}
	f.errorf("unsupported type %s", c.Typ.LLString())
	return 0
}
