package ircheck

// This file checks control flow: the terminators (br, conditional br,
// ret void, unreachable), the phis, and the block order of docs/ir.md
// ("Names"): the entry first, every block reachable from it after its
// immediate dominator (so after every block that dominates it, which
// SPIR-V requires and which lets the emitters define a value where they
// meet it), the unreachable blocks last. It also computes the dominators
// that the operands' check needs (values.go).

import (
	"slices"
	"sort"

	"github.com/kago-dev/kago/codegen/internal/emitutil"
	"github.com/llir/llvm/ir"
	"github.com/llir/llvm/ir/constant"
	"github.com/llir/llvm/ir/value"
)

// cfg is the kernel's control flow, over the blocks' positions in the
// function's list.
type cfg struct {
	index map[*ir.Block]int // position in the function's list
	succs [][]int           // successors, in terminator order
	preds [][]int           // predecessors, each once
	rpo   []int             // reverse postorder number; -1: unreachable
	idom  []int             // immediate dominator; -1 for the entry and unreachable blocks
}

// successors returns the blocks a terminator branches to, read from its
// operands (llir's Succs caches them, and a pass that retargets a branch
// may leave the cache stale), and false if the terminator is not one of
// docs/ir.md or a target is not a block.
func successors(t ir.Terminator) ([]*ir.Block, bool) {
	switch t := t.(type) {
	case *ir.TermRet, *ir.TermUnreachable:
		return nil, true
	case *ir.TermBr:
		b, ok := t.Target.(*ir.Block)
		return []*ir.Block{b}, ok
	case *ir.TermCondBr:
		b1, ok1 := t.TargetTrue.(*ir.Block)
		b2, ok2 := t.TargetFalse.(*ir.Block)
		return []*ir.Block{b1, b2}, ok1 && ok2
	}
	return nil, false
}

// newCFG reads the control flow of blocks (the entry first) and numbers
// the blocks in reverse postorder. It reports, by block, the terminators
// it cannot follow (none, one outside the dialect, a branch outside the
// function), and then returns no cfg.
func newCFG(blocks []*ir.Block) (*cfg, map[int]string) {
	n := len(blocks)
	g := &cfg{index: make(map[*ir.Block]int, n), succs: make([][]int, n), preds: make([][]int, n)}
	for i, b := range blocks {
		g.index[b] = i
	}
	var bad map[int]string
	fail := func(i int, msg string) {
		if bad == nil {
			bad = map[int]string{}
		}
		bad[i] = msg
	}
	for i, b := range blocks {
		if b.Term == nil {
			fail(i, "block has no terminator")
			continue
		}
		ss, known := successors(b.Term)
		if !known {
			fail(i, "terminator "+termName(b.Term)+" is not in docs/ir.md (br, conditional br, ret void, unreachable)")
			continue
		}
		for _, s := range ss {
			j, in := g.index[s]
			if !in {
				fail(i, "branch to a block that is not the kernel's")
				continue
			}
			g.succs[i] = append(g.succs[i], j)
			if p := g.preds[j]; len(p) == 0 || p[len(p)-1] != i {
				g.preds[j] = append(g.preds[j], i)
			}
		}
	}
	if bad != nil {
		return nil, bad
	}
	g.number()
	return g, nil
}

// checkCFG checks the terminators' targets and the block order and
// returns the control flow; nil when a terminator is missing or branches
// outside the kernel, since nothing else can then be checked.
func (c *checker) checkCFG() *cfg {
	g, bad := newCFG(c.fn.Blocks)
	for i, b := range c.fn.Blocks {
		if msg, ok := bad[i]; ok {
			c.block, c.inst = b, b.Term
			c.badf("%s", msg)
		}
	}
	c.block, c.inst = nil, nil
	if g == nil {
		return nil
	}
	g.dominators()
	c.checkOrder(g)
	return g
}

// Layout returns fn's blocks in the order of docs/ir.md ("Names"), which
// Check checks: reverse postorder from the entry, successors in
// terminator order (read from the operands, not llir's cached Succs), so
// that every block comes after the blocks that dominate it; then the
// unreachable blocks, in their order. The front end lays out its modules
// with it. A function whose control flow cannot be followed keeps its
// order, for Check to report.
func Layout(fn *ir.Func) []*ir.Block {
	if len(fn.Blocks) == 0 {
		return nil
	}
	g, _ := newCFG(fn.Blocks)
	if g == nil {
		return fn.Blocks
	}
	order := make([]*ir.Block, len(fn.Blocks))
	reached := 0
	for b, n := range g.rpo {
		if n >= 0 {
			order[n] = fn.Blocks[b]
			reached++
		}
	}
	rest := order[reached:reached]
	for b, n := range g.rpo {
		if n < 0 {
			rest = append(rest, fn.Blocks[b])
		}
	}
	return order
}

// termName names a terminator for messages.
func termName(t ir.Terminator) string {
	switch t.(type) {
	case *ir.TermSwitch:
		return "switch"
	case *ir.TermIndirectBr:
		return "indirectbr"
	case *ir.TermInvoke:
		return "invoke"
	case *ir.TermCallBr:
		return "callbr"
	case *ir.TermResume:
		return "resume"
	case *ir.TermCatchSwitch:
		return "catchswitch"
	case *ir.TermCatchRet:
		return "catchret"
	case *ir.TermCleanupRet:
		return "cleanupret"
	}
	return "with a target that is not a block"
}

