package unroll

// This file copies instructions and terminators. Every instruction of
// docs/ir.md but alloca (entry block only, so never in a loop) is
// copied: arithmetic, comparisons, select, conversions, loads (the stop
// flag's volatile one too), stores, getelementptr, atomics, cmpxchg and
// its extractvalues, calls (barriers, work-item queries, printf, math)
// and phis. A copy is unnamed and shares nothing mutable with its
// original: operand lists, phi entries and metadata lists are its own.

import (
	"slices"

	"github.com/llir/llvm/ir"
	"github.com/llir/llvm/ir/value"
)

// copyable reports whether copyInst copies inst.
func copyable(inst ir.Instruction) bool {
	switch inst.(type) {
	case *ir.InstAdd, *ir.InstSub, *ir.InstMul, *ir.InstSDiv, *ir.InstUDiv,
		*ir.InstSRem, *ir.InstURem, *ir.InstShl, *ir.InstLShr, *ir.InstAShr,
		*ir.InstAnd, *ir.InstOr, *ir.InstXor,
		*ir.InstFAdd, *ir.InstFSub, *ir.InstFMul, *ir.InstFDiv, *ir.InstFRem, *ir.InstFNeg,
		*ir.InstICmp, *ir.InstFCmp, *ir.InstSelect,
		*ir.InstTrunc, *ir.InstZExt, *ir.InstSExt, *ir.InstFPTrunc, *ir.InstFPExt,
		*ir.InstFPToUI, *ir.InstFPToSI, *ir.InstUIToFP, *ir.InstSIToFP, *ir.InstBitCast,
		*ir.InstLoad, *ir.InstStore, *ir.InstGetElementPtr,
		*ir.InstAtomicRMW, *ir.InstCmpXchg, *ir.InstExtractValue,
		*ir.InstCall, *ir.InstPhi:
		return true
	}
	return false
}

// copyInst returns an unnamed copy of inst (one that copyable accepts)
// with the same operands.
func copyInst(inst ir.Instruction) ir.Instruction {
	c := dup(inst)
	if n, ok := c.(interface{ SetName(string) }); ok {
		n.SetName("") // unnamed, ID 0: the caller numbers the function
	}
	return c
}

