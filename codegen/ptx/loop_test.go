package ptx

import (
	"encoding/binary"
	"testing"

	"github.com/kago-dev/kago/internal/ptxsim"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestLoopOnSimulator runs the PTX of the shared input loop.ll on
// internal/ptxsim: its second loop's phis read each other (a, b = b, a+b
// and the swap p, q = q, p), whose copies emitutil.Sequence orders, the
// swap through a temporary. The results are the kernel's Go source
// (loop.ll's comment) computed here.
func TestLoopOnSimulator(t *testing.T) {
	src, err := Emit(parse(t, "../testdata/ir/loop.ll"), Options{})
	require.NoError(t, err)
	m, err := ptxsim.Parse(string(src))
	require.NoError(t, err)
	k := m.Kernel("Loop")
	require.NotNil(t, k)
	const n, limit = 100, 40
	mem := ptxsim.NewMemory(0)
	out, err := mem.Alloc(8 * 3 * n)
	require.NoError(t, err)
	params, err := k.ParamBuffer([]uint64{out, 3 * n, n, limit, n, 1, 1})
	require.NoError(t, err)
	require.NoError(t, k.Run(ptxsim.Launch{Grid: [3]uint32{4, 1, 1}, Block: [3]uint32{32, 1, 1}, Params: params, Mem: mem}))
	got, err := mem.Bytes(out, 8*3*n)
	require.NoError(t, err)
	for i := 0; i < n; i++ {
		x, steps := int64(i)+1, int64(0)
		for k := 0; k < limit; k++ {
			if x == 1 {
				break
			}
			if x%2 == 0 {
				x /= 2
				steps++
				continue
			}
			x = 3*x + 1
			steps++
		}
		a, b, p, q := int64(0), int64(1), int64(1), int64(2)
		for j := 0; j < i%60; j++ {
			a, b = b, a+b
			p, q = q, p
		}
		for w, want := range []int64{steps, a, p} {
			assert.Equal(t, want, int64(binary.LittleEndian.Uint64(got[8*(3*i+w):])), "out[%d]", 3*i+w)
		}
	}
}
