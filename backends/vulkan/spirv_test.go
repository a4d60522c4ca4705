//go:build cgo

// Package vulkan will be kago's Vulkan compute backend. For now it holds
// only tests: codegen/spirv's Vulkan dialect (spirv.Options.Vulkan) run
// on a Vulkan device through the binding in internal/vk, the results
// compared with the same computation in Go, bit for bit.
package vulkan

import (
	"encoding/binary"
	"errors"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"

	"github.com/llir/llvm/asm"
	"github.com/llir/llvm/ir"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kago-dev/kago/backends/vulkan/internal/vk"
	"github.com/kago-dev/kago/codegen/spirv"
)

// This file is the launch a backend will make, written out: the kernel's
// IR parameters in one storage buffer of 8-byte slots (set 0, binding 0;
// global slices as device addresses), the group size and the ka.Local
// lengths as specialization constants, a dispatch of whole groups.

// rig is a device with what a launch needs, destroyed when the test ends.
type rig struct {
	t     *testing.T
	d     *vk.Device
	pool  vk.CommandPool
	cb    *vk.CommandBuffer
	fence vk.Fence
}

// newRig opens the first Vulkan device, skipping the test without a
// loader, a driver, a device or the features the dialect needs.
func newRig(t *testing.T) *rig {
	t.Helper()
	if err := vk.Open(); err != nil {
		if errors.Is(err, vk.ErrNoLoader) {
			t.Skipf("no Vulkan loader (libvulkan1): %v", err)
		}
		require.NoError(t, err)
	}
	inst, err := vk.CreateInstance("kago-vulkan-spirv-test")
	if vk.ResultOf(err) == vk.ErrorIncompatibleDriver {
		t.Skipf("no Vulkan driver (mesa-vulkan-drivers): %v", err)
	}
	require.NoError(t, err)
	t.Cleanup(inst.Destroy)
	pds, err := inst.PhysicalDevices()
	require.NoError(t, err)
	if len(pds) == 0 {
		t.Skip("no Vulkan physical device")
	}
	pd := pds[0]
	if f := pd.Features; !f.BufferDeviceAddress || !f.ShaderInt64 {
		t.Skipf("%s lacks bufferDeviceAddress or shaderInt64: %+v", pd.Properties.Name, f)
	}
	fam, ok := pd.ComputeFamily()
	require.True(t, ok)
	d, err := vk.CreateDevice(pd, fam.Index, vk.AllFeatures)
	require.NoError(t, err)
	t.Cleanup(d.Destroy)
	r := &rig{t: t, d: d}
	r.pool, err = d.CreateCommandPool()
	require.NoError(t, err)
	t.Cleanup(func() { d.DestroyCommandPool(r.pool) })
	r.cb, err = d.AllocateCommandBuffer(r.pool)
	require.NoError(t, err)
	t.Cleanup(r.cb.Free)
	r.fence, err = d.CreateFence(false)
	require.NoError(t, err)
	t.Cleanup(func() { d.DestroyFence(r.fence) })
	t.Logf("device %s", pd.Properties.Name)
	return r
}

// buffer is host-visible device memory with its device address, mapped.
type buffer struct {
	bb   *vk.BoundBuffer
	addr uint64
	mem  []byte
}

// newBuffer makes a buffer holding data (at least 16 bytes).
func (r *rig) newBuffer(data []byte) *buffer {
	size := uint64(max(len(data), 16))
	bb, err := r.d.NewBuffer(size, vk.BufferStorage|vk.BufferShaderDeviceAddress, vk.HostMemory)
	require.NoError(r.t, err)
	r.t.Cleanup(func() { bb.Destroy(r.d) })
	addr, err := r.d.BufferDeviceAddress(bb.Buffer)
	require.NoError(r.t, err)
	mem, err := r.d.MapMemory(bb.Memory, 0, size)
	require.NoError(r.t, err)
	r.t.Cleanup(func() { r.d.UnmapMemory(bb.Memory) })
	copy(mem, data)
	return &buffer{bb: bb, addr: addr, mem: mem}
}

