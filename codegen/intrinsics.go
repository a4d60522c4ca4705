package codegen

// This file implements the kernel-side API of package ka: the ka.Item
// methods (work-item queries, Barrier; the subgroup queries and exchanges
// are in subgroups.go, the collectives in collectives.go) and
// ka.LocalArray. Each becomes a call of a declared intrinsic (docs/ir.md,
// "Intrinsics") or a workgroup global.

import (
	"go/types"

	"github.com/llir/llvm/ir"
	"github.com/llir/llvm/ir/constant"
	"github.com/llir/llvm/ir/enum"
	lltypes "github.com/llir/llvm/ir/types"
	"github.com/llir/llvm/ir/value"
	"golang.org/x/tools/go/ssa"
)

// queries maps the ka.Item methods with a dimension to their intrinsics.
var queries = map[string]string{
	"GlobalID":   "ka.global_id",
	"LocalID":    "ka.local_id",
	"GroupID":    "ka.group_id",
	"GroupSize":  "ka.group_size",
	"NumGroups":  "ka.num_groups",
	"GlobalSize": "ka.global_size",
}

// linear maps the linear-index methods to the (index, size) intrinsics
// they are computed from.
var linear = map[string][2]string{
	"Global": {"ka.global_id", "ka.global_size"},
	"Local":  {"ka.local_id", "ka.group_size"},
	"Group":  {"ka.group_id", "ka.num_groups"},
}

// createKaCall lowers a call of a ka function or ka.Item method.
func (f *frame) createKaCall(call *ssa.Call, callee *ssa.Function, obj *types.Func) lowered {
	pos := call.Pos()
	name := callee.Name()
	if obj != nil {
		name = obj.Name()
	}
	args := call.Common().Args
	if fn := f.halfConversion(callee); fn != nil {
		return f.createInlinedCall(call, fn) // devmath.go
	}
	if callee.Signature.Recv() != nil {
		if _, ok := f.getValue(args[0], pos).(itemValue); !ok {
			f.unsupportedAt(pos, "this use of ka.Item")
			return poison{}
		}
		if intr, ok := queries[name]; ok {
			d, ok := f.dimension(call, args[1])
			if !ok {
				return poison{}
			}
			return f.createQuery(intr, d)
		}
		if l, ok := linear[name]; ok {
			return f.linearIndex(f.cur, l[0], l[1]) // dims.go
		}
		if intr, ok := subgroupQueries[name]; ok {
			return f.createSubgroupQuery(intr)
		}
		if name == "InRange" {
			return f.inRange(f.cur)
		}
		if name == "Barrier" {
			f.barrier = true
			f.cur.NewCall(f.declare("ka.barrier", lltypes.Void))
			return nil
		}
		f.unsupportedAt(pos, "ka.Item."+name)
		return poison{}
	}
	if isCollective(name) {
		return f.createCollective(call, name)
	}
	if isSubgroupOp(name) {
		return f.createSubgroupOp(call, name)
	}
	switch name {
	case "LocalArray":
		return f.createLocalArray(call)
	case "Printf":
		return f.printf(call, "ka.Printf")
	case "AtomicAdd", "AtomicSub", "AtomicAnd", "AtomicOr", "AtomicXor", "AtomicMax", "AtomicMin", "AtomicExchange", "AtomicCAS":
		return f.createAtomic(call, name)
	}
	if _, ok := kaMath[name]; ok {
		return f.createMathCall(call, name, kaMath, scalarType(call.Type()))
	}
	f.unsupportedAt(pos, "ka."+name)
	return poison{}
}

// dimension returns a constant dimension argument 0..2.
func (f *frame) dimension(call *ssa.Call, arg ssa.Value) (int64, bool) {
	v := f.scalar(arg, call.Pos())
	if v == nil {
		return 0, false
	}
	c, ok := v.(*constant.Int)
	if !ok || !c.X.IsInt64() || c.X.Int64() < 0 || c.X.Int64() > 2 {
		f.errorf(call.Pos(), "the dimension of a work-item query must be a constant 0, 1 or 2")
		return 0, false
	}
	return c.X.Int64(), true
}

// createQuery calls a work-item query intrinsic for dimension d.
// (dims.go: a constant in a lean variant that assumes the dimension away).
func (f *frame) createQuery(name string, d int64) value.Value {
	return f.query(f.cur, name, d)
}

// createLocalArray makes the workgroup global for a ka.LocalArray call and
// returns a slice of it. The length must be a constant.
func (f *frame) createLocalArray(call *ssa.Call) lowered {
	pos := call.Pos()
	f.barrier = true
	s, ok := call.Type().Underlying().(*types.Slice)
	elem := memType(s.Elem())
	if !ok || elem == nil {
		f.unsupportedAt(pos, "local array of "+describeType(call.Type()))
		return poison{}
	}
	if f.inLoop(call.Block()) {
		// Each call site is one workgroup array; in a loop, the native
		// backend would make a new array per iteration and devices reuse
		// one, so the two would disagree.
		f.errorf(pos, "ka.LocalArray inside a loop is not supported in kernels (call it once, before the loop)")
		return poison{}
	}
	n := f.scalar(call.Common().Args[1], pos)
	if n == nil {
		return poison{}
	}
	c, ok := n.(*constant.Int)
	if !ok || c.X.Sign() <= 0 || !c.X.IsInt64() || c.X.Int64() > 1<<24 {
		f.errorf(pos, "the length of ka.LocalArray must be a positive constant")
		return poison{}
	}
	at := lltypes.NewArray(uint64(c.X.Int64()), elem)
	g := newLocalGlobal(f.mod, "ka.local."+itoa(f.nlocal), at)
	f.nlocal++
	zero := constant.NewInt(lltypes.I64, 0)
	ptr := f.cur.NewGetElementPtr(at, g, zero, zero)
	return &sliceValue{ptr: ptr, len: constant.NewInt(lltypes.I64, c.X.Int64()), elem: elem}
}

// newLocalGlobal adds to mod an internal, uninitialised addrspace(3)
// global of type at: the group's local memory.
func newLocalGlobal(mod *ir.Module, name string, at lltypes.Type) *ir.Global {
	g := ir.NewGlobal(name, at)
	g.Linkage = enum.LinkageInternal
	g.AddrSpace = spaceLocal
	g.Typ = pointerTo(at, spaceLocal)
	g.Init = constant.NewUndef(at)
	mod.Globals = append(mod.Globals, g)
	return g
}

// inLoop reports whether b, or the block of any call that is being inlined
// into the kernel to reach b, can run more than once per work-item: it lies
// on a cycle of its function's control flow.
func (f *frame) inLoop(b *ssa.BasicBlock) bool {
	if onCycle(b) {
		return true
	}
	for _, site := range f.callSites {
		if onCycle(site) {
			return true
		}
	}
	return false
}

// onCycle reports whether b can reach itself.
func onCycle(b *ssa.BasicBlock) bool {
	seen := map[*ssa.BasicBlock]bool{}
	stack := append([]*ssa.BasicBlock(nil), b.Succs...)
	for len(stack) > 0 {
		x := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if x == b {
			return true
		}
		if !seen[x] {
			seen[x] = true
			stack = append(stack, x.Succs...)
		}
	}
	return false
}
