package spirv

// This file writes the Vulkan kernel's structured control flow from the
// structurizer's tree (codegen/internal/structure), which the shader
// dialect requires: every conditional branch is in a selection header
// (OpSelectionMerge) and every cycle a loop construct (OpLoopMerge with a
// merge block and a continue target). docs/ir.md, "Vulkan SPIR-V", states
// the rules; in short:
//
//   - A Loop is a loop construct: a header block of its own (OpLoopMerge
//     merge cont; OpBranch body), the body starting with the IR header's
//     code, a continue target that branches back to the header; a jump to
//     the loop's next iteration branches to the continue target.
//   - A Region is a loop construct that runs once (do { } while (false)):
//     header, body, a continue target no edge reaches, the merge block
//     where the code of the block the region is followed by starts. A jump
//     to the region's follow is a break to its merge, which SPIR-V allows
//     from any depth of selections. A Region whose body is only a Loop
//     (the loop's one exit) is that loop's construct: its follow is the
//     loop's merge.
//   - An If is a selection: OpSelectionMerge of a fresh block that no edge
//     reaches (OpUnreachable), since both arms of the tree's If end in a
//     jump or a return. An arm that is only a jump to the innermost
//     construct's merge or continue target, without phi copies, is the
//     branch's target itself.
//   - A jump whose target is not the innermost construct (a break out of
//     two loops, a continue of an outer loop, a break to the follow of a
//     region around an inner loop) cannot be one branch: it breaks to the
//     innermost construct's merge, and each merge on the way breaks again
//     (or continues) until the target's construct. Where a merge is the
//     only way such jumps leave by, and the one target they have, that
//     chain of branches is all. Otherwise (several targets, or a region's
//     merge, where the follow's code starts) the jump first stores its
//     target's number in a Function variable %ka.exit, and the merge
//     tests it: at the target's construct it clears it and branches to the
//     continue target or the merge. Those tests join paths the IR's
//     blocks do not, so in a kernel with %ka.exit a value used in another
//     block than its own is kept in a Function variable too (stored where
//     it is defined, loaded where it is used), and dominance holds
//     whatever the path.
//
// Phis are Function variables: a jump stores the values of its edge (all
// read before any is stored, so that a swap needs no temporary) and a phi
// loads its variable where its block starts. A phi of a pointer to private
// or workgroup memory keeps its element's index instead (logical.go).

import (
	"github.com/kago-dev/kago/codegen/internal/structure"
	"github.com/llir/llvm/ir"
	"github.com/llir/llvm/ir/types"
	"github.com/llir/llvm/ir/value"
)

// structured is the state of the structured control flow.
type structured struct {
	open     bool                      // the block being written has no terminator yet
	stack    []*construct              // the loop constructs around the code being written
	codes    map[structure.Stmt]uint32 // %ka.exit's number of each far jump's target
	exitVar  uint32                    // %ka.exit, 0 unless flags
	flags    bool                      // some jump leaves more than one construct
	phiVars  map[*ir.InstPhi]uint32    // each phi's variable
	demoted  map[value.Value]uint32    // the variable of each value kept in memory (flags)
	defBlock map[value.Value]*ir.Block
}

// construct is one loop construct: a Loop, a Region or both.
type construct struct {
	header, cont, merge uint32
	loop                *structure.Loop   // nil for a Region's
	region              *structure.Region // the region whose follow is the merge; nil for a Loop of several exits
	pending             []structure.Stmt  // far jumps' targets that reach merge
}

// is reports whether c stands for the tree's statement s.
func (c *construct) is(s structure.Stmt) bool {
	return (c.loop != nil && structure.Stmt(c.loop) == s) || (c.region != nil && structure.Stmt(c.region) == s)
}

// loopOf returns the Loop a Region's construct stands for (its body is
// only that loop), or nil.
func loopOf(r *structure.Region) *structure.Loop {
	if len(r.Body) == 1 {
		if l, ok := r.Body[0].(*structure.Loop); ok {
			return l
		}
	}
	return nil
}

