package codegen

// This file proves index checks redundant, as Go's own compiler does in
// its prove pass, from facts of the Go SSA form: a check of s[x] is not
// emitted when x is known to be in [0, len(s)) where the access runs. It
// runs in the front end, so that every target gains from it; the native
// backend runs kernels as Go, which Go's compiler checks (and proves) by
// itself. A check that is not proven is emitted exactly as before.
//
// The facts, all from the Go SSA function being compiled:
//
//   - a guard: the access is dominated by the edge of an if whose
//     condition says x < len(s) (x < len(s), len(s) > x, or the false edge
//     of x >= len(s) or len(s) <= x), and x is known non-negative; for an
//     array of n elements (a kernel's private [4][4]float32), x < c for a
//     constant c ≤ n;
//   - an earlier access s[x] of the same slice and index whose check
//     dominates this one, in a kernel without barriers (where a failing
//     check ends the work-item; in a kernel with barriers the work-item
//     goes on, with its index made harmless only for that access).
//
// x is known non-negative when it is a constant ≥ 0; a work-item query of
// ka.Item (Global, Local, Group, GlobalID, LocalID, GroupID, GroupSize,
// NumGroups, GlobalSize, and Global2 and Global3's results), all of them
// below the launch's size, which is at most ka.MaxWorkItems (2^48); such
// a query times a constant below 2^15 (or shifted left by less than 15);
// len or cap; a conversion
// from a narrower unsigned type; x % y, x >> y or x & y of a non-negative
// x (or, for &, y); a dominating guard x >= c, c <= x, x > c - 1 or
// c - 1 < x for a constant c ≥ 0; y + 1 where y ≥ -1 and y + 1 cannot wrap
// (a guard says y < z for some z, or y is a phi of such values); or a phi
// whose every incoming value is, where it comes from (the loops
// `for i := 0; i < n; i++` and `for i := range s` in Go's SSA form).
// An index y+k, k a loop counter from 0 below d+1 (`for k := range 16`),
// is in range under a guard y < len-d (or y <= len-(d+1)) with y ≥ 0.
// Nothing else is assumed: an index read from memory, any other sum of
// two indices, i+1 without a guard above i, or i-1 keeps its check.

import (
	"go/constant"
	"go/token"

	"golang.org/x/tools/go/ssa"
)

// inBounds reports whether the index x of slice s at instruction at is
// proven to be in [0, len(s)), so that its check can be left out.
func (f *frame) inBounds(at ssa.Instruction, s, x ssa.Value) bool {
	return f.proven(at, x, func(v ssa.Value) bool { return isLenOf(v, s) }, func(in ssa.Instruction) bool {
		ia, ok := in.(*ssa.IndexAddr)
		return ok && ia.X == s && ia.Index == x
	})
}

// arrayInBounds reports whether index x of arr, an array (or a pointer
// to one) of n elements, at instruction at is proven to be in [0, n): a
// guard x < c with a constant c ≤ n, as the loop `for i := 0; i < n; i++`
// over a private array gives, or an earlier access of arr with the same
// index.
func (f *frame) arrayInBounds(at ssa.Instruction, arr, x ssa.Value, n int64) bool {
	atMost := func(v ssa.Value) bool { c, ok := constInt(v); return ok && c <= n }
	return counterBelow(x, n, atMost) || f.proven(at, x, atMost, func(in ssa.Instruction) bool {
		switch in := in.(type) {
		case *ssa.IndexAddr:
			return in.X == arr && in.Index == x
		case *ssa.Index:
			return in.X == arr && in.Index == x
		}
		return false
	})
}

