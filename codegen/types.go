package codegen

// This file implements the mapping of Go types to IR types (docs/ir.md,
// "Types") and to the driver's parameter types.

import (
	"go/types"

	"github.com/kago-dev/kago/ka/driver"
	lltypes "github.com/llir/llvm/ir/types"
)

// Address spaces, in SPIR numbering.
const (
	spacePrivate lltypes.AddrSpace = 0
	spaceGlobal  lltypes.AddrSpace = 1
	spaceLocal   lltypes.AddrSpace = 3
)

// basicOf returns t's underlying basic type, or nil.
func basicOf(t types.Type) *types.Basic {
	b, _ := t.Underlying().(*types.Basic)
	return b
}

// scalarType maps a Go scalar type to its IR type, or nil when t is not a
// kernel scalar (strings, complex numbers, unsafe pointers, ...).
func scalarType(t types.Type) lltypes.Type {
	b := basicOf(t)
	if b == nil {
		return nil
	}
	switch b.Kind() {
	case types.Bool, types.UntypedBool:
		return lltypes.I1
	case types.Int8, types.Uint8:
		return lltypes.I8
	case types.Int16, types.Uint16:
		return lltypes.I16
	case types.Int32, types.Uint32, types.UntypedRune:
		return lltypes.I32
	case types.Int, types.Int64, types.Uint, types.Uint64, types.Uintptr, types.UntypedInt:
		return lltypes.I64
	case types.Float32:
		return lltypes.Float
	case types.Float64, types.UntypedFloat:
		return lltypes.Double
	}
	return nil
}

// memType maps the Go type of a value in memory (an element of a slice or
// array, a local variable) to its IR type: scalars as in registers except
// that bool is i8, and fixed-size arrays of those. It returns nil for
// anything else.
func memType(t types.Type) lltypes.Type {
	if a, ok := t.Underlying().(*types.Array); ok {
		elem := memType(a.Elem())
		if _, nested := elem.(*lltypes.ArrayType); elem == nil || nested {
			// Arrays of arrays and of structs are aggregates
			// (aggregates.go).
			return nil
		}
		return lltypes.NewArray(uint64(a.Len()), elem)
	}
	if isBool(t) {
		return lltypes.I8
	}
	return scalarType(t)
}

// pointerTo is the IR pointer to elem in space.
func pointerTo(elem lltypes.Type, space lltypes.AddrSpace) *lltypes.PointerType {
	p := lltypes.NewPointer(elem)
	p.AddrSpace = space
	return p
}

func isBool(t types.Type) bool {
	b := basicOf(t)
	return b != nil && b.Info()&types.IsBoolean != 0
}

func isFloat(t types.Type) bool {
	b := basicOf(t)
	return b != nil && b.Info()&types.IsFloat != 0
}

func isInteger(t types.Type) bool {
	b := basicOf(t)
	return b != nil && b.Info()&types.IsInteger != 0
}

func isUnsigned(t types.Type) bool {
	b := basicOf(t)
	return b != nil && b.Info()&types.IsUnsigned != 0
}

// bitWidth is the width of an integer or float IR type.
func bitWidth(t lltypes.Type) int {
	switch t := t.(type) {
	case *lltypes.IntType:
		return int(t.BitSize)
	case *lltypes.FloatType:
		if t.Kind == lltypes.FloatKindFloat {
			return 32
		}
		return 64
	}
	return 0
}

// paramScalar maps a kernel parameter's (element) type to the driver's
// scalar type, or Invalid.
func paramScalar(t types.Type) driver.ScalarType {
	b := basicOf(t)
	if b == nil {
		return driver.Invalid
	}
	switch b.Kind() {
	case types.Bool:
		return driver.Bool
	case types.Int:
		return driver.Int
	case types.Int8:
		return driver.Int8
	case types.Int16:
		return driver.Int16
	case types.Int32:
		return driver.Int32
	case types.Int64:
		return driver.Int64
	case types.Uint:
		return driver.Uint
	case types.Uint8:
		return driver.Uint8
	case types.Uint16:
		return driver.Uint16
	case types.Uint32:
		return driver.Uint32
	case types.Uint64:
		return driver.Uint64
	case types.Float32:
		return driver.Float32
	case types.Float64:
		return driver.Float64
	}
	return driver.Invalid
}

// isItem reports whether t is ka.Item.
func isItem(t types.Type) bool {
	n, ok := types.Unalias(t).(*types.Named)
	return ok && n.Obj().Name() == "Item" && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == kaPath
}

// describeType names the kind of an unsupported type for a diagnostic.
func describeType(t types.Type) string {
	if d, _ := viewDims(t); d != 0 {
		return types.TypeString(t, pkgName) + " chosen at run time or stored (pass the parameter itself to At, Set and helpers)"
	}
	switch u := t.Underlying().(type) {
	case *types.Map:
		return "map"
	case *types.Chan:
		return "channel"
	case *types.Interface:
		return "interface"
	case *types.Signature:
		return "function value"
	case *types.Struct:
		return "struct"
	case *types.Pointer:
		return "pointer"
	case *types.Slice:
		return "slice of " + describeType(u.Elem())
	case *types.Array:
		return "array of " + describeType(u.Elem())
	case *types.Basic:
		switch {
		case u.Info()&types.IsString != 0:
			return "string"
		case u.Info()&types.IsComplex != 0:
			return "complex number"
		case u.Kind() == types.UnsafePointer:
			return "unsafe.Pointer"
		}
	}
	return "type " + t.String()
}
