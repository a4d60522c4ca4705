package groupfn

// This file handles the work-group collectives (ka.GroupSum and the others,
// ka/collective.go). A collective splits the work-item loops as a barrier
// does, and may stand where a barrier may. Every work-item's operand is
// stored, at the end of the loop before the call, in a per-work-item array
// (kernel.GroupPrivate); the group then combines the array once, between
// the loops, with the driver function of the collective (kernel.ReduceSum,
// kernel.ScanSum, ...), which follows the order of ka/kernel/collective.go
// and codegen/collectives.go, so that float results are the bits of the
// goroutine path and of compiled kernels; and the statement that made the
// call opens the next loop, the call replaced by the result: a group-level
// variable for reductions and broadcasts, the work-item's element of the
// array for scans.
//
// Moving the operand to the end of the previous loop evaluates it before
// the rest of its statement, so the operands, and the statement's other
// expressions, may call only functions without side effects (conversions,
// len, min, max, math, the Item's methods); a collective on the right of
// && or ||, which not every work-item would call, or in the operand of
// another, is refused, and so is a subgroup operation (ka.Subgroup...),
// which a group function does not emulate.

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"strings"
)

// collKind is the shape of a collective.
type collKind int

const (
	collReduce collKind = iota
	collInclusive
	collExclusive
	collBroadcast
)

// collectives maps each collective of package ka to its shape and the
// driver function that combines its values.
var collectives = map[string]struct {
	kind collKind
	fn   string
}{
	"GroupSum":          {collReduce, "ReduceSum"},
	"GroupMin":          {collReduce, "ReduceMin"},
	"GroupMax":          {collReduce, "ReduceMax"},
	"GroupAll":          {collReduce, "ReduceAll"},
	"GroupAny":          {collReduce, "ReduceAny"},
	"GroupInclusiveSum": {collInclusive, "ScanSum"},
	"GroupInclusiveMin": {collInclusive, "ScanMin"},
	"GroupInclusiveMax": {collInclusive, "ScanMax"},
	"GroupExclusiveSum": {collExclusive, "ScanSum"},
	"GroupExclusiveMin": {collExclusive, "ScanMin"},
	"GroupExclusiveMax": {collExclusive, "ScanMax"},
	"GroupBroadcast":    {collBroadcast, "Broadcast"},
}

// collCall is one call of a collective in the kernel.
type collCall struct {
	call    *ast.CallExpr
	name    string     // "GroupSum"
	typ     types.Type // the element type
	placed  bool       // split found it where a barrier may be
	discard bool       // the call is a statement of its own: its result is unused
	vals    string     // the per-work-item array of the operands
	result  string     // the group-level result (reductions, broadcasts)
	from    string     // GroupBroadcast: the per-work-item array of from, or "" when from is uniform
}

// groupColl is the node of the collectives of one statement: the group
// combines their values between two item loops.
type groupColl struct{ calls []*collCall }

// kaFunc returns the package-level function of package ka that n calls,
// nil if it calls something else.
func (g *gen) kaFunc(n *ast.CallExpr) *types.Func {
	fun := ast.Unparen(n.Fun)
	switch f := fun.(type) {
	case *ast.IndexExpr:
		fun = f.X
	case *ast.IndexListExpr:
		fun = f.X
	}
	var id *ast.Ident
	switch f := fun.(type) {
	case *ast.SelectorExpr:
		id = f.Sel
	case *ast.Ident:
		id = f
	default:
		return nil
	}
	obj, ok := g.info.Uses[id].(*types.Func)
	if !ok || obj.Pkg() == nil || obj.Pkg().Path() != kaPath || obj.Signature().Recv() != nil {
		return nil
	}
	return obj
}

// collectiveCall records n if it calls a collective and reports whether it
// does; it refuses calls of ka functions that group functions cannot run
// (subgroup operations, and any other function that takes the ka.Item).
func (g *gen) collectiveCall(n *ast.CallExpr) bool {
	fn := g.kaFunc(n)
	if fn == nil {
		return false
	}
	name := fn.Name()
	if strings.HasPrefix(name, "Subgroup") {
		g.refuse(n, "ka.%s: group functions do not emulate subgroups", name)
	}
	if _, ok := collectives[name]; !ok {
		params := fn.Signature().Params()
		for i := range params.Len() {
			if t, ok := types.Unalias(params.At(i).Type()).(*types.Named); ok && t.Obj().Name() == "Item" && t.Obj().Pkg() != nil && t.Obj().Pkg().Path() == kaPath && name != "LocalArray" {
				g.refuse(n, "ka.%s, which takes the ka.Item, is not a function group functions know", name)
			}
		}
		return false
	}
	if g.item == nil || len(n.Args) < 2 {
		g.refuse(n, "ka.%s without the kernel's ka.Item", name)
	}
	if id, ok := ast.Unparen(n.Args[0]).(*ast.Ident); !ok || g.info.Uses[id] != g.item {
		g.refuse(n, "ka.%s called with an Item other than the kernel's parameter", name)
	}
	if g.collOf == nil {
		g.collOf = map[*ast.CallExpr]*collCall{}
	}
	c := &collCall{call: n, name: name, typ: g.info.TypeOf(n)}
	g.colls = append(g.colls, c)
	g.collOf[n] = c
	g.barrier = true // a kernel with a collective runs whole groups
	return true
}