// buildStructure builds the tree and decides whether the kernel needs
// %ka.exit.
func (fe *funcEmitter) buildStructure() []structure.Stmt {
	tree, err := structure.Build(fe.fn)
	if err != nil {
		fe.errorf(ErrBadIR, "Vulkan SPIR-V needs structured control flow: %v", err)
		return nil
	}
	fe.vk.codes = map[structure.Stmt]uint32{}
	fe.vk.flags = farJumps(tree, nil)
	if fe.vk.flags {
		u32 := fe.getIntType(32)
		fe.vk.exitVar = fe.newID()
		fe.vk.vars.op(opVariable, fe.getPointerType(storageFunction, u32), fe.vk.exitVar, storageFunction, fe.getIntConst(32, 0))
		fe.name(fe.vk.exitVar, "ka.exit")
		fe.demoteCrossBlock()
	}
	return tree
}

// farJumps reports whether the far jumps of ss need %ka.exit: whether
// the merge of some construct is reached by more than one of them, or by
// one and the code after the construct (a region's follow). A far jump
// that is the only way out of each merge it passes is a chain of
// branches, which needs no variable. stack holds the constructs around ss
// (innermost last), with the far jumps that reach their merges so far.
func farJumps(ss []structure.Stmt, stack []*construct) bool {
	for _, s := range ss {
		var c *construct
		var body []structure.Stmt
		switch s := s.(type) {
		case *structure.If:
			if farJumps(s.Then, stack) || farJumps(s.Else, stack) {
				return true
			}
			continue
		case *structure.Loop:
			c, body = &construct{loop: s}, s.Body
		case *structure.Region:
			c, body = &construct{region: s}, s.Body
			if l := loopOf(s); l != nil {
				c.loop, body = l, l.Body
			}
		case *structure.Jump:
			if s.Target != nil && len(stack) > 0 && !stack[len(stack)-1].is(s.Target) {
				stack[len(stack)-1].addPending(s.Target)
			}
			continue
		default:
			continue
		}
		if farJumps(body, append(stack, c)) {
			return true
		}
		ways := len(c.pending)
		if c.region != nil {
			ways++
		}
		if ways > 1 {
			return true
		}
		for _, target := range c.pending {
			if len(stack) > 0 && !stack[len(stack)-1].is(target) {
				stack[len(stack)-1].addPending(target)
			}
		}
	}
	return false
}

// demoteCrossBlock gives a Function variable to every value used in a
// block other than its own (for a phi's operand, the predecessor's).
func (fe *funcEmitter) demoteCrossBlock() {
	s := &fe.vk.structured
	s.demoted = map[value.Value]uint32{}
	s.defBlock = map[value.Value]*ir.Block{}
	for _, b := range fe.fn.Blocks {
		for _, inst := range b.Insts {
			if v, ok := inst.(value.Value); ok {
				s.defBlock[v] = b
			}
		}
	}
	use := func(v value.Value, at *ir.Block) {
		def, ok := s.defBlock[v]
		if !ok || def == at {
			return
		}
		if _, done := s.demoted[v]; done {
			return
		}
		switch v.(type) {
		case *ir.InstPhi, *ir.InstAlloca, *ir.InstCmpXchg:
			return // phis have their variable; allocas are roots; a cmpxchg has no value of its own
		}
		t := v.Type()
		if fe.isLogical(t) {
			t = types.I64 // the index
		}
		s.demoted[v] = fe.newVar(t)
	}
	for _, b := range fe.fn.Blocks {
		for _, inst := range b.Insts {
			if phi, ok := inst.(*ir.InstPhi); ok {
				for _, inc := range phi.Incs {
					use(inc.X, inc.Pred.(*ir.Block))
				}
				continue
			}
			for _, op := range inst.Operands() {
				use(*op, b)
			}
		}
		for _, op := range b.Term.Operands() {
			use(*op, b)
		}
	}
}

