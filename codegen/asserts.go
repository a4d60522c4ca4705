package codegen

// This file implements Go's run-time checks in kernels and the fault record
// they report to (docs/ir.md, "The fault record"): an index i is in range
// when i <u len (so a negative index, seen as a huge unsigned number, fails
// too); slice bounds need lo ≤u hi ≤u cap; an integer divisor must not be
// zero; ka.GroupBroadcast's from must be <u the group's size, as the
// native backend checks it (ka/kernel/collective.go). Checks are on
// unless the kernel is marked //ka:nocheck (or Config.NoChecks); panics
// are always recorded.
//
// A failure writes the fault record (the first failing work-item of the
// launch wins a compare-and-swap on its state word) and then:
//
//   - in a kernel without barriers, the work-item returns;
//   - in a kernel with barriers, where a returning work-item would leave
//     its group at the next barrier (and crashes PoCL), it goes on with the
//     failing operation made harmless: an out-of-range element of a global
//     slice is the record's scratch memory, of a private or workgroup array
//     element 0, a failed slicing gives an empty slice and a zero divisor
//     is 1. The launch is failed either way; its results are undefined.

import (
	"go/token"
	"go/types"
	"path/filepath"

	"github.com/kago-dev/kago/ka/driver"
	"github.com/kago-dev/kago/ka/kernel"
	"github.com/llir/llvm/ir"
	"github.com/llir/llvm/ir/constant"
	"github.com/llir/llvm/ir/enum"
	lltypes "github.com/llir/llvm/ir/types"
	"github.com/llir/llvm/ir/value"
	"golang.org/x/tools/go/ssa"
)

// faultState is the compiler's state for the kernel's fault sites.
type faultState struct {
	checks  bool // emit bounds and division checks
	barrier bool // the kernel has barriers: a failing work-item goes on
	rec     *ir.Param
	launch  *ir.Param
	sites   driver.FaultSites
	shared  *ir.Block              // the record-and-return block of a kernel without barriers
	phis    [4]*ir.InstPhi         // its site and values
	scratch map[string]value.Value // pointers into the record's scratch, by element type
}

// checked is the outcome of createCheck: the block that passed the check
// and, in a kernel with barriers, the last block of the failure path, which
// also continues (nil when a failing work-item returns).
type checked struct {
	from, fail *ir.Block
}

// keep is v after a check, or alt on the failure path of a kernel with
// barriers; it must be called before anything else is emitted into the
// block after the check.
func (f *frame) keep(c checked, v, alt value.Value) value.Value {
	if c.fail == nil {
		return v
	}
	return f.cur.NewPhi(ir.NewIncoming(v, c.from), ir.NewIncoming(alt, c.fail))
}

// site adds a fault site at pos and returns its index.
func (f *frame) site(kind driver.FaultKind, pos token.Pos, format string, args ...driver.ScalarType) int {
	p := f.fset.Position(pos)
	if !p.IsValid() {
		p = f.fset.Position(f.compiler.pos)
	}
	file := p.Filename
	// Relative to the package's directory, so that generated code does not
	// depend on where it was generated.
	if file != "" {
		rel := ""
		if dir, err := filepath.Abs(f.pkg.Dir); err == nil && f.pkg.Dir != "" {
			if r, err := filepath.Rel(dir, file); err == nil && filepath.IsLocal(r) {
				rel = filepath.ToSlash(r)
			}
		}
		if rel == "" {
			rel = filepath.Base(file)
		}
		file = rel
	}
	f.faults.sites = append(f.faults.sites, driver.FaultSite{Kind: kind, File: file, Line: p.Line, Format: format, Args: args})
	return len(f.faults.sites) - 1
}

// indexArg is the driver type an index of Go type t is recorded as.
func indexArg(t types.Type) driver.ScalarType {
	if isUnsigned(t) {
		return driver.Uint
	}
	return driver.Int
}

