package groupfn

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"strings"
)

// This file takes a kernel's ka.Matrix and ka.Volume parameters apart at
// the top of its group function, so that their element accesses are the
// index arithmetic a Go programmer writes on a flat slice. A ka.Matrix
// value is too large for Go to keep in registers (SSA-able structs are at
// most four words): calling its inlined At copies the whole struct on
// every access, which made a 5-point stencil over ka.Matrix 6–7× slower
// than the same stencil over a flat slice. The parameter's View gives a
// slice, an extent per dimension and the strides, which Go keeps in
// registers; each method call on the parameter becomes a call of
// ka/kernel's At2, Set2, Ptr2 (At3, ... for volumes) on them, or len of an
// extent for Rows, Cols and Depth (ka/kernel/views.go).

// view is one matrix or volume parameter taken apart.
type view struct {
	param types.Object
	names []string // its parts, in View's order: data, the extents, the strides
	used  []bool
	edits []token.Pos // the edits of its method calls, by start
}

// viewParts are the parts of View's results by dimensions, as name
// suffixes.
var viewParts = map[int][]string{
	2: {"Data", "Rows", "Cols", "Stride"},
	3: {"Data", "Depth", "Rows", "Cols", "PlaneStride", "Stride"},
}

// viewDims is 2 for a ka.Matrix, 3 for a ka.Volume, 0 for other types.
func viewDims(t types.Type) int {
	n, ok := types.Unalias(t).(*types.Named)
	if !ok || n.Obj().Pkg() == nil || n.Obj().Pkg().Path() != kaPath {
		return 0
	}
	return map[string]int{"Matrix": 2, "Volume": 3}[n.Obj().Name()]
}

// viewCall makes the edit of a method call on a matrix or volume
// parameter and reports whether n is one. An element access keeps its
// arguments (the edit ends at the call's parenthesis), so their own edits
// apply; the caller goes on into them.
func (g *gen) viewCall(n *ast.CallExpr) bool {
	sel, ok := n.Fun.(*ast.SelectorExpr)
	if !ok {
		return false
	}
	id, ok := sel.X.(*ast.Ident)
	if !ok {
		return false
	}
	obj := g.info.Uses[id]
	if obj == nil || !g.params[obj] {
		return false
	}
	dims := viewDims(obj.Type())
	if dims == 0 {
		return false
	}
	v := g.viewOf(obj, dims)
	// part returns the name of the part called suffix, marking it used.
	part := func(suffix string) string {
		for i, s := range viewParts[dims] {
			if s == suffix {
				v.used[i] = true
				return v.names[i]
			}
		}
		panic("groupfn: no view part " + suffix)
	}
	var e edit
	switch m := sel.Sel.Name; m {
	case "At", "Set", "Ptr":
		args := make([]string, len(viewParts[dims]))
		for i, s := range viewParts[dims] {
			args[i] = part(s)
		}
		e = edit{end: n.Lparen + 1, text: fmt.Sprintf("kernel.%s%d(%s, ", m, dims, strings.Join(args, ", "))}
	case "Rows", "Cols", "Depth":
		e = edit{end: n.End(), text: "len(" + part(m) + ")"}
	case "Stride", "PlaneStride":
		e = edit{end: n.End(), text: part(m)}
	default:
		return false
	}
	g.edits[n.Pos()] = e
	v.edits = append(v.edits, n.Pos())
	return true
}

// viewOf returns param's view, naming its parts on first use.
func (g *gen) viewOf(param types.Object, dims int) *view {
	for _, v := range g.views {
		if v.param == param {
			return v
		}
	}
	v := &view{param: param, used: make([]bool, len(viewParts[dims]))}
	for _, s := range viewParts[dims] {
		v.names = append(v.names, g.fresh(param.Name()+s))
	}
	g.views = append(g.views, v)
	return v
}

// keepViews drops the views of parameters the kernel assigns or takes the
// address of, with their edits: their method calls stay calls, on the
// value the parameter holds when they run.
func (g *gen) keepViews() {
	kept := g.views[:0]
	for _, v := range g.views {
		if len(g.assigned[v.param]) > 0 || g.addrOf[v.param] {
			for _, p := range v.edits {
				delete(g.edits, p)
			}
			continue
		}
		kept = append(kept, v)
	}
	g.views = kept
}

// viewDecls declares the parts of each view the body uses, at the top of
// the group function.
func (g *gen) viewDecls() string {
	var b strings.Builder
	for _, v := range g.views {
		names := make([]string, len(v.names))
		for i, n := range v.names {
			names[i] = "_"
			if v.used[i] {
				names[i] = n
			}
		}
		fmt.Fprintf(&b, "%s := %s.View()\n", strings.Join(names, ", "), v.param.Name())
	}
	return b.String()
}
