package codegen

// This file implements the lowering of one Go function's body, the kernel's
// or an inlined helper's: the value map, blocks, phis and the single type
// switch over go/ssa instructions. Helpers are inlined (docs/ir.md): each
// call lowers the callee's body again in a new frame.

import (
	"go/token"
	"go/types"

	"github.com/llir/llvm/ir"
	"github.com/llir/llvm/ir/constant"
	"github.com/llir/llvm/ir/enum"
	lltypes "github.com/llir/llvm/ir/types"
	"github.com/llir/llvm/ir/value"
	"golang.org/x/tools/go/ssa"
)

// A lowered Go value is one of:
//   - value.Value: a scalar (i1 for bool) or a pointer;
//   - *sliceValue: a slice, as pointer and length;
//   - itemValue: the ka.Item (it has no IR value);
//   - tupleValue: the results of an inlined call with several results;
//   - poison: a value whose lowering failed (already reported), so that
//     its uses report nothing more.
type lowered any

// sliceValue is a slice: a pointer to its first element and its length
// (capacity is not tracked: kernels cannot append).
type sliceValue struct {
	ptr  value.Value // elem addrspace(N)*
	len  value.Value // i64
	elem lltypes.Type
	rec  types.Type // a slice of structs (records.go): its element type, elem being i8
}

type itemValue struct{}

type tupleValue []lowered

type poison struct{}

// frame is the state of one Go function being lowered into the kernel.
type frame struct {
	*compiler
	fn     *ssa.Function
	values map[ssa.Value]lowered
	blocks map[*ssa.BasicBlock]*ir.Block
	exits  map[*ssa.BasicBlock]*ir.Block // the IR block each Go block ends in
	cur    *ir.Block
	phis   []pendingPhi
	rets   []returnEdge // an inlined helper's returns

	panicForms map[*ssa.Panic]*panicForm // the messages of the function's panics (panics.go)
	skip       map[ssa.Instruction]bool  // instructions that only build a panic's message or ka.Printf's arguments
	printfArgs map[*ssa.Call][]ssa.Value // the arguments of the function's ka.Printf calls (print.go)

	aggPhis   []pendingAggPhi // phis of structs and nested arrays (aggregates.go)
	phiCopies []func()        // the current block's aggregate phi copies, emitted after its phis

	// caller and call are, for an inlined helper, the frame and the call
	// it was inlined at, by which launchfacts.go follows a parameter to
	// its argument.
	caller *frame
	call   *ssa.Call
}

// pendingPhi is a phi whose incoming values are filled in once every block
// of the frame is lowered.
type pendingPhi struct {
	phi  *ssa.Phi
	ir   []*ir.InstPhi // one for a scalar, two (pointer, length) for a slice
	elem lltypes.Type
}

// returnEdge is one Return of an inlined helper.
type returnEdge struct {
	from    *ir.Block
	results []lowered
}

func (c *compiler) newFrame(fn *ssa.Function) *frame {
	return &frame{compiler: c, fn: fn, values: map[ssa.Value]lowered{},
		blocks: map[*ssa.BasicBlock]*ir.Block{}, exits: map[*ssa.BasicBlock]*ir.Block{},
		panicForms: map[*ssa.Panic]*panicForm{}, skip: map[ssa.Instruction]bool{}, printfArgs: map[*ssa.Call][]ssa.Value{}}
}

// createBody lowers the frame's function body and returns its first block.
// For an inlined helper, cont is the block its returns branch to.
func (f *frame) createBody(cont *ir.Block) *ir.Block {
	f.checkReducible()
	for _, b := range f.fn.Blocks {
		f.blocks[b] = f.fn2().NewBlock("")
	}
	f.markPanics()
	f.markPrintfs()
	for _, b := range f.fn.DomPreorder() {
		f.cur = f.blocks[b]
		for _, instr := range b.Instrs {
			f.createInstruction(instr, cont)
		}
		f.exits[b] = f.cur
	}
	// Blocks that DomPreorder does not reach (there should be none) still
	// need a terminator.
	for _, b := range f.fn.Blocks {
		if blk := f.blocks[b]; blk.Term == nil && len(blk.Insts) == 0 {
			blk.NewUnreachable()
		}
	}
	f.fillPhis()
	f.fillAggPhis()
	return f.blocks[f.fn.Blocks[0]]
}

