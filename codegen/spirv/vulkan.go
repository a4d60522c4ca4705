package spirv

// This file holds the shader dialect for Vulkan compute (Options.Vulkan;
// docs/ir.md, "Vulkan SPIR-V"): the module's header, the parameters'
// storage buffer, the workgroup size's specialization constants and the
// built-ins. Control flow is in structured.go, pointers to private and
// workgroup memory in logical.go, math in glsl.go; every other
// instruction is the OpenCL path's, with the few differences each create*
// function checks fe.vk for.
//
// The module:
//
//	OpCapability Shader, Int64, PhysicalStorageBufferAddresses (+ Float64,
//	             Int8, Int16, Int64Atomics, StorageBuffer8/16BitAccess when used)
//	OpMemoryModel PhysicalStorageBuffer64 GLSL450
//	OpEntryPoint GLCompute %<Kernel> "<Kernel>" <every global variable>
//	%ka.Params = OpTypeStruct %u64 x <number of IR parameters>   Block, Offset 8*i
//	%ka.params = OpVariable StorageBuffer        DescriptorSet 0, Binding 0, NonWritable
//	%ka.wgsize = OpSpecConstantComposite v3uint (SpecId 0, 1, 2)  BuiltIn WorkgroupSize
//
// Parameter i of the IR function is the little-endian 8-byte slot i of the
// buffer bound at set 0, binding 0: an integer in its low bytes (the rest
// ignored), a float's bits in the low 4 bytes, a double's 8, a global
// pointer as the buffer's 64-bit device address (vkGetBufferDeviceAddress
// plus a byte offset). A ka.Local parameter's slot is ignored: its memory
// is a Workgroup array whose length (in elements) is the specialization
// constant SpecId 3+k for the k-th ka.Local parameter (default 1), set at
// pipeline creation; its length parameter is a slot as usual.

import (
	"fmt"

	"github.com/kago-dev/kago/codegen/internal/emitutil"
	"github.com/kago-dev/kago/codegen/internal/ircheck"
	"github.com/llir/llvm/ir"
	"github.com/llir/llvm/ir/types"
	"github.com/llir/llvm/ir/value"
)

// The numbers of the shader dialect (SPIR-V specification, section 3).
const (
	capShader                         = 1
	capStorageBuffer16BitAccess       = 4433
	capStorageBuffer8BitAccess        = 4448
	capPhysicalStorageBufferAddresses = 5347

	addressingPhysicalStorageBuffer64 = 5348
	memoryModelGLSL450                = 1
	executionGLCompute                = 5

	storageStorageBuffer         = 12
	storagePhysicalStorageBuffer = 5349

	decorationSpecID         = 1
	decorationBlock          = 2
	decorationArrayStride    = 6
	decorationNonWritable    = 24
	decorationBinding        = 33
	decorationDescriptorSet  = 34
	decorationOffset         = 35
	decorationNoContraction  = 42
	decorationAliasedPointer = 5356

	opMemberName            = 6
	opTypeStruct            = 30
	opSpecConstant          = 50
	opSpecConstantComposite = 51
	opMemberDecorate        = 72
	opConvertUToPtr         = 120
	opLoopMerge             = 246
	opSelectionMerge        = 247

	semanticsUniformMemory = 0x40

	vulkanLocalSpecID = 3 // VulkanLocalSpecID

	vulkanDefaultVersion = 0x00010500
)

// VulkanLocalSpecID is the specialization constant id that holds the
// length, in elements, of a Vulkan module's first ka.Local parameter's
// Workgroup array; the k-th ka.Local parameter's is VulkanLocalSpecID+k.
// Ids 0, 1 and 2 are the workgroup size.
const VulkanLocalSpecID = vulkanLocalSpecID

// vulkanState is what the shader dialect adds to a function's translation.
type vulkanState struct {
	version uint32
	params  uint32  // the parameters' StorageBuffer variable
	wgSize  uint32  // the WorkgroupSize specialization-constant composite
	vars    section // Function variables, written at the start of the entry block
	locals  int     // ka.Local parameters so far

	logical
	structured
}