// launch runs a Vulkan module: params are the IR parameters' slots, global
// the range (rounded up to whole groups), group the workgroup size, local
// the ka.Local lengths (specialization constants 3, 4, ...).
func (r *rig) launch(spv []byte, entry string, params []uint64, global [3]int, group [3]uint32, local ...uint32) {
	t := r.t
	t.Helper()
	words := make([]uint32, len(spv)/4)
	for k := range words {
		words[k] = binary.LittleEndian.Uint32(spv[4*k:])
	}
	mod, err := r.d.CreateShaderModule(words)
	require.NoError(t, err)
	defer r.d.DestroyShaderModule(mod)
	p, err := r.d.CreateComputePipeline(vk.ComputePipelineInfo{Module: mod, Entry: entry, Buffers: 1, WorkgroupSize: group, Specialization: local})
	require.NoError(t, err)
	defer p.Destroy()
	slots := make([]byte, 8*len(params))
	for k, v := range params {
		binary.LittleEndian.PutUint64(slots[8*k:], v)
	}
	pb := r.newBuffer(slots)
	set, err := p.CreateDescriptorSet(pb.bb.Buffer)
	require.NoError(t, err)
	defer set.Destroy()
	var groups [3]uint32
	for k := range 3 {
		groups[k] = uint32((global[k] + int(group[k]) - 1) / int(group[k]))
	}
	require.NoError(t, r.cb.Reset())
	require.NoError(t, r.cb.Begin(true))
	require.NoError(t, r.cb.BindPipeline(p))
	require.NoError(t, r.cb.BindDescriptorSet(p, set))
	require.NoError(t, r.cb.Dispatch(groups[0], groups[1], groups[2]))
	require.NoError(t, r.cb.FullBarrier())
	require.NoError(t, r.cb.End())
	require.NoError(t, r.d.ResetFence(r.fence))
	require.NoError(t, r.d.Submit(r.fence, r.cb))
	res, err := r.d.WaitForFence(r.fence, 60*time.Second)
	require.NoError(t, err)
	require.Equal(t, vk.Success, res)
}

// opts are the options a backend will use: the dialect, no contraction
// (results as the native backend's, bit for bit).
var opts = spirv.Options{Vulkan: true, ContractionOff: true}

// parse reads an IR module: "ir/<name>" from codegen/testdata/ir,
// "vulkan/<name>" from codegen/spirv/testdata/vulkan, else
// codegen/spirv/testdata.
func parse(t *testing.T, name string) *ir.Module {
	t.Helper()
	path := filepath.Join("..", "..", "codegen", "spirv", "testdata", name+".ll")
	if rest, ok := cutPrefix(name, "vulkan/"); ok {
		path = filepath.Join("..", "..", "codegen", "spirv", "testdata", "vulkan", rest+".ll")
	}
	if rest, ok := cutPrefix(name, "ir/"); ok {
		path = filepath.Join("..", "..", "codegen", "testdata", "ir", rest+".ll")
	}
	m, err := asm.ParseFile(path)
	require.NoError(t, err)
	return m
}

func cutPrefix(s, p string) (string, bool) {
	if len(s) >= len(p) && s[:len(p)] == p {
		return s[len(p):], true
	}
	return s, false
}

// emit translates a module for Vulkan and, where spirv-val is installed,
// validates it for Vulkan 1.2.
func emit(t *testing.T, name string) []byte {
	t.Helper()
	spv, err := spirv.Emit(parse(t, name), opts)
	require.NoError(t, err)
	if val, err := exec.LookPath("spirv-val"); err == nil {
		path := filepath.Join(t.TempDir(), "k.spv")
		require.NoError(t, os.WriteFile(path, spv, 0o644))
		out, err := exec.Command(val, "--target-env", "vulkan1.2", path).CombinedOutput()
		require.NoError(t, err, "spirv-val: %s", out)
	}
	return spv
}