// counterBelow reports whether x is a loop counter that stays in [0, n):
// a phi each of whose incoming values is a constant in [0, n), or x+k
// (0 ≤ k) on an edge that only a branch on x+k < c takes, c a bound that
// atMost accepts (a constant ≤ n). That is go/ssa's form of `for i := range c`,
// whose test is at the loop's end, so that no guard dominates the body.
// By induction on the loop's turns: if x is in [0, c), x+k ≥ 0 cannot
// wrap, and the edge's test keeps it below c.
func counterBelow(x ssa.Value, n int64, atMost func(ssa.Value) bool) bool {
	phi, ok := x.(*ssa.Phi)
	if !ok || !isInteger(phi.Type()) || isUnsigned(phi.Type()) || len(phi.Edges) != len(phi.Block().Preds) {
		return false
	}
	b := phi.Block()
	for i, v := range phi.Edges {
		if c, ok := constInt(v); ok {
			if c < 0 || c >= n {
				return false
			}
			continue
		}
		if y, k := offset(v); y != phi || k < 0 || k > 1<<62 {
			return false
		}
		g, ok := edgeGuard(b.Preds[i], b)
		if !ok {
			return false
		}
		if _, ok := g.below(v, atMost); !ok {
			return false
		}
	}
	return true
}

// viewInBounds reports whether index x of dimension d of the view v
// (ka.Matrix or ka.Volume, of dims dimensions) in the call at of one of
// its element methods is proven to be below the extent, as
// v.Rows() or v.Cols() (v.Depth() too for a Volume) says it.
func (f *frame) viewInBounds(at *ssa.Call, v ssa.Value, d, dims int, x ssa.Value) bool {
	extent := []string{"Rows", "Cols"}
	if dims == 3 {
		extent = []string{"Depth", "Rows", "Cols"}
	}
	return f.proven(at, x, func(b ssa.Value) bool { return isViewCall(b, v, extent[d]) }, func(in ssa.Instruction) bool {
		call, ok := in.(*ssa.Call)
		if !ok || !isViewCall(call, v, "At") && !isViewCall(call, v, "Set") && !isViewCall(call, v, "Ptr") {
			return false
		}
		args := call.Common().Args
		return len(args) > 1+d && args[1+d] == x
	})
}

// proven reports whether the index x at instruction at is in [0, bound):
// isBound recognises the bound's value, and same an access checked against
// the same bound with the same index.
func (f *frame) proven(at ssa.Instruction, x ssa.Value, isBound func(ssa.Value) bool, same func(ssa.Instruction) bool) bool {
	if !isInteger(x.Type()) || isUnsigned(x.Type()) {
		return false
	}
	b := at.Block()
	if b == nil {
		return false
	}
	if !f.faults.barrier && f.checkedBefore(at, same) {
		return true
	}
	// x itself under a guard, or x = y+c for a constant c, in range when a
	// guard says y < bound-d with d ≥ c (so y+c < bound, and cannot
	// wrap) and y ≥ -c (so y+c ≥ 0: i-1 where i > 0).
	gs := guards(b)
	for _, g := range gs {
		if _, ok := g.below(x, isBound); ok && nonNegative(x, b) {
			return true
		}
	}
	if y, c := offset(x); y != nil && c <= 1<<62 {
		for _, g := range gs {
			if d, ok := g.below(y, isBound); ok && d >= c && atLeast(y, -c, b, map[*ssa.Phi]int64{}) {
				return true
			}
		}
	}
	// x = y+k for a loop counter k in [0, d+1), in range when a guard says
	// y < bound-d and y ≥ 0: then 0 ≤ y+k ≤ y+d < bound, which cannot wrap
	// (the row loop `for jj := range 16 { b.At(p, j0+jj) }` under
	// `if j0 <= b.Cols()-16`).
	if op, ok := x.(*ssa.BinOp); ok && op.Op == token.ADD {
		for _, yk := range [][2]ssa.Value{{op.X, op.Y}, {op.Y, op.X}} {
			y, k := yk[0], yk[1]
			for _, g := range gs {
				d, ok := g.below(y, isBound)
				if !ok || d > 1<<62 || !nonNegative(y, b) {
					continue
				}
				atMost := func(v ssa.Value) bool { c, ok := constInt(v); return ok && c <= d+1 }
				if counterBelow(k, d+1, atMost) {
					return true
				}
			}
		}
	}
	return false
}

