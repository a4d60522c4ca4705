package codegen

import (
	"go/token"
	"testing"

	"github.com/llir/llvm/ir"
	"github.com/llir/llvm/ir/constant"
	lltypes "github.com/llir/llvm/ir/types"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// brokenKernel is a kernel outside docs/ir.md, as a buggy front end or
// pass could leave it: an i64 parameter where the hidden ones belong, and
// a use before the definition.
func brokenKernel() *ir.Module {
	m := ir.NewModule()
	f := m.NewFunc("K", lltypes.Void, ir.NewParam("n", lltypes.I64))
	entry, late := f.NewBlock("entry"), f.NewBlock("late")
	x := ir.NewAdd(constant.NewInt(lltypes.I64, 1), f.Params[0])
	entry.NewAdd(x, x)
	entry.NewBr(late)
	late.Insts = append(late.Insts, x)
	late.NewRet(nil)
	return m
}

// TestPassesVerify checks that the front end's module is verified before
// any pass runs, and that a failure is an internal error of the kernel
// naming the pass, not a module handed on to the emitters.
func TestPassesVerify(t *testing.T) {
	m := brokenKernel()
	c := &compiler{fset: token.NewFileSet(), mod: m, fn: m.Funcs[0]}
	c.kernel.name = "K"
	c.runPasses(token.NoPos, false)
	require.Len(t, c.errs, 1)
	msg := c.errs[0].Error()
	assert.Contains(t, msg, "internal error: IR after the front end: kernel K: ")
	assert.Contains(t, msg, "the kernel's parameters end with the hidden")
	assert.Contains(t, msg, "is used before its definition")
}

// TestPTXModuleVerified checks that the PTX emitter's module is verified
// too, after the middle end's passes.
func TestPTXModuleVerified(t *testing.T) {
	_, err := (&Kernel{Name: "K", Module: brokenKernel()}).ptxModule()
	require.Error(t, err)
	assert.Contains(t, err.Error(), "internal error: IR after the middle end: kernel K: ")
}
