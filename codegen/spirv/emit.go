package spirv

// This file holds the entry point, the per-module and per-function state, the
// instruction dispatch and the final assembly of the module's sections.
// Each family of instructions is created in a file of its own.

import (
	"encoding/binary"
	"sort"

	"github.com/kago-dev/kago/codegen/internal/emitutil"
	"github.com/kago-dev/kago/codegen/internal/ircheck"
	"github.com/llir/llvm/ir"
	"github.com/llir/llvm/ir/value"
)

// Emit translates m, one kernel in the form of docs/ir.md, to a SPIR-V
// binary module for the OpenCL environment (little-endian words), or for
// Vulkan compute with Options.Vulkan (vulkan.go). Anything
// outside the contract is reported, all of it in one error (errors.Join of
// *Error values, each wrapping ErrBadIR or ErrUnsupported), and no binary is
// returned.
func Emit(m *ir.Module, opts Options) ([]byte, error) {
	if opts.Vulkan {
		return emitVulkan(m, opts)
	}
	me := newModuleEmitter(opts)
	kernel, err := ircheck.Check("spirv", m)
	if err != nil {
		return nil, err
	}
	fe := &funcEmitter{
		moduleEmitter: me,
		fn:            kernel,
		values:        make(map[value.Value]uint32),
		labels:        make(map[*ir.Block]uint32),
		exits:         make(map[*ir.Block]uint32),
		pairs:         make(map[*ir.InstCmpXchg][2]uint32),
		contraction:   emitutil.Contractions(kernel),
	}
	fe.createGlobals(m.Globals)
	fe.createKernel()
	me.createExecutionModes(fe.id)
	if err := me.errs.Err(); err != nil {
		return nil, err
	}
	return me.assemble(me.openCLHeader(), kernel.Name(), fe.id, fe.body), nil
}

// Error is one problem found while emitting SPIR-V; see emitutil.Error for
// its fields and format.
type Error = emitutil.Error

// The kinds of Error, for errors.Is: a module outside docs/ir.md, or a
// kernel (or Options) the target cannot take.
var (
	ErrBadIR       = emitutil.ErrBadIR
	ErrUnsupported = emitutil.ErrUnsupported
)

// moduleEmitter is the state of one SPIR-V module: ids, the capabilities
// and extensions in use, every section but the function body, and the
// errors found. It holds nothing about one function.
type moduleEmitter struct {
	opts    Options
	nextID  uint32
	caps    map[uint32]bool
	exts    map[string]bool
	extInst uint32 // the extended instructions' import (OpenCL.std, GLSL.std.450), 0 until a math function needs it

	modes       section // OpExecutionMode
	names       section // OpName
	annotations section // OpDecorate
	globals     section // types, constants, global variables

	types      map[string]uint32     // get*Type caches, by a key naming the type
	consts     map[string]uint32     // constant caches, by type and value
	builtins   map[uint32]uint32     // built-in variable by BuiltIn number
	locals     map[*ir.Global]uint32 // workgroup variable of each ka.local.<k>
	interface_ []uint32              // the entry point's interface variables

	errs emitutil.ErrorList
}

func newModuleEmitter(opts Options) *moduleEmitter {
	me := &moduleEmitter{
		opts:     opts,
		nextID:   1,
		caps:     map[uint32]bool{capAddresses: true, capKernel: true, capInt64: true},
		exts:     map[string]bool{},
		types:    map[string]uint32{},
		consts:   map[string]uint32{},
		builtins: map[uint32]uint32{},
		locals:   map[*ir.Global]uint32{},
	}
	return me
}

// newID returns a fresh result id.
func (me *moduleEmitter) newID() uint32 {
	id := me.nextID
	me.nextID++
	return id
}

// name records a debug name for id.
func (me *moduleEmitter) name(id uint32, name string) {
	if name != "" {
		me.names.op(opName, cat([]uint32{id}, stringWords(name)...)...)
	}
}

// getExtInst returns the id of the OpenCL.std import.
func (me *moduleEmitter) getExtInst() uint32 {
	if me.extInst == 0 {
		me.extInst = me.newID()
	}
	return me.extInst
}

// header is what the module headers of the two environments differ in.
type header struct {
	version                          uint32
	extInst                          string // the extended instruction set's name
	addressing, memoryModel, execMod uint32
	source                           bool // OpSource OpenCL C (the OpenCL environment)
}

// openCLHeader is the OpenCL environment's header.
func (me *moduleEmitter) openCLHeader() header {
	return header{me.opts.version(), "OpenCL.std", addressingPhysical64, memoryModelOpenCL, executionKernel, true}
}

