package ptx

// This file implements memory: workgroup globals (.shared), allocas (.local),
// loads, stores and the two getelementptr forms of docs/ir.md.
//
// The pointer's address space picks the PTX state space: 1 -> .global,
// 3 -> .shared, 0 -> .local (in the contract only allocas are in address
// space 0). All pointers are 64-bit registers holding addresses in that
// space's window: kernel parameters are converted once with cvta.to.global,
// a .shared or .local symbol's address is taken with mov.u64.
//
// i1 in memory is one byte (0 or 1), as in LLVM; i8/i16 load with ld.u8/u16
// into 32-bit registers and store the low bits with st.u8/u16.

import (
	"fmt"
	"github.com/kago-dev/kago/codegen/internal/emitutil"
	"strings"

	"github.com/llir/llvm/ir"
	"github.com/llir/llvm/ir/constant"
	"github.com/llir/llvm/ir/types"
	"github.com/llir/llvm/ir/value"
)

// createGlobals declares each workgroup global as a module-scope .shared
// array (the module holds one kernel, so module scope is the kernel's).
func (me *moduleEmitter) createGlobals(out *strings.Builder) {
	for _, g := range me.m.Globals {
		pt, _ := g.Type().(*types.PointerType)
		if g.AddrSpace != 3 && (pt == nil || pt.AddrSpace != 3) {
			me.errorf(ErrBadIR, "global %s: only addrspace(3) workgroup arrays are supported", g.Ident())
			continue
		}
		size, align, ok := sizeOf(g.ContentType)
		if !ok {
			me.errorf(ErrBadIR, "global %s: unsupported type %s", g.Ident(), g.ContentType)
			continue
		}
		if int64(g.Align) > align {
			align = int64(g.Align)
		}
		sym := sanitize(g.Name())
		me.globals[g] = sym
		fmt.Fprintf(out, ".shared .align %d .b8 %s[%d];\n", align, sym, size)
	}
	if len(me.globals) > 0 {
		out.WriteString("\n")
	}
	me.createDynamicShared(out)
	me.createPrintfDecls(out)
}

// space returns the PTX state space of a pointer value.
func (fe *funcEmitter) space(ptr value.Value) (string, bool) {
	pt, ok := ptr.Type().(*types.PointerType)
	if !ok {
		fe.errorf(ErrBadIR, "%s is not a pointer", ptr.Ident())
		return "", false
	}
	switch pt.AddrSpace {
	case 0:
		return "local", true
	case 1:
		return "global", true
	case 3:
		return "shared", true
	}
	fe.errorf(ErrBadIR, "unsupported address space %d", pt.AddrSpace)
	return "", false
}

func (fe *funcEmitter) createAlloca(inst *ir.InstAlloca) {
	if inst.NElems != nil {
		if c, ok := inst.NElems.(*constant.Int); !ok || c.X.Int64() != 1 {
			fe.errorf(ErrBadIR, "alloca with an element count; use [N x T]")
			return
		}
	}
	if inst.Typ != nil && inst.Typ.AddrSpace != 0 {
		fe.errorf(ErrBadIR, "alloca in addrspace(%d)", inst.Typ.AddrSpace)
		return
	}
	size, align, ok := sizeOf(inst.ElemType)
	if !ok {
		fe.errorf(ErrBadIR, "alloca of unsupported type %s", inst.ElemType)
		return
	}
	if int64(inst.Align) > align {
		align = int64(inst.Align)
	}
	if size == 0 {
		size = 1
	}
	sym := fmt.Sprintf("__local_%d", len(fe.locals))
	fe.locals = append(fe.locals, fmt.Sprintf(".local .align %d .b8 %s[%d]", align, sym, size))
	fe.ins("mov.u64 %s, %s", fe.def(inst), sym)
}