// emitVulkan is Emit for Options.Vulkan.
func emitVulkan(m *ir.Module, opts Options) ([]byte, error) {
	kernel, err := ircheck.Check("spirv", m)
	if err != nil {
		return nil, err
	}
	me := newModuleEmitter(opts)
	me.caps = map[uint32]bool{capShader: true, capInt64: true, capPhysicalStorageBufferAddresses: true}
	fe := &funcEmitter{
		moduleEmitter: me,
		fn:            kernel,
		values:        make(map[value.Value]uint32),
		labels:        make(map[*ir.Block]uint32),
		exits:         make(map[*ir.Block]uint32),
		pairs:         make(map[*ir.InstCmpXchg][2]uint32),
		contraction:   emitutil.Contractions(kernel),
		vk:            &vulkanState{version: opts.Version},
	}
	if fe.vk.version == 0 {
		fe.vk.version = vulkanDefaultVersion
	}
	if fe.vk.version < vulkanDefaultVersion {
		fe.errorf(ErrUnsupported, "Vulkan SPIR-V needs version 1.5 or later (PhysicalStorageBuffer64 without extensions), not %d.%d", fe.vk.version>>16, fe.vk.version>>8&0xff)
		return nil, me.errs.Err()
	}
	fe.analyzeLogical()
	fe.createVulkanGlobals(m.Globals)
	fe.createVulkanKernel()
	if err := me.errs.Err(); err != nil {
		return nil, err
	}
	return me.assemble(header{fe.vk.version, "GLSL.std.450", addressingPhysicalStorageBuffer64, memoryModelGLSL450, executionGLCompute, false},
		kernel.Name(), fe.id, fe.body), nil
}

// createVulkanGlobals declares the workgroup size, the Workgroup variable
// of each @ka.local.<k> and the parameters' buffer.
func (fe *funcEmitter) createVulkanGlobals(globals []*ir.Global) {
	u32 := fe.getIntType(32)
	var ids [3]uint32
	for d := range 3 {
		def := uint32(1)
		if s := fe.opts.LocalSize; s[0] != 0 && s[1] != 0 && s[2] != 0 {
			def = s[d]
		}
		ids[d] = fe.newID()
		fe.globals.op(opSpecConstant, u32, ids[d], def)
		fe.annotations.op(opDecorate, ids[d], decorationSpecID, uint32(d))
	}
	fe.vk.wgSize = fe.newID()
	fe.globals.op(opSpecConstantComposite, fe.getVectorType(u32, 3), fe.vk.wgSize, ids[0], ids[1], ids[2])
	fe.annotations.op(opDecorate, fe.vk.wgSize, decorationBuiltIn, builtInWorkgroupSize)
	fe.name(fe.vk.wgSize, "ka.wgsize")
	for _, g := range globals {
		id := fe.declareLocalArray(g)
		fe.name(id, g.Name())
		fe.locals[g] = id
		fe.interface_ = append(fe.interface_, id)
	}
	i64 := fe.getIntType(64)
	members := make([]uint32, len(fe.fn.Params))
	for i := range members {
		members[i] = i64
	}
	st := fe.newID()
	fe.globals.op(opTypeStruct, cat([]uint32{st}, members...)...)
	fe.name(st, "ka.Params")
	fe.annotations.op(opDecorate, st, decorationBlock)
	for i, p := range fe.fn.Params {
		fe.annotations.op(opMemberDecorate, st, uint32(i), decorationOffset, uint32(8*i))
		if !p.IsUnnamed() {
			fe.names.op(opMemberName, cat([]uint32{st, uint32(i)}, stringWords(p.Name())...)...)
		}
	}
	fe.vk.params = fe.newID()
	fe.globals.op(opVariable, fe.getPointerType(storageStorageBuffer, st), fe.vk.params, storageStorageBuffer)
	fe.name(fe.vk.params, "ka.params")
	fe.annotations.op(opDecorate, fe.vk.params, decorationDescriptorSet, 0)
	fe.annotations.op(opDecorate, fe.vk.params, decorationBinding, 0)
	fe.annotations.op(opDecorate, fe.vk.params, decorationNonWritable)
	fe.interface_ = append(fe.interface_, fe.vk.params)
	fe.inst = nil
}

// loadParams loads every parameter from its slot, at the start of the
// entry block, so that each is a value that dominates the whole kernel.
func (fe *funcEmitter) loadParams() {
	i64 := fe.getIntType(64)
	slot := fe.getPointerType(storageStorageBuffer, i64)
	for i, p := range fe.fn.Params {
		if pt, ok := p.Typ.(*types.PointerType); ok && pt.AddrSpace == 3 {
			fe.createLocalParam(p, pt)
			continue
		}
		chain := fe.newID()
		fe.body.op(opAccessChain, slot, chain, fe.vk.params, fe.getIntConst(32, uint64(i)))
		if emitutil.IntBits(p.Typ) == 64 {
			fe.body.op(opLoad, i64, fe.getValueID(p), chain)
			fe.name(fe.getValueID(p), p.Name())
			continue
		}
		w := fe.newID()
		fe.body.op(opLoad, i64, w, chain)
		id := fe.getValueID(p)
		fe.name(id, p.Name())
		switch t := p.Typ.(type) {
		case *types.IntType:
			switch t.BitSize {
			case 1:
				fe.body.op(opINotEqual, fe.getBoolType(), id, w, fe.getIntConst(64, 0))
			default:
				fe.body.op(opUConvert, fe.typeOf(t), id, w)
			}
		case *types.FloatType:
			if emitutil.FloatBits(t) == 64 {
				fe.body.op(opBitcast, fe.typeOf(t), id, w)
			} else {
				low := fe.newID()
				fe.body.op(opUConvert, fe.getIntType(32), low, w)
				fe.body.op(opBitcast, fe.typeOf(t), id, low)
			}
		case *types.PointerType:
			fe.body.op(opConvertUToPtr, fe.typeOf(t), id, w)
		}
	}
}