// f32Bytes and friends are the little-endian memory of slices.
func f32Bytes(v []float32) []byte {
	b := make([]byte, 4*len(v))
	for k, x := range v {
		binary.LittleEndian.PutUint32(b[4*k:], math.Float32bits(x))
	}
	return b
}

func u32Bytes(v []uint32) []byte {
	b := make([]byte, 4*len(v))
	for k, x := range v {
		binary.LittleEndian.PutUint32(b[4*k:], x)
	}
	return b
}

func u64Bytes(v []uint64) []byte {
	b := make([]byte, 8*len(v))
	for k, x := range v {
		binary.LittleEndian.PutUint64(b[8*k:], x)
	}
	return b
}

func (b *buffer) u32(k int) uint32 { return binary.LittleEndian.Uint32(b.mem[4*k:]) }
func (b *buffer) u64(k int) uint64 { return binary.LittleEndian.Uint64(b.mem[8*k:]) }

// dims is a range or group size.
func dims(x, y, z int) [3]int { return [3]int{x, y, z} }

func TestSaxpy(t *testing.T) {
	r := newRig(t)
	spv := emit(t, "ir/saxpy")
	const n = 1000 // not a multiple of the group
	const a = float32(1.5)
	x, y := make([]float32, n), make([]float32, n+24)
	for k := range x {
		x[k] = float32(k)*0.37 - 71.25
	}
	for k := range y {
		y[k] = float32(n-k) / 3
	}
	for _, wg := range []uint32{64, 32} {
		xb, yb := r.newBuffer(f32Bytes(x)), r.newBuffer(f32Bytes(y))
		// Saxpy(a, x.ptr, x.len, y.ptr, y.len, gsize0..2)
		r.launch(spv, "Saxpy", []uint64{uint64(math.Float32bits(a)), xb.addr, n, yb.addr, n, n, 1, 1}, dims(n, 1, 1), [3]uint32{wg, 1, 1})
		for k := range y {
			want := y[k]
			if k < n {
				want = a*x[k] + y[k]
			}
			got := math.Float32frombits(yb.u32(k))
			if !assert.Equal(t, math.Float32bits(want), math.Float32bits(got), "wg %d: y[%d] = %v, want %v", wg, k, got, want) {
				break
			}
		}
	}
}

func TestGrid2D(t *testing.T) {
	r := newRig(t)
	spv := emit(t, "ir/grid2d")
	const w, h, lw, lh = 13, 7, 4, 4
	out := r.newBuffer(make([]byte, 8*w*h*12))
	r.launch(spv, "Grid2D", []uint64{out.addr, w * h * 12, w, h, 1}, dims(w, h, 1), [3]uint32{lw, lh, 1})
	for y := range h {
		for x := range w {
			want := [6][2]uint64{
				{uint64(x), uint64(y)}, {uint64(x % lw), uint64(y % lh)}, {uint64(x / lw), uint64(y / lh)},
				{lw, lh}, {(w + lw - 1) / lw, (h + lh - 1) / lh}, {w, h},
			}
			for q := range 6 {
				for d := range 2 {
					got := out.u64((y*w+x)*12 + 2*q + d)
					require.Equal(t, want[q][d], got, "(%d,%d) query %d dim %d", x, y, q, d)
				}
			}
		}
	}
}

// loopWant is what codegen/testdata/ir/loop.ll writes (emittest.LoopWant,
// which is internal to codegen).
func loopWant(n, limit int) []uint64 {
	out := make([]uint64, 0, 3*n)
	for i := range n {
		x, steps := int64(i)+1, int64(0)
		for k := 0; k < limit && x != 1; k++ {
			if x%2 == 0 {
				x /= 2
			} else {
				x = 3*x + 1
			}
			steps++
		}
		a, b, p, q := int64(0), int64(1), int64(1), int64(2)
		for j := 0; j < i%60; j++ {
			a, b = b, a+b
			p, q = q, p
		}
		out = append(out, uint64(steps), uint64(a), uint64(p))
	}
	return out
}

