package openclc

// This file maps IR types to OpenCL C types. LLVM integers carry no sign,
// so they are stored in the unsigned C types and cast to the signed ones
// only where an instruction is signed.

import (
	"strconv"

	"github.com/llir/llvm/ir/types"
)

// ctype returns the C type used to store a value of IR type t: bool,
// uchar/ushort/uint/ulong, float, double (marking the kernel as needing
// fp64), or a pointer "<space> <scalar>*" where pointers to arrays decay to
// pointers to the innermost scalar (as arrays do in C). Anything else is an
// error; the returned placeholder keeps emission going.
func (fe *funcEmitter) ctype(t types.Type) string {
	switch t := t.(type) {
	case *types.IntType:
		switch t.BitSize {
		case 1:
			return "bool"
		case 8:
			return "uchar"
		case 16:
			return "ushort"
		case 32:
			return "uint"
		case 64:
			return "ulong"
		}
	case *types.FloatType:
		switch t.Kind {
		case types.FloatKindFloat:
			return "float"
		case types.FloatKindDouble:
			fe.need.use(&fe.need.fp64, fe)
			return "double"
		}
	case *types.PointerType:
		return addrSpaces[t.AddrSpace] + fe.ctype(scalarOf(t.ElemType)) + "*"
	}
	return "int" // no other type passes ircheck
}

// addrSpaces maps SPIR address space numbers to OpenCL C qualifiers (with
// a trailing space where not empty).
var addrSpaces = map[types.AddrSpace]string{
	0: "",
	1: "__global ",
	3: "__local ",
}

// signedType returns the signed C type of an integer width (8..64).
func signedType(bits int) string {
	switch bits {
	case 8:
		return "char"
	case 16:
		return "short"
	case 32:
		return "int"
	}
	return "long"
}

// scalarOf returns the innermost element type of nested arrays.
func scalarOf(t types.Type) types.Type {
	for {
		a, ok := t.(*types.ArrayType)
		if !ok {
			return t
		}
		t = a.ElemType
	}
}

// elems returns how many scalars a type holds: 1 for a scalar, the
// product of the lengths for nested arrays.
func elems(t types.Type) uint64 {
	n := uint64(1)
	for {
		a, ok := t.(*types.ArrayType)
		if !ok {
			return n
		}
		n *= a.Len
		t = a.ElemType
	}
}

// arrayDecl formats the declaration of a C array holding type t (scalar or
// nested arrays, flattened).
func (fe *funcEmitter) arrayDecl(qual string, t types.Type, name string) string {
	return qual + fe.ctype(scalarOf(t)) + " " + name + "[" + strconv.FormatUint(elems(t), 10) + "];"
}
