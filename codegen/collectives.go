package codegen

// This file lowers the work-group collectives of package ka (ka.GroupSum,
// the group scans, GroupBroadcast, GroupAll, GroupAny) to plain IR: a
// local array with one element per work-item and barriers, so that every
// emitter compiles them with what it already has (docs/ir.md). The
// combination order is fixed and is the one that ka/kernel/collective.go
// uses on the native backend, so that float results are the same bits on
// every target (docs/kernel-language.md, "Group collectives"):
//
//   - reductions are a tree: with P the smallest power of two >= n, for s
//     = P/2 ... 1, element i < s with i+s < n becomes op(a[i], a[i+s]);
//   - scans are Hillis–Steele: for d = 1, 2, 4, ... < n, element i >= d
//     becomes op(a[i-d], a[i]) of the previous step;
//
// A collective is called by every work-item of the group, like a barrier:
// checkGroupUniform refuses a call that the front end can see sits under
// a condition, or in a loop, that depends on the work-item.

import (
	"go/token"
	"go/types"
	"math"

	"github.com/llir/llvm/ir"
	"github.com/llir/llvm/ir/constant"
	"github.com/llir/llvm/ir/enum"
	lltypes "github.com/llir/llvm/ir/types"
	"github.com/llir/llvm/ir/value"
	"golang.org/x/tools/go/ssa"

	"github.com/kago-dev/kago/ka/kernel"
)

type collectiveKind int

const (
	collReduce collectiveKind = iota
	collInclusive
	collExclusive
	collBroadcast
)

// collective is one ka group collective: its shape and combining
// operation ("sum", "min", "max", "and", "or").
type collective struct {
	kind collectiveKind
	op   string
}

var collectives = map[string]collective{
	"GroupSum":          {collReduce, "sum"},
	"GroupMin":          {collReduce, "min"},
	"GroupMax":          {collReduce, "max"},
	"GroupAll":          {collReduce, "and"},
	"GroupAny":          {collReduce, "or"},
	"GroupInclusiveSum": {collInclusive, "sum"},
	"GroupInclusiveMin": {collInclusive, "min"},
	"GroupInclusiveMax": {collInclusive, "max"},
	"GroupExclusiveSum": {collExclusive, "sum"},
	"GroupExclusiveMin": {collExclusive, "min"},
	"GroupExclusiveMax": {collExclusive, "max"},
	"GroupBroadcast":    {collBroadcast, ""},
}

// isCollective reports whether name is a ka group collective.
func isCollective(name string) bool {
	_, ok := collectives[name]
	return ok
}

// createCollective lowers a call of a ka group collective.
func (f *frame) createCollective(call *ssa.Call, name string) lowered {
	pos := call.Pos()
	c := collectives[name]
	if !f.checkGroupUniform(call, name) {
		return poison{}
	}
	f.barrier = true
	args := call.Common().Args
	gt := args[1].Type()
	mt := memType(gt)
	if mt == nil {
		f.unsupportedAt(pos, "ka."+name+" of "+describeType(gt))
		return poison{}
	}
	v := f.scalar(args[1], pos)
	if v == nil {
		return poison{}
	}
	var from value.Value
	if c.kind == collBroadcast {
		x := f.scalar(args[2], pos)
		if x == nil {
			return poison{}
		}
		from = f.i64(x, args[2].Type())
	}
	if isBool(gt) {
		v = f.boolToMem(v)
	}
	n, i := f.groupLinear()
	s := f.collectiveScratch(mt)
	op := func(b *ir.Block, x, y value.Value) value.Value { return f.combine(b, c.op, gt, x, y) }
	var r value.Value
	switch c.kind {
	case collReduce:
		r = f.createTreeReduce(s, v, n, i, op)
	case collInclusive, collExclusive:
		var id value.Value
		if c.kind == collExclusive {
			id = identity(c.op, gt, mt)
		}
		r = f.createScan(s, v, n, i, op, id)
	case collBroadcast:
		r = f.createBroadcast(s, v, i, f.createBroadcastCheck(from, n, pos))
	}
	if isBool(gt) {
		r = f.memToBool(r)
	}
	return r
}

// groupLinear returns the group's size in work-items and the work-item's
// linear local id, as i64.
func (f *frame) groupLinear() (n, i value.Value) {
	gs := [3]value.Value{}
	for d := range 3 {
		gs[d] = f.createQuery("ka.group_size", int64(d))
	}
	n = mulValues(f.cur, gs[0], mulValues(f.cur, gs[1], gs[2]))
	return n, f.linearIndex(f.cur, "ka.local_id", "ka.group_size")
}