// offset returns y and c for x = y+c, y-(-c) or c+y with a constant c,
// and a nil y for any other x.
func offset(x ssa.Value) (y ssa.Value, c int64) {
	op, ok := x.(*ssa.BinOp)
	if !ok {
		return nil, 0
	}
	switch op.Op {
	case token.ADD:
		if c, ok := constInt(op.Y); ok {
			return op.X, c
		}
		if c, ok := constInt(op.X); ok {
			return op.Y, c
		}
	case token.SUB:
		if c, ok := constInt(op.Y); ok && c != -1<<63 {
			return op.X, -c
		}
	}
	return nil, 0
}

// checkedBefore reports whether another access that same recognises, and
// that the kernel compiles (not one that only builds a panic's message),
// dominates at: an earlier instruction of at's block or any instruction
// of a block that dominates it. Checked or proven, it leaves the index in
// range.
func (f *frame) checkedBefore(at ssa.Instruction, same func(ssa.Instruction) bool) bool {
	for b := at.Block(); b != nil; b = b.Idom() {
		for _, in := range b.Instrs {
			if in == at {
				break
			}
			if same(in) && !f.skip[in] {
				return true
			}
		}
	}
	return false
}

// isViewCall reports whether v is a call of the method name of the view
// recv (its receiver argument).
func isViewCall(v, recv ssa.Value, name string) bool {
	call, ok := v.(*ssa.Call)
	if !ok {
		return false
	}
	callee := call.Common().StaticCallee()
	if callee == nil || callee.Signature.Recv() == nil || callee.Name() != name {
		return false
	}
	if d, _ := viewDims(callee.Signature.Recv().Type()); d == 0 {
		return false
	}
	args := call.Common().Args
	return len(args) > 0 && args[0] == recv
}

// guard is the condition of an if and the edge taken: cond holds where
// holds is true, and its negation where it is false.
type guard struct {
	cond  *ssa.BinOp
	holds bool
}

// guards returns the conditions known where b runs: for b and each of its
// dominators, the if that ends its single predecessor, whose edge into it
// is then the only way in.
func guards(b *ssa.BasicBlock) []guard {
	var gs []guard
	for ; b != nil; b = b.Idom() {
		if len(b.Preds) != 1 {
			continue
		}
		if g, ok := edgeGuard(b.Preds[0], b); ok {
			gs = append(gs, g)
		}
	}
	return gs
}

// edgeGuard returns the condition that holds on the edge p → b when p
// ends in an if on a comparison whose two targets differ.
func edgeGuard(p, b *ssa.BasicBlock) (guard, bool) {
	if len(p.Succs) != 2 || p.Succs[0] == p.Succs[1] || len(p.Instrs) == 0 {
		return guard{}, false
	}
	cond, ok := p.Instrs[len(p.Instrs)-1].(*ssa.If)
	if !ok {
		return guard{}, false
	}
	op, ok := cond.Cond.(*ssa.BinOp)
	return guard{op, b == p.Succs[0]}, ok
}

// normal returns the guard as x op y that holds: its operator, negated
// for a false edge.
func (g guard) normal() (x ssa.Value, op token.Token, y ssa.Value) {
	x, op, y = g.cond.X, g.cond.Op, g.cond.Y
	if !g.holds {
		op = map[token.Token]token.Token{
			token.LSS: token.GEQ, token.GEQ: token.LSS,
			token.GTR: token.LEQ, token.LEQ: token.GTR,
		}[op]
	}
	return
}