// createPhiVars declares the variable of every phi.
func (fe *funcEmitter) createPhiVars() {
	fe.vk.phiVars = map[*ir.InstPhi]uint32{}
	for _, b := range fe.fn.Blocks {
		for _, inst := range b.Insts {
			phi, ok := inst.(*ir.InstPhi)
			if !ok {
				continue
			}
			t := phi.Typ
			if fe.isLogical(t) {
				t = types.I64
			}
			fe.vk.phiVars[phi] = fe.newVar(t)
		}
	}
}

// vkPhi loads a phi's variable.
func (fe *funcEmitter) vkPhi(inst *ir.InstPhi) {
	v := fe.vk.phiVars[inst]
	if fe.isLogical(inst.Typ) {
		idx := fe.newID()
		fe.body.op(opLoad, fe.getIntType(64), idx, v)
		fe.setLogical(inst, idx)
		return
	}
	fe.body.op(opLoad, fe.typeOf(inst.Typ), fe.getValueID(inst), v)
}

// storeDemoted stores a demoted value where it is defined.
func (fe *funcEmitter) storeDemoted(inst ir.Instruction) {
	if !fe.vk.flags {
		return
	}
	v, ok := inst.(value.Value)
	if !ok {
		return
	}
	va, ok := fe.vk.demoted[v]
	if !ok {
		return
	}
	if fe.isLogical(v.Type()) {
		if p, ok := fe.vk.ptrs[v]; ok {
			fe.body.op(opStore, va, p.idx)
		}
		return
	}
	fe.body.op(opStore, va, fe.getValue(v))
}

// reload returns the id of a demoted value or phi used outside its block,
// loaded from its variable; ok is false for any other use.
func (fe *funcEmitter) reload(v value.Value) (uint32, bool) {
	s := &fe.vk.structured
	if !s.flags {
		return 0, false
	}
	va, ok := s.demoted[v]
	if phi, isPhi := v.(*ir.InstPhi); isPhi {
		va, ok = s.phiVars[phi]
	}
	if !ok || s.defBlock[v] == fe.block {
		return 0, false
	}
	t := v.Type()
	if fe.isLogical(t) {
		t = types.I64
	}
	id := fe.newID()
	fe.body.op(opLoad, fe.typeOf(t), id, va)
	return id, true
}

// createStmts writes structured statements.
func (fe *funcEmitter) createStmts(ss []structure.Stmt) {
	for _, s := range ss {
		fe.createStmt(s)
	}
}

// startBlock opens a new block labelled id.
func (fe *funcEmitter) startBlock(id uint32) {
	fe.body.op(opLabel, id)
	fe.label = id
	fe.vk.open = true
}

// branch ends the open block with OpBranch.
func (fe *funcEmitter) branch(to uint32) {
	fe.body.op(opBranch, to)
	fe.vk.open = false
}

// createStmt writes one statement.
func (fe *funcEmitter) createStmt(s structure.Stmt) {
	if !fe.vk.open {
		// Code after a terminator: unreachable in the tree, which always
		// ends a statement list with a jump or a return.
		fe.errorf(ErrBadIR, "internal error: a statement after a terminator in the structured tree")
		fe.startBlock(fe.newID())
	}
	switch s := s.(type) {
	case *structure.Code:
		fe.block, fe.trapped = s.Block, false
		for _, inst := range s.Block.Insts {
			fe.inst = inst
			fe.createInst(inst)
			fe.storeDemoted(inst)
		}
		fe.inst = nil
	case *structure.If:
		fe.block, fe.inst = s.From, s.From.Term
		c := fe.getValue(s.Cond)
		t, e, u := fe.directLabel(s.Then), fe.directLabel(s.Else), fe.newID()
		if t != 0 && t == e {
			fe.branch(t)
			return
		}
		direct, arms := [2]uint32{t, e}, [2]uint32{t, e}
		for i := range arms {
			if arms[i] == 0 {
				arms[i] = fe.newID()
			}
		}
		fe.body.op(opSelectionMerge, u, 0)
		fe.body.op(opBranchConditional, c, arms[0], arms[1])
		for i, arm := range [][]structure.Stmt{s.Then, s.Else} {
			if direct[i] != 0 {
				continue // a branch straight to the construct's merge or continue target
			}
			fe.startBlock(arms[i])
			fe.createStmts(arm)
			fe.closeArm()
		}
		fe.startBlock(u)
		fe.body.op(opUnreachable)
		fe.vk.open = false
	case *structure.Loop:
		fe.createConstruct(&construct{loop: s}, s.Body)
	case *structure.Region:
		if l := loopOf(s); l != nil {
			fe.createConstruct(&construct{loop: l, region: s}, l.Body)
		} else {
			fe.createConstruct(&construct{region: s}, s.Body)
		}
	case *structure.Jump:
		fe.block, fe.inst = s.From, s.From.Term
		fe.createJump(s)
		fe.inst = nil
	case *structure.Return:
		fe.body.op(opReturn)
		fe.vk.open = false
	case *structure.Unreachable:
		if fe.trapped {
			fe.body.op(opReturn) // after llvm.trap: the work-item ends
		} else {
			fe.body.op(opUnreachable)
		}
		fe.vk.open = false
	}
}

