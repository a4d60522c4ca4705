package ptx

// This file implements the subgroup primitives of docs/ir.md
// ("Subgroups"). On PTX a subgroup is a warp: NVIDIA GPUs form warps of 32
// from the linear thread index of the block,
//
//	lin = %tid.x + %ntid.x*(%tid.y + %ntid.y*%tid.z)
//
// so subgroup s of a block of n = %ntid.x*%ntid.y*%ntid.z threads holds the
// linear ids [32s, min(32s+32, n)): every warp is full but the last, which
// is partial when n is not a multiple of 32.
//
//	@ka.subgroup_size()        min(32, n - (lin &^ 31))
//	@ka.subgroup_id()          lin >> 5
//	@ka.subgroup_local_id()    lin & 31 (what %laneid reads, computed the
//	                           way the others are)
//	@ka.subgroup_shuffle(v, l) shfl.sync.idx.b32 d, v, l, 31, mask
//	@ka.subgroup_ballot(p)     vote.sync.ballot.b32 d, p, mask
//
// mask is the warp's membermask: the lanes that exist, (1 << size) - 1
// (shl clamps a shift of 32 to the width, giving 0, so a full warp's mask
// is all ones). shfl.sync and vote.sync wait for the non-exited threads of
// membermask and are undefined for a thread outside it; the front end has
// every work-item of the group call the shuffle and the ballot, like a
// barrier, so every lane of the mask executes them converged. The shuffle's
// c operand 31 is clamp 31 with segment mask 0: the whole warp is one
// segment and the lane, which the front end keeps below the size, selects
// the source lane as it is.
//
// A kernel that calls any subgroup primitive computes lin, the subgroup's
// id, lane, size and mask once, at the top of the entry block
// (createSubgroupRegs), where they dominate every call.

import (
	"github.com/kago-dev/kago/codegen/internal/emitutil"
	"github.com/llir/llvm/ir"
)

// warpSize is the number of threads of an NVIDIA warp, a PTX subgroup.
const warpSize = 32

// subgroupRegs are the b32 registers that hold the caller's subgroup.
type subgroupRegs struct {
	id, lane, size, mask string
}

// usesSubgroups reports whether f calls one of the subgroup primitives.
func usesSubgroups(f *ir.Func) bool {
	for _, b := range f.Blocks {
		for _, inst := range b.Insts {
			call, ok := inst.(*ir.InstCall)
			if !ok {
				continue
			}
			switch c, _ := emitutil.CallOf(call); c.Op {
			case emitutil.SubgroupSize, emitutil.SubgroupID, emitutil.SubgroupLocalID,
				emitutil.SubgroupShuffle, emitutil.SubgroupBallot:
				return true
			}
		}
	}
	return false
}

// createSubgroupRegs computes the subgroup's registers in the entry block
// of a kernel that uses subgroups; fe.subgroup stays nil otherwise.
func (fe *funcEmitter) createSubgroupRegs() {
	if !usesSubgroups(fe.fn) {
		return
	}
	var tid, ntid [3]string
	for d := range dims {
		tid[d], ntid[d] = fe.newReg(classB32), fe.newReg(classB32)
		fe.ins("mov.u32 %s, %%tid.%s", tid[d], dims[d])
		fe.ins("mov.u32 %s, %%ntid.%s", ntid[d], dims[d])
	}
	yz, lin := fe.newReg(classB32), fe.newReg(classB32)
	fe.ins("mad.lo.s32 %s, %s, %s, %s", yz, tid[2], ntid[1], tid[1])
	fe.ins("mad.lo.s32 %s, %s, %s, %s", lin, yz, ntid[0], tid[0])
	nxy, n := fe.newReg(classB32), fe.newReg(classB32)
	fe.ins("mul.lo.s32 %s, %s, %s", nxy, ntid[0], ntid[1])
	fe.ins("mul.lo.s32 %s, %s, %s", n, nxy, ntid[2])
	sg := &subgroupRegs{id: fe.newReg(classB32), lane: fe.newReg(classB32)}
	fe.ins("shr.u32 %s, %s, 5", sg.id, lin)
	fe.ins("and.b32 %s, %s, %d", sg.lane, lin, warpSize-1)
	first, rest := fe.newReg(classB32), fe.newReg(classB32)
	fe.ins("and.b32 %s, %s, %d", first, lin, -warpSize)
	fe.ins("sub.s32 %s, %s, %s", rest, n, first)
	sg.size = fe.newReg(classB32)
	fe.ins("min.u32 %s, %s, %d", sg.size, rest, warpSize)
	// 1 << size with the 1 in a register, as llc writes it: shl's first
	// operand is not an immediate.
	one, bit := fe.newReg(classB32), fe.newReg(classB32)
	fe.ins("mov.u32 %s, 1", one)
	fe.ins("shl.b32 %s, %s, %s", bit, one, sg.size)
	sg.mask = fe.newReg(classB32)
	fe.ins("sub.s32 %s, %s, 1", sg.mask, bit)
	fe.subgroup = sg
}

// createSubgroupQuery widens one of the subgroup's registers (the size,
// the id or the lane) to the call's i64.
func (fe *funcEmitter) createSubgroupQuery(inst *ir.InstCall, r string) {
	fe.ins("cvt.u64.u32 %s, %s", fe.def(inst), r)
}

// createSubgroupShuffle reads the first operand of the lane that the
// second names.
func (fe *funcEmitter) createSubgroupShuffle(inst *ir.InstCall) {
	v, lane := fe.reg(inst.Args[0]), fe.operand(inst.Args[1])
	fe.ins("shfl.sync.idx.b32 %s, %s, %s, %d, %s", fe.def(inst), v, lane, warpSize-1, fe.subgroup.mask)
}

// createSubgroupBallot gathers the predicate of every lane of the warp.
func (fe *funcEmitter) createSubgroupBallot(inst *ir.InstCall) {
	p := fe.reg(inst.Args[0])
	fe.ins("vote.sync.ballot.b32 %s, %s, %s", fe.def(inst), p, fe.subgroup.mask)
}