// below reports whether the guard says x < bound-d for a bound that
// isBound recognises and a constant d ≥ 0 (bound itself, bound-1,
// bound+(-2); or x <= bound-c for c ≥ 1, which is x < bound-(c-1)), and
// returns d. A bound is a length or an extent, never negative, so bound-d
// cannot wrap.
func (g guard) below(x ssa.Value, isBound func(ssa.Value) bool) (d int64, ok bool) {
	a, op, b := g.normal()
	var t ssa.Value
	strict := true
	switch {
	case op == token.LSS && a == x:
		t = b
	case op == token.GTR && b == x:
		t = a
	case op == token.LEQ && a == x:
		t, strict = b, false
	case op == token.GEQ && b == x:
		t, strict = a, false
	default:
		return 0, false
	}
	if strict && isBound(t) {
		return 0, true
	}
	bound, c := offset(t)
	if bound == nil || c > 0 || c <= -1<<62 || !isBound(bound) {
		return 0, false
	}
	if strict {
		return -c, true
	}
	if c <= -1 {
		return -c - 1, true
	}
	return 0, false
}

// atLeast reports whether the guard says x ≥ k: x >= c or c <= x for a
// constant c ≥ k, or x > c or c < x for a constant c ≥ k-1.
func (g guard) atLeast(x ssa.Value, k int64) bool {
	a, op, b := g.normal()
	switch op {
	case token.GEQ:
		return a == x && constAtLeast(b, k)
	case token.LEQ:
		return b == x && constAtLeast(a, k)
	case token.GTR:
		return a == x && constAtLeast(b, k-1)
	case token.LSS:
		return b == x && constAtLeast(a, k-1)
	}
	return false
}

// boundsAbove reports whether the guard says x < y for some y: then x+1
// cannot wrap.
func (g guard) boundsAbove(x ssa.Value) bool {
	a, op, b := g.normal()
	return op == token.LSS && a == x || op == token.GTR && b == x
}

// isLenOf reports whether v is len(s).
func isLenOf(v, s ssa.Value) bool {
	call, ok := v.(*ssa.Call)
	if !ok {
		return false
	}
	b, ok := call.Common().Value.(*ssa.Builtin)
	return ok && b.Name() == "len" && len(call.Common().Args) == 1 && call.Common().Args[0] == s
}

// nonNegative reports whether x ≥ 0 wherever b runs.
func nonNegative(x ssa.Value, b *ssa.BasicBlock) bool {
	return atLeast(x, 0, b, map[*ssa.Phi]int64{})
}

// atLeast reports whether x ≥ k wherever b runs: k ≤ 0 for an index's own
// lower bound, k > 0 for y in y-c. The facts that give only x ≥ 0 (a
// query, len, a narrower unsigned conversion, %, >>, &) serve k ≤ 0
// only. assumed holds the phis being proven, each with the bound it is
// taken to have while its incoming values are looked at.
func atLeast(x ssa.Value, k int64, b *ssa.BasicBlock, assumed map[*ssa.Phi]int64) bool {
	switch v := x.(type) {
	case *ssa.Const:
		return constAtLeast(v, k)
	case *ssa.Call:
		if k <= 0 && isQueryValue(v) {
			return true
		}
		if bi, ok := v.Common().Value.(*ssa.Builtin); ok && k <= 0 && (bi.Name() == "len" || bi.Name() == "cap") {
			return true
		}
	case *ssa.Extract:
		if k <= 0 && isQueryValue(v) {
			return true
		}
	case *ssa.Convert:
		if k <= 0 && isUnsigned(v.X.Type()) && goSizes.Sizeof(v.X.Type()) < goSizes.Sizeof(v.Type()) {
			return true
		}
	case *ssa.BinOp:
		switch v.Op {
		case token.REM, token.SHR:
			if k <= 0 && atLeast(v.X, 0, b, assumed) {
				return true
			}
		case token.AND:
			if k <= 0 && (atLeast(v.X, 0, b, assumed) || atLeast(v.Y, 0, b, assumed)) {
				return true
			}
		case token.MUL, token.SHL:
			// A query times a constant below 2^15: a launch has fewer
			// than ka.MaxWorkItems (2^48) work-items, so it cannot wrap.
			if k <= 0 && scaledQuery(v) {
				return true
			}
		case token.ADD:
			// y+1 ≥ k when y ≥ k-1 and y+1 does not wrap.
			if y, ok := incremented(v); ok && v.Block() != nil &&
				atLeast(y, k-1, v.Block(), assumed) && belowMax(y, v.Block(), map[*ssa.Phi]bool{}) {
				return true
			}
		}
	case *ssa.Phi:
		if a, ok := assumed[v]; ok {
			return a >= k
		}
		assumed[v] = k
		ok := true
		for i, e := range v.Edges {
			if !atLeast(e, k, v.Block().Preds[i], assumed) {
				ok = false
				break
			}
		}
		delete(assumed, v)
		if ok {
			return true
		}
	}
	for _, g := range guards(b) {
		if g.atLeast(x, k) {
			return true
		}
	}
	return false
}