// createBoundsCheck checks 0 <= i < n (i of Go type it) for the index
// expression at pos.
func (f *frame) createBoundsCheck(i, n value.Value, it types.Type, pos token.Pos) checked {
	s, ok := f.boundsSite(i, n, it, pos)
	if !ok {
		return checked{}
	}
	return f.createCheck(f.cur.NewICmp(enum.IPredULT, i, n), s, i, n)
}

// boundsSite is the fault site of the check 0 <= i < n, false when there
// is no check to make.
func (f *frame) boundsSite(i, n value.Value, it types.Type, pos token.Pos) (int, bool) {
	if !f.faults.checks || constantBelow(i, n) {
		return 0, false
	}
	return f.site(driver.FaultIndex, pos, "index out of range [%d] with length %d", indexArg(it), driver.Int), true
}

// indexCheck checks 0 <= i < n, i being the Go index x at instruction at
// and bound n as a launch expression (nil when it is none), unless
// decideIndex leaves the check out (launchfacts.go). The lean variant
// still makes the fault site of a check it leaves out, so that both
// variants number their sites alike.
func (f *frame) indexCheck(at ssa.Instruction, x ssa.Value, bound *lexpr, i, n value.Value, pos token.Pos) checked {
	switch f.decideIndex(at, x, bound) {
	case provenOK:
		return checked{}
	case atLaunch:
		if f.lean {
			f.boundsSite(i, n, x.Type(), pos)
			return checked{}
		}
	}
	return f.createBoundsCheck(i, n, x.Type(), pos)
}

// createSliceCheck checks lo <= hi as unsigned numbers for the slice
// expression at pos; format words the failure, with lo and hi (of Go types
// lt and ht).
func (f *frame) createSliceCheck(lo, hi value.Value, lt, ht types.Type, pos token.Pos, format string) checked {
	if !f.faults.checks {
		return checked{}
	}
	if a, ok := lo.(*constant.Int); ok {
		if b, ok := hi.(*constant.Int); ok && a.X.Sign() >= 0 && a.X.Cmp(b.X) <= 0 {
			return checked{}
		}
		if a.X.Sign() == 0 {
			return checked{}
		}
	}
	s := f.site(driver.FaultSlice, pos, format, indexArg(lt), indexArg(ht))
	return f.createCheck(f.cur.NewICmp(enum.IPredULE, lo, hi), s, lo, hi)
}

// createDivCheck checks that the divisor y is not zero.
func (f *frame) createDivCheck(y value.Value, pos token.Pos) checked {
	if !f.faults.checks {
		return checked{}
	}
	if c, ok := y.(*constant.Int); ok && c.X.Sign() != 0 {
		return checked{}
	}
	s := f.site(driver.FaultDivideByZero, pos, "integer divide by zero")
	return f.createCheck(f.cur.NewICmp(enum.IPredNE, y, constant.NewInt(y.Type().(*lltypes.IntType), 0)), s)
}

// createBroadcastCheck checks 0 <= from < n for the ka.GroupBroadcast at
// pos, n the group's size in work-items, and returns the from to use: 0
// on the failure path, where the work-item goes on to the broadcast's
// barriers with work-item 0's value (every kernel with a collective has
// barriers). A constant 0 needs no check: a group has a work-item 0.
func (f *frame) createBroadcastCheck(from, n value.Value, pos token.Pos) value.Value {
	if c, ok := from.(*constant.Int); !f.faults.checks || ok && c.X.Sign() == 0 {
		return from
	}
	s := f.site(driver.FaultIndex, pos, kernel.BroadcastFault, driver.Int, driver.Int)
	c := f.createCheck(f.cur.NewICmp(enum.IPredULT, from, n), s, from, n)
	return f.keep(c, from, constant.NewInt(lltypes.I64, 0))
}

