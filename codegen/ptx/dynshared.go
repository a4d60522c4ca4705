package ptx

// This file implements local memory sized at launch (ka.Local, docs/ir.md
// "Kernel ABI"): an addrspace(3) pointer parameter. PTX has one dynamic
// shared array per kernel, .extern .shared, sized by cuLaunchKernel's
// sharedMemBytes; the parameter is a .param .u64 holding the byte offset of
// its buffer in that array (the CUDA backend lays the kernel's ka.Local
// buffers out one after the other), and the entry adds the array's address.

import (
	"fmt"
	"strings"

	"github.com/llir/llvm/ir"
	"github.com/llir/llvm/ir/types"
)

// dynamicShared is the symbol of the kernel's dynamic shared memory.
const dynamicShared = "ka_dynamic_shared"

// createDynamicShared declares the dynamic shared array when a kernel of
// the module has a local pointer parameter.
func (me *moduleEmitter) createDynamicShared(out *strings.Builder) {
	for _, f := range me.m.Funcs {
		for _, p := range f.Params {
			if pt, ok := p.Type().(*types.PointerType); ok && pt.AddrSpace == 3 {
				fmt.Fprintf(out, ".extern .shared .align 16 .b8 %s[];\n\n", dynamicShared)
				return
			}
		}
	}
}

// createLocalParam loads the local pointer parameter p, declared as the
// .param name: the dynamic shared array's address plus p's offset.
func (fe *funcEmitter) createLocalParam(p *ir.Param, name string) {
	fe.params = append(fe.params, param{name, "u64"})
	off, base := fe.newReg(classB64), fe.newReg(classB64)
	fe.ins("ld.param.u64 %s, [%s]", off, name)
	fe.ins("mov.u64 %s, %s", base, dynamicShared)
	fe.ins("add.s64 %s, %s, %s", fe.def(p), base, off)
}
