package spirv

// This file creates the calls of docs/ir.md, all to intrinsics: the
// work-item queries, the barrier, llvm.trap, the subgroup primitives, and
// (in math.go) the math functions.
//
// Subgroups are of one work-item in this version (docs/ir.md,
// "Subgroups"): the OpenCL devices here (PoCL 3.1) declare no
// GroupNonUniform capabilities, and a subgroup of one is correct on every
// device: its size is 1, its id the linear local id, the lane 0, a
// shuffle returns its own value (the front end keeps the lane below the
// size) and a ballot is the predicate in bit 0.
//
// Work-item queries read built-in Input variables of type v3ulong (a
// 3-component vector of 64-bit integers, as the OpenCL environment wants),
// loaded whole and the component extracted: GlobalInvocationId,
// LocalInvocationId, WorkgroupId, WorkgroupSize and NumWorkgroups.
// @ka.global_size(d) reads the hidden parameter ka.gsize<d> instead of the
// GlobalSize built-in: it is the user's range, while the driver's global
// size may be rounded up to a multiple of the group size.

import (
	"github.com/kago-dev/kago/codegen/internal/emitutil"
	"github.com/llir/llvm/ir"
	"github.com/llir/llvm/ir/value"
)

// builtInNames names the built-in variables in the disassembly.
var builtInNames = map[uint32]string{
	builtInGlobalInvocationID: "__spirv_BuiltInGlobalInvocationId",
	builtInLocalInvocationID:  "__spirv_BuiltInLocalInvocationId",
	builtInWorkgroupID:        "__spirv_BuiltInWorkgroupId",
	builtInWorkgroupSize:      "__spirv_BuiltInWorkgroupSize",
	builtInNumWorkgroups:      "__spirv_BuiltInNumWorkgroups",
}

// createCall maps each Op of emitutil's intrinsic table.
func (fe *funcEmitter) createCall(inst *ir.InstCall) {
	c, _ := emitutil.CallOf(inst)
	if fe.vk != nil && fe.vkCall(inst, c) {
		return
	}
	switch c.Op {
	case emitutil.GlobalID:
		fe.createWorkItemQuery(inst, builtInGlobalInvocationID, c.Dim)
	case emitutil.LocalID:
		fe.createWorkItemQuery(inst, builtInLocalInvocationID, c.Dim)
	case emitutil.GroupID:
		fe.createWorkItemQuery(inst, builtInWorkgroupID, c.Dim)
	case emitutil.GroupSize:
		fe.createWorkItemQuery(inst, builtInWorkgroupSize, c.Dim)
	case emitutil.NumGroups:
		fe.createWorkItemQuery(inst, builtInNumWorkgroups, c.Dim)
	case emitutil.GlobalSize:
		fe.alias(inst, fe.getValueID(emitutil.GlobalSizeParam(fe.fn, c.Dim)))
	case emitutil.Barrier:
		fe.createBarrier()
	case emitutil.Trap:
		fe.trapped = true // see createTerm
	case emitutil.MathFunc:
		fe.createMath(inst, c.Math)
	case emitutil.Printf:
		fe.createPrintf(inst, c.Format)
	case emitutil.SubgroupSize:
		fe.alias(inst, fe.getIntConst(64, 1))
	case emitutil.SubgroupID:
		fe.createLinearLocalID(inst)
	case emitutil.SubgroupLocalID:
		fe.alias(inst, fe.getIntConst(64, 0))
	case emitutil.SubgroupShuffle:
		fe.alias(inst, fe.getValue(inst.Args[0]))
	case emitutil.SubgroupBallot:
		fe.body.op(opSelect, fe.getIntType(32), fe.getValueID(inst), fe.getValue(inst.Args[0]), fe.getIntConst(32, 1), fe.getIntConst(32, 0))
	default:
		fe.errorf(ErrUnsupported, "intrinsic %s has no SPIR-V mapping", c.Op)
	}
}

// createLinearLocalID computes the work-item's linear local id, id0 +
// size0*(id1 + size1*id2), as the result of inst: the subgroup id of a
// subgroup of one work-item.
func (fe *funcEmitter) createLinearLocalID(inst *ir.InstCall) {
	i64 := fe.getIntType(64)
	v3 := fe.getVectorType(i64, 3)
	ids, sizes := fe.newID(), fe.newID()
	fe.body.op(opLoad, v3, ids, fe.getBuiltIn(builtInLocalInvocationID))
	fe.body.op(opLoad, v3, sizes, fe.getBuiltIn(builtInWorkgroupSize))
	var id, size [3]uint32
	for d := range 3 {
		id[d], size[d] = fe.newID(), fe.newID()
		fe.body.op(opCompositeExtract, i64, id[d], ids, uint32(d))
		fe.body.op(opCompositeExtract, i64, size[d], sizes, uint32(d))
	}
	t1, t2, t3 := fe.newID(), fe.newID(), fe.newID()
	fe.body.op(opIMul, i64, t1, size[1], id[2])
	fe.body.op(opIAdd, i64, t2, id[1], t1)
	fe.body.op(opIMul, i64, t3, size[0], t2)
	fe.body.op(opIAdd, i64, fe.getValueID(inst), id[0], t3)
}

