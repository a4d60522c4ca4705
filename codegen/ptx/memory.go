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
// array (the module holds one kernel, so module scope is the kernel's),
// aligned to at least 16 bytes.
func (me *moduleEmitter) createGlobals(out *strings.Builder) {
	for _, g := range me.m.Globals {
		size, align, _ := sizeOf(g.ContentType)
		if int64(g.Align) > align {
			align = int64(g.Align)
		}
		align = max(align, 16) // for ld.shared.v4 (vector.go)
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

// spaces are the PTX state spaces of docs/ir.md's address spaces.
var spaces = map[types.AddrSpace]string{0: "local", 1: "global", 3: "shared"}

// space returns the PTX state space of a pointer value.
func (fe *funcEmitter) space(ptr value.Value) string {
	return spaces[ptr.Type().(*types.PointerType).AddrSpace]
}

func (fe *funcEmitter) createAlloca(inst *ir.InstAlloca) {
	size, align, _ := sizeOf(inst.ElemType)
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
	if g := fe.vec[inst]; g != nil {
		if g.lead == inst {
			fe.createVectorLoad(g) // vector.go
		}
		return
	}
	sp := fe.space(inst.Src)
	t := inst.ElemType
	mt := memType(t)
	addr := fe.address(inst.Src) // offsets.go
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
	sp := fe.space(inst.Dst)
	t := inst.Src.Type()
	mt := memType(t)
	addr := fe.address(inst.Dst) // offsets.go
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
	if _, ok := fe.offsets[inst]; ok {
		return // its loads and stores address base+imm (offsets.go)
	}
	if imm, ok := constOffset(inst); ok && imm == 0 {
		fe.alias(inst, fe.reg(inst.Src))
		return
	}
	elem, idx := gepIndex(inst.ElemType, inst.Indices)
	size, _, _ := sizeOf(elem)
	base := fe.reg(inst.Src)
	fe.createAddress(fe.def(inst), base, idx, size)
}

// gepIndex returns the element type and the varying index of a GEP of one
// of docs/ir.md's two forms: [i] on T*, [0, i] on [N x T]*.
func gepIndex(src types.Type, indices []value.Value) (types.Type, value.Value) {
	if at, ok := src.(*types.ArrayType); ok && len(indices) == 2 {
		return at.ElemType, indices[1]
	}
	return src, indices[0]
}

// createAddress emits d = base + idx*size, idx an i64 index.
func (fe *funcEmitter) createAddress(d, base string, idx value.Value, size int64) {
	if c, ok := idx.(*constant.Int); ok {
		fe.ins("add.s64 %s, %s, %d", d, base, c.X.Int64()*size)
		return
	}
	if fe.mads.wide[idx] {
		fe.createWideAddress(d, base, idx, size) // mad.go
		return
	}
	i := fe.reg(idx)
	if size == 1 {
		fe.ins("add.s64 %s, %s, %s", d, base, i)
		return
	}
	fe.ins("mad.lo.s64 %s, %s, %d, %s", d, i, size, base)
}
