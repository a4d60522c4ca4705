package ircheck

// This file checks arithmetic, comparisons and select: operands of the
// result's type (integers, floats), no flags (Go integers wrap, and no
// fast-math), i1 only where it is a bit (add sub mul and or xor), the
// comparisons' predicates and operand kinds.

import (
	"github.com/kago-dev/kago/codegen/internal/emitutil"
	"github.com/llir/llvm/ir"
	"github.com/llir/llvm/ir/enum"
	"github.com/llir/llvm/ir/value"
)

// checkIntBinary checks add sub mul sdiv udiv srem urem shl lshr ashr and
// or xor.
func (c *checker) checkIntBinary(inst ir.Instruction) {
	v := inst.(value.Named)
	x, y := emitutil.BinaryOperands(v)
	t := v.Type()
	if emitutil.IntBits(t) == 0 || !isScalar(t) || !x.Type().Equal(t) || !y.Type().Equal(t) {
		c.badf("integer operation on %s and %s giving %s", x.Type().LLString(), y.Type().LLString(), t.LLString())
		return
	}
	if emitutil.IsBool(t) {
		switch inst.(type) {
		case *ir.InstAdd, *ir.InstSub, *ir.InstMul, *ir.InstAnd, *ir.InstOr, *ir.InstXor:
		default:
			c.badf("%s on i1: only add, sub, mul, and, or and xor are bit operations", opcodeName(inst))
		}
	}
	var flags []enum.OverflowFlag
	exact := false
	switch inst := inst.(type) {
	case *ir.InstAdd:
		flags = inst.OverflowFlags
	case *ir.InstSub:
		flags = inst.OverflowFlags
	case *ir.InstMul:
		flags = inst.OverflowFlags
	case *ir.InstShl:
		flags = inst.OverflowFlags
	case *ir.InstSDiv:
		exact = inst.Exact
	case *ir.InstUDiv:
		exact = inst.Exact
	case *ir.InstLShr:
		exact = inst.Exact
	case *ir.InstAShr:
		exact = inst.Exact
	}
	if len(flags) > 0 || exact {
		c.badf("nsw, nuw and exact flags are not in docs/ir.md: Go integers wrap")
	}
}

// checkFloatBinary checks fadd fsub fmul fdiv frem.
func (c *checker) checkFloatBinary(inst ir.Instruction) {
	v := inst.(value.Named)
	x, y := emitutil.BinaryOperands(v)
	t := v.Type()
	if emitutil.FloatBits(t) == 0 || !x.Type().Equal(t) || !y.Type().Equal(t) {
		c.badf("float operation on %s and %s giving %s", x.Type().LLString(), y.Type().LLString(), t.LLString())
		return
	}
	var fmf []enum.FastMathFlag
	switch inst := inst.(type) {
	case *ir.InstFAdd:
		fmf = inst.FastMathFlags
	case *ir.InstFSub:
		fmf = inst.FastMathFlags
	case *ir.InstFMul:
		fmf = inst.FastMathFlags
	case *ir.InstFDiv:
		fmf = inst.FastMathFlags
	case *ir.InstFRem:
		fmf = inst.FastMathFlags
	}
	c.checkFastMath(fmf)
}

// checkFastMath refuses fast-math flags: a kernel's float results must not
// depend on them.
func (c *checker) checkFastMath(fmf []enum.FastMathFlag) {
	if len(fmf) > 0 {
		c.badf("fast-math flags are not in docs/ir.md")
	}
}

// checkFNeg checks fneg.
func (c *checker) checkFNeg(inst *ir.InstFNeg) {
	if emitutil.FloatBits(inst.X.Type()) == 0 {
		c.badf("fneg on %s", inst.X.Type().LLString())
	}
	c.checkFastMath(inst.FastMathFlags)
}

// checkICmp checks icmp: integers of one type with any predicate, or
// pointers of one type compared for equality.
func (c *checker) checkICmp(inst *ir.InstICmp) {
	t := inst.X.Type()
	if !inst.Y.Type().Equal(t) {
		c.badf("icmp of %s and %s", t.LLString(), inst.Y.Type().LLString())
		return
	}
	switch {
	case emitutil.IntBits(t) != 0:
		if _, ok := intPredicates[inst.Pred]; !ok {
			c.badf("icmp predicate %s is not in docs/ir.md", inst.Pred)
		}
	case emitutil.IsPointer(t):
		if inst.Pred != enum.IPredEQ && inst.Pred != enum.IPredNE {
			c.badf("icmp %s of pointers: pointers are compared with eq and ne only", inst.Pred)
		}
	default:
		c.badf("icmp on %s", t.LLString())
	}
}

// intPredicates are icmp's predicates.
var intPredicates = map[enum.IPred]bool{
	enum.IPredEQ: true, enum.IPredNE: true,
	enum.IPredSGT: true, enum.IPredSGE: true, enum.IPredSLT: true, enum.IPredSLE: true,
	enum.IPredUGT: true, enum.IPredUGE: true, enum.IPredULT: true, enum.IPredULE: true,
}

// floatPredicates are fcmp's predicates.
var floatPredicates = map[enum.FPred]bool{
	enum.FPredFalse: true, enum.FPredOEQ: true, enum.FPredOGT: true, enum.FPredOGE: true,
	enum.FPredOLT: true, enum.FPredOLE: true, enum.FPredONE: true, enum.FPredORD: true,
	enum.FPredUEQ: true, enum.FPredUGT: true, enum.FPredUGE: true, enum.FPredULT: true,
	enum.FPredULE: true, enum.FPredUNE: true, enum.FPredUNO: true, enum.FPredTrue: true,
}

// checkFCmp checks fcmp: floats of one type, any of its predicates.
func (c *checker) checkFCmp(inst *ir.InstFCmp) {
	t := inst.X.Type()
	if emitutil.FloatBits(t) == 0 || !inst.Y.Type().Equal(t) {
		c.badf("fcmp of %s and %s", t.LLString(), inst.Y.Type().LLString())
		return
	}
	if !floatPredicates[inst.Pred] {
		c.badf("fcmp predicate %s is not in docs/ir.md", inst.Pred)
	}
	c.checkFastMath(inst.FastMathFlags)
}

// checkSelect checks select: an i1 condition and two values of the
// result's type.
func (c *checker) checkSelect(inst *ir.InstSelect) {
	if !emitutil.IsBool(inst.Cond.Type()) {
		c.badf("select condition of type %s, not i1", inst.Cond.Type().LLString())
	}
	t := inst.Type()
	if !inst.ValueTrue.Type().Equal(t) || !inst.ValueFalse.Type().Equal(t) {
		c.badf("select of %s and %s", inst.ValueTrue.Type().LLString(), inst.ValueFalse.Type().LLString())
	}
}
