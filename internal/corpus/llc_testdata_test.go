package corpus

// kago's PTX and llc's PTX of codegen's IR test kernels, on the simulator
// with the same inputs, must give the same bits. These kernels have no Go
// source, so there is no native result: the two back ends check each
// other: IntOps and Convert, whose lowering is most intricate (narrow
// integers, every conversion), Loop (phis that read each other), Private
// (a private array), Flags (bool parameters) and Atomics (32-bit atomics
// and a float CAS loop), with inputs inside what their IR defines (no
// division by zero or MinInt/-1, conversions and indices in range).

import (
	"encoding/binary"
	"math"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kago-dev/kago/internal/ptxsim"
)

// testdataKernel is a codegen test kernel and its buffers: the inputs
// filled, the outputs zero, each (pointer, length) pair in the IR's order.
type testdataKernel struct {
	file, entry string
	n           int // work-items
	bufs        []testBuf
	scalars     []uint64 // parameters after the buffers' (before the global sizes)
	first       []uint64 // parameters before the buffers'
}

type testBuf struct {
	elem  int    // bytes per element
	data  []byte // initial contents
	isOut bool
}

func TestKagoVsLLCOnCodegenKernels(t *testing.T) {
	llcPath, err := exec.LookPath("llc")
	if err != nil {
		t.Skip("llc not found (Debian package llvm-14)")
	}
	rng := rand.New(rand.NewPCG(5, 6))
	const n = 512
	ints := func(elem int, nonzero bool) testBuf {
		b := make([]byte, elem*n)
		for i := 0; i < n; i++ {
			v := rng.Uint64()
			if i%4 == 0 {
				v = uint64(int64(rng.IntN(9)) - 4) // small values, signs, zero
			}
			if nonzero {
				for v&(1<<(8*elem-1)-1) == 0 || mask64(v, elem) == mask64(math.MaxUint64, elem) {
					v = rng.Uint64() // neither 0 nor -1: no division by zero or MinInt/-1
				}
			}
			for j := 0; j < elem; j++ {
				b[i*elem+j] = byte(v >> (8 * j))
			}
		}
		return testBuf{elem: elem, data: b}
	}
	out := func(elem int, per float64) testBuf {
		return testBuf{elem: elem, data: make([]byte, elem*int(per*n)), isOut: true}
	}
	var intops []testBuf
	for _, w := range []int{1, 2, 4, 8} {
		intops = append(intops, ints(w, false), ints(w, true), out(w, 23))
	}
	f := make([]byte, 4*n)
	d := make([]byte, 8*n)
	for i := 0; i < n; i++ {
		binary.LittleEndian.PutUint32(f[4*i:], math.Float32bits(float32((rng.Float64()-0.5)*200)))
		binary.LittleEndian.PutUint64(d[8*i:], math.Float64bits((rng.Float64()-0.5)*2e15))
	}
	idx := make([]byte, 8*n)
	vals := make([]byte, 4*n)
	for i := 0; i < n; i++ {
		binary.LittleEndian.PutUint64(idx[8*i:], uint64(rng.IntN(8)))
		binary.LittleEndian.PutUint32(vals[4*i:], math.Float32bits(float32(rng.NormFloat64())))
	}
	mm := make([]byte, 4*8)
	for j, v := range []int32{math.MinInt32, math.MaxInt32, 0, -1, 100, 0} {
		binary.LittleEndian.PutUint32(mm[4*j:], uint32(v))
	}
	for _, k := range []testdataKernel{
		{file: "intops", entry: "IntOps", n: n, bufs: intops},
		{file: "convert", entry: "Convert", n: n, bufs: []testBuf{ints(4, false), {elem: 4, data: f}, {elem: 8, data: d}, out(8, 24)}},
		{file: "loop", entry: "Loop", n: n, bufs: []testBuf{out(8, 3)}, scalars: []uint64{n - 7, 200}},
		{file: "private", entry: "Private", n: n, bufs: []testBuf{out(4, 1), {elem: 8, data: idx}}},
		{file: "boolparam", entry: "Flags", n: n, first: []uint64{1, 0}, bufs: []testBuf{{elem: 4, data: vals, isOut: true}}},
		{file: "atomics", entry: "Atomics", n: n, bufs: []testBuf{out(4, 4.0/n), out(4, 1.0/n),
			{elem: 4, data: mm, isOut: true}, out(4, 1.0/n), {elem: 4, data: vals}}},
	} {
		t.Run(k.entry, func(t *testing.T) {
			kago, err := os.ReadFile(filepath.Join("../../codegen/ptx/testdata/ir", k.file+".ptx"))
			require.NoError(t, err)
			ir, err := os.ReadFile(filepath.Join("../../codegen/testdata/ir", k.file+".ll"))
			require.NoError(t, err)
			dir := t.TempDir()
			in, outp := filepath.Join(dir, "k.ll"), filepath.Join(dir, "k.ptx")
			require.NoError(t, os.WriteFile(in, []byte(llcModule(string(ir))), 0o644))
			msg, err := exec.Command(llcPath, "-march=nvptx64", "-mcpu=sm_80", "-o", outp, in).CombinedOutput()
			require.NoError(t, err, "llc: %s", msg)
			llcPTX, err := os.ReadFile(outp)
			require.NoError(t, err)
			if _, err := ptxsim.Parse(string(llcPTX)); err != nil {
				t.Skipf("this llc's PTX does not run on ptxsim: %v", err)
			}
			a := runTestdata(t, string(kago), k)
			b := runTestdata(t, string(llcPTX), k)
			for j, buf := range k.bufs {
				if !buf.isOut {
					continue
				}
				for e := 0; e < len(a[j])/buf.elem; e++ {
					x, y := a[j][e*buf.elem:(e+1)*buf.elem], b[j][e*buf.elem:(e+1)*buf.elem]
					if !assert.Equal(t, x, y, "buffer %d element %d: kago %x, llc %x", j, e, x, y) {
						break
					}
				}
			}
		})
	}
}

