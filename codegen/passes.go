package codegen

// This file runs the middle end: the passes that rewrite a kernel's module
// after the front end has built it (stop checks, which strip-mine counted
// loops; the PTX middle end, in ptxmodule.go), and ircheck after the front
// end and after each pass, so that a module outside docs/ir.md is an
// internal error that names the pass that made it, not a puzzle in an
// emitter. Contraction rewrites nothing: the front end marks the kernel
// and the emitters read the pairs (docs/ir.md, "Contraction").

import (
	"go/token"

	"github.com/kago-dev/kago/codegen/internal/ircheck"
)

// pass is one step of the middle end; run is nil for the front end's own
// output.
type pass struct {
	name string
	run  func()
}

// runPasses verifies the front end's module, then runs the passes the
// kernel needs, each followed by the block layout of docs/ir.md, the
// numbering of unnamed values (so that emitters' messages and kago ir
// agree on names) and the verifier. The first failure is an internal
// error of the kernel at pos, and the passes stop there.
func (c *compiler) runPasses(pos token.Pos, stops bool) {
	passes := []pass{{"the front end", nil}}
	if stops {
		passes = append(passes, pass{"stop checks", func() { c.addStopChecks(c.faults.rec) }}) // stopchecks.go
	}
	for _, p := range passes {
		if p.run != nil {
			p.run()
		}
		c.fn.Blocks = ircheck.Layout(c.fn)
		ircheck.Renumber(c.fn)
		if err := c.fn.AssignIDs(); err != nil {
			c.errorf(pos, "internal error: numbering the IR after %s: %v", p.name, err)
			return
		}
		if _, err := ircheck.Check("IR after "+p.name, c.mod); err != nil {
			c.errorf(pos, "internal error: %v", err)
			return
		}
	}
}
