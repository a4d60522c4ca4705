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

// loopCheckText is the check at the top of a loop body: every
// 1024th iteration of the group's loops (a counter in a register),
// so that a loop's iteration pays an increment and a branch, not a load
// of the flag.
const loopCheckText = "if @stopn++; @stopn%" + stopEveryText + " == 0 && @kg.Stopped() {\nreturn\n}\n"

// stopEveryText is how many loop iterations run between two loads of the flag
// in a group function: about a microsecond of the cheapest loop.
const stopEveryText = "1024"

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
	g.names["stopn"] = g.fresh("stopn")
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
			g.edits[body.Lbrace] = edit{end: body.Lbrace + 1, text: tmpl("{\n" + loopCheckText)}
		}
		return true
	})
}
