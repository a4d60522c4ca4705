package emittest

// This file holds the modules outside docs/ir.md that every emitter must
// reject, with what its error must say: the shared checks of emitutil
// word these errors the same in every emitter.

import (
	"errors"
	"testing"

	"github.com/kago-dev/kago/codegen/internal/emitutil"
	"github.com/llir/llvm/asm"
	"github.com/llir/llvm/ir"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// BadModule is a module outside the contract and the error it must get.
type BadModule struct {
	Name    string
	IR      string
	Kind    error  // emitutil.ErrBadIR or emitutil.ErrUnsupported
	Mention string // a part of the error's text, after "<target>: "
}

func kernel(params, body string) string {
	return "define spir_kernel void @K(" + params + ") {\nentry:\n" + body + "\n}\n"
}

// BadModules are the modules every emitter rejects the same way.
var BadModules = []BadModule{
	{"no kernel", "declare void @ka.barrier()\n", emitutil.ErrBadIR, "module defines no function"},
	{"two kernels", kernel("", "  ret void") + "define void @L() {\n  ret void\n}\n", emitutil.ErrBadIR, "module defines more than one function (@K and @L)"},
	{"non-void kernel", "define i32 @K() {\n  ret i32 0\n}\n", emitutil.ErrBadIR, "kernel K: a kernel returns void, not i32"},
	{"unknown call", kernel("", "  call void @helper()\n  ret void") + "declare void @helper()\n", emitutil.ErrBadIR,
		"kernel K: block %entry: call void @helper(): call of @helper, which is not an intrinsic of docs/ir.md"},
	{"llvm.tan", kernel("float %a", "  %b = call float @llvm.tan.f32(float %a)\n  ret void") + "declare float @llvm.tan.f32(float)\n", emitutil.ErrBadIR,
		"call of @llvm.tan.f32, which is not an intrinsic"},
	{"math operand", kernel("double %a", "  %b = call float @llvm.sqrt.f32(double %a)\n  ret void") + "declare float @llvm.sqrt.f32(double)\n", emitutil.ErrBadIR,
		"@llvm.sqrt.f32: operand of type double"},
	{"variable dimension", kernel("i32 %d", "  %x = call i64 @ka.global_id(i32 %d)\n  ret void") + "declare i64 @ka.global_id(i32)\n", emitutil.ErrBadIR,
		"@ka.global_id: the dimension must be a constant 0, 1 or 2"},
	{"dimension 3", kernel("", "  %x = call i64 @ka.global_size(i32 3)\n  ret void") + "declare i64 @ka.global_size(i32)\n", emitutil.ErrBadIR,
		"@ka.global_size: the dimension must be a constant 0, 1 or 2"},
	{"no hidden parameters", kernel("", "  %x = call i64 @ka.global_size(i32 1)\n  ret void") + "declare i64 @ka.global_size(i32)\n", emitutil.ErrBadIR,
		"@ka.global_size(1) reads the hidden parameter i64 %ka.gsize1, which the kernel lacks"},
	{"barrier argument", kernel("", "  call void @ka.barrier(i32 1)\n  ret void") + "declare void @ka.barrier(i32)\n", emitutil.ErrBadIR,
		"@ka.barrier takes no arguments and returns void"},
	{"seq_cst", kernel("i32 addrspace(1)* %p", "  %o = atomicrmw add i32 addrspace(1)* %p, i32 1 seq_cst\n  ret void"), emitutil.ErrBadIR,
		"atomic ordering seq_cst: docs/ir.md has monotonic only"},
	{"private atomic", kernel("", "  %a = alloca i32\n  %o = atomicrmw add i32* %a, i32 1 monotonic\n  ret void"), emitutil.ErrBadIR,
		"atomic on i32*: only global or workgroup pointers"},
	{"fsub atomic", kernel("float addrspace(1)* %p", "  %o = atomicrmw fsub float addrspace(1)* %p, float 1.0 monotonic\n  ret void"), emitutil.ErrBadIR,
		"atomicrmw fsub on float is not in docs/ir.md"},
	{"i16 atomic", kernel("i16 addrspace(1)* %p", "  %o = atomicrmw add i16 addrspace(1)* %p, i16 1 monotonic\n  ret void"), emitutil.ErrUnsupported,
		"atomic on i16: 32- and 64-bit atomics only"},
	{"float cmpxchg", kernel("float addrspace(1)* %p", "  %o = cmpxchg float addrspace(1)* %p, float 1.0, float 2.0 monotonic monotonic\n  ret void"), emitutil.ErrBadIR,
		"cmpxchg on float: the front end compares the integer bits"},
}

// Errors emits every BadModule and checks its error: an *emitutil.Error
// of the right kind, whose text starts with the target's name and
// mentions what is wrong, and no output.
func Errors(t *testing.T, target string, emit func(m *ir.Module) ([]byte, error)) {
	for _, bm := range BadModules {
		t.Run(bm.Name, func(t *testing.T) {
			m, err := asm.ParseString(bm.Name+".ll", bm.IR)
			require.NoError(t, err)
			out, err := emit(m)
			require.Error(t, err)
			assert.Nil(t, out, "output with an error")
			assert.ErrorIs(t, err, bm.Kind)
			var e *emitutil.Error
			require.True(t, errors.As(err, &e), "%T is not an *emitutil.Error", err)
			assert.Equal(t, target, e.Target)
			assert.Contains(t, err.Error(), target+": ")
			assert.Contains(t, err.Error(), bm.Mention)
		})
	}
}
