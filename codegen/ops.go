package codegen

// This file implements Go's operators on scalars with Go's semantics:
// wrap-around integers (no nsw/nuw), shifts by counts ≥ the width, signed
// and unsigned division and comparison, and conversions.

import (
	"go/token"
	"go/types"

	"github.com/llir/llvm/ir/constant"
	"github.com/llir/llvm/ir/enum"
	lltypes "github.com/llir/llvm/ir/types"
	"github.com/llir/llvm/ir/value"
	"golang.org/x/tools/go/ssa"
)

// createBinOp lowers a binary operator.
func (f *frame) createBinOp(b *ssa.BinOp) lowered {
	pos := b.Pos()
	xt := b.X.Type()
	if scalarType(xt) == nil {
		if _, ok := f.getValue(b.X, pos).(poison); !ok {
			f.unsupportedAt(pos, describeType(xt)+" operator "+b.Op.String())
		}
		return poison{}
	}
	x, y := f.scalar(b.X, pos), f.scalar(b.Y, pos)
	if x == nil || y == nil {
		return poison{}
	}
	switch b.Op {
	case token.SHL, token.SHR:
		return f.createShift(b.Op, x, y, xt)
	case token.EQL, token.NEQ, token.LSS, token.LEQ, token.GTR, token.GEQ:
		return f.createCompare(b.Op, x, y, xt)
	}
	if isFloat(xt) {
		switch b.Op {
		case token.ADD:
			return f.cur.NewFAdd(x, y)
		case token.SUB:
			return f.cur.NewFSub(x, y)
		case token.MUL:
			return f.createFMul(b, x, y)
		case token.QUO:
			return f.cur.NewFDiv(x, y)
		}
	} else if isInteger(xt) {
		unsigned := isUnsigned(xt)
		switch b.Op {
		case token.ADD:
			return f.cur.NewAdd(x, y)
		case token.SUB:
			return f.cur.NewSub(x, y)
		case token.MUL:
			return f.cur.NewMul(x, y)
		case token.QUO, token.REM:
			// Go panics on a zero divisor; a failing work-item of a
			// kernel with barriers divides by 1 (asserts.go).
			c := f.createDivCheck(y, pos)
			y = f.keep(c, y, constant.NewInt(y.Type().(*lltypes.IntType), 1))
			switch {
			case b.Op == token.QUO && unsigned:
				return f.cur.NewUDiv(x, y)
			case unsigned:
				return f.cur.NewURem(x, y)
			}
			return f.createSignedDiv(b.Op, x, y)
		case token.AND:
			return f.cur.NewAnd(x, y)
		case token.OR:
			return f.cur.NewOr(x, y)
		case token.XOR:
			return f.cur.NewXor(x, y)
		case token.AND_NOT:
			return f.cur.NewAnd(x, f.cur.NewXor(y, constant.NewInt(x.Type().(*lltypes.IntType), -1)))
		}
	}
	f.unsupportedAt(pos, "operator "+b.Op.String()+" on "+describeType(xt))
	return poison{}
}

// createSignedDiv lowers x / y or x % y of signed integers as Go defines
// them when y is -1: the quotient is -x (wrapping, so the most negative
// value divided by -1 is itself) and the remainder 0, where LLVM's sdiv and
// srem are undefined for the most negative value (x86 raises SIGFPE; PoCL
// returned -1 for math.MinInt32 % -1). A constant divisor other than -1
// needs no select.
func (f *frame) createSignedDiv(op token.Token, x, y value.Value) value.Value {
	it := y.Type().(*lltypes.IntType)
	if c, ok := y.(*constant.Int); ok && !(c.X.IsInt64() && c.X.Int64() == -1) {
		if op == token.QUO {
			return f.cur.NewSDiv(x, y)
		}
		return f.cur.NewSRem(x, y)
	}
	minusOne := f.cur.NewICmp(enum.IPredEQ, y, constant.NewInt(it, -1))
	safe := f.cur.NewSelect(minusOne, constant.NewInt(it, 1), y)
	if op == token.QUO {
		return f.cur.NewSelect(minusOne, f.cur.NewSub(constant.NewInt(it, 0), x), f.cur.NewSDiv(x, safe))
	}
	return f.cur.NewSelect(minusOne, constant.NewInt(it, 0), f.cur.NewSRem(x, safe))
}

// createCompare lowers == != < <= > >=.
func (f *frame) createCompare(op token.Token, x, y value.Value, t types.Type) value.Value {
	if isFloat(t) {
		preds := map[token.Token]enum.FPred{token.EQL: enum.FPredOEQ, token.NEQ: enum.FPredUNE,
			token.LSS: enum.FPredOLT, token.LEQ: enum.FPredOLE, token.GTR: enum.FPredOGT, token.GEQ: enum.FPredOGE}
		return f.cur.NewFCmp(preds[op], x, y)
	}
	preds := map[token.Token]enum.IPred{token.EQL: enum.IPredEQ, token.NEQ: enum.IPredNE,
		token.LSS: enum.IPredSLT, token.LEQ: enum.IPredSLE, token.GTR: enum.IPredSGT, token.GEQ: enum.IPredSGE}
	if isUnsigned(t) {
		preds[token.LSS], preds[token.LEQ], preds[token.GTR], preds[token.GEQ] = enum.IPredULT, enum.IPredULE, enum.IPredUGT, enum.IPredUGE
	}
	return f.cur.NewICmp(preds[op], x, y)
}

