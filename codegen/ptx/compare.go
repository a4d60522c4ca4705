package ptx

// This file implements icmp, fcmp and select.
//
// icmp on i8/i16 extends both operands first (sign for signed predicates,
// zero otherwise); unsigned predicates use PTX's lo/ls/hi/hs. icmp on i1
// goes through 0/1 (or 0/-1 for signed predicates) in a b32 register.
// fcmp maps LLVM's ordered predicates to PTX's ordered ones (eq ne lt le gt
// ge num) and unordered ones to the u-suffixed ones (equ neu ltu leu gtu geu
// nan): the semantics are the same.

import (
	"github.com/kago-dev/kago/codegen/internal/emitutil"
	"github.com/llir/llvm/ir"
	"github.com/llir/llvm/ir/enum"
	"github.com/llir/llvm/ir/value"
)

var icmpOps = map[enum.IPred]struct {
	op     string
	signed bool
}{
	enum.IPredEQ:  {"eq", false},
	enum.IPredNE:  {"ne", false},
	enum.IPredSLT: {"lt", true},
	enum.IPredSLE: {"le", true},
	enum.IPredSGT: {"gt", true},
	enum.IPredSGE: {"ge", true},
	enum.IPredULT: {"lo", false},
	enum.IPredULE: {"ls", false},
	enum.IPredUGT: {"hi", false},
	enum.IPredUGE: {"hs", false},
}

func (fe *funcEmitter) createICmp(inst *ir.InstICmp) {
	p := icmpOps[inst.Pred]
	typ := "u"
	if p.signed {
		typ = "s"
	}
	bits := emitutil.IntBits(inst.X.Type())
	var a, b string
	switch {
	case bits == 1:
		a, b = fe.createBoolToInt(inst.X, p.signed), fe.createBoolToInt(inst.Y, p.signed)
		typ += "32"
	case bits == 64 || bits == 0: // i64 or pointer
		a, b = fe.operand(inst.X), fe.operand(inst.Y)
		typ += "64"
	default: // i8, i16, i32
		a, b = fe.createExtend(inst.X, p.signed), fe.createExtend(inst.Y, p.signed)
		typ += "32"
	}
	fe.ins("setp.%s.%s %s, %s, %s", p.op, typ, fe.def(inst), a, b)
}

// createBoolToInt returns an i1 as 0/1 (or 0/-1 when signed) in a b32 register.
func (fe *funcEmitter) createBoolToInt(v value.Value, signed bool) string {
	r := fe.newReg(classB32)
	one := "1"
	if signed {
		one = "-1"
	}
	fe.ins("selp.b32 %s, %s, 0, %s", r, one, fe.reg(v))
	return r
}

var fcmpOps = map[enum.FPred]string{
	enum.FPredOEQ: "eq", enum.FPredONE: "ne", enum.FPredOLT: "lt", enum.FPredOLE: "le",
	enum.FPredOGT: "gt", enum.FPredOGE: "ge", enum.FPredORD: "num",
	enum.FPredUEQ: "equ", enum.FPredUNE: "neu", enum.FPredULT: "ltu", enum.FPredULE: "leu",
	enum.FPredUGT: "gtu", enum.FPredUGE: "geu", enum.FPredUNO: "nan",
}

func (fe *funcEmitter) createFCmp(inst *ir.InstFCmp) {
	c, _ := classOf(inst.X.Type())
	switch inst.Pred {
	case enum.FPredTrue, enum.FPredFalse:
		// Materialize the constant in the result register.
		d := fe.def(inst)
		if inst.Pred == enum.FPredTrue {
			fe.ins("setp.eq.u32 %s, 0, 0", d)
		} else {
			fe.ins("setp.ne.u32 %s, 0, 0", d)
		}
		return
	}
	fe.ins("setp.%s.%s %s, %s, %s", fcmpOps[inst.Pred], c.ptxType(), fe.def(inst), fe.operand(inst.X), fe.operand(inst.Y))
}

func (fe *funcEmitter) createSelect(inst *ir.InstSelect) {
	c, _ := classOf(inst.Type())
	cond := fe.reg(inst.Cond)
	if c == classPred {
		a, b := fe.reg(inst.ValueTrue), fe.reg(inst.ValueFalse)
		t1, t2, t3 := fe.newReg(classPred), fe.newReg(classPred), fe.newReg(classPred)
		fe.ins("and.pred %s, %s, %s", t1, cond, a)
		fe.ins("not.pred %s, %s", t2, cond)
		fe.ins("and.pred %s, %s, %s", t3, t2, b)
		fe.ins("or.pred %s, %s, %s", fe.def(inst), t1, t3)
		return
	}
	fe.ins("selp.%s %s, %s, %s, %s", c.ptxType(), fe.def(inst), fe.operand(inst.ValueTrue), fe.operand(inst.ValueFalse), cond)
}
