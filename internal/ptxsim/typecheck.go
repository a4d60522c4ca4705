package ptxsim

import "strings"

// PTX's operand type rules, as ptxas applies them, for registers: an
// operand register must have the instruction type's size (ld, st and cvt
// may use wider registers for their data operands); a float register does
// not go with an integer instruction type nor an integer register with a
// float one (.b registers go with every type of their size). Checking them
// here makes a register-class mistake in codegen/ptx an error in every
// test run rather than only under ptxas on a GPU machine.

// wideDataOps may use registers wider than their type for data operands.
var wideDataOps = map[string]bool{"ld": true, "st": true, "cvt": true}

// sameTypeDst are the operations whose destination has the instruction's
// type (others: setp, cvt, popc/clz, mul/mad .wide, ld).
var sameTypeDst = map[string]bool{"add": true, "sub": true, "mul": true, "mad": true, "div": true, "rem": true,
	"abs": true, "neg": true, "min": true, "max": true, "and": true, "or": true, "xor": true, "not": true,
	"cnot": true, "shl": true, "shr": true, "bfe": true, "fma": true, "sqrt": true, "rcp": true,
	"copysign": true, "selp": true, "mov": true, "shf": true}

// typeCheck checks register i as a source operand of type ty.
func (d *decoder) typeCheck(i int, ty ptype) error {
	if ty.kind == 'p' || ty.bits == 0 {
		return nil
	}
	base, _, _ := strings.Cut(d.s.op, ".")
	bits, kind := d.k.regBits[i], d.k.regKind[i]
	switch {
	case kind == 'p':
		return d.errorf("a predicate register where a .%s operand goes", ty)
	case bits < ty.bits || (bits > ty.bits && !wideDataOps[base]):
		return d.errorf("a %d-bit register where a .%s operand goes", bits, ty)
	case kind == 'f' && (ty.kind == 'u' || ty.kind == 's'):
		return d.errorf("a float register where a .%s operand goes", ty)
	case ty.kind == 'f' && (kind == 'u' || kind == 's'):
		return d.errorf("an integer register where a .%s operand goes", ty)
	}
	return nil
}

// typeCheckDst checks register i as the destination of an operation whose
// result has the instruction's type ty.
func (d *decoder) typeCheckDst(i int, ty ptype) error {
	base, _, _ := strings.Cut(d.s.op, ".")
	if !sameTypeDst[base] || strings.Contains(d.s.op, ".wide") {
		return nil
	}
	return d.typeCheck(i, ty)
}
