package openclc

// This file lowers private memory (alloca), loads, stores and
// getelementptr. Pointers to arrays are represented as C pointers to the
// innermost scalar ("decayed", as C arrays are), so every getelementptr is
// pointer arithmetic in scalar elements.

import (
	"fmt"
	"strconv"

	"github.com/llir/llvm/ir"
	"github.com/llir/llvm/ir/constant"
	"github.com/llir/llvm/ir/types"
	"github.com/llir/llvm/ir/value"
)

// createAllocaDecl declares the private variable an alloca stands for: a
// scalar "T x;" (the alloca's value is &x) or a flattened array "T x[N];"
// (its value is x).
func (fe *funcEmitter) createAllocaDecl(inst *ir.InstAlloca) {
	t := inst.ElemType
	name := fe.names.fresh(inst.Name(), "priv")
	if _, ok := t.(*types.ArrayType); ok {
		fe.decls = append(fe.decls, fe.arrayDecl("", t, name))
		fe.vals[inst] = name
		return
	}
	fe.decls = append(fe.decls, declare(fe.ctype(t), name))
	fe.vals[inst] = "(&" + name + ")"
}

// createAlloca emits nothing: the variable is declared at the top of the body.
// Private memory starts undefined, as in LLVM; the front end stores Go's
// zero values.
func (fe *funcEmitter) createAlloca(inst *ir.InstAlloca) {}

// createLoad lowers a plain scalar load, or a volatile one (the stop
// flag's, docs/ir.md "Stop checks"), through a volatile pointer.
func (fe *funcEmitter) createLoad(inst *ir.InstLoad) {
	if inst.Volatile {
		fe.assign(inst, fmt.Sprintf("*(volatile __typeof__(*%[1]s)*)%[1]s", fe.operand(inst.Src)))
		return
	}
	fe.assign(inst, "*"+fe.operand(inst.Src))
}

// createStore lowers a plain scalar store.
func (fe *funcEmitter) createStore(inst *ir.InstStore) {
	fe.line("*" + fe.operand(inst.Dst) + " = " + fe.operand(inst.Src) + ";")
}

// createGEP lowers getelementptr to pointer arithmetic.
func (fe *funcEmitter) createGEP(inst *ir.InstGetElementPtr) {
	fe.assign(inst, fe.operand(inst.Src)+fe.gepOffset(inst.ElemType, inst.Indices))
}

// gepOffset returns " + <offset in scalars>" (or "") for the indices of a
// getelementptr whose source element type is elem, one of docs/ir.md's two
// forms: "T, p, i" steps over whole Ts, "[N x T], a, 0, i" into the array.
// Indices are signed, as in LLVM.
func (fe *funcEmitter) gepOffset(elem types.Type, indices []value.Value) string {
	idx := indices[len(indices)-1]
	if c, ok := idx.(*constant.Int); ok {
		if c.X.Sign() == 0 {
			return ""
		}
		return " + " + strconv.FormatInt(c.X.Int64(), 10)
	}
	return " + (long)" + fe.operand(idx)
}

// createGlobals declares each @ka.local.<k> as a __local array at
// kernel scope (where OpenCL C 1.2 requires __local variables to be). Any
// other global is outside the contract.
func (fe *funcEmitter) createGlobals(m *ir.Module) {
	for _, g := range m.Globals {
		name := fe.names.fresh(g.Name(), "ka_local")
		fe.vals[g] = name
		fe.locals = append(fe.locals, fe.arrayDecl("__local ", g.ContentType, name))
	}
}
