package ptx

// This file implements the calls of docs/ir.md, all of them intrinsics:
// createCall maps each Op of emitutil's table, the math functions going on
// to math.go.
//
//	@ka.global_id(d)   mad.wide.u32 of %ctaid, %ntid, plus %tid (64-bit)
//	@ka.local_id(d)    %tid
//	@ka.group_id(d)    %ctaid
//	@ka.group_size(d)  %ntid
//	@ka.num_groups(d)  %nctaid
//	@ka.global_size(d) the hidden parameter %ka.gsize<d>
//	@ka.barrier()      bar.sync 0
//	@llvm.trap()       trap
//	@ka.subgroup_*     the warp: %tid and %ntid's linear id, shfl.sync.idx,
//	                   vote.sync.ballot (subgroups.go)

import (
	"github.com/kago-dev/kago/codegen/internal/emitutil"
	"github.com/llir/llvm/ir"
)

var dims = [3]string{"x", "y", "z"}

func (fe *funcEmitter) createCall(inst *ir.InstCall) {
	c, _ := emitutil.CallOf(inst)
	switch c.Op {
	case emitutil.GlobalID:
		dst := fe.def(inst)
		ctaid, ntid, tid := fe.newReg(classB32), fe.newReg(classB32), fe.newReg(classB32)
		fe.ins("mov.u32 %s, %%ctaid.%s", ctaid, dims[c.Dim])
		fe.ins("mov.u32 %s, %%ntid.%s", ntid, dims[c.Dim])
		fe.ins("mov.u32 %s, %%tid.%s", tid, dims[c.Dim])
		wide := fe.newReg(classB64)
		fe.ins("cvt.u64.u32 %s, %s", wide, tid)
		fe.ins("mad.wide.u32 %s, %s, %s, %s", dst, ctaid, ntid, wide)
	case emitutil.LocalID:
		fe.createSpecialReg(inst, "%tid", c.Dim)
	case emitutil.GroupID:
		fe.createSpecialReg(inst, "%ctaid", c.Dim)
	case emitutil.GroupSize:
		fe.createSpecialReg(inst, "%ntid", c.Dim)
	case emitutil.NumGroups:
		fe.createSpecialReg(inst, "%nctaid", c.Dim)
	case emitutil.GlobalSize:
		fe.alias(inst, fe.reg(emitutil.GlobalSizeParam(fe.fn, c.Dim)))
	case emitutil.Barrier:
		fe.ins("bar.sync 0")
	case emitutil.Trap:
		fe.ins("trap")
	case emitutil.MathFunc:
		fe.createMath(inst, c.Math)
	case emitutil.Printf:
		fe.createPrintf(inst)
	case emitutil.SubgroupSize:
		fe.createSubgroupQuery(inst, fe.subgroup.size)
	case emitutil.SubgroupID:
		fe.createSubgroupQuery(inst, fe.subgroup.id)
	case emitutil.SubgroupLocalID:
		fe.createSubgroupQuery(inst, fe.subgroup.lane)
	case emitutil.SubgroupShuffle:
		fe.createSubgroupShuffle(inst)
	case emitutil.SubgroupBallot:
		fe.createSubgroupBallot(inst)
	default:
		fe.errorf(ErrUnsupported, "intrinsic %s has no PTX mapping", c.Op)
	}
}

// createSpecialReg reads dimension d of a special register, widened to 64
// bits; its 32-bit register is what a truncation of it reads (low32).
func (fe *funcEmitter) createSpecialReg(inst *ir.InstCall, sreg string, d int) {
	dst := fe.def(inst)
	r := fe.newReg(classB32)
	fe.ins("mov.u32 %s, %s.%s", r, sreg, dims[d])
	fe.ins("cvt.u64.u32 %s, %s", dst, r)
	fe.low32[inst] = r
}
