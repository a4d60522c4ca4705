package ptx

// This file implements the kernel's signature: one .param per IR parameter
// (a slice is already two, ptr and len) and the three hidden i64 parameters
// that carry the launch's range for @ka.global_size (docs/ir.md).
//
// Parameter ABI (what a CUDA backend passes to cuLaunchKernel, in order):
//
//	i8   -> .param .u8   (bools are i8 0 or 1)
//	i16  -> .param .u16
//	i32  -> .param .u32
//	i64  -> .param .u64
//	float  -> .param .f32
//	double -> .param .f64
//	T addrspace(1)* -> .param .u64, a device pointer from cuMemAlloc
//	then .param .u64 x3: the global size in dimensions 0, 1, 2 (unused ones 1)
//
// Parameters are named <Entry>_param_<i>, as llc names them.
//
// Pointers: CUDA's unified addressing makes cuMemAlloc's pointers generic
// addresses; the entry converts each with cvta.to.global.u64 (what nvcc and
// llc do) and then uses ld.global/st.global/atom.global on the result.

import (
	"fmt"

	"github.com/llir/llvm/ir/types"
)

// param is one .param of the entry.
type param struct {
	name string
	typ  string // PTX type: u8 u16 u32 u64 f32 f64
}

func (fe *funcEmitter) emitParams() {
	entry := fe.fn.Name()
	for i, p := range fe.fn.Params {
		name := fmt.Sprintf("%s_param_%d", entry, i)
		t := p.Type()
		if intBits(t) == 1 {
			fe.errorf("parameter %s: i1 at the kernel boundary (bools are i8 there)", p.Ident())
			continue
		}
		if pt, ok := t.(*types.PointerType); ok {
			if pt.AddrSpace != 1 {
				fe.errorf("parameter %s: pointer in addrspace(%d); kernel pointers are addrspace(1)", p.Ident(), pt.AddrSpace)
				continue
			}
			fe.params = append(fe.params, param{name, "u64"})
			tmp := fe.newReg(classB64)
			fe.ins("ld.param.u64 %s, [%s]", tmp, name)
			fe.ins("cvta.to.global.u64 %s, %s", fe.def(p), tmp)
			continue
		}
		mt := memType(t)
		if mt == "" {
			fe.errorf("parameter %s: unsupported type %s", p.Ident(), t)
			continue
		}
		fe.params = append(fe.params, param{name, mt})
		fe.ins("ld.param.%s %s, [%s]", mt, fe.def(p), name)
	}
	n := len(fe.fn.Params)
	for d := 0; d < 3; d++ {
		name := fmt.Sprintf("%s_param_%d", entry, n+d)
		fe.params = append(fe.params, param{name, "u64"})
		fe.gsize[d] = fe.newReg(classB64)
		fe.ins("ld.param.u64 %s, [%s]", fe.gsize[d], name) // ka.gsize<d>
	}
}
