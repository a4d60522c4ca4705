package ptxsim

import (
	"bytes"
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// vprintf as codegen/ptx calls it: the format a .global array, the
// arguments packed in .local memory, both passed as generic addresses.
func TestVprintf(t *testing.T) {
	src := `
.extern .func (.param .b32 func_retval0) vprintf
(
	.param .b64 vprintf_param_0,
	.param .b64 vprintf_param_1
);
.global .align 1 .b8 fmt[27] = {116, 37, 100, 32, 37, 108, 100, 32, 37, 43, 101, 32, 37, 46, 50, 102, 32, 37, 108, 120, 32, 37, 115, 37, 37, 10, 0};
.global .align 1 .b8 word[3] = {111, 107, 0};
.visible .entry p(.param .f64 x)
{
	.reg .b32 %r<3>;
	.reg .b64 %rd<8>;
	.reg .f64 %fd<2>;
	.local .align 8 .b8 args[48];
	ld.param.f64 %fd1, [x];
	mov.u32 %r1, %tid.x;
	mov.u64 %rd1, fmt;
	cvta.global.u64 %rd2, %rd1;
	mov.u64 %rd3, args;
	st.local.u32 [%rd3+0], %r1;
	mov.b64 %rd4, -5;
	st.local.b64 [%rd3+8], %rd4;
	st.local.f64 [%rd3+16], %fd1;
	st.local.f64 [%rd3+24], %fd1;
	mov.u64 %rd5, word;
	cvta.global.u64 %rd6, %rd5;
	st.local.b64 [%rd3+32], %rd4;
	st.local.b64 [%rd3+40], %rd6;
	cvta.local.u64 %rd7, %rd3;
	{
	.param .b64 vprintf_arg0;
	st.param.b64 [vprintf_arg0], %rd2;
	.param .b64 vprintf_arg1;
	st.param.b64 [vprintf_arg1], %rd7;
	.param .b32 vprintf_ret;
	call.uni (vprintf_ret), vprintf, (vprintf_arg0, vprintf_arg1);
	}
	ret;
}`
	m, err := Parse(header + src)
	require.NoError(t, err)
	k := m.Kernel("p")
	var out bytes.Buffer
	mem := NewMemory(0)
	params, _ := k.ParamBuffer([]uint64{math.Float64bits(1.5)})
	require.NoError(t, k.Run(Launch{Grid: [3]uint32{1, 1, 1}, Block: [3]uint32{2, 1, 1}, Params: params, Mem: mem,
		Externs: map[string]Extern{"vprintf": Vprintf(&out)}}))
	want := "t0 -5 +1.500000e+00 1.50 fffffffffffffffb ok%\nt1 -5 +1.500000e+00 1.50 fffffffffffffffb ok%\n"
	assert.Equal(t, want, out.String())
	assert.Greater(t, mem.Used(), int64(0), "the .global variables live in the launch's memory")
	m.Release(mem)
	assert.Equal(t, int64(0), mem.Used())
}

func TestCFloat(t *testing.T) {
	assert.Equal(t, "inf", cFloat("", 'f', math.Inf(1)))
	assert.Equal(t, "-INF", cFloat("", 'E', math.Inf(-1)))
	assert.Equal(t, "+nan", cFloat("+", 'g', math.NaN()))
	assert.Equal(t, "0.100000", cFloat("", 'f', 0.1))
	assert.Equal(t, "1e+06", cFloat("", 'g', 1e6))
}
