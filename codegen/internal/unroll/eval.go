package unroll

// This file evaluates integer instructions on known operands, with Go's
// semantics at the instruction's width (docs/ir.md: no nsw/nuw flags,
// integers wrap). It serves both the trip count's simulation and the
// folding of the copies' constant instructions. Whatever LLVM leaves
// undefined or poison (a division by zero, MinInt / -1, a shift by the
// width or more) is not evaluated: the caller gives up instead.

import (
	"math/big"

	"github.com/llir/llvm/ir"
	"github.com/llir/llvm/ir/constant"
	"github.com/llir/llvm/ir/enum"
	"github.com/llir/llvm/ir/types"
	"github.com/llir/llvm/ir/value"
)

// width returns the bit width of an integer type of at most 64 bits, 0
// for any other type.
func width(t types.Type) uint64 {
	it, ok := t.(*types.IntType)
	if !ok || it.BitSize == 0 || it.BitSize > 64 {
		return 0
	}
	return it.BitSize
}

// mask returns the low w bits of x.
func mask(x uint64, w uint64) uint64 {
	if w >= 64 {
		return x
	}
	return x & (1<<w - 1)
}

// signed returns x, a w-bit value, sign-extended.
func signed(x uint64, w uint64) int64 {
	if w >= 64 {
		return int64(x)
	}
	s := 64 - w
	return int64(x<<s) >> s
}

// constInt returns the value of an integer constant of at most 64 bits,
// its low w bits, and whether v is one.
func constInt(v value.Value) (uint64, bool) {
	c, ok := v.(*constant.Int)
	if !ok {
		return 0, false
	}
	w := width(c.Typ)
	if w == 0 || c.X == nil {
		return 0, false
	}
	var x uint64
	switch {
	case c.X.IsInt64():
		x = uint64(c.X.Int64())
	case c.X.IsUint64():
		x = c.X.Uint64()
	default:
		return 0, false
	}
	return mask(x, w), true
}

// newConst returns the constant of type t (an integer type) holding the
// w-bit value x.
func newConst(t types.Type, x uint64) value.Value {
	it := t.(*types.IntType)
	if it.BitSize == 1 {
		return constant.NewBool(x&1 == 1)
	}
	return &constant.Int{Typ: it, X: new(big.Int).SetInt64(signed(x, it.BitSize))}
}

// pure reports whether eval handles inst: the integer binary operations
// but the remainders' and divisions' undefined cases, icmp, trunc, zext,
// sext and select of integers. None has a side effect.
func pure(inst value.Value) bool {
	switch inst := inst.(type) {
	case *ir.InstAdd, *ir.InstSub, *ir.InstMul, *ir.InstSDiv, *ir.InstUDiv,
		*ir.InstSRem, *ir.InstURem, *ir.InstShl, *ir.InstLShr, *ir.InstAShr,
		*ir.InstAnd, *ir.InstOr, *ir.InstXor, *ir.InstTrunc, *ir.InstZExt, *ir.InstSExt:
		return width(inst.Type()) != 0
	case *ir.InstICmp:
		return width(inst.X.Type()) != 0
	case *ir.InstSelect:
		return width(inst.Type()) != 0
	}
	return false
}

