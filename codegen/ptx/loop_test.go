package ptx

import (
	"encoding/binary"
	"testing"

	"github.com/kago-dev/kago/codegen/internal/emittest"
	"github.com/kago-dev/kago/internal/ptxsim"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestLoopOnSimulator runs the PTX of the shared input loop.ll on
// internal/ptxsim: its second loop's phis read each other (a, b = b, a+b
// and the swap p, q = q, p), whose copies emitutil.Sequence orders, the
// swap through a temporary. The results are the kernel's Go source
// (loop.ll's comment, emittest.LoopWant).
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
	for i, want := range emittest.LoopWant(n, limit) {
		assert.Equal(t, want, int64(binary.LittleEndian.Uint64(got[8*i:])), "out[%d]", i)
	}
}
