package spirv

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
	c, err := emitutil.ParseCall(inst)
	if err != nil {
		fe.report(err)
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
		p, err := emitutil.GlobalSizeParam(fe.fn, c.Dim)
		if err != nil {
			fe.report(err)
			return
		}
		fe.alias(inst, fe.getValueID(p))
	case emitutil.Barrier:
		fe.createBarrier()
	case emitutil.Trap:
		fe.trapped = true // see createTerm
	case emitutil.MathFunc:
		fe.createMath(inst, c.Math)
	case emitutil.Printf:
		fe.createPrintf(inst, c.Format)
	default:
		fe.errorf(ErrUnsupported, "intrinsic %s has no SPIR-V mapping", c.Op)
	}
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
