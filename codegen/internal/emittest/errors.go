package emittest

// This file holds modules outside docs/ir.md that every emitter must
// reject, with what its error must say: ircheck words these errors the
// same in every emitter.

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

// kernel is a module whose kernel @K1 takes params and the hidden
// parameters, and whose entry block is body.
func kernel(params, body string) string {
	if params != "" {
		params += ", "
	}
	return "define spir_kernel void @K1(" + params + "i64 %ka.gsize0, i64 %ka.gsize1, i64 %ka.gsize2) {\nentry:\n" + body + "\n}\n"
}

// BadModules are modules every emitter rejects the same way, through
// ircheck, which each Emit runs first: a problem of the module, one of an
// instruction, and one of the target's kind (ircheck's own tests have the
// rest).
var BadModules = []BadModule{
	{"no kernel", "declare void @ka.barrier()\n", emitutil.ErrBadIR, "module defines no function"},
	{"unknown call", kernel("", "  call void @helper()\n  ret void") + "declare void @helper()\n", emitutil.ErrBadIR,
		"kernel K1: block %entry: call void @helper(): call of @helper, which is not an intrinsic of docs/ir.md"},
	{"i16 atomic", kernel("i16 addrspace(1)* %p", "  %o = atomicrmw add i16 addrspace(1)* %p, i16 1 monotonic\n  ret void"), emitutil.ErrUnsupported,
		"atomic on i16: 32- and 64-bit atomics only"},
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
