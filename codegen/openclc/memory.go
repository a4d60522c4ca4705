package openclc

// This file lowers private memory (alloca), loads, stores and
// getelementptr. Pointers to arrays are represented as C pointers to the
// innermost scalar ("decayed", as C arrays are), so every getelementptr is
// pointer arithmetic in scalar elements.

import (
	"strconv"
	"strings"

	"github.com/llir/llvm/ir"
	"github.com/llir/llvm/ir/constant"
	"github.com/llir/llvm/ir/types"
	"github.com/llir/llvm/ir/value"
)

// declareAlloca declares the private variable an alloca stands for: a
// scalar "T x;" (the alloca's value is &x) or a flattened array "T x[N];"
// (its value is x).
func (e *emitter) declareAlloca(inst *ir.InstAlloca) {
	if inst.NElems != nil {
		if n, ok := inst.NElems.(*constant.Int); !ok || n.X.Int64() != 1 {
			e.errorf(ErrBadIR, "alloca of a dynamic or repeated count")
		}
	}
	t := inst.ElemType
	if _, ok := scalarOf(t).(*types.PointerType); ok {
		e.errorf(ErrBadIR, "alloca of pointers")
		return
	}
	name := e.names.fresh(inst.Name(), "priv")
	if _, ok := t.(*types.ArrayType); ok {
		e.decls = append(e.decls, e.arrayDecl("", t, name))
		e.vals[inst] = name
		return
	}
	e.decls = append(e.decls, declare(e.ctype(t), name))
	e.vals[inst] = "(&" + name + ")"
}

// alloca emits nothing: the variable is declared at the top of the body.
// Private memory starts undefined, as in LLVM; the front end stores Go's
// zero values.
func (e *emitter) alloca(inst *ir.InstAlloca) {}

// load lowers a plain scalar load.
func (e *emitter) load(inst *ir.InstLoad) {
	if inst.Atomic || inst.Volatile {
		e.errorf(ErrBadIR, "atomic or volatile load")
		return
	}
	if !e.scalarAccess(inst.ElemType) {
		return
	}
	e.assign(inst, "*"+e.operand(inst.Src))
}

// store lowers a plain scalar store.
func (e *emitter) store(inst *ir.InstStore) {
	if inst.Atomic || inst.Volatile {
		e.errorf(ErrBadIR, "atomic or volatile store")
		return
	}
	if !e.scalarAccess(inst.Src.Type()) {
		return
	}
	e.line("*" + e.operand(inst.Dst) + " = " + e.operand(inst.Src) + ";")
}

// scalarAccess checks that a load or store moves a scalar.
func (e *emitter) scalarAccess(t types.Type) bool {
	if intBits(t) == 0 && floatBits(t) == 0 {
		e.errorf(ErrBadIR, "load or store of %s: only scalars", t)
		return false
	}
	return true
}

// gep lowers getelementptr to pointer arithmetic.
func (e *emitter) gep(inst *ir.InstGetElementPtr) {
	off, ok := e.gepOffset(inst.ElemType, inst.Indices)
	if !ok {
		return
	}
	e.assign(inst, e.operand(inst.Src)+off)
}

// gepOffset returns " + <offset in scalars>" (or "") for the indices of a
// getelementptr whose source element type is elem: the first index steps
// over whole elems, each further one into an array. Indices are signed, as
// in LLVM. The contract's two forms ("T, p, i" and "[N x T], a, 0, i") are
// cases of this; structs are outside it.
func (e *emitter) gepOffset(elem types.Type, indices []value.Value) (string, bool) {
	if len(indices) == 0 {
		e.errorf(ErrBadIR, "getelementptr without indices")
		return "", false
	}
	var terms []string
	var constOff int64
	t := elem
	for i, idx := range indices {
		if i > 0 {
			a, ok := t.(*types.ArrayType)
			if !ok {
				e.errorf(ErrBadIR, "getelementptr into %s: only arrays", t)
				return "", false
			}
			t = a.ElemType
		}
		stride := int64(elems(t))
		bits := intBits(idx.Type())
		if bits == 0 {
			e.errorf(ErrBadIR, "getelementptr index of type %s", idx.Type())
			return "", false
		}
		if c, ok := idx.(*constant.Int); ok {
			constOff += c.X.Int64() * stride
			continue
		}
		term := e.operand(idx)
		if bits == 64 {
			term = "(long)" + term
		} else {
			term = "(long)" + e.signedOr(term, bits, true)
		}
		if stride != 1 {
			term = "(" + term + " * " + strconv.FormatInt(stride, 10) + ")"
		}
		terms = append(terms, term)
	}
	if _, ok := scalarOf(t).(*types.StructType); ok {
		e.errorf(ErrBadIR, "getelementptr into a struct")
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