// number gives every block reachable from the entry its reverse postorder
// number (a depth-first walk, successors in terminator order).
func (g *cfg) number() {
	type frame struct{ b, next int }
	g.rpo = make([]int, len(g.succs))
	for i := range g.rpo {
		g.rpo[i] = -1
	}
	seen := make([]bool, len(g.succs))
	seen[0] = true
	var post []int
	stack := []frame{{b: 0}}
	for len(stack) > 0 {
		top := &stack[len(stack)-1]
		if ss := g.succs[top.b]; top.next < len(ss) {
			s := ss[top.next]
			top.next++
			if !seen[s] {
				seen[s] = true
				stack = append(stack, frame{b: s})
			}
			continue
		}
		post = append(post, top.b)
		stack = stack[:len(stack)-1]
	}
	for i, b := range post {
		g.rpo[b] = len(post) - 1 - i
	}
}

// dominators computes the immediate dominators of the reachable blocks
// (Cooper, Harvey and Kennedy's iteration over reverse postorder).
func (g *cfg) dominators() {
	order := make([]int, 0, len(g.rpo))
	for b, n := range g.rpo {
		if n >= 0 {
			order = append(order, b)
		}
	}
	sort.Slice(order, func(i, j int) bool { return g.rpo[order[i]] < g.rpo[order[j]] })
	g.idom = make([]int, len(g.rpo))
	for i := range g.idom {
		g.idom[i] = -1
	}
	g.idom[0] = 0
	for changed := true; changed; {
		changed = false
		for _, b := range order[1:] {
			nu := -1
			for _, p := range g.preds[b] {
				if g.idom[p] < 0 {
					continue // unreachable, or not reached yet
				}
				if nu < 0 {
					nu = p
				} else {
					nu = g.intersect(p, nu)
				}
			}
			if g.idom[b] != nu {
				g.idom[b] = nu
				changed = true
			}
		}
	}
	g.idom[0] = -1
}

func (g *cfg) intersect(a, b int) int {
	for a != b {
		for g.rpo[a] > g.rpo[b] {
			a = g.idom[a]
		}
		for g.rpo[b] > g.rpo[a] {
			b = g.idom[b]
		}
	}
	return a
}

// reachable reports whether block b is reachable from the entry.
func (g *cfg) reachable(b int) bool { return g.rpo[b] >= 0 }

// dominates reports whether reachable block a dominates reachable block b.
func (g *cfg) dominates(a, b int) bool {
	for ; b >= 0; b = g.idom[b] {
		if a == b {
			return true
		}
	}
	return false
}

// checkOrder checks docs/ir.md's block order.
func (c *checker) checkOrder(g *cfg) {
	unreachable := false
	for i, b := range c.fn.Blocks {
		c.block = b
		if !g.reachable(i) {
			unreachable = true
			continue
		}
		if unreachable {
			c.badf("block is reachable but listed after an unreachable block; unreachable blocks come last")
		}
		if d := g.idom[i]; d > i {
			c.badf("block is listed before its immediate dominator %s; blocks come after the blocks that dominate them", c.fn.Blocks[d].Ident())
		}
	}
	c.block = nil
	if len(g.preds[0]) > 0 {
		c.block = c.fn.Blocks[0]
		c.badf("the entry block is a branch target")
		c.block = nil
	}
}

// checkTerm checks a block's terminator: ret returns nothing, a
// conditional branch's condition is i1.
func (c *checker) checkTerm(b *ir.Block) {
	switch t := b.Term.(type) {
	case *ir.TermRet:
		if t.X != nil {
			c.badf("a kernel returns nothing (ret void)")
		}
	case *ir.TermCondBr:
		if !emitutil.IsBool(t.Cond.Type()) {
			c.badf("branch condition of type %s, not i1", t.Cond.Type().LLString())
		}
	}
}

// checkPhi checks a phi: among the phis at the top of a block other than
// the entry, of a value type, with exactly one value per predecessor (a
// predecessor listed twice, for a conditional branch whose targets are
// both the block, with the same value), each defined where the edge
// leaves its predecessor.
func (c *checker) checkPhi(phi *ir.InstPhi, b *ir.Block, i int) {
	c.checkFastMath(phi.FastMathFlags)
	if i > 0 {
		if _, ok := b.Insts[i-1].(*ir.InstPhi); !ok {
			c.badf("phi after a non-phi instruction; phis open their block")
		}
	}
	if !isValueType(phi.Type()) {
		c.badf("phi of type %s", phi.Type().LLString())
	}
	preds := c.cfg.preds[c.cfg.index[b]]
	seen := make([]*ir.Incoming, len(preds)) // by predecessor
	for _, inc := range phi.Incs {
		p, ok := inc.Pred.(*ir.Block)
		k := -1
		if j, in := c.cfg.index[p]; ok && in {
			k = slices.Index(preds, j)
		}
		if k < 0 {
			c.badf("incoming block %s is not a predecessor of the phi's block", inc.Pred.Ident())
			continue
		}
		if seen[k] != nil {
			if !sameValue(seen[k].X, inc.X) {
				c.badf("two different values for predecessor %s", p.Ident())
			}
			continue
		}
		seen[k] = inc
		if !inc.X.Type().Equal(phi.Type()) {
			c.badf("incoming value %s of type %s in a phi of type %s", inc.X.Ident(), inc.X.Type().LLString(), phi.Type().LLString())
		}
		c.checkValue(inc.X, preds[k], len(p.Insts)+1)
	}
	for k, p := range preds {
		if seen[k] == nil {
			c.badf("phi has no incoming value for predecessor %s", c.fn.Blocks[p].Ident())
		}
	}
}

// sameValue reports whether a and b are the same value: the same
// instruction or parameter, or equal constants.
func sameValue(a, b value.Value) bool {
	if a == b {
		return true
	}
	_, ca := a.(constant.Constant)
	_, cb := b.(constant.Constant)
	return ca && cb && a.Type().Equal(b.Type()) && a.Ident() == b.Ident()
}
