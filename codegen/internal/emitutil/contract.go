package emitutil

// This file reads FMA contraction, the one opt-in of docs/ir.md
// ("Contraction"): which fmul/fadd pairs of a kernel a target may fuse.

import (
	"github.com/llir/llvm/ir"
	"github.com/llir/llvm/ir/metadata"
	"github.com/llir/llvm/ir/value"
)

// ContractAttr is the string function attribute ("ka-contract") with which
// the front end marks a kernel that opted in to FMA contraction
// (//ka:contract). Without it no target fuses anything.
const ContractAttr = "ka-contract"

// RoundMD is the metadata attachment (!ka.round) the front end puts on an
// fmul whose product an explicit Go conversion rounds (float32(x*y) + z):
// Go forbids fusing that product even in a contracting kernel.
const RoundMD = "ka.round"

// PartialMD is the metadata attachment (!ka.partial) on the branch of a
// kernel's uniform partial-group test (docs/ir.md, "Intrinsics"): its true
// target is the per-item range test, which gives the same result without
// it, so a target may branch there directly (the PTX middle end does).
const PartialMD = "ka.partial"

// Contracts reports whether kernel f carries ContractAttr.
func Contracts(f *ir.Func) bool {
	for _, a := range f.FuncAttrs {
		if s, ok := a.(ir.AttrString); ok && string(s) == ContractAttr {
			return true
		}
	}
	return false
}

// Contraction holds a kernel's fusable pairs: an fadd one of whose operands
// is an fmul of the same type with no other use and no RoundMD. The fmul may
// sit in another block (Go's checks often put one between a*x[i] and
// + y[i]): it dominates the fadd, and the emitters copy phis only on the
// edges taken, so no value the product reads can change on the way. Emitters lower such a pair as one multiply-add (OpenCL C: one
// expression under FP_CONTRACT ON; SPIR-V: OpenCL.std fma; PTX: fma.rn) and
// emit nothing for the fmul itself. The zero value (a kernel without
// ContractAttr) fuses nothing.
type Contraction struct {
	adds map[*ir.InstFAdd]*ir.InstFMul
	muls map[*ir.InstFMul]bool
}

// Contractions finds f's fusable pairs; none unless Contracts(f).
func Contractions(f *ir.Func) Contraction {
	var c Contraction
	if !Contracts(f) {
		return c
	}
	uses := Uses(f)
	c.adds = map[*ir.InstFAdd]*ir.InstFMul{}
	c.muls = map[*ir.InstFMul]bool{}
	for _, b := range f.Blocks {
		for _, inst := range b.Insts {
			add, ok := inst.(*ir.InstFAdd)
			if !ok || len(add.FastMathFlags) > 0 {
				continue
			}
			for _, op := range []value.Value{add.X, add.Y} {
				m, ok := op.(*ir.InstFMul)
				if ok && len(m.FastMathFlags) == 0 && !HasMD(m.Metadata, RoundMD) && uses[m] == 1 && m.Typ.Equal(add.Typ) {
					c.adds[add], c.muls[m] = m, true
					break
				}
			}
		}
	}
	return c
}

// HasMD reports whether md, an instruction's metadata, has an
// attachment named name (RoundMD, PartialMD).
func HasMD(md []*metadata.Attachment, name string) bool {
	for _, a := range md {
		if a.Name == name {
			return true
		}
	}
	return false
}

// Fused reports whether m is the product of a fusable pair: the emitter
// emits nothing for it, since its fadd computes it.
func (c Contraction) Fused(m *ir.InstFMul) bool { return c.muls[m] }

// MulAdd returns, for the fadd of a fusable pair, the product's factors x
// and y and the addend z (add = x*y + z); ok is false for any other fadd.
func (c Contraction) MulAdd(add *ir.InstFAdd) (x, y, z value.Value, ok bool) {
	m := c.adds[add]
	if m == nil {
		return nil, nil, nil, false
	}
	z = add.Y
	if add.Y == value.Value(m) {
		z = add.X
	}
	return m.X, m.Y, z, true
}
