package groupfn

import (
	"fmt"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"strings"
)

// Stop checks (docs/ir.md, "Stop checks"; ka.Stream.WithContext): the
// group function of a kernel marked //ka:cancel returns, ending its group,
// when the queue's stop flag (kernel.WorkGroup.Stopped) is raised, checked
// at every barrier (at the group level, between item loops) and at the top
// of the body of every loop. A group function runs the whole group on one
// goroutine, so leaving it never leaves a work-item at a barrier.

// stopCheck is the node of a check at a barrier.
type stopCheck struct{}

const stopCheckText = "if @kg.Stopped() {\nreturn\n}\n"

// loopCheckText is the check at the top of a loop body: every
// 1024th iteration of the group's loops (a counter in a register),
// so that a loop's iteration pays an increment and a branch, not a load
// of the flag.
const loopCheckText = "if @stopn++; @stopn%" + stopEveryText + " == 0 && @kg.Stopped() {\nreturn\n}\n"

// stopEveryText is how many loop iterations run between two loads of the flag
// in a group function: about a microsecond of the cheapest loop.
const stopEveryText = "1024"

// shortTrips is the most iterations that loops with a constant trip count
// may run, all nested ones together, without a check of their own: such a
// loop is no longer than straight-line code of shortTrips copies of its
// body, which runs unchecked anyway, and its enclosing loop's check (or
// the next barrier) covers it. The tiled matmul's inner loop (16
// iterations) is one: its counter cost the native group function 10-30%
// (benchmarks/README.md, "Cost of stop checks").
const shortTrips = 64

// stopChecks notes whether the kernel is marked //ka:cancel, and then adds
// a check at the top of every loop body, except in short loops.
func (g *gen) stopChecks() {
	if g.fd.Doc != nil {
		for _, c := range g.fd.Doc.List {
			if strings.TrimSpace(c.Text) == "//ka:cancel" {
				g.cancel = true
			}
		}
	}
	if !g.cancel {
		return
	}
	g.names["stopn"] = g.fresh("stopn")
	// budget is how many iterations the short loops around n may still
	// multiply by.
	var walk func(n ast.Node, budget int64)
	walk = func(n ast.Node, budget int64) {
		ast.Inspect(n, func(m ast.Node) bool {
			if m == n {
				return true
			}
			var body *ast.BlockStmt
			switch m := m.(type) {
			case *ast.ForStmt:
				body = m.Body
			case *ast.RangeStmt:
				body = m.Body
			case *ast.FuncLit:
				return false
			default:
				return true
			}
			if trips, ok := g.tripCount(m); ok && trips <= budget {
				walk(body, budget/max(trips, 1))
				return false
			}
			if f, ok := m.(*ast.ForStmt); ok && g.stripLoop(f) {
				walk(body, shortTrips)
				return false
			}
			g.edits[body.Lbrace] = edit{end: body.Lbrace + 1, text: tmpl("{\n" + loopCheckText)}
			walk(body, shortTrips)
			return false
		})
	}
	walk(g.fd.Body, shortTrips)
}

// tripCount returns the number of iterations of a loop that has a
// constant one: for i := c0; i < c1; i++ (or <=) whose i nothing else
// assigns or takes the address of, or a range over a constant integer or
// an array.
func (g *gen) tripCount(n ast.Node) (int64, bool) {
	constInt := func(e ast.Expr) (int64, bool) {
		if e == nil {
			return 0, false
		}
		tv, ok := g.info.Types[e]
		if !ok || tv.Value == nil || tv.Value.Kind() != constant.Int {
			return 0, false
		}
		return constant.Int64Val(tv.Value)
	}
	switch n := n.(type) {
	case *ast.RangeStmt:
		if c, ok := constInt(n.X); ok {
			return max(c, 0), true
		}
		if t, ok := g.info.TypeOf(n.X).Underlying().(*types.Array); ok {
			return t.Len(), true
		}
		if p, ok := g.info.TypeOf(n.X).Underlying().(*types.Pointer); ok {
			if t, ok := p.Elem().Underlying().(*types.Array); ok {
				return t.Len(), true
			}
		}
	case *ast.ForStmt:
		init, ok := n.Init.(*ast.AssignStmt)
		if !ok || init.Tok != token.DEFINE || len(init.Lhs) != 1 || len(init.Rhs) != 1 {
			return 0, false
		}
		id, ok := init.Lhs[0].(*ast.Ident)
		obj := g.info.Defs[id]
		if !ok || obj == nil || g.addrOf[obj] {
			return 0, false
		}
		c0, ok0 := constInt(init.Rhs[0])
		cond, ok := n.Cond.(*ast.BinaryExpr)
		if !ok0 || !ok || (cond.Op != token.LSS && cond.Op != token.LEQ) {
			return 0, false
		}
		c1, ok1 := constInt(cond.Y)
		x, ok := ast.Unparen(cond.X).(*ast.Ident)
		if !ok1 || !ok || g.info.Uses[x] != obj {
			return 0, false
		}
		post, ok := n.Post.(*ast.IncDecStmt)
		if !ok || post.Tok != token.INC {
			return 0, false
		}
		if x, ok := ast.Unparen(post.X).(*ast.Ident); !ok || g.info.Uses[x] != obj {
			return 0, false
		}
		for _, p := range g.assigned[obj] {
			if p < post.Pos() || p >= post.End() {
				return 0, false
			}
		}
		if cond.Op == token.LEQ {
			c1++
		}
		return max(c1-c0, 0), true
	}
	return 0, false
}

