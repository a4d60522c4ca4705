package spirv

// This file creates control flow. The Kernel capability allows
// unstructured control flow, so go/ssa's branches map straight to OpBranch
// and OpBranchConditional (no merge instructions) and phis to OpPhi.
//
// A block of LLVM may become several SPIR-V blocks (the compare-exchange
// loop of a float atomic add, atomics.go), so a phi names as its parent the
// label of the *last* part of the predecessor. Those labels are known only
// once every block is written: createPhi leaves a hole that patchPhis fills.

import (
	"github.com/llir/llvm/ir"
)

// phiFixup is a phi operand to be set to the exit label of pred.
type phiFixup struct {
	at   int // index in the function body
	pred *ir.Block
}

// createPhi creates OpPhi. LLVM lists a predecessor once per edge (twice
// for a conditional branch with both targets the same); SPIR-V wants one
// entry per parent block, so repeats are dropped.
func (fe *funcEmitter) createPhi(inst *ir.InstPhi) {
	if fe.vk != nil {
		fe.vkPhi(inst)
		return
	}
	ops := []uint32{fe.typeOf(inst.Typ), fe.getValueID(inst)}
	var preds []*ir.Block
	seen := map[*ir.Block]bool{}
	for _, inc := range inst.Incs {
		b := inc.Pred.(*ir.Block)
		if seen[b] {
			continue
		}
		seen[b] = true
		ops = append(ops, fe.getValue(inc.X), 0)
		preds = append(preds, b)
	}
	start := len(fe.body) + 1
	fe.body.op(opPhi, ops...)
	for i, b := range preds {
		fe.fixups = append(fe.fixups, phiFixup{at: start + 3 + 2*i, pred: b})
	}
}

// patchPhis sets the parent labels of every phi.
func (fe *funcEmitter) patchPhis() {
	for _, fx := range fe.fixups {
		fe.body[fx.at] = fe.exits[fx.pred]
	}
}

// target returns the label of a branch target.
func (fe *funcEmitter) target(v any) uint32 {
	return fe.getLabelID(v.(*ir.Block))
}

// createTerm creates a block's terminator. `unreachable` after llvm.trap (a
// failed bounds check) returns from the kernel: OpenCL has no trap, and
// OpUnreachable there would let the driver drop the check.
func (fe *funcEmitter) createTerm(term ir.Terminator) {
	switch term := term.(type) {
	case *ir.TermRet:
		fe.body.op(opReturn)
	case *ir.TermBr:
		fe.body.op(opBranch, fe.target(term.Target))
	case *ir.TermCondBr:
		t, e := fe.target(term.TargetTrue), fe.target(term.TargetFalse)
		if t == e {
			fe.body.op(opBranch, t) // SPIR-V 1.6 forbids equal targets
			return
		}
		fe.body.op(opBranchConditional, fe.getValue(term.Cond), t, e)
	case *ir.TermUnreachable:
		if fe.trapped {
			fe.body.op(opReturn)
			return
		}
		fe.body.op(opUnreachable)
	default: // a terminator of the dialect without a case (see createInst)
		fe.errorf(ErrUnsupported, "terminator %T has no SPIR-V mapping", term)
	}
}
