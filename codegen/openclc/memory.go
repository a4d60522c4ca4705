package openclc

// This file lowers private memory (alloca), loads, stores and
// getelementptr. Pointers to arrays are represented as C pointers to the
// innermost scalar ("decayed", as C arrays are), so every getelementptr is
// pointer arithmetic in scalar elements.

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/kago-dev/kago/codegen/internal/emitutil"
	"github.com/llir/llvm/ir"
	"github.com/llir/llvm/ir/constant"
	"github.com/llir/llvm/ir/types"
	"github.com/llir/llvm/ir/value"
)

// createAllocaDecl declares the private variable an alloca stands for: a
// scalar "T x;" (the alloca's value is &x) or a flattened array "T x[N];"
// (its value is x).
func (fe *funcEmitter) createAllocaDecl(inst *ir.InstAlloca) {
	if inst.NElems != nil {
		if n, ok := inst.NElems.(*constant.Int); !ok || n.X.Int64() != 1 {
			fe.errorf(ErrBadIR, "alloca of a dynamic or repeated count")
		}
	}
	t := inst.ElemType
	if _, ok := scalarOf(t).(*types.PointerType); ok {
		fe.errorf(ErrBadIR, "alloca of pointers")
		return
	}
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
	if inst.Atomic {
		fe.errorf(ErrBadIR, "atomic load")
		return
	}
	if !fe.scalarAccess(inst.ElemType) {
		return
	}
	if inst.Volatile {
		fe.assign(inst, fmt.Sprintf("*(volatile __typeof__(*%[1]s)*)%[1]s", fe.operand(inst.Src)))
		return
	}
	fe.assign(inst, "*"+fe.operand(inst.Src))
}

// createStore lowers a plain scalar store.
func (fe *funcEmitter) createStore(inst *ir.InstStore) {
	if inst.Atomic || inst.Volatile {
		fe.errorf(ErrBadIR, "atomic or volatile store")
		return
	}
	if !fe.scalarAccess(inst.Src.Type()) {
		return
	}
	fe.line("*" + fe.operand(inst.Dst) + " = " + fe.operand(inst.Src) + ";")
}

// scalarAccess checks that a load or store moves a scalar.
func (fe *funcEmitter) scalarAccess(t types.Type) bool {
	if emitutil.IntBits(t) == 0 && emitutil.FloatBits(t) == 0 {
		fe.errorf(ErrBadIR, "load or store of %s: only scalars", t)
		return false
	}
	return true
}

// createGEP lowers getelementptr to pointer arithmetic.
func (fe *funcEmitter) createGEP(inst *ir.InstGetElementPtr) {
	off, ok := fe.gepOffset(inst.ElemType, inst.Indices)
	if !ok {
		return
	}
	fe.assign(inst, fe.operand(inst.Src)+off)
}

// gepOffset returns " + <offset in scalars>" (or "") for the indices of a
// getelementptr whose source element type is elem: the first index steps
// over whole elems, each further one into an array. Indices are signed, as
// in LLVM. The contract's two forms ("T, p, i" and "[N x T], a, 0, i") are
// cases of this; structs are outside it.
func (fe *funcEmitter) gepOffset(elem types.Type, indices []value.Value) (string, bool) {
	if len(indices) == 0 {
		fe.errorf(ErrBadIR, "getelementptr without indices")
		return "", false
	}
	var terms []string
	var constOff int64
	t := elem
	for i, idx := range indices {
		if i > 0 {
			a, ok := t.(*types.ArrayType)
			if !ok {
				fe.errorf(ErrBadIR, "getelementptr into %s: only arrays", t)
				return "", false
			}
			t = a.ElemType
		}
		stride := int64(elems(t))
		bits := emitutil.IntBits(idx.Type())
		if bits == 0 {
			fe.errorf(ErrBadIR, "getelementptr index of type %s", idx.Type())
			return "", false
		}
		if c, ok := idx.(*constant.Int); ok {
			constOff += c.X.Int64() * stride
			continue
		}
		term := fe.operand(idx)
		if bits == 64 {
			term = "(long)" + term
		} else {
			term = "(long)" + fe.signedOr(term, bits, true)
		}
		if stride != 1 {
			term = "(" + term + " * " + strconv.FormatInt(stride, 10) + ")"
		}
		terms = append(terms, term)
	}
	if _, ok := scalarOf(t).(*types.StructType); ok {
		fe.errorf(ErrBadIR, "getelementptr into a struct")
		return "", false
	}
	if constOff != 0 || len(terms) == 0 {
		terms = append(terms, strconv.FormatInt(constOff, 10))
	}
	if len(terms) == 1 && terms[0] == "0" {
		return "", true
	}
	return " + " + strings.Join(terms, " + "), true
}

// createGlobals declares each @ka.local.<k> as a __local array at
// kernel scope (where OpenCL C 1.2 requires __local variables to be). Any
// other global is outside the contract.
func (fe *funcEmitter) createGlobals(m *ir.Module) {
	for _, g := range m.Globals {
		if g.AddrSpace != 3 || !strings.HasPrefix(g.Name(), "ka.local.") {
			fe.errorf(ErrBadIR, "global @%s: the only globals are @ka.local.<k> in addrspace(3)", g.Name())
			continue
		}
		switch g.Init.(type) {
		case nil, *constant.Undef, *constant.Poison:
		default:
			fe.errorf(ErrBadIR, "global @%s: __local memory cannot be initialized; use undef", g.Name())
		}
		if _, ok := scalarOf(g.ContentType).(*types.PointerType); ok {
			fe.errorf(ErrBadIR, "global @%s holds pointers", g.Name())
		}
		name := fe.names.fresh(g.Name(), "ka_local")
		fe.vals[g] = name
		fe.locals = append(fe.locals, fe.arrayDecl("__local ", g.ContentType, name))
	}
}