func (f *frame) fn2() *ir.Func { return f.compiler.fn }

// fillPhis sets the incoming values of the frame's phis.
func (f *frame) fillPhis() {
	for _, p := range f.phis {
		preds := p.phi.Block().Preds
		for i, edge := range p.phi.Edges {
			from := f.exits[preds[i]]
			if from == nil {
				from = f.blocks[preds[i]]
			}
			v := f.getValue(edge, p.phi.Pos())
			switch len(p.ir) {
			case 1:
				sv, ok := v.(value.Value)
				if !ok {
					sv = constant.NewUndef(p.ir[0].Typ)
				}
				p.ir[0].Incs = append(p.ir[0].Incs, ir.NewIncoming(f.retype(sv, p.ir[0].Typ), from))
			case 2:
				s, ok := v.(*sliceValue)
				var ptr, ln value.Value = constant.NewUndef(p.ir[0].Typ), constant.NewUndef(lltypes.I64)
				if ok {
					ptr, ln = f.retype(s.ptr, p.ir[0].Typ), s.len
				}
				p.ir[0].Incs = append(p.ir[0].Incs, ir.NewIncoming(ptr, from))
				p.ir[1].Incs = append(p.ir[1].Incs, ir.NewIncoming(ln, from))
			}
		}
	}
}

// retype substitutes a null or undef constant of type t for a constant of
// another pointer type (a nil slice meeting a slice of another address
// space); other values are returned as they are.
func (f *frame) retype(v value.Value, t lltypes.Type) value.Value {
	if v.Type().Equal(t) {
		return v
	}
	switch v.(type) {
	case *constant.Null, *constant.Undef:
		if pt, ok := t.(*lltypes.PointerType); ok {
			return constant.NewNull(pt)
		}
		return constant.NewUndef(t)
	}
	f.errorf(token.NoPos, "values from different memories (global, local, private) meet in one variable: %s", unsupported("mixing memories"))
	return constant.NewUndef(t)
}

// getValue returns the lowered form of an operand.
func (f *frame) getValue(v ssa.Value, pos token.Pos) lowered {
	if l, ok := f.values[v]; ok {
		return l
	}
	switch v := v.(type) {
	case *ssa.Const:
		if isAggregate(v.Type()) {
			// A fresh zero value at each use (aggregates.go).
			return f.createAggConst(v.Type())
		}
		l := f.createConst(v, pos)
		f.values[v] = l
		return l
	case *ssa.Function:
		f.unsupportedAt(pos, "function value")
	case *ssa.Global:
		f.unsupportedAt(pos, "package-level variable "+v.Name())
	case *ssa.Builtin:
		f.unsupportedAt(pos, "builtin function value")
	case *ssa.FreeVar:
		f.unsupportedAt(pos, "closure")
	default:
		// An operand defined in a block not lowered yet: go/ssa's
		// dominance guarantees this does not happen for reachable code.
		f.errorf(pos, "internal error: value %s used before it is defined", v.Name())
	}
	f.values[v] = poison{}
	return poison{}
}

// scalar returns an operand that must be a scalar or pointer, or nil after
// an error (reported here unless the operand is already poison).
func (f *frame) scalar(v ssa.Value, pos token.Pos) value.Value {
	switch l := f.getValue(v, pos).(type) {
	case value.Value:
		return l
	case poison:
		return nil
	default:
		f.unsupportedAt(pos, describeType(v.Type())+" in this position")
		return nil
	}
}