func (fe *funcEmitter) createLoad(inst *ir.InstLoad) {
	if inst.Atomic {
		fe.errorf(ErrBadIR, "atomic load")
		return
	}
	sp, ok := fe.space(inst.Src)
	if !ok {
		return
	}
	t := inst.ElemType
	mt := memType(t)
	if mt == "" || emitutil.IsPointer(t) {
		fe.errorf(ErrBadIR, "load of unsupported type %s", t)
		return
	}
	addr := fe.reg(inst.Src)
	if emitutil.IntBits(t) == 1 {
		b := fe.newReg(classB32)
		fe.ins("ld.%s.u8 %s, [%s]", sp, b, addr)
		fe.ins("setp.ne.u32 %s, %s, 0", fe.def(inst), b)
		return
	}
	if inst.Volatile {
		// The stop flag's load (docs/ir.md, "Stop checks"): a word that
		// the host writes while the kernel runs.
		fe.ins("ld.volatile.%s.%s %s, [%s]", sp, mt, fe.def(inst), addr)
		return
	}
	fe.ins("ld.%s.%s %s, [%s]", sp, mt, fe.def(inst), addr)
}

func (fe *funcEmitter) createStore(inst *ir.InstStore) {
	if inst.Atomic || inst.Volatile {
		fe.errorf(ErrBadIR, "atomic or volatile store")
		return
	}
	sp, ok := fe.space(inst.Dst)
	if !ok {
		return
	}
	t := inst.Src.Type()
	mt := memType(t)
	if mt == "" || emitutil.IsPointer(t) {
		fe.errorf(ErrBadIR, "store of unsupported type %s", t)
		return
	}
	addr := fe.reg(inst.Dst)
	var v string
	if emitutil.IntBits(t) == 1 {
		v = fe.createBoolToInt(inst.Src, false)
	} else {
		v = fe.reg(inst.Src)
	}
	fe.ins("st.%s.%s [%s], %s", sp, mt, addr, v)
}

// createGEP handles `getelementptr T, T AS* %p, i64 %i` and
// `getelementptr [N x T], [N x T] AS* %a, i64 0, i64 %i`: both are
// base + i*sizeof(T).
func (fe *funcEmitter) createGEP(inst *ir.InstGetElementPtr) {
	elem, idx, ok := fe.gepIndex(inst.ElemType, inst.Indices)
	if !ok {
		return
	}
	size, _, ok := sizeOf(elem)
	if !ok {
		fe.errorf(ErrBadIR, "getelementptr over unsupported type %s", elem)
		return
	}
	base := fe.reg(inst.Src)
	fe.createAddress(fe.def(inst), base, idx, size)
}

// gepIndex checks a GEP's index list against the two allowed forms and
// returns the element type and the varying index.
func (fe *funcEmitter) gepIndex(src types.Type, indices []value.Value) (types.Type, value.Value, bool) {
	switch len(indices) {
	case 1:
		return src, indices[0], true
	case 2:
		at, ok := src.(*types.ArrayType)
		if c, isConst := indices[0].(*constant.Int); ok && isConst && c.X.Sign() == 0 {
			return at.ElemType, indices[1], true
		}
	}
	fe.errorf(ErrBadIR, "unsupported getelementptr form (docs/ir.md allows [i] on T* and [0, i] on [N x T]*)")
	return nil, nil, false
}

// createAddress emits d = base + idx*size, idx an integer index.
func (fe *funcEmitter) createAddress(d, base string, idx value.Value, size int64) {
	if c, ok := idx.(*constant.Int); ok {
		fe.ins("add.s64 %s, %s, %d", d, base, c.X.Int64()*size)
		return
	}
	i := fe.reg(idx)
	if bits := emitutil.IntBits(idx.Type()); bits != 64 {
		w := fe.newReg(classB64)
		fe.ins("cvt.s64.s32 %s, %s", w, fe.createExtend(idx, true))
		i = w
	}
	fe.ins("mad.lo.s64 %s, %s, %d, %s", d, i, size, base)
}
