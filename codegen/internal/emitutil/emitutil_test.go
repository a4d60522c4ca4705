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
  %c = call i64 @ka.local_id(i32 %d)
  %e = call i64 @ka.group_id(i32 3)
  call void @helper()
  %f = call float @llvm.sqrt.f32(double 1.0)
  ret void
}
declare i64 @ka.global_size(i32)
declare i64 @ka.local_id(i32)
declare i64 @ka.group_id(i32)
declare void @ka.barrier()
declare float @llvm.pow.f32(float, float)
declare float @llvm.sqrt.f32(double)
declare void @helper()
`

func TestParseCall(t *testing.T) {
	m, err := asm.ParseString("calls.ll", calls)
	require.NoError(t, err)
	k, err := FindKernel("test", m)
	require.NoError(t, err)
	var got []any
	for _, inst := range k.Blocks[0].Insts {
		c, err := ParseCall(inst.(*ir.InstCall))
		if err != nil {
			assert.ErrorIs(t, err, ErrBadIR)
			got = append(got, err.Error())
			continue
		}
		got = append(got, c)
	}
	assert.Equal(t, []any{
		Call{Op: GlobalSize, Dim: 2},
		Call{Op: Barrier},
		Call{Op: MathFunc, Math: Math{Base: "pow", Bits: 32, Arity: 2}},
		"@ka.local_id: the dimension must be a constant 0, 1 or 2",
		"@ka.group_id: the dimension must be a constant 0, 1 or 2",
		"call of @helper, which is not an intrinsic of docs/ir.md",
		"@llvm.sqrt.f32: operand of type double",
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

func TestFindKernel(t *testing.T) {
	for src, want := range map[string]string{
		"declare void @ka.barrier()\n":                                           "x: module defines no function",
		"define void @A() {\n  ret void\n}\ndefine void @B() {\n  ret void\n}\n": "x: module defines more than one function (@A and @B)",
		"define i32 @A() {\n  ret i32 0\n}\n":                                    "x: kernel A: a kernel returns void, not i32",
	} {
		m, err := asm.ParseString("m.ll", src)
		require.NoError(t, err)
		_, err = FindKernel("x", m)
		require.ErrorIs(t, err, ErrBadIR)
		assert.Contains(t, err.Error(), want)
	}
}
