package spirv

import (
	"strings"

	"github.com/llir/llvm/ir"
	"github.com/llir/llvm/ir/constant"
	"github.com/llir/llvm/ir/value"
)

// This file creates the calls of docs/ir.md, all to intrinsics: the
// work-item queries, the barrier, llvm.trap, and (in math.go) the math
// functions.
//
// Work-item queries read built-in Input variables of type v3ulong (a
// 3-component vector of 64-bit integers, as the OpenCL environment wants),
// loaded whole and the component extracted: GlobalInvocationId,
// LocalInvocationId, WorkgroupId, WorkgroupSize and NumWorkgroups.
// @ka.global_size(d) reads the hidden parameter ka.gsize<d> instead of the
// GlobalSize built-in: it is the user's range, while the driver's global
// size may be rounded up to a multiple of the group size.

// workItemBuiltIns maps the work-item query intrinsics to built-ins.
var workItemBuiltIns = map[string]uint32{
	"ka.global_id":  builtInGlobalInvocationID,
	"ka.local_id":   builtInLocalInvocationID,
	"ka.group_id":   builtInWorkgroupID,
	"ka.group_size": builtInWorkgroupSize,
	"ka.num_groups": builtInNumWorkgroups,
}

// builtInNames names the built-in variables in the disassembly.
var builtInNames = map[uint32]string{
	builtInGlobalInvocationID: "__spirv_BuiltInGlobalInvocationId",
	builtInLocalInvocationID:  "__spirv_BuiltInLocalInvocationId",
	builtInWorkgroupID:        "__spirv_BuiltInWorkgroupId",
	builtInWorkgroupSize:      "__spirv_BuiltInWorkgroupSize",
	builtInNumWorkgroups:      "__spirv_BuiltInNumWorkgroups",
}

// createCall dispatches a call on its callee's name.
func (f *function) createCall(inst *ir.InstCall) {
	callee, ok := inst.Callee.(*ir.Func)
	if !ok {
		f.errorf("unsupported indirect call")
		return
	}
	name := callee.Name()
	if len(callee.Blocks) > 0 {
		f.errorf("unsupported call of @%s: docs/ir.md has helpers inlined, only intrinsics are called", name)
		return
	}
	if b, ok := workItemBuiltIns[name]; ok {
		f.createWorkItemQuery(inst, b)
		return
	}
	switch {
	case name == "ka.global_size":
		f.createGlobalSize(inst)
	case name == "ka.barrier":
		f.createBarrier(inst)
	case name == "llvm.trap":
		f.trapped = true // see createTerm
	case strings.HasPrefix(name, "llvm.") || strings.HasPrefix(name, "ka.math."):
		f.createMath(inst, name)
	default:
		f.errorf("unsupported call of @%s (not an intrinsic of docs/ir.md)", name)
	}
}

// dimension returns the dimension argument of a work-item query, which
// docs/ir.md makes a constant 0..2 (the front end rejects others).
func (f *function) dimension(inst *ir.InstCall) int {
	if len(inst.Args) != 1 || intBits(inst.Args[0].Type()) == 0 {
		f.errorf("a work-item query takes one integer dimension")
		return 0
	}
	c, ok := inst.Args[0].(*constant.Int)
	if !ok {
		f.errorf("the dimension of a work-item query must be a constant")
		return 0
	}
	if d := c.X.Int64(); d >= 0 && d <= 2 {
		return int(d)
	}
	f.errorf("dimension %s out of range 0..2", c.X)
	return 0
}

// getBuiltIn returns the Input variable of a built-in, declaring it once.
func (f *function) getBuiltIn(b uint32) uint32 {
	if id, ok := f.builtins[b]; ok {
		return id
	}
	v3 := f.getVectorType(f.getIntType(64), 3)
	id := f.newID()
	f.globals.op(opVariable, f.getPointerType(storageInput, v3), id, storageInput)
	f.annotations.op(opDecorate, id, decorationBuiltIn, b)
	f.annotations.op(opDecorate, id, decorationConstant)
	f.name(id, builtInNames[b])
	f.builtins[b] = id
	f.interface_ = append(f.interface_, id)
	return id
}

// createWorkItemQuery loads a built-in vector and extracts component d.
func (f *function) createWorkItemQuery(inst *ir.InstCall, b uint32) {
	d := f.dimension(inst)
	i64 := f.getIntType(64)
	v3 := f.getVectorType(i64, 3)
	vec := f.newID()
	f.body.op(opLoad, v3, vec, f.getBuiltIn(b))
	f.body.op(opCompositeExtract, i64, f.valueID(inst), vec, uint32(d))
}

// createGlobalSize maps @ka.global_size(d) to the hidden parameter
// ka.gsize<d>.
func (f *function) createGlobalSize(inst *ir.InstCall) {
	f.alias(inst, f.gsize[f.dimension(inst)])
}

// alias makes v's result the existing id, or a copy of it when v's id is
// already in use (a phi further up referred to it).
func (f *function) alias(v value.Value, id uint32) {
	if old, ok := f.values[v]; ok {
		f.body.op(opCopyObject, f.typeOf(v.Type()), old, id)
		return
	}
	f.values[v] = id
	f.aliased = true
}

// createBarrier creates OpControlBarrier Workgroup Workgroup
// AcquireRelease|WorkgroupMemory|CrossWorkgroupMemory, OpenCL C's
// barrier(CLK_LOCAL_MEM_FENCE|CLK_GLOBAL_MEM_FENCE).
func (f *function) createBarrier(inst *ir.InstCall) {
	if len(inst.Args) != 0 {
		f.errorf("@ka.barrier takes no arguments")
		return
	}
	scope := f.getIntConst(32, scopeWorkgroup)
	sem := f.getIntConst(32, semanticsAcquireRelease|semanticsWorkgroupMemory|semanticsCrossWorkgroupMemory)
	f.body.op(opControlBarrier, scope, scope, sem)
}