// constantBelow reports whether i and n are constants with 0 <= i < n.
func constantBelow(i, n value.Value) bool {
	a, ok := i.(*constant.Int)
	b, ok2 := n.(*constant.Int)
	return ok && ok2 && a.X.Sign() >= 0 && a.X.Cmp(b.X) < 0
}

// createCheck continues in a new block when ok holds and records fault
// site s with vals (i64 after widening) otherwise.
func (f *frame) createCheck(ok value.Value, s int, vals ...value.Value) checked {
	from := f.cur
	next := f.fn2().NewBlock("")
	if !f.faults.barrier {
		shared := f.sharedFault()
		from.NewCondBr(ok, next, shared)
		f.addFaultEdge(from, s, vals)
		f.cur = next
		return checked{from: from}
	}
	fail := f.fn2().NewBlock("")
	from.NewCondBr(ok, next, fail)
	end := f.createRecord(fail, constant.NewInt(lltypes.I32, int64(s)), f.widen(fail, vals))
	end.NewBr(next)
	f.cur = next
	return checked{from: from, fail: end}
}

// createFault records fault site s with vals and ends the work-item: the
// lowering of a panic, which only kernels without barriers have.
func (f *frame) createFault(s int, vals ...value.Value) {
	from := f.cur
	from.NewBr(f.sharedFault())
	f.addFaultEdge(from, s, vals)
}

// addFaultEdge adds the incoming values of an edge from b to the shared
// fault block.
func (f *frame) addFaultEdge(b *ir.Block, s int, vals []value.Value) {
	wide := f.widen(b, vals)
	f.faults.phis[0].Incs = append(f.faults.phis[0].Incs, ir.NewIncoming(constant.NewInt(lltypes.I32, int64(s)), b))
	for i := 0; i < 3; i++ {
		f.faults.phis[i+1].Incs = append(f.faults.phis[i+1].Incs, ir.NewIncoming(wide[i], b))
	}
}

// widen returns up to three values as i64, zero for the missing ones,
// emitting the conversions at the end of b (before its terminator, which
// it must not have yet).
func (f *frame) widen(b *ir.Block, vals []value.Value) [3]value.Value {
	var out [3]value.Value
	for i := range out {
		out[i] = constant.NewInt(lltypes.I64, 0)
		if i >= len(vals) {
			continue
		}
		out[i] = f.toBits64(b, vals[i])
	}
	return out
}

// toBits64 is v's bits as an i64: integers zero- or sign-extended as they
// were widened by their producer (f.i64 sign-extends signed ones; narrower
// values here are zero-extended and the host reads them at their width),
// floats bit-cast, a bool as 0 or 1.
func (f *frame) toBits64(b *ir.Block, v value.Value) value.Value {
	switch t := v.Type().(type) {
	case *lltypes.IntType:
		if t.BitSize == 64 {
			return v
		}
		if c, ok := v.(*constant.Int); ok {
			return intConst(lltypes.I64, c.X.Uint64()&(1<<t.BitSize-1))
		}
		return b.NewZExt(v, lltypes.I64)
	case *lltypes.FloatType:
		if t.Kind == lltypes.FloatKindDouble {
			return b.NewBitCast(v, lltypes.I64)
		}
		return b.NewZExt(b.NewBitCast(v, lltypes.I32), lltypes.I64)
	}
	return constant.NewInt(lltypes.I64, 0)
}

// sharedFault returns the block that records a fault and returns, in a
// kernel without barriers, making it on first use: its phis receive the
// site and values from each failing edge.
func (f *frame) sharedFault() *ir.Block {
	fs := &f.faults
	if fs.shared != nil {
		return fs.shared
	}
	b := f.fn2().NewBlock("fault")
	fs.phis[0] = &ir.InstPhi{Typ: lltypes.I32}
	b.Insts = append(b.Insts, fs.phis[0])
	var vals [3]value.Value
	for i := 1; i < 4; i++ {
		fs.phis[i] = &ir.InstPhi{Typ: lltypes.I64}
		b.Insts = append(b.Insts, fs.phis[i])
		vals[i-1] = fs.phis[i]
	}
	end := f.createRecord(b, fs.phis[0], vals)
	end.NewRet(nil)
	fs.shared = b
	return b
}