// collectiveScratch returns the kernel's local array for the collectives
// of element type mt, making it on first use: every collective of that
// type shares it, since each ends with a barrier after its last read.
func (f *frame) collectiveScratch(mt lltypes.Type) *ir.Global {
	key := mt.LLString()
	if g, ok := f.collLocal[key]; ok {
		return g
	}
	at := lltypes.NewArray(kernel.MaxCollectiveGroup, mt)
	g := newLocalGlobal(f.mod, "ka.local."+itoa(f.nlocal), at)
	f.nlocal++
	if f.collLocal == nil {
		f.collLocal = map[string]*ir.Global{}
	}
	f.collLocal[key] = g
	return g
}

// elem is the address of s[i], emitted in b.
func elem(b *ir.Block, s *ir.Global, i value.Value) value.Value {
	at := s.ContentType.(*lltypes.ArrayType)
	return b.NewGetElementPtr(at, s, constant.NewInt(lltypes.I64, 0), i)
}

func (f *frame) createBarrierIn(b *ir.Block) {
	b.NewCall(f.declare("ka.barrier", lltypes.Void))
}

// combine emits op(x, y) for values of Go type t into b.
func (f *frame) combine(b *ir.Block, op string, t types.Type, x, y value.Value) value.Value {
	switch op {
	case "sum":
		if isFloat(t) {
			return b.NewFAdd(x, y)
		}
		return b.NewAdd(x, y)
	case "and":
		return b.NewAnd(x, y)
	case "or":
		return b.NewOr(x, y)
	}
	cur := f.cur
	f.cur = b
	r := f.createMinMax(op, x, y, t)
	f.cur = cur
	return r
}

// identity is the first result of an exclusive scan by op: 0 for a sum,
// the greatest value of t for min (+Inf for floats), the least for max.
func identity(op string, t types.Type, mt lltypes.Type) value.Value {
	if isFloat(t) {
		switch op {
		case "min":
			return constant.NewFloat(mt.(*lltypes.FloatType), math.Inf(1))
		case "max":
			return constant.NewFloat(mt.(*lltypes.FloatType), math.Inf(-1))
		}
		return constant.NewFloat(mt.(*lltypes.FloatType), 0)
	}
	it := mt.(*lltypes.IntType)
	bits := it.BitSize
	switch {
	case op == "min" && isUnsigned(t):
		return constant.NewInt(it, -1) // all ones
	case op == "min":
		return constant.NewInt(it, int64(1)<<(bits-1)-1)
	case op == "max" && !isUnsigned(t):
		return constant.NewInt(it, -(int64(1) << (bits - 1)))
	}
	return constant.NewInt(it, 0)
}

// createTreeReduce emits the tree reduction of v over the group (see the
// file comment) and returns the result, the same in every work-item.
func (f *frame) createTreeReduce(s *ir.Global, v, n, i value.Value, op func(b *ir.Block, x, y value.Value) value.Value) value.Value {
	one := constant.NewInt(lltypes.I64, 1)
	zero := constant.NewInt(lltypes.I64, 0)
	pre := f.cur
	pre.NewStore(v, elem(pre, s, i))
	f.createBarrierIn(pre)
	// P, the smallest power of two >= n, by smearing the bits of n-1
	// (straight-line code: no loop for the structurizers to handle).
	var m value.Value = pre.NewSub(n, one)
	for _, sh := range []int64{1, 2, 4, 8, 16, 32} {
		m = pre.NewOr(m, pre.NewLShr(m, constant.NewInt(lltypes.I64, sh)))
	}
	pd := pre
	s0 := pd.NewLShr(pd.NewAdd(m, one), one)
	head, body, do, join, done := f.fn2().NewBlock(""), f.fn2().NewBlock(""), f.fn2().NewBlock(""), f.fn2().NewBlock(""), f.fn2().NewBlock("")
	pd.NewBr(head)
	st := head.NewPhi(ir.NewIncoming(s0, pd))
	head.NewCondBr(head.NewICmp(enum.IPredNE, st, zero), body, done)
	is := body.NewAdd(i, st)
	act := body.NewAnd(body.NewICmp(enum.IPredULT, i, st), body.NewICmp(enum.IPredULT, is, n))
	body.NewCondBr(act, do, join)
	mt := v.Type()
	pa, pb := elem(do, s, i), elem(do, s, is)
	x := do.NewLoad(mt, pa)
	y := do.NewLoad(mt, pb)
	do.NewStore(op(do, x, y), pa)
	do.NewBr(join)
	f.createBarrierIn(join)
	st.Incs = append(st.Incs, ir.NewIncoming(join.NewLShr(st, one), join))
	join.NewBr(head)
	r := done.NewLoad(mt, elem(done, s, zero))
	f.createBarrierIn(done)
	f.cur = done
	return r
}