// hasCollective reports whether n contains a collective call.
func (g *gen) hasCollective(n ast.Node) bool {
	found := false
	ast.Inspect(n, func(n ast.Node) bool {
		if c, ok := n.(*ast.CallExpr); ok && g.collOf[c] != nil {
			found = true
		}
		return !found
	})
	return found
}

// ownCollectives returns the collective calls in the expressions that s
// itself evaluates once per work-item (an assignment's sides, a
// declaration's values, an expression statement, the init and condition of
// an if, the init and tag of a switch), in source order. Collectives
// elsewhere in s are not among them.
func (g *gen) ownCollectives(s ast.Stmt) []*collCall {
	var exprs []ast.Node
	switch s := s.(type) {
	case *ast.ExprStmt:
		exprs = append(exprs, s.X)
	case *ast.AssignStmt:
		exprs = append(exprs, s)
	case *ast.DeclStmt:
		exprs = append(exprs, s)
	case *ast.IncDecStmt:
		exprs = append(exprs, s.X)
	case *ast.IfStmt:
		if s.Init != nil {
			exprs = append(exprs, s.Init)
		}
		exprs = append(exprs, s.Cond)
	case *ast.SwitchStmt:
		if s.Init != nil {
			exprs = append(exprs, s.Init)
		}
		if s.Tag != nil {
			exprs = append(exprs, s.Tag)
		}
	}
	var calls []*collCall
	for _, e := range exprs {
		ast.Inspect(e, func(n ast.Node) bool {
			if b, ok := n.(*ast.BinaryExpr); ok && (b.Op == token.LAND || b.Op == token.LOR) {
				ast.Inspect(b.Y, func(n ast.Node) bool {
					if c, ok := n.(*ast.CallExpr); ok && g.collOf[c] != nil {
						g.refuse(c, "ka.%s on the right of %s, which not every work-item may call", g.collOf[c].name, b.Op)
					}
					return true
				})
			}
			c, ok := n.(*ast.CallExpr)
			if !ok || g.collOf[c] == nil {
				return true
			}
			for _, a := range c.Args[1:] {
				if g.hasCollective(a) {
					g.refuse(a, "a collective in the operand of ka.%s", g.collOf[c].name)
				}
				// The operand moves to the loop before the statement,
				// where what the statement declares does not exist yet.
				ast.Inspect(a, func(n ast.Node) bool {
					if id, ok := n.(*ast.Ident); ok {
						if obj := g.info.Uses[id]; obj != nil && s.Pos() <= obj.Pos() && obj.Pos() < s.End() {
							g.refuse(id, "the operand of ka.%s uses %s, which its statement declares", g.collOf[c].name, id.Name)
						}
					}
					return true
				})
			}
			calls = append(calls, g.collOf[c])
			return false
		})
	}
	if len(calls) == 0 {
		return nil
	}
	// The operands move before the rest of the statement: nothing in it
	// may have side effects.
	for _, e := range exprs {
		g.noSideEffects(e)
	}
	var body []ast.Node
	switch s := s.(type) {
	case *ast.IfStmt:
		body = append(body, s.Body)
		if s.Else != nil {
			body = append(body, s.Else)
		}
	case *ast.SwitchStmt:
		body = append(body, s.Body)
	}
	for _, b := range body {
		if g.hasSync(b) {
			g.refuse(s, "a collective in the header of a statement with a barrier or collective in its body")
		}
	}
	if es, ok := s.(*ast.ExprStmt); ok && ast.Unparen(es.X) == calls[0].call {
		calls[0].discard = true
	}
	return calls
}

// noSideEffects refuses calls in n other than collectives and those of
// functions without side effects.
func (g *gen) noSideEffects(n ast.Node) {
	ast.Inspect(n, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.UnaryExpr:
			if n.Op == token.ARROW {
				g.refuse(n, "a channel receive in the statement of a collective")
			}
		case *ast.CallExpr:
			if g.collOf[n] != nil || g.pureCall(n) {
				return true
			}
			g.refuse(n, "a call of %s in the statement of a collective, which group functions evaluate in another order (call it in a statement of its own)", g.text(n.Fun.Pos(), n.Fun.End()))
		}
		return true
	})
}

// pureFuncs are the functions of package ka without side effects.
var pureFuncs = map[string]bool{
	"Sqrt": true, "Exp": true, "Exp2": true, "Log": true, "Log2": true, "Sin": true, "Cos": true, "Tan": true,
	"Tanh": true, "Atan2": true, "Pow": true, "Abs": true, "FMA": true, "Floor": true, "Ceil": true,
	"Trunc": true, "Round": true, "MaxOf": true, "MinOf": true,
}