// createRecord emits into b the recording of a fault at site (i32) with
// vals (i64) and returns the block where control goes on afterwards.
func (f *frame) createRecord(b *ir.Block, site value.Value, vals [3]value.Value) *ir.Block {
	rec := f.faults.rec
	i32 := func(v int64) value.Value { return constant.NewInt(lltypes.I32, v) }
	word := func(b *ir.Block, i int) value.Value {
		return b.NewGetElementPtr(lltypes.I32, rec, constant.NewInt(lltypes.I64, int64(i)))
	}
	pair := b.NewCmpXchg(word(b, driver.FaultStateOff/4), i32(0), i32(1), enum.AtomicOrderingMonotonic, enum.AtomicOrderingMonotonic)
	won := b.NewExtractValue(pair, 1)
	write := f.fn2().NewBlock("")
	after := f.fn2().NewBlock("")
	b.NewCondBr(won, write, after)
	write.NewStore(f.faults.launch, word(write, driver.FaultLaunchOff/4))
	write.NewStore(site, word(write, driver.FaultSiteOff/4))
	gid := f.declare("ka.global_id", lltypes.I64, lltypes.I32)
	for d := 0; d < 3; d++ {
		id := write.NewTrunc(write.NewCall(gid, i32(int64(d))), lltypes.I32)
		write.NewStore(id, word(write, driver.FaultGlobalOff/4+d))
	}
	wide := write.NewBitCast(rec, pointerTo(lltypes.I64, spaceGlobal))
	for i, v := range vals {
		write.NewStore(v, write.NewGetElementPtr(lltypes.I64, wide, constant.NewInt(lltypes.I64, int64(driver.FaultValuesOff/8+i))))
	}
	write.NewBr(after)
	return after
}

// scratchPtr returns a pointer to the record's scratch memory as a global
// pointer to elem, made once per element type in the entry block.
func (f *frame) scratchPtr(elem lltypes.Type) value.Value {
	fs := &f.faults
	key := elem.String()
	if p, ok := fs.scratch[key]; ok {
		return p
	}
	if fs.scratch == nil {
		fs.scratch = map[string]value.Value{}
	}
	var p value.Value = f.entry.NewGetElementPtr(lltypes.I32, fs.rec, constant.NewInt(lltypes.I64, driver.FaultScratchOff/4))
	if !elem.Equal(lltypes.I32) {
		p = f.entry.NewBitCast(p, pointerTo(elem, spaceGlobal))
	}
	fs.scratch[key] = p
	return p
}

// usesBarrier reports whether fn, or a function it calls (which the front
// end inlines), calls Item.Barrier, ka.LocalArray, a group collective or
// a subgroup exchange: a failing work-item must then not return (see the
// file comment).
func usesBarrier(fn *ssa.Function) bool {
	seen := map[*ssa.Function]bool{}
	var walk func(fn *ssa.Function) bool
	walk = func(fn *ssa.Function) bool {
		if fn == nil || seen[fn] {
			return false
		}
		seen[fn] = true
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				call, ok := instr.(ssa.CallInstruction)
				if !ok {
					continue
				}
				callee := call.Common().StaticCallee()
				if callee == nil {
					continue
				}
				if obj := funcObject(callee); obj != nil && obj.Pkg() != nil && obj.Pkg().Path() == kaPath {
					if obj.Name() == "Barrier" || obj.Name() == "LocalArray" || isCollective(obj.Name()) || isSubgroupOp(obj.Name()) || isLocalMethod(callee) {
						return true
					}
					continue
				}
				if walk(callee) {
					return true
				}
			}
		}
		return false
	}
	return walk(fn)
}
