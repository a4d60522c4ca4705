package emitutil

import (
	"errors"
	"testing"

	"github.com/llir/llvm/asm"
	"github.com/llir/llvm/ir"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

const calls = `
define spir_kernel void @K(i32 %d) {
entry:
  %a = call i64 @ka.global_size(i32 2)
  call void @ka.barrier()
  %b = call float @llvm.pow.f32(float 1.0, float 2.0)
  call void (...) @ka.printf([4 x i8] c"%ld\00", i64 1)
  %c = call i32 @ka.subgroup_shuffle(i32 1, i32 0)
  call void @helper()
  %e = call float @llvm.tan.f32(float 1.0)
  ret void
}
declare i64 @ka.global_size(i32)
declare void @ka.barrier()
declare float @llvm.pow.f32(float, float)
declare void @ka.printf(...)
declare i32 @ka.subgroup_shuffle(i32, i32)
declare void @helper()
declare float @llvm.tan.f32(float)
`

func TestCallOf(t *testing.T) {
	m, err := asm.ParseString("calls.ll", calls)
	require.NoError(t, err)
	var got []any
	for _, inst := range m.Funcs[0].Blocks[0].Insts {
		c, ok := CallOf(inst.(*ir.InstCall))
		if !ok {
			got = append(got, inst.(*ir.InstCall).Callee.Ident())
			continue
		}
		got = append(got, c)
	}
	assert.Equal(t, []any{
		Call{Op: GlobalSize, Dim: 2},
		Call{Op: Barrier},
		Call{Op: MathFunc, Math: Math{Base: "pow", Bits: 32, Arity: 2}},
		Call{Op: Printf, Format: "%ld"},
		Call{Op: SubgroupShuffle},
		"@helper",
		"@llvm.tan.f32",
	}, got)
}

func TestErrorFormat(t *testing.T) {
	m, err := asm.ParseString("k.ll", "define spir_kernel void @K() {\nentry:\n  fence seq_cst\n  ret void\n}\n")
	require.NoError(t, err)
	k := m.Funcs[0]
	e := Errorf("ptx", k, k.Blocks[0], k.Blocks[0].Insts[0], ErrBadIR, "unsupported %s", "fence")
	assert.Equal(t, "ptx: kernel K: block %entry: fence seq_cst: unsupported fence", e.Error())
	assert.True(t, errors.Is(e, ErrBadIR))
	assert.Equal(t, "spirv: no kernel", Errorf("spirv", nil, nil, nil, ErrBadIR, "no kernel").Error())

	var l ErrorList
	assert.NoError(t, l.Err())
	for range MaxErrors + 3 {
		l.Add(e)
	}
	assert.Equal(t, MaxErrors, l.Len())
}