// createConst lowers a constant.
func (f *frame) createConst(v *ssa.Const, pos token.Pos) lowered {
	t := v.Type()
	if s, ok := t.Underlying().(*types.Slice); ok && v.IsNil() {
		elem := memType(s.Elem())
		if elem == nil {
			f.unsupportedAt(pos, describeType(t))
			return poison{}
		}
		return &sliceValue{ptr: constant.NewNull(pointerTo(elem, spaceGlobal)), len: constant.NewInt(lltypes.I64, 0), elem: elem}
	}
	lt := scalarType(t)
	if lt == nil {
		f.unsupportedAt(pos, describeType(t))
		return poison{}
	}
	switch lt := lt.(type) {
	case *lltypes.IntType:
		if lt.BitSize == 1 {
			return constant.NewBool(v.Value != nil && v.Value.String() == "true")
		}
		var bits uint64
		if v.Value != nil {
			if isUnsigned(t) {
				bits = v.Uint64()
			} else {
				bits = uint64(v.Int64())
			}
		}
		return intConst(lt, bits)
	case *lltypes.FloatType:
		x := 0.0
		if v.Value != nil {
			x = v.Float64()
		}
		if lt.Kind == lltypes.FloatKindFloat {
			x = float64(float32(x))
		}
		return constant.NewFloat(lt, x)
	}
	return poison{}
}

// intConst is the integer constant of type t with the low bits of bits,
// written as a signed number of that width (as LLVM prints it).
func intConst(t *lltypes.IntType, bits uint64) *constant.Int {
	w := t.BitSize
	v := int64(bits << (64 - w) >> (64 - w))
	if w < 64 {
		v = int64(bits<<(64-w)) >> (64 - w)
	}
	return constant.NewInt(t, v)
}

// createInstruction lowers one instruction: the one dispatch over go/ssa's
// instruction types. cont is where an inlined helper's returns go (nil for
// the kernel).
func (f *frame) createInstruction(instr ssa.Instruction, cont *ir.Block) {
	pos := instr.Pos()
	f.compiler.pos = f.bestPos(instr)
	if f.skip[instr] {
		return
	}
	if _, phi := instr.(*ssa.Phi); !phi && len(f.phiCopies) > 0 {
		f.flushPhiCopies()
	}
	switch in := instr.(type) {
	case *ssa.DebugRef:
		// no debug information in kernels
	case *ssa.Phi:
		f.createPhi(in)
	case *ssa.BinOp:
		f.values[in] = f.createBinOp(in)
	case *ssa.UnOp:
		f.values[in] = f.createUnOp(in)
	case *ssa.Convert:
		f.values[in] = f.createConvert(in)
	case *ssa.ChangeType:
		f.values[in] = f.getValue(in.X, pos)
	case *ssa.Alloc:
		f.values[in] = f.createAlloc(in)
	case *ssa.IndexAddr:
		f.values[in] = f.createIndexAddr(in)
	case *ssa.Slice:
		f.values[in] = f.createSlice(in)
	case *ssa.Store:
		f.createStore(in)
	case *ssa.Call:
		f.values[in] = f.createCall(in)
	case *ssa.Extract:
		f.values[in] = f.createExtract(in)
	case *ssa.If:
		cond := f.scalar(in.Cond, pos)
		succ := in.Block().Succs
		if cond == nil {
			f.cur.NewUnreachable()
			return
		}
		f.cur.NewCondBr(cond, f.blocks[succ[0]], f.blocks[succ[1]])
	case *ssa.Jump:
		f.cur.NewBr(f.blocks[in.Block().Succs[0]])
	case *ssa.Return:
		f.createReturn(in, cont)
	case *ssa.Panic:
		f.createPanic(in)
	case *ssa.Go:
		f.unsupportedAt(pos, "go statement (goroutine)")
	case *ssa.Defer:
		f.unsupportedAt(pos, "defer")
	case *ssa.RunDefers:
		// reported at the Defer
	case *ssa.MakeClosure:
		f.unsupportedAt(in.Fn.Pos(), "closure")
		f.values[in] = poison{}
	case *ssa.MakeMap, *ssa.MapUpdate, *ssa.Lookup:
		f.unsupportedAt(pos, "map")
		f.setPoison(instr)
	case *ssa.MakeChan, *ssa.Send:
		f.unsupportedAt(pos, "channel")
		f.setPoison(instr)
	case *ssa.Select:
		f.unsupportedAt(pos, "select")
		f.values[in] = poison{}
	case *ssa.MakeInterface:
		if !onlyPanics(in) {
			f.unsupportedAt(pos, "interface")
		}
		f.values[in] = poison{}
	case *ssa.TypeAssert:
		f.unsupportedAt(pos, "type assertion (interface)")
		f.values[in] = poison{}
	case *ssa.ChangeInterface:
		f.unsupportedAt(pos, "interface")
		f.values[in] = poison{}
	case *ssa.MakeSlice:
		f.unsupportedAt(pos, "heap allocation (make)")
		f.values[in] = poison{}
	case *ssa.Range, *ssa.Next:
		f.unsupportedAt(pos, "range over a string or map")
		f.setPoison(instr)
	case *ssa.FieldAddr:
		f.values[in] = f.createFieldAddr(in)
	case *ssa.Field:
		f.values[in] = f.createField(in)
	case *ssa.Index:
		f.values[in] = f.createIndex(in)
	case *ssa.SliceToArrayPointer:
		f.unsupportedAt(pos, "conversion of a slice to an array pointer")
		f.values[in] = poison{}
	case *ssa.MultiConvert:
		f.unsupportedAt(pos, "conversion in a generic function")
		f.values[in] = poison{}
	default:
		f.unsupportedAt(pos, "Go operation "+instr.String())
		f.setPoison(instr)
	}
}