// TestLoop runs the shared loop.ll: a loop with break and continue and
// nested ifs, and a loop whose phis read each other.
func TestLoop(t *testing.T) {
	r := newRig(t)
	spv := emit(t, "ir/loop")
	const n, limit = 300, 100
	out := r.newBuffer(make([]byte, 8*3*n))
	// Loop(out.ptr, out.len, n, limit, gsize0..2), launched over more than n
	r.launch(spv, "Loop", []uint64{out.addr, 3 * n, n, limit, n + 20, 1, 1}, dims(n+20, 1, 1), [3]uint32{64, 1, 1})
	want := loopWant(n, limit)
	for k := range want {
		require.Equal(t, want[k], out.u64(k), "out[%d]", k)
	}
}

// TestLoopBreak runs codegen/spirv's loop.ll, whose break leaves the loop
// from inside an if to a block with phis: the far jump of structured.go
// through %ka.exit.
func TestLoopBreak(t *testing.T) {
	r := newRig(t)
	spv := emit(t, "loop")
	x := []int32{3, -1, 4, -1, 5, 9, 2, 6, 50, 3, 5}
	xs := make([]uint32, len(x))
	for k, v := range x {
		xs[k] = uint32(v)
	}
	for _, limit := range []int32{100, 8, 0, -5} {
		s, c := int32(0), int32(0)
		for _, v := range x {
			if v < 0 {
				continue
			}
			if v > limit {
				break
			}
			s += v
			c++
		}
		const n = 40
		xb, out := r.newBuffer(u32Bytes(xs)), r.newBuffer(make([]byte, 4*n))
		// Loop(x.ptr, x.len, limit, out.ptr, out.len, gsize0..2)
		r.launch(spv, "Loop", []uint64{xb.addr, uint64(len(x)), uint64(uint32(limit)), out.addr, n - 3, n, 1, 1}, dims(n, 1, 1), [3]uint32{16, 1, 1})
		for g := range n {
			want := uint32(s * c)
			if g >= n-3 {
				want = 0 // beyond out.len: not written
			}
			require.Equal(t, want, out.u32(g), "limit %d: out[%d]", limit, g)
		}
	}
}

// TestLocalHist runs localmem.ll: a ka.Local parameter (a Workgroup array
// whose length is specialization constant 3), barriers and workgroup
// atomics, then global atomics.
func TestLocalHist(t *testing.T) {
	r := newRig(t)
	spv := emit(t, "ir/localmem")
	const n, bins, wg = 1000, 16, 64
	in := make([]uint32, n)
	for k := range in {
		in[k] = uint32(k*2654435761) >> 7
	}
	ib, bb := r.newBuffer(u32Bytes(in)), r.newBuffer(make([]byte, 4*bins))
	// LocalHist(local.ptr, local.len, in.ptr, in.len, bins.ptr, bins.len, gsize0..2)
	r.launch(spv, "LocalHist", []uint64{0, bins, ib.addr, n, bb.addr, bins, n, 1, 1}, dims(n, 1, 1), [3]uint32{wg, 1, 1}, bins)
	want := make([]uint32, bins)
	for _, v := range in {
		want[v%bins]++
	}
	for k := range want {
		assert.Equal(t, want[k], bb.u32(k), "bins[%d]", k)
	}
}

// TestReduce runs reduce.ll: a tree reduction in a @ka.local array with
// barriers in a loop; the Go reference adds in the same order.
func TestReduce(t *testing.T) {
	r := newRig(t)
	spv := emit(t, "ir/reduce")
	const n, wg = 1000, 64
	groups := (n + wg - 1) / wg
	x := make([]float32, n)
	for k := range x {
		x[k] = float32(math.Sin(float64(k))) * 10
	}
	xb, pb := r.newBuffer(f32Bytes(x)), r.newBuffer(make([]byte, 4*groups))
	r.launch(spv, "Reduce", []uint64{xb.addr, n, pb.addr, uint64(groups), n, 1, 1}, dims(n, 1, 1), [3]uint32{wg, 1, 1})
	for g := range groups {
		var tile [wg]float32
		for l := range wg {
			if i := g*wg + l; i < n {
				tile[l] = x[i]
			}
		}
		for s := wg / 2; s > 0; s >>= 1 {
			for l := range s {
				tile[l] += tile[l+s]
			}
		}
		got := math.Float32frombits(pb.u32(g))
		assert.Equal(t, math.Float32bits(tile[0]), math.Float32bits(got), "partial[%d] = %v, want %v", g, got, tile[0])
	}
}

