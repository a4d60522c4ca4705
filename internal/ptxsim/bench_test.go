package ptxsim

import (
	"os"
	"testing"

	"github.com/stretchr/testify/require"
)

// BenchmarkSaxpy runs codegen/ptx's Saxpy (testdata/saxpy.ptx) over 1<<16 threads; the
// reported ns/inst is the cost of one instruction of one thread, counted
// by Launch.Counts.
func BenchmarkSaxpy(b *testing.B) {
	src, err := os.ReadFile("testdata/saxpy.ptx")
	require.NoError(b, err)
	m, err := Parse(string(src))
	require.NoError(b, err)
	k := m.Kernel("Saxpy")
	const n = 1 << 16
	mem := NewMemory(0)
	x, _ := mem.Alloc(4 * n)
	y, _ := mem.Alloc(4 * n)
	params, err := k.ParamBuffer([]uint64{0x40000000, x, n, y, n, n, 1, 1})
	require.NoError(b, err)
	var c Counts
	for b.Loop() {
		rs := Launch{Grid: [3]uint32{n / 128, 1, 1}, Block: [3]uint32{128, 1, 1}, Params: params, Mem: mem, Counts: &c}
		require.NoError(b, k.Run(rs))
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(c.Thread), "ns/inst")
}