// createShift lowers << and >> with Go's result for counts ≥ the width of
// x: 0, or all sign bits for >> of a signed value. The count may have any
// integer type; a negative signed count (a panic in Go) counts as huge.
func (f *frame) createShift(op token.Token, x, y value.Value, t types.Type) value.Value {
	xt := x.Type().(*lltypes.IntType)
	w := int64(xt.BitSize)
	signed := op == token.SHR && !isUnsigned(t)
	if c, ok := y.(*constant.Int); ok {
		n := c.X.Uint64()
		if c.X.Sign() < 0 || n >= uint64(w) {
			if signed {
				return f.cur.NewAShr(x, constant.NewInt(xt, w-1))
			}
			return constant.NewInt(xt, 0)
		}
		cnt := constant.NewInt(xt, int64(n))
		switch {
		case op == token.SHL:
			return f.cur.NewShl(x, cnt)
		case signed:
			return f.cur.NewAShr(x, cnt)
		}
		return f.cur.NewLShr(x, cnt)
	}
	// Compare in the wider of the two types, shift in x's.
	yt := y.Type().(*lltypes.IntType)
	var big, cnt value.Value
	switch {
	case yt.BitSize > xt.BitSize:
		big = f.cur.NewICmp(enum.IPredUGE, y, constant.NewInt(yt, w))
		cnt = f.cur.NewTrunc(y, xt)
	case yt.BitSize < xt.BitSize:
		cnt = f.cur.NewZExt(y, xt)
		big = f.cur.NewICmp(enum.IPredUGE, cnt, constant.NewInt(xt, w))
	default:
		cnt = y
		big = f.cur.NewICmp(enum.IPredUGE, y, constant.NewInt(xt, w))
	}
	if signed {
		s := f.cur.NewSelect(big, constant.NewInt(xt, w-1), cnt)
		return f.cur.NewAShr(x, s)
	}
	var r value.Value
	if op == token.SHL {
		r = f.cur.NewShl(x, cnt)
	} else {
		r = f.cur.NewLShr(x, cnt)
	}
	return f.cur.NewSelect(big, constant.NewInt(xt, 0), r)
}

// createUnOp lowers unary operators; * (a load) is in memory.go.
func (f *frame) createUnOp(u *ssa.UnOp) lowered {
	pos := u.Pos()
	switch u.Op {
	case token.MUL:
		return f.createLoad(u)
	case token.ARROW:
		f.unsupportedAt(pos, "channel")
		return poison{}
	}
	t := u.X.Type()
	x := f.scalar(u.X, pos)
	if x == nil {
		return poison{}
	}
	switch u.Op {
	case token.NOT:
		return f.cur.NewXor(x, constant.True)
	case token.SUB:
		if isFloat(t) {
			return f.cur.NewFNeg(x)
		}
		if it, ok := x.Type().(*lltypes.IntType); ok {
			return f.cur.NewSub(constant.NewInt(it, 0), x)
		}
	case token.XOR:
		if it, ok := x.Type().(*lltypes.IntType); ok {
			return f.cur.NewXor(x, constant.NewInt(it, -1))
		}
	}
	f.unsupportedAt(pos, "operator "+u.Op.String()+" on "+describeType(t))
	return poison{}
}

// createConvert lowers a conversion between numeric types.
func (f *frame) createConvert(c *ssa.Convert) lowered {
	pos := c.Pos()
	from, to := c.X.Type(), c.Type()
	fl, tl := scalarType(from), scalarType(to)
	if fl == nil || tl == nil || isBool(from) || isBool(to) {
		bad := to
		if fl == nil {
			bad = from
		}
		if _, ok := f.getValue(c.X, pos).(poison); !ok {
			f.unsupportedAt(pos, "conversion involving "+describeType(bad))
		}
		return poison{}
	}
	x := f.scalar(c.X, pos)
	if x == nil {
		return poison{}
	}
	fw, tw := bitWidth(fl), bitWidth(tl)
	switch {
	case isInteger(from) && isInteger(to):
		switch {
		case fw == tw:
			return x
		case fw > tw:
			return f.cur.NewTrunc(x, tl)
		case isUnsigned(from):
			return f.cur.NewZExt(x, tl)
		default:
			return f.cur.NewSExt(x, tl)
		}
	case isInteger(from) && isFloat(to):
		if isUnsigned(from) {
			return f.cur.NewUIToFP(x, tl)
		}
		return f.cur.NewSIToFP(x, tl)
	case isFloat(from) && isInteger(to):
		if isUnsigned(to) {
			return f.cur.NewFPToUI(x, tl)
		}
		return f.cur.NewFPToSI(x, tl)
	case isFloat(from) && isFloat(to):
		switch {
		case fw == tw:
			return x
		case fw > tw:
			return f.cur.NewFPTrunc(x, tl)
		default:
			return f.cur.NewFPExt(x, tl)
		}
	}
	f.unsupportedAt(pos, "conversion from "+describeType(from)+" to "+describeType(to))
	return poison{}
}