// getBuiltIn returns the Input variable of a built-in, declaring it once.
func (fe *funcEmitter) getBuiltIn(b uint32) uint32 {
	if id, ok := fe.builtins[b]; ok {
		return id
	}
	v3 := fe.getVectorType(fe.getIntType(64), 3)
	id := fe.newID()
	fe.globals.op(opVariable, fe.getPointerType(storageInput, v3), id, storageInput)
	fe.annotations.op(opDecorate, id, decorationBuiltIn, b)
	fe.annotations.op(opDecorate, id, decorationConstant)
	fe.name(id, builtInNames[b])
	fe.builtins[b] = id
	fe.interface_ = append(fe.interface_, id)
	return id
}

// createWorkItemQuery loads a built-in vector and extracts component d.
func (fe *funcEmitter) createWorkItemQuery(inst *ir.InstCall, b uint32, d int) {
	i64 := fe.getIntType(64)
	v3 := fe.getVectorType(i64, 3)
	vec := fe.newID()
	fe.body.op(opLoad, v3, vec, fe.getBuiltIn(b))
	fe.body.op(opCompositeExtract, i64, fe.getValueID(inst), vec, uint32(d))
}

// alias makes v's result the existing id, or a copy of it when v's id is
// already in use (a phi further up referred to it).
func (fe *funcEmitter) alias(v value.Value, id uint32) {
	if old, ok := fe.values[v]; ok {
		fe.body.op(opCopyObject, fe.typeOf(v.Type()), old, id)
		return
	}
	fe.values[v] = id
	fe.aliased = true
}

// createBarrier creates OpControlBarrier Workgroup Workgroup
// AcquireRelease|WorkgroupMemory|CrossWorkgroupMemory, OpenCL C's
// barrier(CLK_LOCAL_MEM_FENCE|CLK_GLOBAL_MEM_FENCE).
func (fe *funcEmitter) createBarrier() {
	scope := fe.getIntConst(32, scopeWorkgroup)
	sem := fe.getIntConst(32, semanticsAcquireRelease|semanticsWorkgroupMemory|semanticsCrossWorkgroupMemory)
	fe.body.op(opControlBarrier, scope, scope, sem)
}

// SPIR-V's numbers for printf: the OpenCL.std instruction, the constant
// composite that holds the format, and the storage class of constants.
const (
	clPrintf               = 184
	opConstantComposite    = 44
	storageUniformConstant = 0
)

// createPrintf lowers @ka.printf to OpenCL.std's printf, whose format is a
// pointer to a UniformConstant array of i8 (as llvm-spirv makes of a C
// string literal): one variable per call, with the format as its
// initializer.
func (fe *funcEmitter) createPrintf(inst *ir.InstCall, format string) {
	i8 := fe.getIntType(8)
	data := append([]byte(format), 0)
	arr := fe.getArrayType(i8, uint64(len(data)))
	elems := make([]uint32, len(data))
	for i, c := range data {
		elems[i] = fe.getIntConst(8, uint64(c))
	}
	init := fe.newID()
	fe.globals.op(opConstantComposite, cat([]uint32{arr, init}, elems...)...)
	v := fe.newID()
	fe.globals.op(opVariable, fe.getPointerType(storageUniformConstant, arr), v, storageUniformConstant, init)
	fe.annotations.op(opDecorate, v, decorationConstant)
	if fe.opts.version() >= 0x00010400 {
		fe.interface_ = append(fe.interface_, v)
	}
	p := fe.newID()
	zero := fe.getIntConst(64, 0)
	fe.body.op(opInBoundsPtrAccessChain, fe.getPointerType(storageUniformConstant, i8), p, v, zero, zero)
	args := []uint32{fe.getIntType(32), fe.newID(), fe.getExtInst(), clPrintf, p}
	for _, a := range inst.Args[1:] {
		args = append(args, fe.getValue(a))
	}
	fe.body.op(opExtInst, args...)
}
