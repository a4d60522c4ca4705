// Package spirv translates a kernel's portable LLVM IR module (docs/ir.md)
// to a SPIR-V binary for the OpenCL environment, or for Vulkan compute
// (Options.Vulkan, below), writing the words itself: no external compiler
// runs at run time.
//
//	spv, err := spirv.Emit(module, spirv.Options{})
//
// The result goes to clCreateProgramWithIL on drivers that list an IL
// version. PoCL 3.1 takes no IL; there the same words converted back with
// `llvm-spirv-15 -r` load through clCreateProgramWithBinary, which is how
// this package's tests run kernels (opencl.LoadBitcode on backends/pocl).
//
// # The module
//
// Capabilities Addresses, Kernel and Int64, plus Float64, Int8, Int16 and
// Int64Atomics only when used (AtomicFloat32AddEXT/AtomicFloat64AddEXT with
// Options.FloatAtomicAdd). OpMemoryModel Physical64 OpenCL. One OpEntryPoint
// Kernel named as the LLVM function, whose interface lists the built-in
// variables (and, from SPIR-V 1.4, the workgroup variables); LocalSize,
// LocalSizeHint and ContractionOff execution modes from Options. OpName keeps
// the IR's names of parameters, values and blocks for debugging.
//
// # Mapping
//
//	IR                                  SPIR-V
//	iN (N = 8, 16, 32, 64)              OpTypeInt N 0 (Kernel has no signed types)
//	i1                                  OpTypeBool; i8 (0/1) in memory
//	float, double                       OpTypeFloat 32, 64
//	T addrspace(0|1|3)*                 OpTypePointer Function|CrossWorkgroup|Workgroup T
//	[]T parameter (ptr, len)            CrossWorkgroup pointer, i64
//	hidden i64 %ka.gsize0..2            i64 OpFunctionParameters named ka.gsize<d>
//	@ka.local.<k> [N x T] addrspace(3)  OpVariable Workgroup (no initializer)
//	alloca                              OpVariable Function, first in the entry block
//	add sub mul sdiv udiv srem urem     OpIAdd OpISub OpIMul OpSDiv OpUDiv OpSRem OpUMod
//	shl lshr ashr and or xor            OpShiftLeftLogical ...RightLogical ...RightArithmetic OpBitwise*
//	and/or/xor on i1                    OpLogicalAnd/Or/NotEqual
//	fadd fsub fmul fdiv frem fneg       OpFAdd OpFSub OpFMul OpFDiv OpFRem OpFNegate
//	icmp, fcmp (ord, uno, ...)          OpIEqual ... OpSLessThan, OpFOrd*/OpFUnord*, OpOrdered, OpUnordered
//	select                              OpSelect
//	trunc zext sext                     OpUConvert OpUConvert OpSConvert (i1: and/compare, select)
//	fptrunc fpext                       OpFConvert
//	fptoui fptosi uitofp sitofp         OpConvertFToU OpConvertFToS OpConvertUToF OpConvertSToF
//	bitcast                             OpBitcast
//	load, store                         OpLoad, OpStore with Aligned
//	getelementptr T, p, i               OpPtrAccessChain (OpInBoundsPtrAccessChain if inbounds)
//	getelementptr [N x T], a, 0, i      OpAccessChain
//	atomicrmw add sub xchg              OpAtomicIAdd OpAtomicISub OpAtomicExchange
//	atomicrmw max min umax umin         OpAtomicSMax OpAtomicSMin OpAtomicUMax OpAtomicUMin
//	atomicrmw fadd                      OpAtomicFAddEXT, or a compare-exchange loop (atomics.go)
//	cmpxchg + extractvalue 0/1          OpAtomicCompareExchange, OpIEqual(old, cmp)
//	br, conditional br, phi             OpBranch, OpBranchConditional, OpPhi (unstructured)
//	ret void, unreachable               OpReturn, OpUnreachable
//	llvm.trap + unreachable             OpReturn: the work-item ends (OpenCL has no trap;
//	                                    the front end no longer emits it, docs/ir.md)
//	@ka.printf                          OpExtInst OpenCL.std printf of a UniformConstant i8
//	                                    array holding the format
//	@ka.global_id/local_id/group_id     OpLoad of the GlobalInvocationId/LocalInvocationId/
//	@ka.group_size/num_groups(d)        WorkgroupId/WorkgroupSize/NumWorkgroups v3ulong
//	                                    Input built-in, OpCompositeExtract d
//	@ka.global_size(d)                  the hidden parameter ka.gsize<d> (not the GlobalSize
//	                                    built-in: the driver's range may be rounded up)
//	@ka.barrier                         OpControlBarrier Workgroup Workgroup
//	                                    AcquireRelease|WorkgroupMemory|CrossWorkgroupMemory
//
// Atomics are relaxed (docs/ir.md's monotonic): scope Device on global
// memory, Workgroup on local memory. Integer division by zero, shifts and
// float-to-integer overflow are the device's behaviour, as docs/ir.md says.
//
// # Math accuracy
//
// Math intrinsics become OpenCL.std extended instructions. Their accuracy is
// the minimum the OpenCL SPIR-V Environment Specification requires of a
// full-profile device (the table "ULP Values for Math Instructions - Full
// Profile" under "Relative Error as ULPs"; checked against its source,
// env/numerical_compliance.asciidoc in KhronosGroup/OpenCL-Docs, and the
// same figures as OpenCL C's tables), in ULP of the infinitely precise
// result:
//
//	intrinsic (.f32 / .f64)     OpenCL.std   float32      float64
//	fadd fsub fmul, fma         (ops), fma   correctly rounded
//	fdiv                        OpFDiv       ≤ 2.5        correctly rounded
//	llvm.sqrt                   sqrt         ≤ 3          correctly rounded
//	llvm.exp, exp2              exp, exp2    ≤ 3          ≤ 3
//	llvm.log, log2, log10       log, ...     ≤ 3          ≤ 3
//	llvm.sin, cos               sin, cos     ≤ 4          ≤ 4
//	llvm.pow                    pow          ≤ 16         ≤ 16
//	llvm.fabs, copysign         fabs, ...    0            0
//	llvm.floor ceil trunc round floor, ...   exact (correctly rounded)
//	llvm.minimum, maximum       fmin, fmax   0 (plus Go's NaN and ±0 rules, math.go)
//	ka.math.tan, tanh           tan, tanh    ≤ 5          ≤ 5
//	ka.math.asin acos asinh acosh            ≤ 4          ≤ 4
//	ka.math.atan, atanh         atan, atanh  ≤ 5          ≤ 5
//	ka.math.atan2               atan2        ≤ 6          ≤ 6
//	ka.math.sinh, cosh          sinh, cosh   ≤ 4          ≤ 4
//	ka.math.cbrt                cbrt         ≤ 2          ≤ 2
//	ka.math.hypot               hypot        ≤ 4          ≤ 4
//	ka.math.expm1               expm1        ≤ 3          ≤ 3
//	ka.math.log1p               log1p        ≤ 2          ≤ 2
//
// Embedded-profile devices may be less accurate (exp, log ≤ 4, sqrt ≤ 4,
// cbrt ≤ 4 ...), and a program built with -cl-fast-relaxed-math far less.
// By default the driver may contract a*b+c into an fma (Go allows it);
// Options.ContractionOff forbids it, and codegen always sets it. In a kernel
// with the "ka-contract" attribute (//ka:contract) each of
// emitutil.Contractions' pairs is an OpenCL.std fma, whatever the mode
// (docs/ir.md, "Contraction").
//
// # Vulkan
//
// With Options.Vulkan the module is in the shader dialect of Vulkan
// compute instead (docs/ir.md, "Vulkan SPIR-V", has the rules and why):
//
//	spv, err := spirv.Emit(module, spirv.Options{Vulkan: true, ContractionOff: true})
//
// SPIR-V 1.5; capabilities Shader, Int64 and PhysicalStorageBufferAddresses
// (Float64, Int8, Int16, Int64Atomics, StorageBuffer8/16BitAccess when
// used); OpMemoryModel PhysicalStorageBuffer64 GLSL450; OpEntryPoint
// GLCompute with every global variable in its interface. What differs
// from the table above:
//
//	IR                                  Vulkan SPIR-V
//	parameter i (all, hidden included)  u64 member i (Offset 8*i) of the Block struct in the
//	                                    StorageBuffer at set 0, binding 0, loaded in the entry
//	T addrspace(1)*                     PhysicalStorageBuffer pointer (ArrayStride), from the
//	                                    slot's device address by OpConvertUToPtr; Aligned accesses
//	T addrspace(3)* parameter           Workgroup [L x T], L the spec constant VulkanLocalSpecID+k
//	T addrspace(0|3)* values            logical: OpAccessChain of the variable at each use
//	                                    (logical.go); no OpPtrAccessChain, pointer phi or bitcast
//	br, conditional br, phi             structured: OpLoopMerge, OpSelectionMerge, phi variables,
//	                                    %ka.exit for jumps out of several constructs (structured.go)
//	@ka.global_id etc.                  uvec3 (32-bit) Input built-ins, OpUConvert to i64
//	@ka.group_size(d)                   the WorkgroupSize spec-constant composite (SpecId 0, 1, 2)
//	@ka.barrier                         OpControlBarrier Workgroup Workgroup
//	                                    AcquireRelease|WorkgroupMemory|UniformMemory
//	float atomicrmw xchg, fadd          on the bits: OpAtomicExchange, a structured CAS loop
//	math                                GLSL.std.450 (glsl.go); float64 transcendentals, cbrt,
//	                                    hypot, expm1, log1p: *Error
//	ContractionOff                      NoContraction on every float operation
//	@ka.printf                          nothing (a no-op)
//	fcmp ord, uno                       OpIsNan
//
// # Errors
//
// Anything outside docs/ir.md (an instruction, type, intrinsic, address
// space, ordering or fast-math flag) is an *Error naming the kernel, block
// and instruction; Emit reports all of them at once and never panics.
package spirv