// TestAtomics runs atomics.ll: 32-bit integer atomics, a float atomic add
// (a compare-exchange loop) and a float max by cmpxchg, with values whose
// sum is exact in any order.
func TestAtomics(t *testing.T) {
	r := newRig(t)
	spv := emit(t, "ir/atomics")
	const n = 300
	vals := make([]float32, n)
	for k := range vals {
		vals[k] = float32(k%7) - 2.5
	}
	counts := r.newBuffer(make([]byte, 16))
	sum := r.newBuffer(make([]byte, 4))
	mm := r.newBuffer(u32Bytes([]uint32{1 << 31, 1<<31 - 1, 0, math.MaxUint32, 1000, 0}))
	fmax := r.newBuffer(u32Bytes([]uint32{math.Float32bits(-100)}))
	vb := r.newBuffer(f32Bytes(vals))
	r.launch(spv, "Atomics", []uint64{counts.addr, 4, sum.addr, 1, mm.addr, 6, fmax.addr, 1, vb.addr, n, n, 1, 1}, dims(n, 1, 1), [3]uint32{64, 1, 1})
	var wantSum, wantMax float32 = 0, -100
	for _, v := range vals {
		wantSum += v
		wantMax = max(wantMax, v)
	}
	for b := range 4 {
		assert.Equal(t, uint32((n-b+3)/4), counts.u32(b), "counts[%d]", b)
	}
	assert.Equal(t, math.Float32bits(wantSum), sum.u32(0), "sum %v, want %v", math.Float32frombits(sum.u32(0)), wantSum)
	assert.Equal(t, uint32(n-1-8), mm.u32(0), "max")
	assert.Equal(t, uint32(0xFFFFFFF8), mm.u32(1), "min (-8)")
	assert.Equal(t, uint32(math.MaxUint32), mm.u32(2), "umax (-1)")
	assert.Equal(t, uint32(0), mm.u32(3), "umin (0)")
	assert.Equal(t, uint32(1000-n), mm.u32(4), "sub")
	assert.Equal(t, uint32(7), mm.u32(5), "xchg")
	assert.Equal(t, math.Float32bits(wantMax), fmax.u32(0), "float max")
}

// TestAtomics64 runs atomics64.ll: 64-bit atomics (Int64Atomics), a
// float64 atomic add and a cmpxchg loop on an i64.
func TestAtomics64(t *testing.T) {
	r := newRig(t)
	if !r.d.Enabled.ShaderBufferInt64Atomics {
		t.Skip("no shaderBufferInt64Atomics")
	}
	spv := emit(t, "ir/atomics64")
	const n = 40
	acc := r.newBuffer(u64Bytes([]uint64{0, 1 << 63, math.MaxUint64, 0}))
	sum := r.newBuffer(make([]byte, 8))
	r.launch(spv, "Atomics64", []uint64{acc.addr, 4, sum.addr, 1, n, n + 5, 1, 1}, dims(n+5, 1, 1), [3]uint32{8, 1, 1})
	assert.Equal(t, uint64(n*(n-1)/2), acc.u64(0), "add")
	assert.Equal(t, uint64(n-1-5), acc.u64(1), "max")
	assert.Equal(t, uint64(0), acc.u64(2), "umin")
	assert.Equal(t, uint64(1)<<n-1, acc.u64(3), "cmpxchg loop")
	assert.Equal(t, math.Float64bits(float64(n*(n-1)/2)), sum.u64(0), "float64 add")
}

