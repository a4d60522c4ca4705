package spirv

import (
	"encoding/binary"
	"errors"
	"fmt"
	"sort"

	"github.com/llir/llvm/ir"
	"github.com/llir/llvm/ir/types"
	"github.com/llir/llvm/ir/value"
)

// This file holds the entry point, the per-module and per-function state, the
// instruction dispatch and the final assembly of the module's sections.
// Each family of instructions is created in a file of its own.

// Emit translates m, one kernel in the form of docs/ir.md, to a SPIR-V
// binary module for the OpenCL environment (little-endian words). Anything
// outside the contract is reported, all of it in one error (errors.Join of
// *Error values), and no binary is returned.
func Emit(m *ir.Module, opts Options) ([]byte, error) {
	mod := newModule(opts)
	kernel, err := findKernel(m)
	if err != nil {
		return nil, err
	}
	f := &function{
		module: mod,
		fn:     kernel,
		values: make(map[value.Value]uint32),
		labels: make(map[*ir.Block]uint32),
		exits:  make(map[*ir.Block]uint32),
		pairs:  make(map[*ir.InstCmpXchg][2]uint32),
	}
	f.createLocalArrays(m.Globals)
	f.createKernel()
	mod.createExecutionModes(f.id)
	if len(mod.errs) > 0 {
		return nil, errors.Join(mod.errs...)
	}
	return mod.assemble(kernel.Name(), f.id, f.body), nil
}

// findKernel returns the module's only function definition.
func findKernel(m *ir.Module) (*ir.Func, error) {
	var kernel *ir.Func
	for _, fn := range m.Funcs {
		if len(fn.Blocks) == 0 {
			continue // an intrinsic's declaration
		}
		if kernel != nil {
			return nil, &Error{Msg: fmt.Sprintf("module defines more than one function (@%s and @%s); docs/ir.md allows one kernel per module", kernel.Name(), fn.Name())}
		}
		kernel = fn
	}
	if kernel == nil {
		return nil, &Error{Msg: "module defines no function; docs/ir.md expects one kernel"}
	}
	if _, ok := kernel.Sig.RetType.(*types.VoidType); !ok {
		return nil, &Error{Func: kernel.Name(), Msg: "a kernel must return void, not " + kernel.Sig.RetType.LLString()}
	}
	return kernel, nil
}

// module is the state of one SPIR-V module: ids, the capabilities and
// extensions in use, and every section but the function body.
type module struct {
	opts    Options
	nextID  uint32
	caps    map[uint32]bool
	exts    map[string]bool
	extInst uint32 // the OpenCL.std import, 0 until a math function needs it

	modes       section // OpExecutionMode
	names       section // OpName
	annotations section // OpDecorate
	globals     section // types, constants, global variables

	types      map[string]uint32     // get*Type caches, by a key naming the type
	consts     map[string]uint32     // constant caches, by type and value
	builtins   map[uint32]uint32     // built-in variable by BuiltIn number
	locals     map[*ir.Global]uint32 // workgroup variable of each ka.local.<k>
	interface_ []uint32              // the entry point's interface variables

	errs []error
}

func newModule(opts Options) *module {
	m := &module{
		opts:     opts,
		nextID:   1,
		caps:     map[uint32]bool{capAddresses: true, capKernel: true, capInt64: true},
		exts:     map[string]bool{},
		types:    map[string]uint32{},
		consts:   map[string]uint32{},
		builtins: map[uint32]uint32{},
		locals:   map[*ir.Global]uint32{},
	}
	return m
}

// newID returns a fresh result id.
func (m *module) newID() uint32 {
	id := m.nextID
	m.nextID++
	return id
}

// name records a debug name for id.
func (m *module) name(id uint32, name string) {
	if name != "" {
		m.names.op(opName, cat([]uint32{id}, stringWords(name)...)...)
	}
}

// getExtInst returns the id of the OpenCL.std import.
func (m *module) getExtInst() uint32 {
	if m.extInst == 0 {
		m.extInst = m.newID()
	}
	return m.extInst
}

