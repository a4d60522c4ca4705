package ircheck

// This file checks calls: every one calls a declared intrinsic of
// emitutil's table with its signature (a work-item query's dimension a
// constant 0..2, a math function's operands and result of its float type,
// printf's constant format and i64 or double arguments), and
// @ka.global_size(d) has its hidden parameter to read.

import (
	"github.com/kago-dev/kago/codegen/internal/emitutil"
	"github.com/llir/llvm/ir"
	"github.com/llir/llvm/ir/constant"
)

// isPrintf reports whether inst calls @ka.printf.
func isPrintf(inst *ir.InstCall) bool {
	c, ok := emitutil.CallOf(inst)
	return ok && c.Op == emitutil.Printf
}

// checkCall checks a call against the table of intrinsics.
func (c *checker) checkCall(inst *ir.InstCall) {
	c.checkFastMath(inst.FastMathFlags)
	callee, ok := inst.Callee.(*ir.Func)
	if !ok {
		c.badf("indirect call; only intrinsics are called")
		return
	}
	name := callee.Name()
	if len(callee.Blocks) > 0 {
		c.badf("call of defined function @%s; helpers must be inlined, only intrinsics are called", name)
		return
	}
	call, ok := emitutil.CallOf(inst)
	if !ok {
		c.badf("call of @%s, which is not an intrinsic of docs/ir.md", name)
		return
	}
	if call.Op == emitutil.MathFunc {
		c.checkMath(inst, name, call.Math)
		return
	}
	if call.Op == emitutil.Printf {
		c.checkPrintf(inst)
		return
	}
	args, ret := inst.Args, inst.Type()
	switch emitutil.Intrinsics[call.Op].Sig {
	case emitutil.SigVoid:
		if len(args) != 0 || !emitutil.IsVoid(ret) {
			c.badf("@%s takes no arguments and returns void", name)
		}
	case emitutil.SigLane:
		if len(args) != 0 || emitutil.IntBits(ret) != 64 {
			c.badf("@%s is i64 ()", name)
		}
	case emitutil.SigShuffle:
		if len(args) != 2 || emitutil.IntBits(args[0].Type()) != 32 || emitutil.IntBits(args[1].Type()) != 32 || emitutil.IntBits(ret) != 32 {
			c.badf("@%s is i32 (i32, i32)", name)
		}
	case emitutil.SigBallot:
		if len(args) != 1 || !emitutil.IsBool(args[0].Type()) || emitutil.IntBits(ret) != 32 {
			c.badf("@%s is i32 (i1)", name)
		}
	case emitutil.SigQuery:
		c.checkQuery(inst, name, call)
	default:
		c.badf("@%s: signature %d has no check", name, emitutil.Intrinsics[call.Op].Sig)
	}
}

// checkQuery checks a work-item query, i64 (i32 d) of a constant d in
// 0..2, and that the kernel has the hidden parameter @ka.global_size(d)
// reads.
func (c *checker) checkQuery(inst *ir.InstCall, name string, call emitutil.Call) {
	if len(inst.Args) != 1 || emitutil.IntBits(inst.Args[0].Type()) != 32 || emitutil.IntBits(inst.Type()) != 64 {
		c.badf("@%s is i64 (i32 d)", name)
		return
	}
	d, ok := inst.Args[0].(*constant.Int)
	if !ok || !d.X.IsInt64() || d.X.Int64() < 0 || d.X.Int64() > 2 {
		c.badf("@%s: the dimension must be a constant 0, 1 or 2", name)
		return
	}
	if call.Op == emitutil.GlobalSize && emitutil.GlobalSizeParam(c.fn, call.Dim) == nil {
		c.badf("@ka.global_size(%d) reads the hidden parameter i64 %%ka.gsize%d, which the kernel lacks", call.Dim, call.Dim)
	}
}

// checkMath checks a math function: Arity operands and a result, all of
// its float type.
func (c *checker) checkMath(inst *ir.InstCall, name string, m emitutil.Math) {
	if len(inst.Args) != m.Arity || emitutil.FloatBits(inst.Type()) != m.Bits {
		c.badf("@%s takes %d float%d operand(s) and returns one", name, m.Arity, m.Bits)
		return
	}
	for _, a := range inst.Args {
		if emitutil.FloatBits(a.Type()) != m.Bits {
			c.badf("@%s: operand of type %s", name, a.Type())
			return
		}
	}
}

// checkPrintf checks a call of @ka.printf: a constant NUL-terminated
// format, then i64 and double arguments.
func (c *checker) checkPrintf(inst *ir.InstCall) {
	if len(inst.Args) == 0 || !emitutil.IsVoid(inst.Type()) {
		c.badf("@ka.printf takes a format and returns void")
		return
	}
	ca, ok := inst.Args[0].(*constant.CharArray)
	if !ok || len(ca.X) == 0 || ca.X[len(ca.X)-1] != 0 {
		c.badf("@ka.printf: the format must be a constant NUL-terminated [N x i8]")
	}
	for i, a := range inst.Args[1:] {
		if emitutil.IntBits(a.Type()) != 64 && emitutil.FloatBits(a.Type()) != 64 {
			c.badf("@ka.printf: argument %d is %s, not i64 or double", i+1, a.Type())
		}
	}
}
