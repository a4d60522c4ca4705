package codegen

// This file implements //ka:contract, the per-kernel opt-in to FMA
// contraction (docs/kernel-language.md, "Floating point"; docs/ir.md,
// "Contraction"). The front end only marks: the kernel's function gets the
// attribute emitutil.ContractAttr, and every product an explicit conversion
// rounds gets emitutil.RoundMD; which pairs fuse is decided once, in
// emitutil.Contractions, and each emitter lowers them.

import (
	"go/ast"
	"go/token"

	"github.com/kago-dev/kago/codegen/internal/emitutil"
	"github.com/llir/llvm/ir"
	"github.com/llir/llvm/ir/metadata"
	"github.com/llir/llvm/ir/value"
	"golang.org/x/tools/go/ssa"
)

// markContract gives the kernel's function the contraction attribute when
// the kernel is marked //ka:contract.
func (c *compiler) markContract(fn *ssa.Function) {
	if c.pkg.contract[funcObject(fn)] {
		c.fn.FuncAttrs = append(c.fn.FuncAttrs, ir.AttrString(emitutil.ContractAttr))
	}
}

// createFMul lowers a float product. In a contracting kernel a product that
// an explicit conversion rounds (float32(x*y), also through parentheses)
// carries !ka.round, since Go forbids fusing it: the emitters then keep
// it a separate multiplication.
func (f *frame) createFMul(b *ssa.BinOp, x, y value.Value) value.Value {
	m := f.cur.NewFMul(x, y)
	if emitutil.Contracts(f.compiler.fn) && roundedProduct(f.fn, b.Pos()) {
		m.Metadata = append(m.Metadata, &metadata.Attachment{Name: emitutil.RoundMD, Node: &metadata.Tuple{MetadataID: -1}})
	}
	return m
}

// roundedProduct reports whether the product whose operator is at pos is
// the one argument of a call in fn's syntax: a conversion T(x*y). Without
// type information (fn may come from another package) a call g(x*y) counts
// too, which only forgoes a fusion Go would allow.
func roundedProduct(fn *ssa.Function, pos token.Pos) bool {
	syntax := fn.Syntax()
	if syntax == nil || !pos.IsValid() {
		return false
	}
	found := false
	ast.Inspect(syntax, func(n ast.Node) bool {
		if found {
			return false
		}
		call, ok := n.(*ast.CallExpr)
		if !ok || len(call.Args) != 1 {
			return true
		}
		arg := ast.Unparen(call.Args[0])
		if bin, ok := arg.(*ast.BinaryExpr); ok && bin.Op == token.MUL && bin.OpPos == pos {
			found = true
		}
		return true
	})
	return found
}
