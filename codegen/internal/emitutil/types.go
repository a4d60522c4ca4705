package emitutil

// This file reads widths and kinds off the IR types of docs/ir.md.

import "github.com/llir/llvm/ir/types"

// IntBits returns the width of an integer type, or 0 for other types.
func IntBits(t types.Type) int {
	if it, ok := t.(*types.IntType); ok {
		return int(it.BitSize)
	}
	return 0
}

// FloatBits returns 32 for float and 64 for double, or 0 for other types.
func FloatBits(t types.Type) int {
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

// IsBool reports whether t is i1.
func IsBool(t types.Type) bool { return IntBits(t) == 1 }

// IsVoid reports whether t is void.
func IsVoid(t types.Type) bool {
	_, ok := t.(*types.VoidType)
	return ok
}

// IsPointer reports whether t is a pointer.
func IsPointer(t types.Type) bool {
	_, ok := t.(*types.PointerType)
	return ok
}