// directLabel returns the label an If's arm branches to when the arm is
// only a jump without phi copies to the innermost construct's merge or
// continue target, so that the selection header branches there itself;
// 0 otherwise.
func (fe *funcEmitter) directLabel(arm []structure.Stmt) uint32 {
	if len(arm) != 1 || len(fe.vk.stack) == 0 {
		return 0
	}
	j, ok := arm[0].(*structure.Jump)
	if !ok || j.Target == nil || !fe.vk.stack[len(fe.vk.stack)-1].is(j.Target) {
		return 0
	}
	for _, inst := range j.To.Insts {
		if phi, ok := inst.(*ir.InstPhi); ok {
			for _, inc := range phi.Incs {
				if inc.Pred == j.From {
					return 0 // copies to store on the edge
				}
			}
		}
	}
	in := fe.vk.stack[len(fe.vk.stack)-1]
	if _, ok := j.Target.(*structure.Loop); ok {
		return in.cont
	}
	return in.merge
}

// closeArm ends an If's arm, which the tree always ends with a jump.
func (fe *funcEmitter) closeArm() {
	if fe.vk.open {
		fe.errorf(ErrBadIR, "internal error: an arm of an if falls through in the structured tree")
		fe.body.op(opUnreachable)
		fe.vk.open = false
	}
}

// createConstruct writes a loop construct around body, then its merge
// block, which tests %ka.exit for the far jumps that reach it.
func (fe *funcEmitter) createConstruct(c *construct, body []structure.Stmt) {
	c.header, c.cont, c.merge = fe.newID(), fe.newID(), fe.newID()
	fe.branch(c.header)
	fe.startBlock(c.header)
	start := fe.newID()
	fe.body.op(opLoopMerge, c.merge, c.cont, 0)
	fe.branch(start)
	fe.startBlock(start)
	fe.vk.stack = append(fe.vk.stack, c)
	fe.createStmts(body)
	fe.vk.stack = fe.vk.stack[:len(fe.vk.stack)-1]
	if fe.vk.open {
		fe.errorf(ErrBadIR, "internal error: a loop's body falls through in the structured tree")
		fe.body.op(opUnreachable)
		fe.vk.open = false
	}
	fe.startBlock(c.cont)
	fe.branch(c.header)
	fe.startBlock(c.merge)
	fe.dispatch(c)
}