// createLocalParam declares the Workgroup array of a ka.Local parameter,
// its length the next specialization constant from VulkanLocalSpecID.
func (fe *funcEmitter) createLocalParam(p *ir.Param, pt *types.PointerType) {
	u32 := fe.getIntType(32)
	n := fe.newID()
	fe.globals.op(opSpecConstant, u32, n, 1)
	fe.annotations.op(opDecorate, n, decorationSpecID, uint32(vulkanLocalSpecID+fe.vk.locals))
	fe.vk.locals++
	elem := fe.memTypeOf(pt.ElemType)
	root := fe.rootOfValue(p)
	if root != nil && root.intStorage {
		elem = fe.getIntType(int(emitutil.FloatBits(pt.ElemType)))
	}
	arr := fe.newID()
	fe.globals.op(opTypeArray, arr, elem, n)
	v := fe.newID()
	fe.globals.op(opVariable, fe.getPointerType(storageWorkgroup, arr), v, storageWorkgroup)
	fe.name(v, p.Name())
	fe.interface_ = append(fe.interface_, v)
	if root != nil {
		root.id = v
		fe.vk.ptrs[p] = lptr{root: root, idx: fe.getIntConst(64, 0)}
	}
}

// createVulkanKernel writes the kernel's OpFunction: no parameters (they
// are in the buffer), the entry block's variables, the parameters' loads
// and the structured body.
func (fe *funcEmitter) createVulkanKernel() {
	void := fe.getVoidType()
	fe.id = fe.newID()
	fe.name(fe.id, fe.fn.Name())
	var head section
	head.op(opFunction, void, fe.id, functionControlNone, fe.getFuncType(void))
	entry := fe.newID()
	head.op(opLabel, entry)
	fe.block, fe.label = fe.fn.Blocks[0], entry
	tree := fe.buildStructure()
	fe.createVulkanAllocas()
	fe.createPhiVars()
	fe.vk.open = true
	fe.loadParams()
	if tree != nil {
		fe.createStmts(tree)
	}
	if fe.vk.open { // an empty or broken tree
		fe.body.op(opReturn)
	}
	fe.inst, fe.block = nil, nil
	body := append(head, fe.vk.vars...)
	body = append(body, fe.body...)
	body.op(opFunctionEnd)
	fe.body = body
}

// newVar declares a Function variable of type t at the start of the entry
// block; PhysicalStorageBuffer pointers get AliasedPointer.
func (fe *funcEmitter) newVar(t types.Type) uint32 {
	id := fe.newID()
	fe.vk.vars.op(opVariable, fe.getPointerType(storageFunction, fe.typeOf(t)), id, storageFunction)
	if pt, ok := t.(*types.PointerType); ok && pt.AddrSpace == 1 {
		fe.annotations.op(opDecorate, id, decorationAliasedPointer)
	}
	return id
}

// vkPointerType returns the type of an LLVM pointer: global memory is a
// PhysicalStorageBuffer pointer with the element's size as ArrayStride
// (OpPtrAccessChain needs it); 8- and 16-bit elements add the
// StorageBuffer8/16BitAccess capability.
func (fe *funcEmitter) vkPointerType(t *types.PointerType) uint32 {
	elem := fe.memTypeOf(t.ElemType)
	storage := fe.storageClass(t.AddrSpace)
	if storage != storagePhysicalStorageBuffer {
		return fe.getPointerType(storage, elem)
	}
	size := uint32(byteSize(t.ElemType))
	switch size {
	case 1:
		fe.caps[capStorageBuffer8BitAccess] = true
	case 2:
		fe.caps[capStorageBuffer16BitAccess] = true
	}
	return fe.getType(fmt.Sprintf("psb%d", elem), func(id uint32) {
		fe.globals.op(opTypePointer, id, storagePhysicalStorageBuffer, elem)
		fe.annotations.op(opDecorate, id, decorationArrayStride, size)
	})
}