// TestHostile checks that what the dialect cannot express is an error of
// Emit (naming the kernel and the instruction), never a crash.
func TestHostile(t *testing.T) {
	_, err := spirv.Emit(parse(t, "ir/math64"), opts)
	var e *spirv.Error
	require.ErrorAs(t, err, &e, "float64 exp has no GLSL.std.450 form: want an *Error")
	assert.ErrorIs(t, err, spirv.ErrUnsupported)
	assert.Contains(t, err.Error(), "has no Vulkan SPIR-V form")

	for _, src := range []string{
		// A phi of pointers into two private arrays: no single variable.
		`define spir_kernel void @TwoRoots(i8 %c8, i64 %ka.gsize0, i64 %ka.gsize1, i64 %ka.gsize2) {
entry:
  %a = alloca [4 x i32]
  %b = alloca [4 x i32]
  %pa = getelementptr [4 x i32], [4 x i32]* %a, i64 0, i64 1
  %pb = getelementptr [4 x i32], [4 x i32]* %b, i64 0, i64 2
  %c = trunc i8 %c8 to i1
  br i1 %c, label %x, label %y
x:
  br label %m
y:
  br label %m
m:
  %p = phi i32* [ %pa, %x ], [ %pb, %y ]
  store i32 1, i32* %p
  ret void
}`,
		// An old SPIR-V version.
		`define spir_kernel void @Old(i64 %ka.gsize0, i64 %ka.gsize1, i64 %ka.gsize2) {
entry:
  ret void
}`,
	} {
		m, err := asm.ParseString("hostile.ll", src)
		require.NoError(t, err)
		o := opts
		if m.Funcs[0].Name() == "Old" {
			o.Version = 0x00010300
		}
		_, err = spirv.Emit(m, o)
		var e *spirv.Error
		require.ErrorAs(t, err, &e, "%s", src)
		t.Logf("refused: %v", err)
	}

}

// TestPrivate runs private.ll: a private array indexed by a loop counter
// and by a loaded index whose bounds check traps (the work-item returns).
func TestPrivate(t *testing.T) {
	r := newRig(t)
	spv := emit(t, "ir/private")
	const n = 100
	idx := make([]uint64, n)
	for i := range idx {
		idx[i] = uint64(i % 11) // 8, 9, 10 are out of bounds
	}
	out := make([]uint32, n)
	for i := range out {
		out[i] = 0xDEAD
	}
	ob, ib := r.newBuffer(u32Bytes(out)), r.newBuffer(u64Bytes(idx))
	r.launch(spv, "Private", []uint64{ob.addr, n, ib.addr, n, n, 1, 1}, dims(n, 1, 1), [3]uint32{32, 1, 1})
	for i := range n {
		want := uint32(0xDEAD)
		if j := idx[i]; j < 8 {
			want = uint32(int32(i*int(j)) + int32(i*7))
		}
		require.Equal(t, want, ob.u32(i), "out[%d]", i)
	}
}

// TestFaultsBarrier runs faultsbarrier.ll: private and workgroup arrays,
// a barrier, checks whose failure records the fault and goes on, the
// fault record's cmpxchg.
func TestFaultsBarrier(t *testing.T) {
	r := newRig(t)
	spv := emit(t, "ir/faultsbarrier")
	const n, wg = 32, 16
	for _, outLen := range []int{n, 20} {
		ob := r.newBuffer(make([]byte, 4*n))
		fault := r.newBuffer(make([]byte, 128))
		// FaultsBarrier(flag, out.ptr, out.len, gsize0..2, ka.fault, ka.launch)
		r.launch(spv, "FaultsBarrier", []uint64{1, ob.addr, uint64(outLen), n, 1, 1, fault.addr, 7}, dims(n, 1, 1), [3]uint32{wg, 1, 1})
		for g := range n {
			want := uint32(0)
			if g < outLen && (15-g%wg)%4 == 0 {
				want = 1
			}
			require.Equal(t, want, ob.u32(g), "out.len %d: out[%d]", outLen, g)
		}
		if outLen == n {
			assert.Zero(t, fault.u32(0), "no fault: the state stays 0")
			continue
		}
		assert.Equal(t, uint32(1), fault.u32(0), "fault state")
		assert.Equal(t, uint32(7), fault.u32(1), "the launch's number")
		gid := fault.u32(3)
		assert.True(t, gid >= uint32(outLen) && gid < n, "the failing work-item %d is one past out.len %d", gid, outLen)
	}
}

