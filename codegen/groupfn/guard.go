package groupfn

// The range guard of a barrier-free kernel, folded into its work-item
// loop. The kernel most often written,
//
//	if i := it.Global(); i < len(y) {
//		y[i] = a*x[i] + y[i]
//	}
//
// runs, in its group function, every work-item of the group inside the
// range, each testing i < len(y). When that if statement is the whole
// body, a work-item that fails the test does nothing, so the x loop can
// stop at the bound instead: it becomes
//
//	hi := lo + m0 // the group's last work-item in the range, plus one
//	if e := len(y); hi > e {
//		hi = e
//	}
//	for i := lo; i < hi; i++ {
//		if i < len(y) { ... }
//	}
//
// which Go's prove pass reduces to the loop a Go programmer writes: it
// drops the test, which the loop bound implies, and y[i]'s bounds check
// with it. The kernel's statement is kept as it is, so the folding is
// exact whatever the condition's other conjuncts (i < len(y) && p(i)).

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
)

// guard is a foldable range guard: the if statement that is the whole of
// an item loop, its work-item index variable and the bound the index is
// tested against.
type guard struct {
	stmt   *ast.IfStmt
	index  types.Object
	bound  ast.Expr
	linear bool // the index is it.Global(), not it.GlobalID(0)
}

// foldable returns the range guard of l, nil when l has none that can be
// folded: l must be a masked loop (no barriers, no local memory) whose
// only statement is `if i := it.Global(); i < E ...` (or it.GlobalID(0)),
// without else, with E an int the same for every work-item of the group
// and i never assigned or addressed.
func (g *gen) foldable(l *itemLoop) *guard {
	if g.wholeGroups() || len(l.stmts) != 1 {
		return nil
	}
	s, ok := l.stmts[0].(*ast.IfStmt)
	if !ok || s.Else != nil || s.Init == nil {
		return nil
	}
	init, ok := s.Init.(*ast.AssignStmt)
	if !ok || init.Tok != token.DEFINE || len(init.Lhs) != 1 || len(init.Rhs) != 1 {
		return nil
	}
	id, ok := init.Lhs[0].(*ast.Ident)
	if !ok {
		return nil
	}
	obj := g.info.Defs[id]
	if obj == nil || len(g.assigned[obj]) > 0 || g.addrOf[obj] {
		return nil
	}
	linear, ok := g.globalIndex(init.Rhs[0])
	if !ok {
		return nil
	}
	cond := ast.Unparen(s.Cond)
	for {
		and, ok := cond.(*ast.BinaryExpr)
		if !ok || and.Op != token.LAND {
			break
		}
		cond = ast.Unparen(and.X) // the first conjunct
	}
	less, ok := cond.(*ast.BinaryExpr)
	if !ok || less.Op != token.LSS {
		return nil
	}
	if x, ok := ast.Unparen(less.X).(*ast.Ident); !ok || g.info.Uses[x] != obj {
		return nil
	}
	if t := g.info.TypeOf(less.Y); t == nil || !types.Identical(t, types.Typ[types.Int]) || !g.simple(less.Y, false) {
		return nil
	}
	return &guard{stmt: s, index: obj, bound: less.Y, linear: linear}
}

// globalIndex reports whether e is it.Global() (linear true) or
// it.GlobalID(0) (linear false).
func (g *gen) globalIndex(e ast.Expr) (linear, ok bool) {
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok || g.item == nil {
		return false, false
	}
	sel, ok := call.Fun.(*ast.SelectorExpr)
	if !ok {
		return false, false
	}
	if x, ok := sel.X.(*ast.Ident); !ok || g.info.Uses[x] != g.item {
		return false, false
	}
	switch sel.Sel.Name {
	case "Global":
		return true, true
	case "GlobalID":
		tv := g.info.Types[call.Args[0]]
		if v, exact := constant.Int64Val(constant.ToInt(tv.Value)); tv.Value != nil && exact && v == 0 {
			return false, true
		}
	}
	return false, false
}

// emitFolded writes the x loop of an item loop whose range guard is
// folded: the index runs over the group's work-items in the range, up to
// the guard's bound.
func (g *gen) emitFolded(b *bytes.Buffer, f *guard, inner []byte) {
	n := func(role string) string { g.need[role] = true; return g.names[role] }
	lo := n("b0")
	if f.linear {
		lo = n("row") + " + " + lo
	}
	fmt.Fprintf(b, "%s := %s\n", n("lo"), lo)
	fmt.Fprintf(b, "%s := %s + %s\n", n("hi"), n("lo"), n("m0"))
	fmt.Fprintf(b, "if %s := %s; %s > %s {\n%s = %s\n}\n", n("e"), g.text(f.bound.Pos(), f.bound.End()), n("hi"), n("e"), n("hi"), n("e"))
	i := f.index.Name()
	fmt.Fprintf(b, "for %s := %s; %s < %s; %s++ {\n", i, n("lo"), i, n("hi"), i)
	b.Write(inner)
	b.WriteString("}\n")
}
