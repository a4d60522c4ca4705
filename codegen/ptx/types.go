package ptx

// This file maps the portable IR's types to PTX register classes, memory
// types and sizes.
//
// Integers narrower than 32 bits (i8, i16) live in 32-bit registers whose
// upper bits are unspecified: add, sub, mul, and, or, xor and shl do not care,
// and every instruction that does (division, right shifts, comparisons,
// extensions, conversions to float) first sign- or zero-extends its operands
// (see createExtend in arith.go). i1 lives in predicate registers.

import (
	"github.com/llir/llvm/ir/types"
)

// regClass is a PTX virtual register class.
type regClass uint8

const (
	classPred regClass = iota // i1
	classB32                  // i8, i16, i32
	classB64                  // i64, pointers
	classF32                  // float
	classF64                  // double
	numClasses
)

func (c regClass) prefix() string {
	return [...]string{"%p", "%r", "%rd", "%f", "%fd"}[c]
}

func (c regClass) ptxType() string {
	return [...]string{"pred", "b32", "b64", "f32", "f64"}[c]
}

// movType is the type suffix of mov for the class.
func (c regClass) movType() string {
	return [...]string{"pred", "b32", "b64", "f32", "f64"}[c]
}

// classOf returns the register class of an IR type, or false if the type has
// no register representation in the contract.
func classOf(t types.Type) (regClass, bool) {
	switch t := t.(type) {
	case *types.IntType:
		switch t.BitSize {
		case 1:
			return classPred, true
		case 8, 16, 32:
			return classB32, true
		case 64:
			return classB64, true
		}
	case *types.FloatType:
		switch t.Kind {
		case types.FloatKindFloat:
			return classF32, true
		case types.FloatKindDouble:
			return classF64, true
		}
	case *types.PointerType:
		return classB64, true
	}
	return 0, false
}

// memType is the PTX type of a load/store/param of IR type t ("u8", "f32",
// ...), or "" if t cannot be stored.
func memType(t types.Type) string {
	switch t := t.(type) {
	case *types.IntType:
		switch t.BitSize {
		case 1, 8:
			return "u8"
		case 16:
			return "u16"
		case 32:
			return "u32"
		case 64:
			return "u64"
		}
	case *types.FloatType:
		switch t.Kind {
		case types.FloatKindFloat:
			return "f32"
		case types.FloatKindDouble:
			return "f64"
		}
	case *types.PointerType:
		return "u64"
	}
	return ""
}

// sizeOf returns the size in bytes and the natural alignment of a type in
// memory, or ok=false.
func sizeOf(t types.Type) (size, align int64, ok bool) {
	switch t := t.(type) {
	case *types.IntType:
		switch t.BitSize {
		case 1, 8:
			return 1, 1, true
		case 16:
			return 2, 2, true
		case 32:
			return 4, 4, true
		case 64:
			return 8, 8, true
		}
	case *types.FloatType:
		switch t.Kind {
		case types.FloatKindFloat:
			return 4, 4, true
		case types.FloatKindDouble:
			return 8, 8, true
		}
	case *types.PointerType:
		return 8, 8, true
	case *types.ArrayType:
		s, a, ok := sizeOf(t.ElemType)
		return s * int64(t.Len), a, ok
	}
	return 0, 0, false
}
