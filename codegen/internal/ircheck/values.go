package ircheck

// This file checks operands: constants of the dialect's kinds (integers,
// floats, undef, poison, zeroinitializer, null; a character array only as
// @ka.printf's format), the kernel's own parameters, its workgroup
// globals, and its instructions, each defined before its use: where
// control flow reaches the use, the definition dominates it (for a phi's
// value, the end of the predecessor); in unreachable blocks, which
// nothing dominates, it comes earlier in the list. No constant
// expressions, functions as values, metadata or inline assembly.

import (
	"github.com/kago-dev/kago/codegen/internal/emitutil"
	"github.com/llir/llvm/ir"
	"github.com/llir/llvm/ir/constant"
	"github.com/llir/llvm/ir/value"
)

// pos is where an instruction is: its block's position in the function
// and its index in the block (the terminator's is len(Insts)).
type pos struct{ block, index int }

// indexDefs records where each of the kernel's instructions is.
func (c *checker) indexDefs() {
	n := 0
	for _, b := range c.fn.Blocks {
		n += len(b.Insts)
	}
	c.defs = make(map[value.Value]pos, n)
	for bi, b := range c.fn.Blocks {
		for i, inst := range b.Insts {
			if v, ok := inst.(value.Value); ok {
				c.defs[v] = pos{bi, i}
			}
		}
	}
}

// checkOperands checks the operands of an instruction or terminator at
// index i of block b (its position); a phi's are checked with it
// (control.go), a block as a branch target by the control flow's check.
func (c *checker) checkOperands(u value.User, b, i int) {
	if _, ok := u.(*ir.InstPhi); ok {
		return
	}
	call, isCall := u.(*ir.InstCall)
	for k, op := range u.Operands() {
		if op == nil || *op == nil {
			c.badf("missing operand")
			continue
		}
		switch v := (*op).(type) {
		case *ir.Block:
			continue
		case *ir.Func:
			if !isCall || k != 0 {
				c.badf("function @%s used as a value; only intrinsics are called", v.Name())
			}
			continue
		case *constant.CharArray:
			if !isCall || k != 1 || !isPrintf(call) {
				c.badf("constant array %s: only @ka.printf's format is one", v.Ident())
			}
			continue
		}
		c.checkValue(*op, b, i)
	}
	if v, ok := u.(value.Named); ok {
		if _, isPair := u.(*ir.InstCmpXchg); !isPair && !emitutil.IsVoid(v.Type()) && !isValueType(v.Type()) {
			c.badf("result of type %s", v.Type().LLString())
		}
	}
}

// checkValue checks an operand v used at index i of block b (its
// position; a phi's value at the end of its predecessor: i past its
// terminator).
func (c *checker) checkValue(v value.Value, b, i int) {
	switch v := v.(type) {
	case *constant.Int, *constant.Float, *constant.Undef, *constant.Poison, *constant.ZeroInitializer, *constant.Null:
		if !isValueType(v.Type()) {
			c.badf("constant %s of type %s", v.Ident(), v.Type().LLString())
		}
		return
	case *ir.Param:
		for _, p := range c.fn.Params {
			if p == v {
				return
			}
		}
		c.badf("operand %s is not a parameter of the kernel", v.Ident())
		return
	case *ir.Global:
		if !c.globals[v] {
			c.badf("operand @%s is not a workgroup array of the module", v.Name())
		}
		return
	case ir.Instruction:
	default:
		c.badf("operand %s (%T) is not in docs/ir.md", v.Ident(), v)
		return
	}
	if _, isPair := v.(*ir.InstCmpXchg); !isPair && !isValueType(v.Type()) {
		c.badf("operand %s of type %s", v.Ident(), v.Type().LLString()) // a cmpxchg's users are extractvalues (atomics.go)
	}
	d, ok := c.defs[v]
	if !ok {
		c.badf("operand %s is not an instruction of the kernel", v.Ident())
		return
	}
	if !c.defines(d, b, i) {
		c.badf("operand %s is used before its definition (in %s) along some path", v.Ident(), c.fn.Blocks[d.block].Ident())
	}
}

// defines reports whether a value defined at d is available at index i of
// block b.
func (c *checker) defines(d pos, b, i int) bool {
	if d.block == b {
		return d.index < i
	}
	if !c.cfg.reachable(b) {
		return d.block < b
	}
	return c.cfg.reachable(d.block) && c.cfg.dominates(d.block, b)
}
