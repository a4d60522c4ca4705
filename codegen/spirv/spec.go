package spirv

// This file holds the numbers of the SPIR-V specification (unified 1.x,
// "SPIR-V Specification", section 3) and of the OpenCL.std extended
// instruction set that the emitter uses. Only what the emitter writes is
// listed; spirv-dis of the golden files names every one of them, which is how
// they were checked.

// magic is the first word of every SPIR-V module.
const magic = 0x07230203

// Opcodes (section 3.49 / 3.52 "Instructions").
const (
	opUndef                  = 1
	opSource                 = 3
	opName                   = 5
	opExtension              = 10
	opExtInstImport          = 11
	opExtInst                = 12
	opMemoryModel            = 14
	opEntryPoint             = 15
	opExecutionMode          = 16
	opCapability             = 17
	opTypeVoid               = 19
	opTypeBool               = 20
	opTypeInt                = 21
	opTypeFloat              = 22
	opTypeVector             = 23
	opTypeArray              = 28
	opTypePointer            = 32
	opTypeFunction           = 33
	opConstantTrue           = 41
	opConstantFalse          = 42
	opConstant               = 43
	opConstantNull           = 46
	opFunction               = 54
	opFunctionParameter      = 55
	opFunctionEnd            = 56
	opVariable               = 59
	opLoad                   = 61
	opStore                  = 62
	opAccessChain            = 65
	opPtrAccessChain         = 67
	opInBoundsPtrAccessChain = 70
	opDecorate               = 71
	opCompositeExtract       = 81
	opCopyObject             = 83
	opConvertFToU            = 109
	opConvertFToS            = 110
	opConvertSToF            = 111
	opConvertUToF            = 112
	opUConvert               = 113
	opSConvert               = 114
	opFConvert               = 115
	opConvertPtrToU          = 117
	opBitcast                = 124
	opFNegate                = 127
	opIAdd                   = 128
	opFAdd                   = 129
	opISub                   = 130
	opFSub                   = 131
	opIMul                   = 132
	opFMul                   = 133
	opUDiv                   = 134
	opSDiv                   = 135
	opFDiv                   = 136
	opUMod                   = 137
	opSRem                   = 138
	opFRem                   = 140
	opOrdered                = 162
	opUnordered              = 163
	opLogicalEqual           = 164
	opLogicalNotEqual        = 165
	opLogicalOr              = 166
	opLogicalAnd             = 167
	opSelect                 = 169
	opIEqual                 = 170
	opINotEqual              = 171
	opUGreaterThan           = 172
	opSGreaterThan           = 173
	opUGreaterThanEqual      = 174
	opSGreaterThanEqual      = 175
	opULessThan              = 176
	opSLessThan              = 177
	opULessThanEqual         = 178
	opSLessThanEqual         = 179
	opFOrdEqual              = 180
	opFUnordEqual            = 181
	opFOrdNotEqual           = 182
	opFUnordNotEqual         = 183
	opFOrdLessThan           = 184
	opFUnordLessThan         = 185
	opFOrdGreaterThan        = 186
	opFUnordGreaterThan      = 187
	opFOrdLessThanEqual      = 188
	opFUnordLessThanEqual    = 189
	opFOrdGreaterThanEqual   = 190
	opFUnordGreaterThanEqual = 191
	opShiftRightLogical      = 194
	opShiftRightArithmetic   = 195
	opShiftLeftLogical       = 196
	opBitwiseOr              = 197
	opBitwiseXor             = 198
	opBitwiseAnd             = 199
	opControlBarrier         = 224
	opAtomicExchange         = 229
	opAtomicCompareExchange  = 230
	opAtomicIAdd             = 234
	opAtomicISub             = 235
	opAtomicSMin             = 236
	opAtomicUMin             = 237
	opAtomicSMax             = 238
	opAtomicUMax             = 239
	opAtomicAnd              = 240
	opAtomicOr               = 241
	opAtomicXor              = 242
	opPhi                    = 245
	opLabel                  = 248
	opBranch                 = 249
	opBranchConditional      = 250
	opReturn                 = 253
	opUnreachable            = 255
	opAtomicFAddEXT          = 6035
)

// Capabilities (section 3.31).
const (
	capAddresses           = 4
	capLinkage             = 5
	capKernel              = 6
	capFloat64             = 10
	capInt64               = 11
	capInt64Atomics        = 12
	capInt16               = 22
	capInt8                = 39
	capAtomicFloat32AddEXT = 6033
	capAtomicFloat64AddEXT = 6034
)

// Other enumerants.
const (
	addressingPhysical64 = 2 // section 3.4
	memoryModelOpenCL    = 2 // section 3.5
	executionKernel      = 6 // section 3.3

	modeLocalSize      = 17 // section 3.6
	modeLocalSizeHint  = 18
	modeContractionOff = 31

	sourceOpenCLC = 3 // section 3.2

	storageInput          = 1 // section 3.7
	storageWorkgroup      = 4
	storageCrossWorkgroup = 5
	storageFunction       = 7

	decorationBuiltIn  = 11 // section 3.20
	decorationConstant = 22

	builtInNumWorkgroups      = 24 // section 3.21
	builtInWorkgroupSize      = 25
	builtInWorkgroupID        = 26
	builtInLocalInvocationID  = 27
	builtInGlobalInvocationID = 28

	scopeDevice    = 1 // section 3.27
	scopeWorkgroup = 2

	semanticsRelaxed              = 0 // section 3.25
	semanticsAcquireRelease       = 0x8
	semanticsWorkgroupMemory      = 0x100
	semanticsCrossWorkgroupMemory = 0x200

	memoryVolatile = 0x1 // section 3.26, memory operands
	memoryAligned  = 0x2

	functionControlNone = 0
)

// OpenCL.std extended instructions ("OpenCL Extended Instruction Set
// Specification", section 2.1 math).
const (
	clAcos     = 0
	clAcosh    = 1
	clAsin     = 3
	clAsinh    = 4
	clAtan     = 6
	clAtan2    = 7
	clAtanh    = 8
	clCbrt     = 11
	clCeil     = 12
	clCopysign = 13
	clCos      = 14
	clCosh     = 15
	clExp      = 19
	clExp2     = 20
	clExpm1    = 22
	clFabs     = 23
	clFloor    = 25
	clFma      = 26
	clFmax     = 27
	clFmin     = 28
	clHypot    = 32
	clLog      = 37
	clLog2     = 38
	clLog10    = 39
	clLog1p    = 40
	clPow      = 48
	clRound    = 55
	clSin      = 57
	clSinh     = 59
	clSqrt     = 61
	clTan      = 62
	clTanh     = 63
	clTrunc    = 66
)