// assemble lays the sections out in the order of the specification (2.4).
func (me *moduleEmitter) assemble(h header, entry string, fn uint32, body section) []byte {
	var s section
	s = append(s, magic, h.version, 0, me.nextID, 0)
	for _, c := range sortedKeys(me.caps) {
		s.op(opCapability, c)
	}
	for _, e := range sortedKeys(me.exts) {
		s.op(opExtension, stringWords(e)...)
	}
	if me.extInst != 0 {
		s.op(opExtInstImport, cat([]uint32{me.extInst}, stringWords(h.extInst)...)...)
	}
	s.op(opMemoryModel, h.addressing, h.memoryModel)
	ep := cat([]uint32{h.execMod, fn}, stringWords(entry)...)
	s.op(opEntryPoint, cat(ep, me.interface_...)...)
	s = append(s, me.modes...)
	if h.source {
		s.op(opSource, sourceOpenCLC, 100000) // OpenCL C 1.0: the language the kernel could have been written in
	}
	s = append(s, me.names...)
	s = append(s, me.annotations...)
	s = append(s, me.globals...)
	s = append(s, body...)
	out := make([]byte, 4*len(s))
	for i, w := range s {
		binary.LittleEndian.PutUint32(out[4*i:], w)
	}
	return out
}

func sortedKeys[K uint32 | string](m map[K]bool) []K {
	keys := make([]K, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool { return keys[i] < keys[j] })
	return keys
}

// funcEmitter is the state of the kernel's translation. It embeds the
// module's.
type funcEmitter struct {
	*moduleEmitter
	fn   *ir.Func
	id   uint32
	body section

	values map[value.Value]uint32        // result id of each parameter and instruction
	labels map[*ir.Block]uint32          // the label that starts each block
	exits  map[*ir.Block]uint32          // the label of each block's last part (see atomics.go)
	pairs  map[*ir.InstCmpXchg][2]uint32 // cmpxchg: old value and success flag
	fixups []phiFixup                    // phi parents to patch once exits are known

	contraction emitutil.Contraction // fmul/fadd pairs written as OpenCL.std fma (//ka:contract)

	block   *ir.Block     // the block being translated
	label   uint32        // the label of the part of block being written
	inst    ir.LLStringer // the instruction being translated, for errors
	trapped bool          // an llvm.trap was seen in this block
	aliased bool          // the instruction's result is another value's id (alias)

	vk *vulkanState // the shader dialect's state (vulkan.go); nil for OpenCL
}

// getValueID returns the result id of a parameter or instruction, allocating it
// at the first reference (a phi can use a value defined further down).
func (fe *funcEmitter) getValueID(v value.Value) uint32 {
	id, ok := fe.values[v]
	if !ok {
		id = fe.newID()
		fe.values[v] = id
	}
	return id
}

// getLabelID returns the label id of a block.
func (fe *funcEmitter) getLabelID(b *ir.Block) uint32 {
	id, ok := fe.labels[b]
	if !ok {
		id = fe.newID()
		fe.labels[b] = id
	}
	return id
}

// createKernel writes the kernel's OpFunction: its parameters (the hidden
// ones included, last), then every block.
func (fe *funcEmitter) createKernel() {
	var ptypes []uint32
	for _, p := range fe.fn.Params {
		ptypes = append(ptypes, fe.typeOf(p.Typ))
	}
	void := fe.getVoidType()
	fe.id = fe.newID()
	fe.name(fe.id, fe.fn.Name())
	fe.body.op(opFunction, void, fe.id, functionControlNone, fe.getFuncType(void, ptypes...))
	for i, p := range fe.fn.Params {
		id := fe.getValueID(p)
		fe.body.op(opFunctionParameter, ptypes[i], id)
		if !p.IsUnnamed() {
			fe.name(id, p.Name())
		}
	}
	for i, b := range fe.fn.Blocks {
		fe.block, fe.trapped = b, false
		fe.label = fe.getLabelID(b)
		if !b.IsUnnamed() {
			fe.name(fe.label, b.Name())
		}
		fe.body.op(opLabel, fe.label)
		if i == 0 {
			fe.createAllocas()
		}
		for _, inst := range b.Insts {
			fe.inst = inst
			fe.createInst(inst)
		}
		fe.inst = b.Term
		fe.createTerm(b.Term)
		fe.exits[b] = fe.label
		fe.inst = nil
	}
	fe.block = nil
	fe.body.op(opFunctionEnd)
	fe.patchPhis()
}