// belowMax reports whether y is less than its type's maximum wherever b
// runs, so that y+1 does not wrap: a guard says y < z for some z, or y is
// a constant below the maximum, or a phi whose every incoming value is
// below the maximum where it comes from.
func belowMax(y ssa.Value, b *ssa.BasicBlock, assumed map[*ssa.Phi]bool) bool {
	for _, g := range guards(b) {
		if g.boundsAbove(y) {
			return true
		}
	}
	switch v := y.(type) {
	case *ssa.Const:
		c, ok := constInt(v)
		return ok && c < 1<<(8*goSizes.Sizeof(v.Type())-1)-1
	case *ssa.Phi:
		if assumed[v] {
			return true
		}
		assumed[v] = true
		defer delete(assumed, v)
		for i, e := range v.Edges {
			if !belowMax(e, v.Block().Preds[i], assumed) {
				return false
			}
		}
		return true
	}
	return false
}

// scaledQuery reports whether v is q*c, c*q or q<<s for a work-item
// query q, a constant c in [0, 2^15) and a constant s in [0, 15): at most
// 2^48 · 2^15 = 2^63, never negative.
func scaledQuery(v *ssa.BinOp) bool {
	small := func(x ssa.Value, limit int64) bool { c, ok := constInt(x); return ok && c >= 0 && c < limit }
	if v.Op == token.SHL {
		return isQueryValue(v.X) && small(v.Y, 15)
	}
	return isQueryValue(v.X) && small(v.Y, 1<<15) || isQueryValue(v.Y) && small(v.X, 1<<15)
}

// isQueryValue reports whether x is the result of a work-item query: the
// call, or one result of Global2 or Global3.
func isQueryValue(x ssa.Value) bool {
	switch x := x.(type) {
	case *ssa.Call:
		return isQuery(x)
	case *ssa.Extract:
		call, ok := x.Tuple.(*ssa.Call)
		return ok && isQuery(call)
	}
	return false
}

// incremented returns y for y+1 or 1+y.
func incremented(add *ssa.BinOp) (ssa.Value, bool) {
	switch {
	case constEquals(add.Y, 1):
		return add.X, true
	case constEquals(add.X, 1):
		return add.Y, true
	}
	return nil, false
}

// isQuery reports whether call is one of ka.Item's work-item queries,
// which are never negative.
func isQuery(call *ssa.Call) bool {
	callee := call.Common().StaticCallee()
	if callee == nil {
		return false
	}
	recv := callee.Signature.Recv()
	if recv == nil || !isItem(recv.Type()) {
		return false
	}
	switch callee.Name() {
	case "Global", "Local", "Group", "GlobalID", "LocalID", "GroupID",
		"GroupSize", "NumGroups", "GlobalSize", "Global2", "Global3":
		return true
	}
	return false
}

func constInt(v ssa.Value) (int64, bool) {
	c, ok := v.(*ssa.Const)
	if !ok || c.Value == nil || c.Value.Kind() != constant.Int {
		return 0, false
	}
	return constant.Int64Val(c.Value)
}

func constAtLeast(v ssa.Value, n int64) bool {
	c, ok := constInt(v)
	return ok && c >= n
}

func constEquals(v ssa.Value, n int64) bool {
	c, ok := constInt(v)
	return ok && c == n
}
