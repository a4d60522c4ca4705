package ptx

// This file implements the intrinsic calls other than math: the work-item
// queries, @ka.barrier and @llvm.trap. emitCall is the dispatch for every
// call; math intrinsics go on to math.go.
//
//	@ka.global_id(d)   mad.wide.u32 of %ctaid, %ntid, plus %tid (64-bit)
//	@ka.local_id(d)    %tid
//	@ka.group_id(d)    %ctaid
//	@ka.group_size(d)  %ntid
//	@ka.num_groups(d)  %nctaid
//	@ka.global_size(d) the hidden .param <Entry>_param_<n+d>
//	@ka.barrier()      bar.sync 0
//	@llvm.trap()       trap

import (
	"strings"

	"github.com/llir/llvm/ir"
	"github.com/llir/llvm/ir/constant"
)

var dims = [3]string{"x", "y", "z"}

func (fe *funcEmitter) emitCall(inst *ir.InstCall) {
	callee, ok := inst.Callee.(*ir.Func)
	if !ok {
		fe.errorf("indirect call")
		return
	}
	if len(callee.Blocks) > 0 {
		fe.errorf("call of defined function @%s (helpers must be inlined)", callee.Name())
		return
	}
	name := callee.Name()
	switch name {
	case "ka.global_id", "ka.local_id", "ka.group_id", "ka.group_size", "ka.num_groups", "ka.global_size":
		fe.emitWorkItem(inst, name)
	case "ka.barrier":
		fe.ins("bar.sync 0")
	case "llvm.trap":
		fe.ins("trap")
	default:
		if strings.HasPrefix(name, "llvm.") || strings.HasPrefix(name, "ka.math.") {
			fe.emitMath(inst, name)
			return
		}
		fe.errorf("call of unknown function @%s", name)
	}
}

func (fe *funcEmitter) emitWorkItem(inst *ir.InstCall, name string) {
	if len(inst.Args) != 1 {
		fe.errorf("@%s takes one i32 argument", name)
		return
	}
	c, ok := inst.Args[0].(*constant.Int)
	if !ok || !c.X.IsInt64() || c.X.Int64() < 0 || c.X.Int64() > 2 {
		fe.errorf("@%s: dimension must be a constant 0, 1 or 2", name)
		return
	}
	if intBits(inst.Type()) != 64 {
		fe.errorf("@%s must return i64", name)
		return
	}
	d := c.X.Int64()
	if name == "ka.global_size" {
		fe.alias(inst, fe.gsize[d])
		return
	}
	sreg := map[string]string{
		"ka.local_id": "%tid", "ka.group_id": "%ctaid", "ka.group_size": "%ntid", "ka.num_groups": "%nctaid",
	}
	dst := fe.def(inst)
	if name == "ka.global_id" {
		ctaid, ntid, tid := fe.newReg(classB32), fe.newReg(classB32), fe.newReg(classB32)
		fe.ins("mov.u32 %s, %%ctaid.%s", ctaid, dims[d])
		fe.ins("mov.u32 %s, %%ntid.%s", ntid, dims[d])
		fe.ins("mov.u32 %s, %%tid.%s", tid, dims[d])
		wide := fe.newReg(classB64)
		fe.ins("cvt.u64.u32 %s, %s", wide, tid)
		fe.ins("mad.wide.u32 %s, %s, %s, %s", dst, ctaid, ntid, wide)
		return
	}
	r := fe.newReg(classB32)
	fe.ins("mov.u32 %s, %s.%s", r, sreg[name], dims[d])
	fe.ins("cvt.u64.u32 %s, %s", dst, r)
}
