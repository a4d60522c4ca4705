package openclc

// This file prints constants as OpenCL C literals. Floats are printed
// exactly, as hexadecimal floating literals (C99, so OpenCL C); infinities
// and NaNs through as_float/as_double of their bits.

import (
	"fmt"
	"math"
	"math/big"
	"strconv"

	"github.com/kago-dev/kago/codegen/internal/emitutil"
	"github.com/llir/llvm/ir/constant"
	"github.com/llir/llvm/ir/types"
	"github.com/llir/llvm/ir/value"
)

// constant returns the literal of a constant operand, of the kinds that
// ircheck lets through.
func (fe *funcEmitter) constant(v value.Value) string {
	switch c := v.(type) {
	case *constant.Int:
		return fe.intLiteral(c.Typ, c.X)
	case *constant.Float:
		return fe.floatLiteral(c)
	case *constant.Undef, *constant.Poison, *constant.ZeroInitializer, *constant.Null:
		// undef and poison may be any value; zero is one.
		return fe.zero(v.Type())
	}
	return "0" // an instruction that failed (its error is recorded)
}

// zero returns the zero literal of a type.
func (fe *funcEmitter) zero(t types.Type) string {
	switch t := t.(type) {
	case *types.IntType:
		return fe.intLiteral(t, new(big.Int))
	case *types.FloatType:
		if emitutil.FloatBits(t) == 64 {
			fe.ctype(t) // marks fp64
			return "0.0"
		}
		return "0.0f"
	}
	return "((" + fe.ctype(t) + ")0)" // a pointer
}

// intLiteral prints an integer constant of type t as its unsigned value:
// true/false for i1, "(uchar)N"/"(ushort)N" for i8/i16, "Nu" and "Nul" for
// i32/i64; hexadecimal from 2^16 up, where bit patterns read better.
func (fe *funcEmitter) intLiteral(t *types.IntType, x *big.Int) string {
	bits := t.BitSize
	mask := new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), uint(bits)), big.NewInt(1))
	u := new(big.Int).And(x, mask).Uint64()
	if bits == 1 {
		if u != 0 {
			return "true"
		}
		return "false"
	}
	digits := strconv.FormatUint(u, 10)
	if u >= 1<<16 {
		digits = "0x" + strconv.FormatUint(u, 16)
	}
	switch bits {
	case 8:
		return "(uchar)" + digits
	case 16:
		return "(ushort)" + digits
	case 32:
		return digits + "u"
	}
	return digits + "ul"
}

// floatLiteral prints a float or double constant exactly. Negative values
// are parenthesized so that "-" never meets another "-".
func (fe *funcEmitter) floatLiteral(c *constant.Float) string {
	bits := emitutil.FloatBits(c.Typ)
	fe.ctype(c.Typ) // marks fp64 for double
	neg := c.X.Signbit()
	if c.NaN {
		if bits == 32 {
			return fmt.Sprintf("as_float(0x%08xu)", nanBits32(neg))
		}
		return fmt.Sprintf("as_double(0x%016xul)", nanBits64(neg))
	}
	if c.X.IsInf() {
		if bits == 32 {
			return fmt.Sprintf("as_float(0x%08xu)", math.Float32bits(float32(math.Inf(sign(neg)))))
		}
		return fmt.Sprintf("as_double(0x%016xul)", math.Float64bits(math.Inf(sign(neg))))
	}
	var s string
	if bits == 32 {
		f, _ := c.X.Float32()
		s = strconv.FormatFloat(float64(f), 'x', -1, 32) + "f"
	} else {
		f, _ := c.X.Float64()
		s = strconv.FormatFloat(f, 'x', -1, 64)
	}
	if neg {
		return "(" + s + ")"
	}
	return s
}

// nanBits32 and nanBits64 are the quiet NaNs LLVM prints by default, with
// the given sign (llir keeps a NaN's sign but not its payload).
func nanBits32(neg bool) uint32 {
	if neg {
		return 0xffc00000
	}
	return 0x7fc00000
}

func nanBits64(neg bool) uint64 {
	if neg {
		return 0xfff8000000000000
	}
	return 0x7ff8000000000000
}

func sign(neg bool) int {
	if neg {
		return -1
	}
	return 1
}
