package spirv

import (
	"github.com/llir/llvm/ir"
)

// This file creates control flow. The Kernel capability allows
// unstructured control flow, so go/ssa's branches map straight to OpBranch
// and OpBranchConditional (no merge instructions) and phis to OpPhi.
//
// A block of LLVM may become several SPIR-V blocks (the compare-exchange
// loop of a float atomic add, atomics.go), so a phi names as its parent the
// label of the *last* part of the predecessor. Those labels are known only
// once every block is written: createPhi leaves a hole that patchPhis fills.

// phiFixup is a phi operand to be set to the exit label of pred.
type phiFixup struct {
	at   int // index in the function body
	pred *ir.Block
}

// createPhi creates OpPhi. LLVM lists a predecessor once per edge (twice
// for a conditional branch with both targets the same); SPIR-V wants one
// entry per parent block, so repeats are dropped.
func (f *function) createPhi(inst *ir.InstPhi) {
	ops := []uint32{f.typeOf(inst.Typ), f.valueID(inst)}
	var preds []*ir.Block
	seen := map[*ir.Block]bool{}
	for _, inc := range inst.Incs {
		b, ok := inc.Pred.(*ir.Block)
		if !ok {
			f.errorf("phi predecessor %s is not a block", inc.Pred.Ident())
			return
		}
		if seen[b] {
			continue
		}
		seen[b] = true
		ops = append(ops, f.value(inc.X), 0)
		preds = append(preds, b)
	}
	start := len(f.body) + 1
	f.body.op(opPhi, ops...)
	for i, b := range preds {
		f.fixups = append(f.fixups, phiFixup{at: start + 3 + 2*i, pred: b})
	}
}

// patchPhis sets the parent labels of every phi.
func (f *function) patchPhis() {
	for _, fx := range f.fixups {
		label, ok := f.exits[fx.pred]
		if !ok {
			f.errorf("phi predecessor %%%s is not a block of the kernel", blockName(fx.pred))
			continue
		}
		f.body[fx.at] = label
	}
}

// target returns the label of a branch target.
func (f *function) target(v any) uint32 {
	b, ok := v.(*ir.Block)
	if !ok {
		f.errorf("branch target is not a block")
		return 0
	}
	return f.labelID(b)
}

// createTerm creates a block's terminator. `unreachable` after llvm.trap (a
// failed bounds check) returns from the kernel: OpenCL has no trap, and
// OpUnreachable there would let the driver drop the check.
func (f *function) createTerm(term ir.Terminator) {
	switch term := term.(type) {
	case *ir.TermRet:
		if term.X != nil {
			f.errorf("a kernel returns nothing")
			return
		}
		f.body.op(opReturn)
	case *ir.TermBr:
		f.body.op(opBranch, f.target(term.Target))
	case *ir.TermCondBr:
		t, e := f.target(term.TargetTrue), f.target(term.TargetFalse)
		if t == e {
			f.body.op(opBranch, t) // SPIR-V 1.6 forbids equal targets
			return
		}
		f.body.op(opBranchConditional, f.value(term.Cond), t, e)
	case *ir.TermUnreachable:
		if f.trapped {
			f.body.op(opReturn)
			return
		}
		f.body.op(opUnreachable)
	default:
		f.errorf("unsupported terminator (not in docs/ir.md)")
	}
}
