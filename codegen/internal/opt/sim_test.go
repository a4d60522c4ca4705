package opt_test

// This file checks the pipeline's output where it matters: the benchmark
// kernels, emitted to PTX before and after opt.Func, run on the PTX
// simulator (internal/ptxsim) with the same inputs, must write the same
// bytes, and the optimized ones issue fewer instructions. The OpenCL C
// and SPIR-V emitters must accept the output too.

import (
	"math"
	"math/rand"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kago-dev/kago/codegen/internal/emitutil"
	"github.com/kago-dev/kago/codegen/internal/ircheck"
	"github.com/kago-dev/kago/codegen/internal/narrow"
	"github.com/kago-dev/kago/codegen/internal/opt"
	"github.com/kago-dev/kago/codegen/openclc"
	"github.com/kago-dev/kago/codegen/ptx"
	"github.com/kago-dev/kago/codegen/spirv"
	"github.com/kago-dev/kago/internal/ptxsim"
	"github.com/llir/llvm/asm"
	"github.com/llir/llvm/ir"
	"github.com/llir/llvm/ir/types"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// simCase is one launch of a kernel of testdata/kernels.
type simCase struct {
	kernel      string
	n           uint64 // the kernel's parameter n, if it has one
	length      int    // every slice's length
	grid, block [3]uint32
	gsize       [3]uint64 // the launch's range, %ka.gsize0..2
}

var simCases = []simCase{
	{kernel: "MatMulTiledNoCheck", n: 40, length: 40 * 40, grid: [3]uint32{3, 3, 1}, block: [3]uint32{16, 16, 1}, gsize: [3]uint64{48, 48, 1}},
	{kernel: "MatMulTiled", n: 40, length: 40 * 40, grid: [3]uint32{3, 3, 1}, block: [3]uint32{16, 16, 1}, gsize: [3]uint64{48, 48, 1}},
	{kernel: "MatMulNaiveNoCheck", n: 37, length: 37 * 37, grid: [3]uint32{5, 5, 1}, block: [3]uint32{8, 8, 1}, gsize: [3]uint64{37, 37, 1}},
	{kernel: "MatMulNaiveCancel", n: 37, length: 37 * 37, grid: [3]uint32{5, 5, 1}, block: [3]uint32{8, 8, 1}, gsize: [3]uint64{37, 37, 1}},
	{kernel: "SumNoCheck", length: 1000, grid: [3]uint32{4, 1, 1}, block: [3]uint32{256, 1, 1}, gsize: [3]uint64{1024, 1, 1}},
	{kernel: "Sum", length: 1000, grid: [3]uint32{4, 1, 1}, block: [3]uint32{256, 1, 1}, gsize: [3]uint64{1024, 1, 1}},
	{kernel: "StencilNoCheck", n: 10, length: 1000, grid: [3]uint32{3, 3, 3}, block: [3]uint32{4, 4, 4}, gsize: [3]uint64{10, 10, 10}},
}

// load parses testdata/kernels/name.ll.
func load(t *testing.T, name string) *ir.Module {
	t.Helper()
	src, err := os.ReadFile(filepath.Join("testdata", "kernels", name+".ll"))
	require.NoError(t, err)
	m, err := asm.ParseString(name+".ll", string(src))
	require.NoError(t, err)
	return m
}

// kernel returns m's definition.
func kernel(m *ir.Module) *ir.Func {
	for _, f := range m.Funcs {
		if len(f.Blocks) > 0 {
			return f
		}
	}
	return nil
}

// simulate emits m to PTX and runs c on the simulator, with buffers
// filled from seed; it returns every buffer's bytes after the launch and
// the instructions issued.
func simulate(t *testing.T, m *ir.Module, c simCase, seed int64) ([][]byte, ptxsim.Counts) {
	t.Helper()
	src, err := ptx.Emit(m, ptx.Options{})
	require.NoError(t, err)
	sm, err := ptxsim.Parse(string(src))
	require.NoError(t, err)
	f := kernel(m)
	k := sm.Kernel(f.Name())
	require.NotNil(t, k)
	r := rand.New(rand.NewSource(seed))
	mem := ptxsim.NewMemory(0)
	var vals []uint64
	var bufs []struct {
		addr uint64
		size int
	}
	for _, p := range f.Params {
		name := p.Name()
		switch {
		case strings.HasSuffix(name, ".ptr") || name == "ka.fault":
			elem := p.Type().(*types.PointerType).ElemType
			size := c.length * (emitutil.IntBits(elem) + emitutil.FloatBits(elem)) / 8
			if name == "ka.fault" {
				size = 128
			}
			addr, err := mem.Alloc(size)
			require.NoError(t, err)
			b, err := mem.Bytes(addr, size)
			require.NoError(t, err)
			if name != "ka.fault" {
				fill(r, b, elem)
			}
			vals = append(vals, addr)
			bufs = append(bufs, struct {
				addr uint64
				size int
			}{addr, size})
		case strings.HasSuffix(name, ".len"):
			vals = append(vals, uint64(c.length))
		case strings.HasPrefix(name, "ka.gsize"):
			vals = append(vals, c.gsize[name[len(name)-1]-'0'])
		case name == "ka.launch":
			vals = append(vals, 1)
		case name == "n":
			vals = append(vals, c.n)
		default:
			require.FailNow(t, "a parameter the test does not know", name)
		}
	}
	params, err := k.ParamBuffer(vals)
	require.NoError(t, err)
	var counts ptxsim.Counts
	require.NoError(t, k.Run(ptxsim.Launch{Grid: c.grid, Block: c.block, Params: params, Mem: mem, Counts: &counts}))
	var out [][]byte
	for _, b := range bufs {
		got, err := mem.Bytes(b.addr, b.size)
		require.NoError(t, err)
		out = append(out, append([]byte(nil), got...))
	}
	return out, counts
}

// fill writes random elements of type elem into b: floats in [-1, 1),
// integers below 1000.
func fill(r *rand.Rand, b []byte, elem types.Type) {
	if fb := emitutil.FloatBits(elem); fb != 0 {
		for i := 0; i+fb/8 <= len(b); i += fb / 8 {
			v := r.Float64()*2 - 1
			if fb == 32 {
				putLE(b[i:], uint64(math.Float32bits(float32(v))), 4)
			} else {
				putLE(b[i:], math.Float64bits(v), 8)
			}
		}
		return
	}
	w := emitutil.IntBits(elem) / 8
	for i := 0; i+w <= len(b); i += w {
		putLE(b[i:], uint64(r.Intn(1000)), w)
	}
}

func putLE(b []byte, v uint64, n int) {
	for i := 0; i < n; i++ {
		b[i] = byte(v >> (8 * i))
	}
}

// TestSimulated runs each case before and after opt.Func.
func TestSimulated(t *testing.T) {
	for _, c := range simCases {
		t.Run(c.kernel, func(t *testing.T) {
			want, before := simulate(t, load(t, c.kernel), c, 1)
			m := load(t, c.kernel)
			opt.Func(kernel(m))
			got, after := simulate(t, m, c, 1)
			require.Equal(t, len(want), len(got))
			for i := range want {
				assert.Equal(t, want[i], got[i], "buffer %d", i)
			}
			// The PTX route narrows the module first (docs/ir.md): the
			// optimized module must narrow and give the same bytes too,
			// in fewer instructions than the narrowed original.
			base := load(t, c.kernel)
			narrow.Func(kernel(base))
			_, baseNarrowed := simulate(t, base, c, 1)
			narrow.Func(kernel(m))
			_, err := ircheck.Check("after narrowing", m)
			require.NoError(t, err)
			got, narrowed := simulate(t, m, c, 1)
			for i := range want {
				assert.Equal(t, want[i], got[i], "buffer %d, narrowed", i)
			}
			t.Logf("%s narrowed: %d warp instructions issued, then %d", c.kernel, baseNarrowed.Warp, narrowed.Warp)
			assert.LessOrEqual(t, narrowed.Warp, baseNarrowed.Warp, "narrowed")
			t.Logf("%s: %d warp instructions issued, then %d (%.0f%%)", c.kernel, before.Warp, after.Warp, 100*float64(after.Warp)/float64(before.Warp))
			assert.LessOrEqual(t, after.Warp, before.Warp)
			if strings.HasPrefix(c.kernel, "MatMul") {
				assert.Less(t, after.Warp, before.Warp)
			}
		})
	}
}

// TestTiledPTX checks the tiled matmul's PTX: its one 64-bit division,
// (n+15)/16 in the tile loop's header, is gone (the simulator counts a
// div.s64 as one instruction; on a GPU it is a long software sequence).
func TestTiledPTX(t *testing.T) {
	m := load(t, "MatMulTiledNoCheck")
	before, err := ptx.Emit(m, ptx.Options{})
	require.NoError(t, err)
	opt.Func(kernel(m))
	after, err := ptx.Emit(m, ptx.Options{})
	require.NoError(t, err)
	assert.Contains(t, string(before), "div.s64")
	assert.NotContains(t, string(after), "div.")
	t.Logf("PTX: %d lines, then %d", strings.Count(string(before), "\n"), strings.Count(string(after), "\n"))
}

// TestOtherEmitters checks that OpenCL C and SPIR-V take every optimized
// kernel.
func TestOtherEmitters(t *testing.T) {
	files, err := filepath.Glob("testdata/kernels/*.ll")
	require.NoError(t, err)
	for _, file := range files {
		name := strings.TrimSuffix(filepath.Base(file), ".ll")
		m := load(t, name)
		opt.Func(kernel(m))
		_, err := openclc.Emit(m, openclc.Options{})
		assert.NoError(t, err, name)
		_, err = spirv.Emit(m, spirv.Options{})
		assert.NoError(t, err, name)
	}
}
