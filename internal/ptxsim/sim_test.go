package ptxsim

import (
	"encoding/binary"
	"fmt"
	"testing"

	"github.com/stretchr/testify/require"
)

// oneInst runs one instruction in a kernel of one thread. The inputs a, b,
// c are in %rd1..%rd3, their low halves in %r1..%r3 and %f1..%f3, and
// %fd1..%fd3; %p1..%p3 are a, b, c != 0. The instruction writes %rd4,
// %r4, %f4, %fd4 or %p4; oneInst returns the one that out names ("rd",
// "r", "f", "fd", "p"), as raw bits.
func oneInst(t *testing.T, inst, out string, a, b, c uint64) uint64 {
	t.Helper()
	v, err := tryInst(inst, out, a, b, c)
	require.NoError(t, err, inst)
	return v
}

func tryInst(inst, out string, a, b, c uint64) (uint64, error) {
	src := fmt.Sprintf(`
.version 7.0
.target sm_80
.address_size 64
.visible .entry one(.param .u64 out, .param .u64 a, .param .u64 b, .param .u64 c)
{
	.reg .pred %%p<5>;
	.reg .b32 %%r<6>;
	.reg .b64 %%rd<6>;
	.reg .f32 %%f<5>;
	.reg .f64 %%fd<5>;
	ld.param.u64 %%rd0, [out];
	ld.param.u64 %%rd1, [a];
	ld.param.u64 %%rd2, [b];
	ld.param.u64 %%rd3, [c];
	cvt.u32.u64 %%r1, %%rd1;
	cvt.u32.u64 %%r2, %%rd2;
	cvt.u32.u64 %%r3, %%rd3;
	mov.b32 %%f1, %%r1;
	mov.b32 %%f2, %%r2;
	mov.b32 %%f3, %%r3;
	mov.b64 %%fd1, %%rd1;
	mov.b64 %%fd2, %%rd2;
	mov.b64 %%fd3, %%rd3;
	setp.ne.u64 %%p1, %%rd1, 0;
	setp.ne.u64 %%p2, %%rd2, 0;
	setp.ne.u64 %%p3, %%rd3, 0;
	mov.b64 %%rd4, 0;
	mov.b32 %%r4, 0;
	mov.f32 %%f4, 0f00000000;
	mov.f64 %%fd4, 0d0000000000000000;
	mov.pred %%p4, 0;
	%s;
	st.global.u64 [%%rd0], %%rd4;
	st.global.u32 [%%rd0+8], %%r4;
	st.global.f32 [%%rd0+12], %%f4;
	st.global.f64 [%%rd0+16], %%fd4;
	selp.u32 %%r5, 1, 0, %%p4;
	st.global.u32 [%%rd0+24], %%r5;
	ret;
}
`, inst)
	m, err := Parse(src)
	if err != nil {
		return 0, err
	}
	k := m.Kernel("one")
	mem := NewMemory(0)
	outp, _ := mem.Alloc(32)
	params, err := k.ParamBuffer([]uint64{outp, a, b, c})
	if err != nil {
		return 0, err
	}
	if err := k.Run(Launch{Grid: [3]uint32{1, 1, 1}, Block: [3]uint32{1, 1, 1}, Params: params, Mem: mem}); err != nil {
		return 0, err
	}
	res, _ := mem.Bytes(outp, 32)
	switch out {
	case "rd", "fd":
		if out == "fd" {
			return binary.LittleEndian.Uint64(res[16:]), nil
		}
		return binary.LittleEndian.Uint64(res), nil
	case "r":
		return uint64(binary.LittleEndian.Uint32(res[8:])), nil
	case "f":
		return uint64(binary.LittleEndian.Uint32(res[12:])), nil
	case "p":
		return uint64(binary.LittleEndian.Uint32(res[24:])), nil
	}
	return 0, fmt.Errorf("bad out %q", out)
}