// dispatch writes, in c's open merge block, the tests of the far jumps
// that reach it. What no test takes goes on with the code after the
// construct (a region's follow), or is unreachable (a loop's merge, which
// only far jumps reach).
func (fe *funcEmitter) dispatch(c *construct) {
	var x uint32
	for i, target := range c.pending {
		last := i == len(c.pending)-1 && c.region == nil
		if last { // the only way left: no test
			fe.route(target)
			return
		}
		if !fe.vk.flags {
			fe.errorf(ErrBadIR, "internal error: a merge with a test of %%ka.exit in a kernel without it")
			break
		}
		if x == 0 {
			x = fe.newID()
			fe.body.op(opLoad, fe.getIntType(32), x, fe.vk.exitVar)
		}
		eq, arm, next := fe.newID(), fe.newID(), fe.newID()
		fe.body.op(opIEqual, fe.getBoolType(), eq, x, fe.getIntConst(32, uint64(fe.vk.codes[target])))
		fe.body.op(opSelectionMerge, next, 0)
		fe.body.op(opBranchConditional, eq, arm, next)
		fe.startBlock(arm)
		fe.route(target)
		fe.startBlock(next)
	}
	if c.region == nil {
		fe.body.op(opUnreachable)
		fe.vk.open = false
	}
}

// route goes on with a far jump from the merge of a construct to its
// target: at the target's construct (now the innermost), %ka.exit is
// cleared and the jump is a continue or break; before it, a break again.
func (fe *funcEmitter) route(target structure.Stmt) {
	if len(fe.vk.stack) == 0 {
		fe.errorf(ErrBadIR, "internal error: no construct around a jump's target")
		fe.body.op(opUnreachable)
		fe.vk.open = false
		return
	}
	in := fe.vk.stack[len(fe.vk.stack)-1]
	if in.is(target) {
		if fe.vk.flags {
			fe.body.op(opStore, fe.vk.exitVar, fe.getIntConst(32, 0))
		}
		fe.branchTo(in, target)
		return
	}
	in.addPending(target)
	fe.branch(in.merge)
}

// addPending records that a far jump to target reaches c's merge.
func (c *construct) addPending(target structure.Stmt) {
	for _, t := range c.pending {
		if t == target {
			return
		}
	}
	c.pending = append(c.pending, target)
}

// branchTo branches to the continue target (a Loop) or the merge (a
// Region) of c, which stands for target.
func (fe *funcEmitter) branchTo(c *construct, target structure.Stmt) {
	if _, ok := target.(*structure.Loop); ok {
		fe.branch(c.cont)
		return
	}
	fe.branch(c.merge)
}

// createJump writes an edge: the stores of its phis' values, then the
// branch its target needs (none for the code that follows inline).
func (fe *funcEmitter) createJump(j *structure.Jump) {
	fe.createCopies(j.From, j.To)
	if j.Target == nil {
		return
	}
	if len(fe.vk.stack) == 0 {
		fe.errorf(ErrBadIR, "internal error: a jump to %s outside any construct", j.To.Name())
		fe.body.op(opUnreachable)
		fe.vk.open = false
		return
	}
	in := fe.vk.stack[len(fe.vk.stack)-1]
	if in.is(j.Target) {
		fe.branchTo(in, j.Target)
		return
	}
	code, ok := fe.vk.codes[j.Target]
	if !ok {
		code = uint32(len(fe.vk.codes) + 1)
		fe.vk.codes[j.Target] = code
	}
	if fe.vk.flags {
		fe.body.op(opStore, fe.vk.exitVar, fe.getIntConst(32, uint64(code)))
	}
	in.addPending(j.Target)
	fe.branch(in.merge)
}

// createCopies stores the values of the edge from → to in the phis'
// variables: every value is read first, so that the copies are parallel.
func (fe *funcEmitter) createCopies(from, to *ir.Block) {
	type store struct{ dst, src uint32 }
	var stores []store
	for _, inst := range to.Insts {
		phi, ok := inst.(*ir.InstPhi)
		if !ok {
			break
		}
		for _, inc := range phi.Incs {
			if inc.Pred != from {
				continue
			}
			var src uint32
			if fe.isLogical(phi.Typ) {
				src = fe.logicalIndex(inc.X, phi)
			} else {
				src = fe.getValue(inc.X)
			}
			stores = append(stores, store{fe.vk.phiVars[phi], src})
			break
		}
	}
	for _, s := range stores {
		fe.body.op(opStore, s.dst, s.src)
	}
}