// pureCall reports whether n calls a function without side effects: a
// conversion, a builtin that computes a value, an Item query, a function
// of math, math/bits or ka's math, or an extent or At of a matrix.
func (g *gen) pureCall(n *ast.CallExpr) bool {
	if tv := g.info.Types[n.Fun]; tv.IsType() {
		return true
	}
	if ed, ok := g.edits[n.Pos()]; ok && ed.end == n.End() {
		return true // an Item query
	}
	fun := ast.Unparen(n.Fun)
	if ix, ok := fun.(*ast.IndexExpr); ok {
		fun = ix.X
	}
	var obj types.Object
	switch f := fun.(type) {
	case *ast.Ident:
		obj = g.info.Uses[f]
	case *ast.SelectorExpr:
		obj = g.info.Uses[f.Sel]
	}
	switch obj := obj.(type) {
	case *types.Builtin:
		switch obj.Name() {
		case "len", "cap", "min", "max", "real", "imag", "complex":
			return true
		}
	case *types.Func:
		if viewExtent(obj) || obj.Name() == "At" && obj.Pkg() != nil && obj.Pkg().Path() == kaPath {
			return true
		}
		if obj.Pkg() == nil || obj.Signature().Recv() != nil {
			return false
		}
		switch obj.Pkg().Path() {
		case "math", "math/bits":
			return true
		case kaPath:
			return pureFuncs[obj.Name()]
		}
	}
	return false
}

// placeCollectives refuses collectives that split did not place, names
// the arrays and results of the others, and makes the edits that replace
// each call by its result.
func (g *gen) placeCollectives() {
	for i, c := range g.colls {
		if !c.placed {
			g.refuse(c.call, "ka.%s where group functions cannot split the work-item loop (a collective may stand where a barrier may, in a simple statement or the header of an if or switch)", c.name)
		}
		c.vals = g.fresh(fmt.Sprintf("coll%dIn", i))
		if collectives[c.name].kind == collBroadcast && !g.simple(c.call.Args[2], false) {
			c.from = g.fresh(fmt.Sprintf("coll%dFrom", i))
		}
		switch {
		case c.discard:
			c.result = "_"
		case collectives[c.name].kind == collReduce || collectives[c.name].kind == collBroadcast:
			c.result = g.fresh(fmt.Sprintf("coll%d", i))
			g.edits[c.call.Pos()] = edit{end: c.call.End(), text: c.result}
		default:
			g.edits[c.call.Pos()] = edit{end: c.call.End(), text: c.vals + tmpl("[@l]"), ids: []string{"l"}}
		}
	}
}

// collArrays returns the declarations of the collectives' per-work-item
// arrays, numbered from first among the group's private arrays.
func (g *gen) collArrays(first int) string {
	var b strings.Builder
	k := first
	for _, c := range g.colls {
		fmt.Fprintf(&b, "%s := kernel.GroupPrivate[%s](%s, %d)\n", c.vals, g.typeString(c.typ), g.ref("kg"), k)
		k++
		if c.from != "" {
			fmt.Fprintf(&b, "%s := kernel.GroupPrivate[int](%s, %d)\n", c.from, g.ref("kg"), k)
			k++
		}
	}
	return b.String()
}

// collStores returns the stores of the operands of calls, at the end of a
// work-item loop.
func (g *gen) collStores(calls []*collCall) string {
	var b strings.Builder
	for _, c := range calls {
		v := c.call.Args[1]
		fmt.Fprintf(&b, "%s[%s] = %s\n", c.vals, g.ref("l"), g.text(v.Pos(), v.End()))
		if c.from != "" {
			f := c.call.Args[2]
			fmt.Fprintf(&b, "%s[%s] = %s\n", c.from, g.ref("l"), g.text(f.Pos(), f.End()))
		}
	}
	return b.String()
}

// emitCombine writes the group's combination of the values of calls.
func (g *gen) emitCombine(b *bytes.Buffer, n *groupColl) {
	for _, c := range n.calls {
		info := collectives[c.name]
		assign := func(call string) {
			if c.result == "_" {
				fmt.Fprintf(b, "_ = %s\n", call)
			} else {
				fmt.Fprintf(b, "%s := %s\n", c.result, call)
			}
		}
		exclusive := info.kind == collExclusive
		identity := "0"
		switch info.kind {
		case collReduce:
			assign(fmt.Sprintf("kernel.%s(%s)", info.fn, c.vals))
		case collBroadcast:
			// Every work-item's from is checked, as on devices; the
			// value is work-item 0's, as on the goroutine path.
			from := c.from + "..."
			if c.from == "" {
				a := c.call.Args[2]
				from = g.text(a.Pos(), a.End())
			}
			assign(fmt.Sprintf("kernel.Broadcast(%s, %s)", c.vals, from))
		case collInclusive, collExclusive:
			if info.fn == "ScanSum" {
				fmt.Fprintf(b, "kernel.ScanSum(%s, %t)\n", c.vals, exclusive)
				continue
			}
			if exclusive {
				g.addImport("ka", kaPath, c.call)
				bound := map[string]string{"ScanMin": "MaxOf", "ScanMax": "MinOf"}[info.fn]
				identity = fmt.Sprintf("ka.%s[%s]()", bound, g.typeString(c.typ))
			}
			fmt.Fprintf(b, "kernel.%s(%s, %t, %s)\n", info.fn, c.vals, exclusive, identity)
		}
	}
}