// eval computes the value of a pure instruction (see pure) whose operands
// arg knows, and reports false when an operand is unknown or the result
// is not defined (division by zero, MinInt / -1, a shift of the width or
// more).
func eval(inst value.Value, arg func(value.Value) (uint64, bool)) (uint64, bool) {
	if !pure(inst) {
		return 0, false
	}
	switch inst := inst.(type) {
	case *ir.InstICmp:
		x, ok1 := arg(inst.X)
		y, ok2 := arg(inst.Y)
		if !ok1 || !ok2 {
			return 0, false
		}
		r, ok := compare(inst.Pred, x, y, width(inst.X.Type()))
		if r {
			return 1, ok
		}
		return 0, ok
	case *ir.InstSelect:
		c, ok := arg(inst.Cond)
		if !ok {
			return 0, false
		}
		if c&1 == 1 {
			return arg(inst.ValueTrue)
		}
		return arg(inst.ValueFalse)
	case *ir.InstTrunc, *ir.InstZExt, *ir.InstSExt:
		var from value.Value
		switch inst := inst.(type) {
		case *ir.InstTrunc:
			from = inst.From
		case *ir.InstZExt:
			from = inst.From
		case *ir.InstSExt:
			from = inst.From
		}
		x, ok := arg(from)
		fw, tw := width(from.Type()), width(inst.Type())
		if !ok || fw == 0 {
			return 0, false
		}
		if _, ok := inst.(*ir.InstSExt); ok {
			return mask(uint64(signed(x, fw)), tw), true
		}
		return mask(x, tw), true
	}
	x, y, op := binary(inst)
	a, ok1 := arg(x)
	b, ok2 := arg(y)
	if !ok1 || !ok2 {
		return 0, false
	}
	return arith(op, a, b, width(inst.Type()))
}

// op is an integer binary operation.
type op int

// The integer binary operations of docs/ir.md.
const (
	opAdd op = iota
	opSub
	opMul
	opSDiv
	opUDiv
	opSRem
	opURem
	opShl
	opLShr
	opAShr
	opAnd
	opOr
	opXor
)

// binary returns an integer binary instruction's operands and operation.
func binary(inst value.Value) (x, y value.Value, o op) {
	switch i := inst.(type) {
	case *ir.InstAdd:
		return i.X, i.Y, opAdd
	case *ir.InstSub:
		return i.X, i.Y, opSub
	case *ir.InstMul:
		return i.X, i.Y, opMul
	case *ir.InstSDiv:
		return i.X, i.Y, opSDiv
	case *ir.InstUDiv:
		return i.X, i.Y, opUDiv
	case *ir.InstSRem:
		return i.X, i.Y, opSRem
	case *ir.InstURem:
		return i.X, i.Y, opURem
	case *ir.InstShl:
		return i.X, i.Y, opShl
	case *ir.InstLShr:
		return i.X, i.Y, opLShr
	case *ir.InstAShr:
		return i.X, i.Y, opAShr
	case *ir.InstAnd:
		return i.X, i.Y, opAnd
	case *ir.InstOr:
		return i.X, i.Y, opOr
	case *ir.InstXor:
		return i.X, i.Y, opXor
	}
	panic("unroll: not an integer binary instruction")
}

// arith computes x op y on w-bit values, wrapping as Go does; false where
// the result is undefined.
func arith(o op, x, y, w uint64) (uint64, bool) {
	sx, sy := signed(x, w), signed(y, w)
	minInt := signed(1<<(w-1), w)
	var r uint64
	switch o {
	case opAdd:
		r = x + y
	case opSub:
		r = x - y
	case opMul:
		r = x * y
	case opSDiv, opSRem:
		if sy == 0 || (sx == minInt && sy == -1) {
			return 0, false
		}
		if o == opSDiv {
			r = uint64(sx / sy) // Go truncates, as sdiv does
		} else {
			r = uint64(sx % sy)
		}
	case opUDiv, opURem:
		if y == 0 {
			return 0, false
		}
		if o == opUDiv {
			r = x / y
		} else {
			r = x % y
		}
	case opShl, opLShr, opAShr:
		if y >= w {
			return 0, false // poison in LLVM; the front end selects Go's result
		}
		switch o {
		case opShl:
			r = x << y
		case opLShr:
			r = x >> y
		default:
			r = uint64(sx >> y)
		}
	case opAnd:
		r = x & y
	case opOr:
		r = x | y
	case opXor:
		r = x ^ y
	}
	return mask(r, w), true
}

