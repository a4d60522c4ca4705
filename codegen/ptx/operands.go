package ptx

// This file turns IR values into PTX operands: virtual registers for SSA
// values, immediates for constants (floats as exact hex, 0f/0d), and symbol
// addresses for workgroup globals.

import (
	"fmt"
	"math"
	"math/big"

	"github.com/llir/llvm/ir"
	"github.com/llir/llvm/ir/constant"
	"github.com/llir/llvm/ir/types"
	"github.com/llir/llvm/ir/value"
)

// newReg allocates a fresh virtual register of class c.
func (fe *funcEmitter) newReg(c regClass) string {
	fe.nregs[c]++
	return fmt.Sprintf("%s%d", c.prefix(), fe.nregs[c])
}

// def allocates the register that holds the result of v. It returns "" and
// records an error if v's type has no register class.
func (fe *funcEmitter) def(v value.Value) string {
	if r, ok := fe.regs[v]; ok {
		return r // a phi's register, allocated before its block
	}
	c, _ := classOf(v.Type())
	r := fe.newReg(c)
	fe.regs[v] = r
	return r
}

// alias makes v share the register of an existing value.
func (fe *funcEmitter) alias(v value.Value, r string) { fe.regs[v] = r }

// operand returns v as a PTX source operand: its register, or an immediate
// for a constant. i1 constants and global addresses are materialized into a
// register, since predicates and symbols are not immediates.
func (fe *funcEmitter) operand(v value.Value) string {
	if r, ok := fe.regs[v]; ok {
		return r
	}
	switch c := v.(type) {
	case *constant.Int:
		if c.Typ.BitSize == 1 {
			return fe.predConst(c.X.Sign() != 0)
		}
		return intImm(c.X, int(c.Typ.BitSize))
	case *constant.Float:
		return floatImm(c)
	case *constant.Undef, *constant.Poison, *constant.ZeroInitializer, *constant.Null:
		return fe.zeroOperand(v.Type())
	case *ir.Global:
		r := fe.newReg(classB64)
		fe.ins("mov.u64 %s, %s", r, fe.globals[c])
		return r
	}
	return "0" // an instruction that failed (its error is recorded)
}

// reg returns v in a register, moving an immediate into a fresh one. Use it
// where PTX wants a register (stores, atomics, cvt sources, moves of
// predicates).
func (fe *funcEmitter) reg(v value.Value) string {
	op := fe.operand(v)
	if op != "" && op[0] == '%' {
		return op
	}
	c, _ := classOf(v.Type())
	r := fe.newReg(c)
	fe.ins("mov.%s %s, %s", c.movType(), r, op)
	return r
}

func (fe *funcEmitter) predConst(b bool) string {
	r := fe.newReg(classPred)
	// setp of two immediates: a true or false predicate.
	if b {
		fe.ins("setp.eq.u32 %s, 0, 0", r)
	} else {
		fe.ins("setp.ne.u32 %s, 0, 0", r)
	}
	return r
}

func (fe *funcEmitter) zeroOperand(t types.Type) string {
	c, _ := classOf(t)
	switch c {
	case classPred:
		return fe.predConst(false)
	case classF32:
		return "0f00000000"
	case classF64:
		return "0d0000000000000000"
	}
	return "0"
}

// intImm formats an integer constant of the given width as a signed decimal
// immediate (negative values are fine for PTX's .b/.u/.s types).
func intImm(x *big.Int, bits int) string {
	var u uint64
	if x.IsInt64() {
		u = uint64(x.Int64())
	} else {
		u = x.Uint64()
	}
	switch {
	case bits <= 32:
		return fmt.Sprint(int64(int32(uint32(u)<<(32-bits)) >> (32 - bits)))
	default:
		return fmt.Sprint(int64(u))
	}
}

// floatImm formats a float constant as PTX's exact hex immediate.
func floatImm(c *constant.Float) string {
	if c.Typ.Kind == types.FloatKindFloat {
		if c.NaN {
			return "0f7FFFFFFF"
		}
		f, _ := c.X.Float32()
		return f32Imm(f)
	}
	if c.NaN {
		return "0d7FFFFFFFFFFFFFFF"
	}
	f, _ := c.X.Float64()
	if c.X.IsInf() {
		f = math.Inf(c.X.Sign())
	}
	return f64Imm(f)
}

func f32Imm(f float32) string { return fmt.Sprintf("0f%08X", math.Float32bits(f)) }
func f64Imm(f float64) string { return fmt.Sprintf("0d%016X", math.Float64bits(f)) }