// assemble lays the sections out in the order of the specification (2.4).
func (m *module) assemble(entry string, fn uint32, body section) []byte {
	var s section
	s = append(s, magic, m.opts.version(), 0, m.nextID, 0)
	for _, c := range sortedKeys(m.caps) {
		s.op(opCapability, c)
	}
	for _, e := range sortedKeys(m.exts) {
		s.op(opExtension, stringWords(e)...)
	}
	if m.extInst != 0 {
		s.op(opExtInstImport, cat([]uint32{m.extInst}, stringWords("OpenCL.std")...)...)
	}
	s.op(opMemoryModel, addressingPhysical64, memoryModelOpenCL)
	ep := cat([]uint32{executionKernel, fn}, stringWords(entry)...)
	s.op(opEntryPoint, cat(ep, m.interface_...)...)
	s = append(s, m.modes...)
	s.op(opSource, sourceOpenCLC, 100000) // OpenCL C 1.0: the language the kernel could have been written in
	s = append(s, m.names...)
	s = append(s, m.annotations...)
	s = append(s, m.globals...)
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

// function is the state of the kernel's translation. It embeds the module's.
type function struct {
	*module
	fn   *ir.Func
	id   uint32
	body section

	values map[value.Value]uint32        // result id of each parameter and instruction
	labels map[*ir.Block]uint32          // the label that starts each block
	exits  map[*ir.Block]uint32          // the label of each block's last part (see atomics.go)
	pairs  map[*ir.InstCmpXchg][2]uint32 // cmpxchg: old value and success flag
	fixups []phiFixup                    // phi parents to patch once exits are known
	gsize  [3]uint32                     // the hidden ka.gsize<d> parameters

	block   *ir.Block // the block being translated
	label   uint32    // the label of the part of block being written
	inst    any       // the instruction being translated, for errors
	trapped bool      // an llvm.trap was seen in this block
	aliased bool      // the instruction's result is another value's id (alias)
}

// valueID returns the result id of a parameter or instruction, allocating it
// at the first reference (a phi can use a value defined further down).
func (f *function) valueID(v value.Value) uint32 {
	id, ok := f.values[v]
	if !ok {
		id = f.newID()
		f.values[v] = id
	}
	return id
}

// labelID returns the label id of a block.
func (f *function) labelID(b *ir.Block) uint32 {
	id, ok := f.labels[b]
	if !ok {
		id = f.newID()
		f.labels[b] = id
	}
	return id
}

// createKernel writes the kernel's OpFunction: its parameters (the Go ones
// and the three hidden ka.gsize<d>), then every block.
func (f *function) createKernel() {
	var ptypes []uint32
	for _, p := range f.fn.Params {
		ptypes = append(ptypes, f.typeOf(p.Typ))
	}
	i64 := f.getIntType(64)
	ptypes = append(ptypes, i64, i64, i64)
	void := f.getVoidType()
	f.id = f.newID()
	f.name(f.id, f.fn.Name())
	f.body.op(opFunction, void, f.id, functionControlNone, f.getFuncType(void, ptypes...))
	for i, p := range f.fn.Params {
		id := f.valueID(p)
		f.body.op(opFunctionParameter, ptypes[i], id)
		if !p.IsUnnamed() {
			f.name(id, p.Name())
		}
	}
	for d := range f.gsize {
		f.gsize[d] = f.newID()
		f.body.op(opFunctionParameter, i64, f.gsize[d])
		f.name(f.gsize[d], fmt.Sprintf("ka.gsize%d", d))
	}
	for i, b := range f.fn.Blocks {
		f.block, f.trapped = b, false
		f.label = f.labelID(b)
		if !b.IsUnnamed() {
			f.name(f.label, b.Name())
		}
		f.body.op(opLabel, f.label)
		if i == 0 {
			f.createAllocas()
		}
		for _, inst := range b.Insts {
			f.inst = inst
			f.createInst(inst)
		}
		f.inst = b.Term
		f.createTerm(b.Term)
		f.exits[b] = f.label
		f.inst = nil
	}
	f.block = nil
	f.body.op(opFunctionEnd)
	f.patchPhis()
}

// createInst translates one instruction: the dispatch of docs/ir.md's list.
func (f *function) createInst(inst ir.Instruction) {
	f.aliased = false
	defer func() {
		_, isPair := inst.(*ir.InstCmpXchg) // no id of its own: see createCmpXchg
		if v, ok := inst.(namedValue); ok && !v.IsUnnamed() && !isVoid(v.Type()) && !f.aliased && !isPair {
			f.name(f.valueID(v), v.Name())
		}
	}()
	switch inst := inst.(type) {
	case *ir.InstAdd:
		f.createIntBinary(inst, opIAdd, inst.X, inst.Y)
	case *ir.InstSub:
		f.createIntBinary(inst, opISub, inst.X, inst.Y)
	case *ir.InstMul:
		f.createIntBinary(inst, opIMul, inst.X, inst.Y)
	case *ir.InstSDiv:
		f.createIntBinary(inst, opSDiv, inst.X, inst.Y)
	case *ir.InstUDiv:
		f.createIntBinary(inst, opUDiv, inst.X, inst.Y)
	case *ir.InstSRem:
		f.createIntBinary(inst, opSRem, inst.X, inst.Y)
	case *ir.InstURem:
		f.createIntBinary(inst, opUMod, inst.X, inst.Y)
	case *ir.InstShl:
		f.createIntBinary(inst, opShiftLeftLogical, inst.X, inst.Y)
	case *ir.InstLShr:
		f.createIntBinary(inst, opShiftRightLogical, inst.X, inst.Y)
	case *ir.InstAShr:
		f.createIntBinary(inst, opShiftRightArithmetic, inst.X, inst.Y)
	case *ir.InstAnd:
		f.createIntBinary(inst, opBitwiseAnd, inst.X, inst.Y)
	case *ir.InstOr:
		f.createIntBinary(inst, opBitwiseOr, inst.X, inst.Y)
	case *ir.InstXor:
		f.createIntBinary(inst, opBitwiseXor, inst.X, inst.Y)
	case *ir.InstFAdd:
		f.createFloatBinary(inst, opFAdd, inst.X, inst.Y, len(inst.FastMathFlags))
	case *ir.InstFSub:
		f.createFloatBinary(inst, opFSub, inst.X, inst.Y, len(inst.FastMathFlags))
	case *ir.InstFMul:
		f.createFloatBinary(inst, opFMul, inst.X, inst.Y, len(inst.FastMathFlags))
	case *ir.InstFDiv:
		f.createFloatBinary(inst, opFDiv, inst.X, inst.Y, len(inst.FastMathFlags))
	case *ir.InstFRem:
		f.createFloatBinary(inst, opFRem, inst.X, inst.Y, len(inst.FastMathFlags))
	case *ir.InstFNeg:
		f.createFNeg(inst)
	case *ir.InstICmp:
		f.createICmp(inst)
	case *ir.InstFCmp:
		f.createFCmp(inst)
	case *ir.InstSelect:
		f.createSelect(inst)
	case *ir.InstTrunc, *ir.InstZExt, *ir.InstSExt, *ir.InstFPTrunc, *ir.InstFPExt,
		*ir.InstFPToUI, *ir.InstFPToSI, *ir.InstUIToFP, *ir.InstSIToFP, *ir.InstBitCast:
		f.createConversion(inst)
	case *ir.InstAlloca:
		// Written at the start of the entry block by createAllocas.
	case *ir.InstLoad:
		f.createLoad(inst)
	case *ir.InstStore:
		f.createStore(inst)
	case *ir.InstGetElementPtr:
		f.createGEP(inst)
	case *ir.InstAtomicRMW:
		f.createAtomicRMW(inst)
	case *ir.InstCmpXchg:
		f.createCmpXchg(inst)
	case *ir.InstExtractValue:
		f.createExtractValue(inst)
	case *ir.InstPhi:
		f.createPhi(inst)
	case *ir.InstCall:
		f.createCall(inst)
	default:
		f.errorf("unsupported instruction (not in docs/ir.md)")
	}
}

// namedValue is an instruction with a result, which may carry a name.
type namedValue interface {
	value.Value
	Name() string
	IsUnnamed() bool
}

// isVoid reports whether t is void.
func isVoid(t types.Type) bool {
	_, ok := t.(*types.VoidType)
	return ok
}