// bestPos is the position diagnostics use for instr: its own, else that of
// its first user with one (an implicit conversion reports at the call that
// needs it), else that of the next instruction in its block, else the
// enclosing function's.
func (f *frame) bestPos(instr ssa.Instruction) token.Pos {
	if p := instr.Pos(); p.IsValid() {
		return p
	}
	if v, ok := instr.(ssa.Value); ok && v.Referrers() != nil {
		for _, r := range *v.Referrers() {
			if p := r.Pos(); p.IsValid() {
				return p
			}
		}
	}
	if b := instr.Block(); b != nil {
		after := false
		for _, other := range b.Instrs {
			if other == instr {
				after = true
				continue
			}
			if p := other.Pos(); after && p.IsValid() {
				return p
			}
		}
	}
	if p := f.fn.Pos(); p.IsValid() {
		return p
	}
	return f.kernel.fn.Pos()
}

func (f *frame) setPoison(instr ssa.Instruction) {
	if v, ok := instr.(ssa.Value); ok {
		f.values[v] = poison{}
	}
}

// onlyPanics reports whether v is used only by panic (reported there).
func onlyPanics(v ssa.Value) bool {
	refs := v.Referrers()
	if refs == nil || len(*refs) == 0 {
		return false
	}
	for _, r := range *refs {
		if _, ok := r.(*ssa.Panic); !ok {
			return false
		}
	}
	return true
}

// createPhi creates a phi (two for a slice) at the current position, which
// is the start of its block; incoming values come later, in fillPhis.
func (f *frame) createPhi(p *ssa.Phi) {
	t := p.Type()
	if isItem(t) {
		f.values[p] = itemValue{}
		return
	}
	if isAggregate(t) {
		f.createAggPhi(p)
		return
	}
	if s, ok := t.Underlying().(*types.Slice); ok {
		elem := memType(s.Elem())
		if elem == nil {
			f.unsupportedAt(p.Pos(), describeType(t))
			f.values[p] = poison{}
			return
		}
		ptr := &ir.InstPhi{Typ: pointerTo(elem, f.spaceOf(p, map[ssa.Value]bool{}))}
		ln := &ir.InstPhi{Typ: lltypes.I64}
		f.cur.Insts = append(f.cur.Insts, ptr, ln)
		f.phis = append(f.phis, pendingPhi{phi: p, ir: []*ir.InstPhi{ptr, ln}, elem: elem})
		f.values[p] = &sliceValue{ptr: ptr, len: ln, elem: elem}
		return
	}
	var lt lltypes.Type
	if pt, ok := t.Underlying().(*types.Pointer); ok {
		if elem := memType(pt.Elem()); elem != nil {
			lt = pointerTo(elem, f.spaceOf(p, map[ssa.Value]bool{}))
		}
	} else {
		lt = scalarType(t)
	}
	if lt == nil {
		f.unsupportedAt(p.Pos(), describeType(t))
		f.values[p] = poison{}
		return
	}
	phi := &ir.InstPhi{Typ: lt}
	f.cur.Insts = append(f.cur.Insts, phi)
	f.phis = append(f.phis, pendingPhi{phi: p, ir: []*ir.InstPhi{phi}})
	f.values[p] = phi
}

