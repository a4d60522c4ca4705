package emitutil

import (
	"strings"
	"testing"

	"github.com/llir/llvm/asm"
	"github.com/llir/llvm/ir"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// contractSrc has a pair across a block boundary (%p into %s), a product
// with !ka.round (%r), one with two uses (%q) and an fsub (never fused).
const contractSrc = `define spir_kernel void @K(float %a, float %b, i1 %c, float addrspace(1)* %o) ATTR {
entry:
  %p = fmul float %a, %b
  %r = fmul float %a, %a, !ka.round !{}
  %q = fmul float %b, %b
  %m = fmul float %a, %b
  br i1 %c, label %then, label %done

then:
  %s = fadd float %a, %p
  %t = fadd float %r, %a
  %u = fadd float %q, %q
  %v = fsub float %m, %a
  store float %s, float addrspace(1)* %o
  store float %t, float addrspace(1)* %o
  store float %u, float addrspace(1)* %o
  store float %v, float addrspace(1)* %o
  br label %done

done:
  ret void
}
`

func contractKernel(t *testing.T, attr string) *ir.Func {
	m, err := asm.ParseString("k.ll", strings.Replace(contractSrc, "ATTR", attr, 1))
	require.NoError(t, err)
	return m.Funcs[0]
}

func inst[T any](t *testing.T, f *ir.Func, name string) T {
	t.Helper()
	for _, b := range f.Blocks {
		for _, i := range b.Insts {
			if v, ok := i.(interface{ Name() string }); ok && v.Name() == name {
				return i.(T)
			}
		}
	}
	require.FailNowf(t, "no instruction of that name", "%%%s", name)
	var none T
	return none
}

func TestContractions(t *testing.T) {
	f := contractKernel(t, `"ka-contract"`)
	require.True(t, Contracts(f))
	c := Contractions(f)
	x, y, z, ok := c.MulAdd(inst[*ir.InstFAdd](t, f, "s"))
	require.True(t, ok, "a pair across blocks fuses")
	assert.Equal(t, "a", x.(*ir.Param).Name())
	assert.Equal(t, "b", y.(*ir.Param).Name())
	assert.Equal(t, "a", z.(*ir.Param).Name())
	assert.True(t, c.Fused(inst[*ir.InstFMul](t, f, "p")))
	for _, add := range []string{"t", "u"} {
		_, _, _, ok := c.MulAdd(inst[*ir.InstFAdd](t, f, add))
		assert.False(t, ok, "%%%s must not fuse", add)
	}
	for _, mul := range []string{"r", "q", "m"} {
		assert.False(t, c.Fused(inst[*ir.InstFMul](t, f, mul)), "%%%s must stay a multiplication", mul)
	}

	// Without the attribute nothing fuses.
	f = contractKernel(t, "")
	require.False(t, Contracts(f))
	_, _, _, ok = Contractions(f).MulAdd(inst[*ir.InstFAdd](t, f, "s"))
	assert.False(t, ok)
}