// stripLoop runs f in strips of kernel.StripTurns turns when it is a
// counted loop, `for i := a; i < b; i++` with a and b constants or
// parameters the kernel never assigns, no barrier or collective inside
// (it runs within an item loop), and no break, goto or label that could
// mean f: an outer loop over the strips runs f's body in an inner loop
// up to each strip's end and checks the flag after it. The inner loop is
// the original's shape, so the Go compiler compiles it as it did: the
// counter of loopCheckText in the naive matmul's 192-turn loop cost the
// group function about 30% (benchmarks/README.md). It reports whether it
// made the edits.
func (g *gen) stripLoop(f *ast.ForStmt) bool {
	init, ok := f.Init.(*ast.AssignStmt)
	if !ok || init.Tok != token.DEFINE || len(init.Lhs) != 1 || len(init.Rhs) != 1 {
		return false
	}
	id, ok := init.Lhs[0].(*ast.Ident)
	obj := g.info.Defs[id]
	if !ok || obj == nil || g.addrOf[obj] {
		return false
	}
	if b, ok := obj.Type().Underlying().(*types.Basic); !ok || b.Info()&types.IsInteger == 0 {
		return false
	}
	cond, ok := f.Cond.(*ast.BinaryExpr)
	if !ok || cond.Op != token.LSS {
		return false
	}
	if x, ok := ast.Unparen(cond.X).(*ast.Ident); !ok || g.info.Uses[x] != obj {
		return false
	}
	post, ok := f.Post.(*ast.IncDecStmt)
	if !ok || post.Tok != token.INC {
		return false
	}
	if x, ok := ast.Unparen(post.X).(*ast.Ident); !ok || g.info.Uses[x] != obj {
		return false
	}
	for _, p := range g.assigned[obj] {
		if p < post.Pos() || p >= post.End() {
			return false
		}
	}
	if !g.invariant(init.Rhs[0]) || !g.invariant(cond.Y) || g.hasSync(f.Body) || !g.plainBody(f.Body) {
		return false
	}
	a, b := g.text(init.Rhs[0].Pos(), init.Rhs[0].End()), g.text(cond.Y.Pos(), cond.Y.End())
	i, end := id.Name, g.fresh("stripEnd")
	g.edits[f.For] = edit{end: f.Body.Lbrace + 1, text: fmt.Sprintf(
		"for %s, %s := %s, kernel.StripEnd(%s, %s); %s < %s; %s = kernel.StripEnd(%s, %s) {\nfor ; %s < %s; %s++ {\n",
		i, end, a, a, b, i, b, end, i, b, i, end, i)}
	g.edits[f.Body.Rbrace] = edit{end: f.Body.Rbrace, text: tmpl("}\nif @kg.Stopped() {\nreturn\n}\n")}
	g.need["kg"] = true
	return true
}

// invariant reports whether e, a strip loop's start or bound, is a
// constant or a parameter the kernel never assigns: text the loop can
// repeat, which no other edit changes.
func (g *gen) invariant(e ast.Expr) bool {
	if tv, ok := g.info.Types[e]; ok && tv.Value != nil {
		return true
	}
	id, ok := ast.Unparen(e).(*ast.Ident)
	if !ok {
		return false
	}
	obj := g.info.Uses[id]
	return obj != nil && g.params[obj] && len(g.assigned[obj]) == 0
}

// plainBody reports whether body has no break that would leave the loop
// around it, and no goto or labeled statement: a strip loop's inner loop
// would take them for its own.
func (g *gen) plainBody(body *ast.BlockStmt) bool {
	ok := true
	var walk func(n ast.Node, depth int)
	walk = func(n ast.Node, depth int) {
		ast.Inspect(n, func(m ast.Node) bool {
			if !ok || m == n {
				return ok
			}
			switch m := m.(type) {
			case *ast.BranchStmt:
				if m.Label != nil || m.Tok == token.GOTO || m.Tok == token.BREAK && depth == 0 {
					ok = false
				}
			case *ast.LabeledStmt, *ast.FuncLit:
				ok = false
			case *ast.ForStmt, *ast.RangeStmt, *ast.SwitchStmt, *ast.TypeSwitchStmt, *ast.SelectStmt:
				walk(m, depth+1)
				return false
			}
			return ok
		})
	}
	walk(body, 0)
	return ok
}
