package ircheck

// This file holds the types of docs/ir.md: the scalars, pointers to them
// and to arrays of them in the three address spaces, and nothing else (no
// vectors, structs, half, or integers of other widths).

import (
	"github.com/kago-dev/kago/codegen/internal/emitutil"
	"github.com/llir/llvm/ir/types"
)

// isScalar reports whether t is i1, i8, i16, i32, i64, float or double.
func isScalar(t types.Type) bool {
	switch emitutil.IntBits(t) {
	case 1, 8, 16, 32, 64:
		return true
	}
	return emitutil.FloatBits(t) != 0
}

// memScalar reports whether memory in address space as may hold scalars of
// type t: any scalar in private memory (an alloca of i1 is allowed), a
// scalar other than i1 in global and workgroup memory (bools are i8 there).
func memScalar(t types.Type, as types.AddrSpace) bool {
	return isScalar(t) && (as == 0 || !emitutil.IsBool(t))
}

// isPointee reports whether a pointer in address space as may point to t:
// a scalar of that memory, or an [N x T] array of them.
func isPointee(t types.Type, as types.AddrSpace) bool {
	if at, ok := t.(*types.ArrayType); ok {
		return memScalar(at.ElemType, as)
	}
	return memScalar(t, as)
}

// isValueType reports whether a value (an operand or a result) may have
// type t: a scalar, or a pointer to private (0), global (1) or workgroup
// (3) memory of an allowed pointee.
func isValueType(t types.Type) bool {
	if pt, ok := t.(*types.PointerType); ok {
		switch pt.AddrSpace {
		case 0, 1, 3:
			return isPointee(pt.ElemType, pt.AddrSpace)
		}
		return false
	}
	return isScalar(t)
}

// naturalAlign is the size in bytes of a scalar (1 for i1, stored as a
// byte), which is its natural alignment.
func naturalAlign(t types.Type) int {
	if b := emitutil.IntBits(t); b != 0 {
		return max(b/8, 1)
	}
	return emitutil.FloatBits(t) / 8
}
