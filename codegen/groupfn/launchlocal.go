package groupfn

import (
	"fmt"
	"go/ast"
	"go/types"
)

// This file gives group functions the ka.Local parameters, local memory
// sized at launch: each parameter's memory is a group-level array like a
// ka.LocalArray's (kernel.GroupLocal, zeroed per group), of the length the
// launch chose (l.Len(); ka resolves LocalOf(0) to the group's work-item
// count before the call), declared once at the top, and every l.Slice(it)
// is that array. A kernel with a ka.Local parameter runs whole groups,
// as one with barriers does (docs/kernel-language.md, "Ranges and
// groups"), whether or not it calls Slice.

// launchLocal is a ka.Local parameter: its array's name, once a Slice
// call asked for it.
type launchLocal struct {
	name string
}

// isLaunchLocal reports whether t is ka.Local[T].
func isLaunchLocal(t types.Type) bool {
	n, ok := types.Unalias(t).(*types.Named)
	return ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == kaPath && n.Obj().Name() == "Local"
}

// localSliceCall makes the edit of a call l.Slice(it) on a ka.Local
// parameter l and reports whether n is one. The first call declares the
// group's array.
func (g *gen) localSliceCall(n *ast.CallExpr) bool {
	sel, ok := n.Fun.(*ast.SelectorExpr)
	if !ok || sel.Sel.Name != "Slice" {
		return false
	}
	id, ok := sel.X.(*ast.Ident)
	if !ok {
		return false
	}
	obj := g.info.Uses[id]
	ll, ok := g.launchLocals[obj]
	if !ok {
		return false
	}
	if arg, ok := n.Args[0].(*ast.Ident); !ok || g.item == nil || g.info.Uses[arg] != g.item {
		g.refuse(n, "%s.Slice with an argument other than the kernel's ka.Item", id.Name)
	}
	if ll.name == "" {
		ll.name = g.fresh(id.Name + "Mem")
		elem := types.Unalias(obj.Type()).(*types.Named).TypeArgs().At(0)
		g.locals = append(g.locals, fmt.Sprintf(tmpl("%s := kernel.GroupLocal[%s](@kg, %d, %s.Len())"),
			ll.name, g.typeString(elem), len(g.locals), id.Name))
	}
	g.edits[n.Pos()] = edit{end: n.End(), text: ll.name}
	return true
}
