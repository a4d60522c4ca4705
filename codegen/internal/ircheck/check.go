package ircheck

// This file holds the entry point, the checker's state and the one type
// switch over docs/ir.md's instructions; each family is checked in the
// file named after it.

import (
	"fmt"

	"github.com/kago-dev/kago/codegen/internal/emitutil"
	"github.com/llir/llvm/ir"
	"github.com/llir/llvm/ir/value"
)

// Check verifies that m is a module of docs/ir.md and returns its kernel.
// target names the checker's caller in the errors ("ptx", "ir after stop
// checks"); the error, when not nil, joins an *emitutil.Error per problem
// (at most emitutil.MaxErrors), each wrapping emitutil.ErrBadIR or
// emitutil.ErrUnsupported. The kernel is nil when the module has none.
func Check(target string, m *ir.Module) (kernel *ir.Func, err error) {
	c := &checker{target: target, m: m}
	defer func() {
		// llir's methods panic on some malformed modules (a call whose
		// callee is not a function pointer); that is bad IR too.
		if r := recover(); r != nil {
			c.errorf(emitutil.ErrBadIR, "malformed IR: %v", r)
			kernel, err = nil, c.errs.Err()
		}
	}()
	c.fn = c.findKernel()
	if c.fn == nil {
		return nil, c.errs.Err()
	}
	c.checkGlobals()
	c.checkParams()
	c.checkBody()
	if err := c.errs.Err(); err != nil {
		return c.fn, err
	}
	return c.fn, nil
}

// checker is the state of one Check.
type checker struct {
	target string
	m      *ir.Module
	fn     *ir.Func

	globals map[*ir.Global]bool // the module's workgroup arrays
	cfg     *cfg                // the kernel's control flow (control.go)
	defs    map[value.Value]pos // where each instruction is (values.go)

	block *ir.Block     // the block being checked, for errors
	inst  ir.LLStringer // the instruction being checked, for errors
	errs  emitutil.ErrorList
}

// errorf records a problem of kind at the current position.
func (c *checker) errorf(kind error, format string, args ...any) {
	c.errs.Add(emitutil.Errorf(c.target, c.fn, c.block, c.inst, kind, format, args...))
}

// badf records a problem outside the contract (ErrBadIR).
func (c *checker) badf(format string, args ...any) {
	c.errorf(emitutil.ErrBadIR, format, args...)
}

// checkBody checks the kernel's blocks: the control flow, then each
// instruction and terminator with its operands.
func (c *checker) checkBody() {
	c.cfg = c.checkCFG()
	if c.cfg == nil {
		return
	}
	c.indexDefs()
	for bi, b := range c.fn.Blocks {
		c.block = b
		for i, inst := range b.Insts {
			c.inst = inst
			c.checkOperands(inst, bi, i)
			c.checkInst(inst, b, i)
		}
		c.inst = b.Term
		c.checkOperands(b.Term, bi, len(b.Insts))
		c.checkTerm(b)
	}
	c.block, c.inst = nil, nil
}

// checkInst checks one instruction: the dispatch over docs/ir.md's list.
func (c *checker) checkInst(inst ir.Instruction, b *ir.Block, i int) {
	switch inst := inst.(type) {
	case *ir.InstAdd, *ir.InstSub, *ir.InstMul, *ir.InstSDiv, *ir.InstUDiv,
		*ir.InstSRem, *ir.InstURem, *ir.InstShl, *ir.InstLShr, *ir.InstAShr,
		*ir.InstAnd, *ir.InstOr, *ir.InstXor:
		c.checkIntBinary(inst)
	case *ir.InstFAdd, *ir.InstFSub, *ir.InstFMul, *ir.InstFDiv, *ir.InstFRem:
		c.checkFloatBinary(inst)
	case *ir.InstFNeg:
		c.checkFNeg(inst)
	case *ir.InstICmp:
		c.checkICmp(inst)
	case *ir.InstFCmp:
		c.checkFCmp(inst)
	case *ir.InstSelect:
		c.checkSelect(inst)
	case *ir.InstTrunc, *ir.InstZExt, *ir.InstSExt, *ir.InstFPTrunc, *ir.InstFPExt,
		*ir.InstFPToUI, *ir.InstFPToSI, *ir.InstUIToFP, *ir.InstSIToFP, *ir.InstBitCast:
		c.checkConversion(inst)
	case *ir.InstAlloca:
		c.checkAlloca(inst, b)
	case *ir.InstLoad:
		c.checkLoad(inst)
	case *ir.InstStore:
		c.checkStore(inst)
	case *ir.InstGetElementPtr:
		c.checkGEP(inst)
	case *ir.InstAtomicRMW:
		c.checkAtomicRMW(inst)
	case *ir.InstCmpXchg:
		c.checkCmpXchg(inst)
	case *ir.InstExtractValue:
		c.checkExtractValue(inst)
	case *ir.InstPhi:
		c.checkPhi(inst, b, i)
	case *ir.InstCall:
		c.checkCall(inst)
	default:
		c.badf("instruction %s is not in docs/ir.md", opcodeName(inst))
	}
}

// opcodeName is an instruction's opcode as LLVM spells it ("fence"), for
// messages: its Go type's name without "*ir.Inst", lower-cased.
func opcodeName(inst ir.Instruction) string {
	s := fmt.Sprintf("%T", inst)
	if len(s) > len("*ir.Inst") {
		s = s[len("*ir.Inst"):]
	}
	b := []byte(s)
	for i, ch := range b {
		if ch >= 'A' && ch <= 'Z' {
			b[i] = ch - 'A' + 'a'
		}
	}
	return string(b)
}