// compare evaluates icmp pred on w-bit values.
func compare(pred enum.IPred, x, y, w uint64) (bool, bool) {
	sx, sy := signed(x, w), signed(y, w)
	switch pred {
	case enum.IPredEQ:
		return x == y, true
	case enum.IPredNE:
		return x != y, true
	case enum.IPredSLT:
		return sx < sy, true
	case enum.IPredSLE:
		return sx <= sy, true
	case enum.IPredSGT:
		return sx > sy, true
	case enum.IPredSGE:
		return sx >= sy, true
	case enum.IPredULT:
		return x < y, true
	case enum.IPredULE:
		return x <= y, true
	case enum.IPredUGT:
		return x > y, true
	case enum.IPredUGE:
		return x >= y, true
	}
	return false, false
}

// fold returns what a copied instruction simplifies to, or nil: the
// constant of a pure instruction whose operands are all constants, and
// the operand of an identity (x+0, x-0, x*1, x|0, x^0, x&-1, shifts by 0,
// divisions by 1; x*0 and x&0 are 0; a select on a constant condition is
// the value it selects). Floats are never folded.
func fold(inst value.Value) value.Value {
	if s, ok := inst.(*ir.InstSelect); ok {
		if c, ok := constInt(s.Cond); ok {
			if c == 1 {
				return s.ValueTrue
			}
			return s.ValueFalse
		}
	}
	if !pure(inst) {
		return nil
	}
	if r, ok := eval(inst, constInt); ok {
		return newConst(inst.Type(), r)
	}
	switch inst.(type) {
	case *ir.InstICmp, *ir.InstSelect, *ir.InstTrunc, *ir.InstZExt, *ir.InstSExt:
		return nil
	}
	x, y, o := binary(inst)
	w := width(inst.Type())
	cy, yc := constInt(y)
	cx, xc := constInt(x)
	ones := mask(^uint64(0), w)
	switch {
	case yc && cy == 0 && (o == opAdd || o == opSub || o == opOr || o == opXor || o == opShl || o == opLShr || o == opAShr):
		return x
	case xc && cx == 0 && (o == opAdd || o == opOr || o == opXor):
		return y
	case yc && cy == 1 && (o == opMul || o == opSDiv || o == opUDiv):
		return x
	case xc && cx == 1 && o == opMul:
		return y
	case yc && cy == ones && o == opAnd:
		return x
	case xc && cx == ones && o == opAnd:
		return y
	case (yc && cy == 0 || xc && cx == 0) && (o == opMul || o == opAnd):
		return newConst(inst.Type(), 0)
	}
	return nil
}

// canonicalize puts the constant operand of a copied commutative
// instruction (add mul and or xor) or icmp second, as LLVM does (an icmp
// swaps its predicate): add i64 16, %lx becomes add i64 %lx, 16.
func canonicalize(inst ir.Instruction) {
	swap := func(x, y *value.Value) bool {
		_, xc := (*x).(*constant.Int)
		_, yc := (*y).(*constant.Int)
		if xc && !yc {
			*x, *y = *y, *x
			return true
		}
		return false
	}
	switch i := inst.(type) {
	case *ir.InstAdd:
		swap(&i.X, &i.Y)
	case *ir.InstMul:
		swap(&i.X, &i.Y)
	case *ir.InstAnd:
		swap(&i.X, &i.Y)
	case *ir.InstOr:
		swap(&i.X, &i.Y)
	case *ir.InstXor:
		swap(&i.X, &i.Y)
	case *ir.InstICmp:
		if swap(&i.X, &i.Y) {
			i.Pred = swapped[i.Pred]
		}
	}
}

// swapped is each icmp predicate with its operands exchanged.
var swapped = map[enum.IPred]enum.IPred{
	enum.IPredEQ: enum.IPredEQ, enum.IPredNE: enum.IPredNE,
	enum.IPredSLT: enum.IPredSGT, enum.IPredSGT: enum.IPredSLT,
	enum.IPredSLE: enum.IPredSGE, enum.IPredSGE: enum.IPredSLE,
	enum.IPredULT: enum.IPredUGT, enum.IPredUGT: enum.IPredULT,
	enum.IPredULE: enum.IPredUGE, enum.IPredUGE: enum.IPredULE,
}