// createScan emits the Hillis–Steele inclusive scan of v over the group
// (see the file comment), and for an exclusive scan (id not nil) moves it
// up by one with id first.
func (f *frame) createScan(s *ir.Global, v, n, i value.Value, op func(b *ir.Block, x, y value.Value) value.Value, id value.Value) value.Value {
	one := constant.NewInt(lltypes.I64, 1)
	zero := constant.NewInt(lltypes.I64, 0)
	mt := v.Type()
	pre := f.cur
	head, body, comb, latch, done := f.fn2().NewBlock(""), f.fn2().NewBlock(""), f.fn2().NewBlock(""), f.fn2().NewBlock(""), f.fn2().NewBlock("")
	pre.NewBr(head)
	d := head.NewPhi(ir.NewIncoming(one, pre))
	x := head.NewPhi(ir.NewIncoming(v, pre))
	head.NewCondBr(head.NewICmp(enum.IPredULT, d, n), body, done)
	body.NewStore(x, elem(body, s, i))
	f.createBarrierIn(body)
	body.NewCondBr(body.NewICmp(enum.IPredUGE, i, d), comb, latch)
	y := comb.NewLoad(mt, elem(comb, s, comb.NewSub(i, d)))
	xy := op(comb, y, x)
	comb.NewBr(latch)
	x2 := latch.NewPhi(ir.NewIncoming(x, body), ir.NewIncoming(xy, comb))
	f.createBarrierIn(latch)
	d.Incs = append(d.Incs, ir.NewIncoming(latch.NewShl(d, one), latch))
	x.Incs = append(x.Incs, ir.NewIncoming(x2, latch))
	latch.NewBr(head)
	f.cur = done
	if id == nil {
		return x
	}
	done.NewStore(x, elem(done, s, i))
	f.createBarrierIn(done)
	ld, j := f.fn2().NewBlock(""), f.fn2().NewBlock("")
	done.NewCondBr(done.NewICmp(enum.IPredNE, i, zero), ld, j)
	e := ld.NewLoad(mt, elem(ld, s, ld.NewSub(i, one)))
	ld.NewBr(j)
	r := j.NewPhi(ir.NewIncoming(id, done), ir.NewIncoming(e, ld))
	f.createBarrierIn(j)
	f.cur = j
	return r
}

// createBroadcast emits GroupBroadcast: work-item from stores v, every
// work-item reads it.
func (f *frame) createBroadcast(s *ir.Global, v, i, from value.Value) value.Value {
	zero := constant.NewInt(lltypes.I64, 0)
	pre := f.cur
	w, j := f.fn2().NewBlock(""), f.fn2().NewBlock("")
	pre.NewCondBr(pre.NewICmp(enum.IPredEQ, i, from), w, j)
	w.NewStore(v, elem(w, s, zero))
	w.NewBr(j)
	f.createBarrierIn(j)
	r := j.NewLoad(v.Type(), elem(j, s, zero))
	f.createBarrierIn(j)
	f.cur = j
	return r
}

// checkGroupUniform refuses a collective that the front end can see is
// not reached by every work-item of the group: its block, or the block of
// a call being inlined to reach it, is control dependent on a branch whose
// condition depends on the work-item (its ids, a load through an address
// computed from them, an atomic's result, a scan's result).
func (f *frame) checkGroupUniform(call *ssa.Call, name string) bool {
	sites := append([]*ssa.BasicBlock{call.Block()}, f.callSites...)
	for _, b := range sites {
		if pos, ok := divergentAt(b); ok {
			msg := "ka." + name + " must be called by every work-item of the group, like a barrier, but it is under a condition or in a loop that depends on the work-item"
			if pos.IsValid() {
				msg += " (the branch on line " + itoa(f.fset.Position(pos).Line) + ")"
			}
			f.errorf(call.Pos(), "%s", msg)
			return false
		}
	}
	return true
}

