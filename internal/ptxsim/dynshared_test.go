package ptxsim

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// The .extern .shared array sits after the static .shared arrays and has
// the launch's size: a thread that writes past it faults.
const dynSharedSrc = `
.shared .align 4 .b8 fixed[12];
.extern .shared .align 16 .b8 dyn[];
.visible .entry rev(.param .u64 out, .param .u64 off)
{
	.reg .b32 %r<8>;
	.reg .b64 %rd<8>;
	ld.param.u64 %rd1, [out];
	ld.param.u64 %rd6, [off];
	mov.u32 %r1, %tid.x;
	mov.u32 %r2, %ntid.x;
	mov.u64 %rd2, dyn;
	add.s64 %rd2, %rd2, %rd6;
	mul.wide.u32 %rd3, %r1, 4;
	add.s64 %rd4, %rd2, %rd3;
	st.shared.u32 [%rd4], %r1;
	bar.sync 0;
	sub.s32 %r5, %r2, %r1;
	sub.s32 %r5, %r5, 1;
	mul.wide.u32 %rd3, %r5, 4;
	add.s64 %rd4, %rd2, %rd3;
	ld.shared.u32 %r6, [%rd4];
	add.s64 %rd5, %rd1, %rd3;
	st.global.u32 [%rd5], %r6;
	ret;
}`

func TestDynamicShared(t *testing.T) {
	m, err := Parse(header + dynSharedSrc)
	require.NoError(t, err)
	k := m.Kernel("rev")
	require.NotNil(t, k)
	mem := NewMemory(0)
	out, _ := mem.Alloc(4 * 32)
	run := func(off uint64, shared int) error {
		params, err := k.ParamBuffer([]uint64{uint64(out), off})
		require.NoError(t, err)
		return k.Run(Launch{Grid: [3]uint32{1, 1, 1}, Block: [3]uint32{32, 1, 1}, Params: params, Mem: mem, Shared: shared})
	}
	require.NoError(t, run(16, 16+4*32))
	got := u32s(t, mem, out, 32)
	for i, v := range got {
		require.Equal(t, uint32(i), v, "out[%d]", i) // thread 31-i reads thread i's store of i and writes it at i
	}
	require.Error(t, run(16, 4*32), "the buffer at offset 16 ends past the launch's 128 bytes")

	_, err = Parse(header + ".extern .shared .b8 a[4];\n")
	require.Error(t, err, "an .extern .shared array has no size")
}