// TestNested runs codegen/spirv's vulkan/nested.ll: a continue and a
// break of an outer loop from inside an inner one (%ka.exit and the
// values kept in variables, structured.go).
func TestNested(t *testing.T) {
	r := newRig(t)
	spv := emit(t, "vulkan/nested")
	const items = 70
	for _, c := range []struct{ n, lim int64 }{{9, 11}, {12, 100}, {5, 3}, {0, 0}, {20, -1}} {
		out := r.newBuffer(make([]byte, 8*items))
		r.launch(spv, "Nested", []uint64{out.addr, items, uint64(c.n), uint64(c.lim), items, 1, 1}, dims(items, 1, 1), [3]uint32{16, 1, 1})
		for i := range int64(items) {
			count := int64(0)
		outer:
			for a := int64(0); a < c.n; a++ {
				for b := int64(0); b < c.n; b++ {
					if (a*b+i)%7 == 3 {
						continue outer
					}
					if a+b > c.lim {
						break outer
					}
					count += a ^ b
				}
				count += 100
			}
			require.Equal(t, uint64(count), out.u64(int(i)), "n %d lim %d: out[%d]", c.n, c.lim, i)
		}
	}
}

// TestCancelSpin runs cancelspin.ll: a //ka:cancel loop whose back edges
// count turns and read the stop flag (a volatile load), with %ka.exit; a
// raised flag makes every work-item return at once.
func TestCancelSpin(t *testing.T) {
	r := newRig(t)
	spv := emit(t, "ir/cancelspin")
	const n, turns = 200, 3000 // more than 1024 turns: the flag is read in the loop
	for _, stop := range []uint32{0, 1} {
		xb := r.newBuffer(make([]byte, 4*n))
		rec := make([]uint32, 32)
		rec[6] = stop
		fault := r.newBuffer(u32Bytes(rec))
		// CancelSpin(x.ptr, x.len, n, gsize0..2, ka.fault, ka.launch)
		r.launch(spv, "CancelSpin", []uint64{xb.addr, n, turns, n, 1, 1, fault.addr, 1}, dims(n, 1, 1), [3]uint32{32, 1, 1})
		for i := range n {
			want := uint32(i)
			for range turns {
				want = want*1664525 + 1013904223
			}
			if stop != 0 {
				want = 0
			}
			require.Equal(t, want, xb.u32(i), "stop %d: x[%d]", stop, i)
		}
		assert.Zero(t, fault.u32(0), "no fault")
	}
}

// TestSpecializationLimit checks vk's refusal of more specialization
// constants than it passes.
func TestSpecializationLimit(t *testing.T) {
	r := newRig(t)
	words := make([]uint32, 0)
	spv := emit(t, "ir/localmem")
	for k := 0; k+4 <= len(spv); k += 4 {
		words = append(words, binary.LittleEndian.Uint32(spv[k:]))
	}
	mod, err := r.d.CreateShaderModule(words)
	require.NoError(t, err)
	defer r.d.DestroyShaderModule(mod)
	_, err = r.d.CreateComputePipeline(vk.ComputePipelineInfo{Module: mod, Entry: "LocalHist", Buffers: 1,
		WorkgroupSize: [3]uint32{64, 1, 1}, Specialization: make([]uint32, vk.MaxSpecialization+1)})
	assert.ErrorIs(t, err, vk.ErrInvalidArgument)
}