// dup copies inst and the lists it owns.
func dup(inst ir.Instruction) ir.Instruction {
	switch inst := inst.(type) {
	case *ir.InstAdd:
		c := *inst
		c.Metadata = slices.Clone(inst.Metadata)
		return &c
	case *ir.InstSub:
		c := *inst
		c.Metadata = slices.Clone(inst.Metadata)
		return &c
	case *ir.InstMul:
		c := *inst
		c.Metadata = slices.Clone(inst.Metadata)
		return &c
	case *ir.InstSDiv:
		c := *inst
		c.Metadata = slices.Clone(inst.Metadata)
		return &c
	case *ir.InstUDiv:
		c := *inst
		c.Metadata = slices.Clone(inst.Metadata)
		return &c
	case *ir.InstSRem:
		c := *inst
		c.Metadata = slices.Clone(inst.Metadata)
		return &c
	case *ir.InstURem:
		c := *inst
		c.Metadata = slices.Clone(inst.Metadata)
		return &c
	case *ir.InstShl:
		c := *inst
		c.Metadata = slices.Clone(inst.Metadata)
		return &c
	case *ir.InstLShr:
		c := *inst
		c.Metadata = slices.Clone(inst.Metadata)
		return &c
	case *ir.InstAShr:
		c := *inst
		c.Metadata = slices.Clone(inst.Metadata)
		return &c
	case *ir.InstAnd:
		c := *inst
		c.Metadata = slices.Clone(inst.Metadata)
		return &c
	case *ir.InstOr:
		c := *inst
		c.Metadata = slices.Clone(inst.Metadata)
		return &c
	case *ir.InstXor:
		c := *inst
		c.Metadata = slices.Clone(inst.Metadata)
		return &c
	case *ir.InstFAdd:
		c := *inst
		c.Metadata = slices.Clone(inst.Metadata)
		return &c
	case *ir.InstFSub:
		c := *inst
		c.Metadata = slices.Clone(inst.Metadata)
		return &c
	case *ir.InstFMul:
		c := *inst
		c.Metadata = slices.Clone(inst.Metadata)
		return &c
	case *ir.InstFDiv:
		c := *inst
		c.Metadata = slices.Clone(inst.Metadata)
		return &c
	case *ir.InstFRem:
		c := *inst
		c.Metadata = slices.Clone(inst.Metadata)
		return &c
	case *ir.InstFNeg:
		c := *inst
		c.Metadata = slices.Clone(inst.Metadata)
		return &c
	case *ir.InstICmp:
		c := *inst
		c.Metadata = slices.Clone(inst.Metadata)
		return &c
	case *ir.InstFCmp:
		c := *inst
		c.Metadata = slices.Clone(inst.Metadata)
		return &c
	case *ir.InstSelect:
		c := *inst
		c.Metadata = slices.Clone(inst.Metadata)
		return &c
	case *ir.InstTrunc:
		c := *inst
		c.Metadata = slices.Clone(inst.Metadata)
		return &c
	case *ir.InstZExt:
		c := *inst
		c.Metadata = slices.Clone(inst.Metadata)
		return &c
	case *ir.InstSExt:
		c := *inst
		c.Metadata = slices.Clone(inst.Metadata)
		return &c
	case *ir.InstFPTrunc:
		c := *inst
		c.Metadata = slices.Clone(inst.Metadata)
		return &c
	case *ir.InstFPExt:
		c := *inst
		c.Metadata = slices.Clone(inst.Metadata)
		return &c
	case *ir.InstFPToUI:
		c := *inst
		c.Metadata = slices.Clone(inst.Metadata)
		return &c
	case *ir.InstFPToSI:
		c := *inst
		c.Metadata = slices.Clone(inst.Metadata)
		return &c
	case *ir.InstUIToFP:
		c := *inst
		c.Metadata = slices.Clone(inst.Metadata)
		return &c
	case *ir.InstSIToFP:
		c := *inst
		c.Metadata = slices.Clone(inst.Metadata)
		return &c
	case *ir.InstBitCast:
		c := *inst
		c.Metadata = slices.Clone(inst.Metadata)
		return &c
	case *ir.InstLoad:
		c := *inst
		c.Metadata = slices.Clone(inst.Metadata)
		return &c
	case *ir.InstStore:
		c := *inst
		c.Metadata = slices.Clone(inst.Metadata)
		return &c
	case *ir.InstAtomicRMW:
		c := *inst
		c.Metadata = slices.Clone(inst.Metadata)
		return &c
	case *ir.InstCmpXchg:
		c := *inst
		c.Metadata = slices.Clone(inst.Metadata)
		return &c
	case *ir.InstExtractValue:
		c := *inst
		c.Metadata = slices.Clone(inst.Metadata)
		return &c
	case *ir.InstGetElementPtr:
		c := *inst
		c.Indices = slices.Clone(inst.Indices)
		c.Metadata = slices.Clone(inst.Metadata)
		return &c
	case *ir.InstCall:
		c := *inst
		c.Args = slices.Clone(inst.Args)
		c.Metadata = slices.Clone(inst.Metadata)
		return &c
	case *ir.InstPhi:
		c := *inst
		c.Incs = make([]*ir.Incoming, len(inst.Incs))
		for i, inc := range inst.Incs {
			c.Incs[i] = &ir.Incoming{X: inc.X, Pred: inc.Pred}
		}
		c.Metadata = slices.Clone(inst.Metadata)
		return &c
	}
	panic("unroll: copy of an instruction that copyable refuses")
}

// copyTerm returns a copy of a loop block's terminator (br, conditional
// br, ret, unreachable), its values mapped by m and its targets by
// target.
func copyTerm(t ir.Terminator, m copyOf, target func(value.Value) value.Value) ir.Terminator {
	switch t := t.(type) {
	case *ir.TermBr:
		return ir.NewBr(target(t.Target).(*ir.Block))
	case *ir.TermCondBr:
		return ir.NewCondBr(m.get(t.Cond), target(t.TargetTrue).(*ir.Block), target(t.TargetFalse).(*ir.Block))
	case *ir.TermRet:
		if t.X == nil {
			return ir.NewRet(nil)
		}
		return ir.NewRet(m.get(t.X))
	case *ir.TermUnreachable:
		return ir.NewUnreachable()
	}
	panic("unroll: copy of a terminator outside docs/ir.md")
}

// clearSuccs drops llir's cached successors of a retargeted branch.
func clearSuccs(t ir.Terminator) {
	switch t := t.(type) {
	case *ir.TermBr:
		t.Successors = nil
	case *ir.TermCondBr:
		t.Successors = nil
	}
}