func mask64(v uint64, elem int) uint64 {
	if elem == 8 {
		return v
	}
	return v & (1<<(8*elem) - 1)
}

// runTestdata runs one PTX of k on the simulator and returns every
// buffer's final contents.
func runTestdata(t *testing.T, src string, k testdataKernel) [][]byte {
	m, err := ptxsim.Parse(src)
	require.NoError(t, err)
	kern := m.Kernel(k.entry)
	require.NotNil(t, kern)
	mem := ptxsim.NewMemory(0)
	vals := append([]uint64(nil), k.first...)
	var addrs []uint64
	for _, b := range k.bufs {
		p, err := mem.Alloc(len(b.data))
		require.NoError(t, err)
		dst, _ := mem.Bytes(p, len(b.data))
		copy(dst, b.data)
		addrs = append(addrs, p)
		vals = append(vals, p, uint64(len(b.data)/b.elem))
	}
	vals = append(vals, k.scalars...)
	vals = append(vals, uint64(k.n), 1, 1)
	params, err := kern.ParamBuffer(vals)
	require.NoError(t, err)
	externs := llcExterns()
	externs["ka_global_size"] = func(c *ptxsim.Call) error {
		d := int(binary.LittleEndian.Uint32(c.Args[0])) % 3
		p := c.Kernel.Params[len(c.Kernel.Params)-3+d]
		copy(c.Results[0], c.Params[p.Offset:p.Offset+8])
		return nil
	}
	require.NoError(t, kern.Run(ptxsim.Launch{Grid: [3]uint32{uint32((k.n + 63) / 64), 1, 1}, Block: [3]uint32{64, 1, 1},
		Params: params, Mem: mem, Externs: externs}))
	res := make([][]byte, len(k.bufs))
	for i, b := range k.bufs {
		res[i], _ = mem.Bytes(addrs[i], len(b.data))
	}
	return res
}
