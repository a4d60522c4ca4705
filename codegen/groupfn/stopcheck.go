package groupfn

import (
	"go/ast"
	"strings"
)

// Stop checks (docs/ir.md, "Stop checks"; ka.Stream.WithContext): the
// group function of a kernel marked //ka:cancel returns, ending its group,
// when the queue's stop flag (driver.WorkGroup.Stopped) is raised, checked
// at every barrier (at the group level, between item loops) and at the top
// of the body of every loop. A group function runs the whole group on one
// goroutine, so leaving it never leaves a work-item at a barrier.

// stopCheck is the node of a check at a barrier.
type stopCheck struct{}

const stopCheckText = "if @kg.Stopped() {\nreturn\n}\n"

// stopChecks notes whether the kernel is marked //ka:cancel, and then adds
// a check at the top of every loop body.
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
	ast.Inspect(g.fd.Body, func(n ast.Node) bool {
		var body *ast.BlockStmt
		switch n := n.(type) {
		case *ast.ForStmt:
			body = n.Body
		case *ast.RangeStmt:
			body = n.Body
		case *ast.FuncLit:
			return false
		}
		if body != nil {
			g.edits[body.Lbrace] = edit{end: body.Lbrace + 1, text: tmpl("{\n" + stopCheckText)}
		}
		return true
	})
}