// byteSize is a scalar's size in memory (i1 is a byte).
func byteSize(t types.Type) int {
	if b := emitutil.IntBits(t); b > 0 {
		return max(b/8, 1)
	}
	if b := emitutil.FloatBits(t); b > 0 {
		return b / 8
	}
	return 8
}

// vkAlign returns a load's or store's Aligned operand: PhysicalStorageBuffer
// accesses must have one; the IR's, else the natural alignment.
func vkAlign(align ir.Align, t types.Type) []uint32 {
	if align == 0 {
		align = ir.Align(byteSize(t))
	}
	return []uint32{memoryAligned, uint32(align)}
}

// vkQuery loads a built-in uvec3 (or the workgroup size's constant),
// extracts component d and widens it to the IR's i64.
func (fe *funcEmitter) vkQuery(result, b uint32, d int) {
	u32 := fe.getIntType(32)
	vec := fe.vk.wgSize
	if b != builtInWorkgroupSize {
		vec = fe.newID()
		fe.body.op(opLoad, fe.getVectorType(u32, 3), vec, fe.vkBuiltIn(b))
	}
	c := fe.newID()
	fe.body.op(opCompositeExtract, u32, c, vec, uint32(d))
	fe.body.op(opUConvert, fe.getIntType(64), result, c)
}

// vkBuiltIn returns the Input variable of a built-in, a uvec3 of 32 bits
// in Vulkan, declaring it once.
func (fe *funcEmitter) vkBuiltIn(b uint32) uint32 {
	if id, ok := fe.builtins[b]; ok {
		return id
	}
	v3 := fe.getVectorType(fe.getIntType(32), 3)
	id := fe.newID()
	fe.globals.op(opVariable, fe.getPointerType(storageInput, v3), id, storageInput)
	fe.annotations.op(opDecorate, id, decorationBuiltIn, b)
	fe.name(id, builtInNames[b])
	fe.builtins[b] = id
	fe.interface_ = append(fe.interface_, id)
	return id
}

// vkCall translates the intrinsics whose Vulkan form differs; it reports
// false for the others, which createCall translates as for OpenCL.
func (fe *funcEmitter) vkCall(inst *ir.InstCall, c emitutil.Call) bool {
	switch c.Op {
	case emitutil.GlobalID:
		fe.vkQuery(fe.getValueID(inst), builtInGlobalInvocationID, c.Dim)
	case emitutil.LocalID:
		fe.vkQuery(fe.getValueID(inst), builtInLocalInvocationID, c.Dim)
	case emitutil.GroupID:
		fe.vkQuery(fe.getValueID(inst), builtInWorkgroupID, c.Dim)
	case emitutil.GroupSize:
		fe.vkQuery(fe.getValueID(inst), builtInWorkgroupSize, c.Dim)
	case emitutil.NumGroups:
		fe.vkQuery(fe.getValueID(inst), builtInNumWorkgroups, c.Dim)
	case emitutil.SubgroupID: // subgroups of one: the linear local id
		var id, size [3]uint32
		for d := range 3 {
			id[d], size[d] = fe.newID(), fe.newID()
			fe.vkQuery(id[d], builtInLocalInvocationID, d)
			fe.vkQuery(size[d], builtInWorkgroupSize, d)
		}
		i64 := fe.getIntType(64)
		t1, t2, t3 := fe.newID(), fe.newID(), fe.newID()
		fe.body.op(opIMul, i64, t1, size[1], id[2])
		fe.body.op(opIAdd, i64, t2, id[1], t1)
		fe.body.op(opIMul, i64, t3, size[0], t2)
		fe.body.op(opIAdd, i64, fe.getValueID(inst), id[0], t3)
	case emitutil.Barrier:
		// Workgroup memory and storage buffers (UniformMemory covers
		// PhysicalStorageBuffer in the GLSL450 memory model), as OpenCL's
		// CLK_LOCAL_MEM_FENCE|CLK_GLOBAL_MEM_FENCE.
		scope := fe.getIntConst(32, scopeWorkgroup)
		sem := fe.getIntConst(32, semanticsAcquireRelease|semanticsWorkgroupMemory|semanticsUniformMemory)
		fe.body.op(opControlBarrier, scope, scope, sem)
	case emitutil.Printf:
		// A no-op: Vulkan has no printf a compute pipeline can rely on
		// (debugPrintf is a validation-layer feature).
	case emitutil.MathFunc:
		fe.vkMath(inst, c.Math)
	default:
		return false
	}
	return true
}