// createInst translates one instruction: the dispatch of docs/ir.md's list,
// which ircheck has checked the module against; the default is the
// emitter's gap, which the completeness test (emittest.Complete) finds.
func (fe *funcEmitter) createInst(inst ir.Instruction) {
	fe.aliased = false
	defer func() {
		_, isPair := inst.(*ir.InstCmpXchg) // no id of its own: see createCmpXchg
		_, isAlloca := inst.(*ir.InstAlloca)
		if v, ok := inst.(namedValue); ok && !v.IsUnnamed() && !emitutil.IsVoid(v.Type()) && !fe.aliased && !isPair &&
			(isAlloca || !fe.isLogical(v.Type())) { // a logical pointer has no id (logical.go)
			fe.name(fe.getValueID(v), v.Name())
		}
	}()
	switch inst := inst.(type) {
	case *ir.InstAdd:
		fe.createIntBinary(inst, opIAdd, inst.X, inst.Y)
	case *ir.InstSub:
		fe.createIntBinary(inst, opISub, inst.X, inst.Y)
	case *ir.InstMul:
		fe.createIntBinary(inst, opIMul, inst.X, inst.Y)
	case *ir.InstSDiv:
		fe.createIntBinary(inst, opSDiv, inst.X, inst.Y)
	case *ir.InstUDiv:
		fe.createIntBinary(inst, opUDiv, inst.X, inst.Y)
	case *ir.InstSRem:
		fe.createIntBinary(inst, opSRem, inst.X, inst.Y)
	case *ir.InstURem:
		fe.createIntBinary(inst, opUMod, inst.X, inst.Y)
	case *ir.InstShl:
		fe.createIntBinary(inst, opShiftLeftLogical, inst.X, inst.Y)
	case *ir.InstLShr:
		fe.createIntBinary(inst, opShiftRightLogical, inst.X, inst.Y)
	case *ir.InstAShr:
		fe.createIntBinary(inst, opShiftRightArithmetic, inst.X, inst.Y)
	case *ir.InstAnd:
		fe.createIntBinary(inst, opBitwiseAnd, inst.X, inst.Y)
	case *ir.InstOr:
		fe.createIntBinary(inst, opBitwiseOr, inst.X, inst.Y)
	case *ir.InstXor:
		fe.createIntBinary(inst, opBitwiseXor, inst.X, inst.Y)
	case *ir.InstFAdd:
		fe.createFloatBinary(inst, opFAdd, inst.X, inst.Y)
	case *ir.InstFSub:
		fe.createFloatBinary(inst, opFSub, inst.X, inst.Y)
	case *ir.InstFMul:
		fe.createFloatBinary(inst, opFMul, inst.X, inst.Y)
	case *ir.InstFDiv:
		fe.createFloatBinary(inst, opFDiv, inst.X, inst.Y)
	case *ir.InstFRem:
		fe.createFloatBinary(inst, opFRem, inst.X, inst.Y)
	case *ir.InstFNeg:
		fe.createFNeg(inst)
	case *ir.InstICmp:
		fe.createICmp(inst)
	case *ir.InstFCmp:
		fe.createFCmp(inst)
	case *ir.InstSelect:
		fe.createSelect(inst)
	case *ir.InstTrunc, *ir.InstZExt, *ir.InstSExt, *ir.InstFPTrunc, *ir.InstFPExt,
		*ir.InstFPToUI, *ir.InstFPToSI, *ir.InstUIToFP, *ir.InstSIToFP, *ir.InstBitCast:
		fe.createConversion(inst)
	case *ir.InstAlloca:
		// Written at the start of the entry block by createAllocas.
	case *ir.InstLoad:
		fe.createLoad(inst)
	case *ir.InstStore:
		fe.createStore(inst)
	case *ir.InstGetElementPtr:
		fe.createGEP(inst)
	case *ir.InstAtomicRMW:
		fe.createAtomicRMW(inst)
	case *ir.InstCmpXchg:
		fe.createCmpXchg(inst)
	case *ir.InstExtractValue:
		fe.createExtractValue(inst)
	case *ir.InstPhi:
		fe.createPhi(inst)
	case *ir.InstCall:
		fe.createCall(inst)
	default:
		fe.errorf(ErrUnsupported, "instruction %T has no SPIR-V mapping", inst)
	}
}

// namedValue is an instruction with a result, which may carry a name.
type namedValue interface {
	value.Value
	Name() string
	IsUnnamed() bool
}

// errorf records a problem of kind (ErrBadIR or ErrUnsupported) at the
// current instruction and lets emission go on, so that one run reports
// every problem of a module.
func (fe *funcEmitter) errorf(kind error, format string, args ...any) {
	fe.errs.Add(emitutil.Errorf("spirv", fe.fn, fe.block, fe.inst, kind, format, args...))
}