// spaceOf finds the address space of a pointer or slice value from where it
// comes from: kernel parameters are global, LocalArray is local, local
// variables are private.
func (f *frame) spaceOf(v ssa.Value, seen map[ssa.Value]bool) lltypes.AddrSpace {
	if seen[v] {
		return spaceGlobal
	}
	seen[v] = true
	if l, ok := f.values[v]; ok {
		switch l := l.(type) {
		case *sliceValue:
			return l.ptr.Type().(*lltypes.PointerType).AddrSpace
		case value.Value:
			if pt, ok := l.Type().(*lltypes.PointerType); ok {
				return pt.AddrSpace
			}
		}
	}
	switch v := v.(type) {
	case *ssa.Alloc:
		return spacePrivate
	case *ssa.IndexAddr:
		return f.spaceOf(v.X, seen)
	case *ssa.Slice:
		return f.spaceOf(v.X, seen)
	case *ssa.ChangeType:
		return f.spaceOf(v.X, seen)
	case *ssa.Call:
		if callee := v.Call.StaticCallee(); callee != nil && isKaFunc(callee, "LocalArray") {
			return spaceLocal
		}
	case *ssa.Phi:
		for _, e := range v.Edges {
			if c, ok := e.(*ssa.Const); ok && c.IsNil() {
				continue
			}
			return f.spaceOf(e, seen)
		}
	}
	return spaceGlobal
}

// createReturn ends the kernel, or branches from an inlined helper to its
// continuation.
func (f *frame) createReturn(r *ssa.Return, cont *ir.Block) {
	if cont == nil {
		f.cur.NewRet(nil)
		return
	}
	results := make([]lowered, len(r.Results))
	for i, v := range r.Results {
		results[i] = f.getValue(v, r.Pos())
	}
	f.rets = append(f.rets, returnEdge{from: f.cur, results: results})
	f.cur.NewBr(cont)
}

// createExtract picks one result of a call with several results.
func (f *frame) createExtract(e *ssa.Extract) lowered {
	switch t := f.getValue(e.Tuple, e.Pos()).(type) {
	case tupleValue:
		if e.Index < len(t) {
			return t[e.Index]
		}
	case poison:
		return poison{}
	}
	f.unsupportedAt(e.Pos(), "this use of multiple results")
	return poison{}
}

// zeroValue is the zero value of a scalar IR type.
func zeroValue(t lltypes.Type) value.Value {
	switch t := t.(type) {
	case *lltypes.IntType:
		return constant.NewInt(t, 0)
	case *lltypes.FloatType:
		return constant.NewFloat(t, 0)
	case *lltypes.PointerType:
		return constant.NewNull(t)
	}
	return constant.NewUndef(t)
}

// i64 widens an integer operand of Go type t to i64 (for indices and
// lengths), by its signedness.
func (f *frame) i64(v value.Value, t types.Type) value.Value {
	it, ok := v.Type().(*lltypes.IntType)
	if !ok || it.BitSize == 64 {
		return v
	}
	if isUnsigned(t) {
		return f.cur.NewZExt(v, lltypes.I64)
	}
	return f.cur.NewSExt(v, lltypes.I64)
}

// boolToMem and memToBool convert between i1 in registers and i8 in memory.
func (f *frame) boolToMem(v value.Value) value.Value {
	return f.cur.NewZExt(v, lltypes.I8)
}

func (f *frame) memToBool(v value.Value) value.Value {
	return f.cur.NewICmp(enum.IPredNE, v, constant.NewInt(lltypes.I8, 0))
}