// divergentAt reports whether block b runs in only some work-items of a
// group as far as b's function shows: b is control dependent on an If
// whose condition depends on the work-item, or on an If in a block that
// is itself divergent. It returns the divergent If's position.
func divergentAt(b *ssa.BasicBlock) (token.Pos, bool) {
	memo := map[ssa.Value]bool{}
	blocks := map[*ssa.BasicBlock]token.Pos{}
	var walk func(b *ssa.BasicBlock) (token.Pos, bool)
	walk = func(b *ssa.BasicBlock) (token.Pos, bool) {
		if pos, ok := blocks[b]; ok {
			return pos, pos.IsValid()
		}
		blocks[b] = token.NoPos // cycles
		for _, c := range b.Parent().Blocks {
			if len(c.Instrs) == 0 {
				continue
			}
			br, ok := c.Instrs[len(c.Instrs)-1].(*ssa.If)
			if !ok || !controlDependent(b, c) {
				continue
			}
			pos := br.Cond.Pos()
			if !pos.IsValid() {
				pos = br.Pos()
			}
			if !pos.IsValid() {
				pos = c.Parent().Pos()
			}
			if divergentValue(br.Cond, memo) {
				blocks[b] = pos
				return pos, true
			}
			if p, ok := walk(c); ok {
				blocks[b] = p
				return p, true
			}
		}
		return token.NoPos, false
	}
	return walk(b)
}

// controlDependent reports whether whether b runs depends on the branch
// that ends c: b post-dominates a successor of c but not c itself (or b is
// c, on a loop).
func controlDependent(b, c *ssa.BasicBlock) bool {
	if b == c {
		return onCycle(b)
	}
	if postDominates(b, c) {
		return false
	}
	for _, s := range c.Succs {
		if s == b || postDominates(b, s) {
			return true
		}
	}
	return false
}

// postDominates reports whether every path from c to a return passes
// through b (paths that end in a panic do not count).
func postDominates(b, c *ssa.BasicBlock) bool {
	if b == c {
		return true
	}
	seen := map[*ssa.BasicBlock]bool{b: true}
	stack := []*ssa.BasicBlock{c}
	for len(stack) > 0 {
		x := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if seen[x] {
			continue
		}
		seen[x] = true
		if len(x.Succs) == 0 {
			if _, ok := x.Instrs[len(x.Instrs)-1].(*ssa.Return); ok {
				return false
			}
		}
		stack = append(stack, x.Succs...)
	}
	return true
}

// divergentValue reports whether v can differ between the work-items of a
// group, as far as its operands show (a helper's parameters and values in
// local variables are taken to be uniform: what the check does not see it
// does not refuse).
func divergentValue(v ssa.Value, memo map[ssa.Value]bool) bool {
	if d, ok := memo[v]; ok {
		return d
	}
	memo[v] = false // cycles through phis
	d := false
	switch v := v.(type) {
	case *ssa.Const, *ssa.Parameter, *ssa.Global, *ssa.Function, *ssa.Alloc, *ssa.FreeVar:
	case *ssa.Call:
		d = divergentCall(v, memo)
	default:
		if instr, ok := v.(ssa.Instruction); ok {
			for _, op := range instr.Operands(nil) {
				if *op != nil && divergentValue(*op, memo) {
					d = true
					break
				}
			}
		}
	}
	memo[v] = d
	return d
}

// uniformItem are the ka.Item methods whose result is the same in every
// work-item of a group.
var uniformItem = map[string]bool{"GroupID": true, "GroupSize": true, "NumGroups": true, "GlobalSize": true, "Group": true}

func divergentCall(call *ssa.Call, memo map[ssa.Value]bool) bool {
	callee := call.Common().StaticCallee()
	if callee != nil {
		if obj := funcObject(callee); obj != nil && obj.Pkg() != nil && obj.Pkg().Path() == kaPath {
			name := obj.Name()
			if callee.Signature.Recv() != nil {
				return !uniformItem[name]
			}
			if c, ok := collectives[name]; ok {
				return c.kind == collInclusive || c.kind == collExclusive
			}
			if isSubgroupOp(name) {
				return true // each subgroup has its own result, each lane its shuffle
			}
			if len(name) > 6 && name[:6] == "Atomic" {
				return true
			}
		}
	}
	for _, a := range call.Common().Args {
		if divergentValue(a, memo) {
			return true
		}
	}
	return false
}
