package ptxsim

import (
	"encoding/binary"
	"errors"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

const header = ".version 7.0\n.target sm_80\n.address_size 64\n"

func u32s(t *testing.T, mem *Memory, addr uint64, n int) []uint32 {
	b, err := mem.Bytes(addr, 4*n)
	require.NoError(t, err)
	out := make([]uint32, n)
	for i := range out {
		out[i] = binary.LittleEndian.Uint32(b[4*i:])
	}
	return out
}

func launch(t *testing.T, src, name string, grid, block [3]uint32, mem *Memory, vals ...uint64) error {
	t.Helper()
	m, err := Parse(header + src)
	require.NoError(t, err)
	k := m.Kernel(name)
	require.NotNil(t, k)
	params, err := k.ParamBuffer(vals)
	require.NoError(t, err)
	return k.Run(Launch{Grid: grid, Block: block, Params: params, Mem: mem})
}

// Reverse within a block through .shared across a barrier: every thread
// must see the others' stores, so the barrier must hold all of them.
const reverseSrc = `
.shared .align 4 .b8 buf[1024];
.visible .entry rev(.param .u64 out)
{
	.reg .b32 %r<8>;
	.reg .b64 %rd<8>;
	ld.param.u64 %rd1, [out];
	mov.u32 %r1, %tid.x;
	mov.u32 %r2, %ntid.x;
	mov.u32 %r3, %ctaid.x;
	mad.lo.s32 %r4, %r3, %r2, %r1;     // global id
	mov.u64 %rd2, buf;
	mul.wide.u32 %rd3, %r1, 4;
	add.s64 %rd4, %rd2, %rd3;
	st.shared.u32 [%rd4], %r4;
	bar.sync 0;
	sub.s32 %r5, %r2, %r1;
	sub.s32 %r5, %r5, 1;
	mul.wide.u32 %rd3, %r5, 4;
	add.s64 %rd4, %rd2, %rd3;
	ld.shared.u32 %r6, [%rd4];
	mul.wide.u32 %rd5, %r4, 4;
	add.s64 %rd5, %rd1, %rd5;
	st.global.u32 [%rd5], %r6;
	ret;
}`

func TestBarrierShared(t *testing.T) {
	mem := NewMemory(0)
	out, _ := mem.Alloc(4 * 256)
	require.NoError(t, launch(t, reverseSrc, "rev", [3]uint32{4, 1, 1}, [3]uint32{64, 1, 1}, mem, out))
	got := u32s(t, mem, out, 256)
	for i, v := range got {
		blk, lid := i/64, i%64
		assert.Equal(t, uint32(blk*64+63-lid), v, "out[%d]", i)
	}
}

// Atomics from every thread of several blocks, on global and shared
// memory; cas and exch return the old value.
func TestAtomics(t *testing.T) {
	src := `
.shared .align 4 .b8 cnt[4];
.visible .entry at(.param .u64 out)
{
	.reg .pred %p<3>;
	.reg .b32 %r<8>;
	.reg .b64 %rd<8>;
	.reg .f32 %f<3>;
	ld.param.u64 %rd1, [out];
	mov.u32 %r1, %tid.x;
	setp.ne.u32 %p1, %r1, 0;
	@%p1 bra $L1;
	mov.u64 %rd2, cnt;
	st.shared.u32 [%rd2], 0;
$L1:
	bar.sync 0;
	mov.u64 %rd2, cnt;
	atom.shared.add.u32 %r2, [%rd2], 1;
	atom.global.add.u32 %r3, [%rd1], 1;
	atom.global.max.s32 %r4, [%rd1+4], %r1;
	atom.global.min.s32 %r4, [%rd1+8], %r1;
	mov.f32 %f1, 0f3F000000;
	atom.global.add.f32 %f2, [%rd1+12], %f1;
	atom.global.cas.b32 %r5, [%rd1+16], 0, 7;
	atom.global.exch.b32 %r6, [%rd1+20], %r1;
	atom.global.add.u64 %rd3, [%rd1+24], 3;
	bar.sync 0;
	@%p1 bra $L2;
	ld.shared.u32 %r7, [%rd2];
	atom.global.add.u32 %r7, [%rd1+32], %r7;
$L2:
	ret;
}`
	mem := NewMemory(0)
	out, _ := mem.Alloc(40)
	b, _ := mem.Bytes(out, 40)
	binary.LittleEndian.PutUint32(b[8:], 1000)
	require.NoError(t, launch(t, src, "at", [3]uint32{3, 1, 1}, [3]uint32{32, 1, 1}, mem, out))
	got := u32s(t, mem, out, 9)
	assert.Equal(t, uint32(96), got[0], "add")
	assert.Equal(t, uint32(31), got[1], "max")
	assert.Equal(t, uint32(0), got[2], "min")
	assert.Equal(t, float32(48), f32(uint64(got[3])), "add.f32")
	assert.Equal(t, uint32(7), got[4], "cas")
	assert.Equal(t, uint32(31), got[5], "exch: the last thread's")
	assert.Equal(t, uint32(3*96), got[6], "add.u64")
	assert.Equal(t, uint32(96), got[8], "shared counters summed")
}

// atom.add.f32 flushes subnormal inputs and results to zero on global
// memory, not on shared memory.
func TestAtomAddF32FlushesSubnormals(t *testing.T) {
	src := `
.shared .align 4 .b8 sh[4];
.visible .entry at(.param .u64 out)
{
	.reg .b64 %rd<4>;
	.reg .f32 %f<4>;
	ld.param.u64 %rd1, [out];
	mov.f32 %f1, 0f00000001;
	atom.global.add.f32 %f2, [%rd1], %f1;
	mov.u64 %rd2, sh;
	st.shared.f32 [%rd2], 0f00000000;
	atom.shared.add.f32 %f2, [%rd2], %f1;
	cvta.shared.u64 %rd3, %rd2;
	atom.add.f32 %f2, [%rd3], %f1;
	ld.shared.f32 %f3, [%rd2];
	st.global.f32 [%rd1+4], %f3;
	ret;
}`
	mem := NewMemory(0)
	out, _ := mem.Alloc(8)
	require.NoError(t, launch(t, src, "at", [3]uint32{1, 1, 1}, [3]uint32{1, 1, 1}, mem, out))
	got := u32s(t, mem, out, 2)
	assert.Equal(t, uint32(0), got[0], "global: flushed")
	assert.Equal(t, uint32(2), got[1], "shared, directly and through a generic address: kept")
}

// Each thread has its own .local memory.
func TestLocal(t *testing.T) {
	src := `
.visible .entry loc(.param .u64 out)
{
	.local .align 4 .b8 arr[16];
	.reg .b32 %r<4>;
	.reg .b64 %rd<6>;
	ld.param.u64 %rd1, [out];
	mov.u32 %r1, %tid.x;
	mov.u64 %rd2, arr;
	st.local.u32 [%rd2+12], %r1;
	bar.sync 0;
	ld.local.u32 %r2, [%rd2+12];
	cvta.local.u64 %rd3, %rd2;
	ld.u32 %r3, [%rd3+12];
	add.s32 %r2, %r2, %r3;
	mul.wide.u32 %rd4, %r1, 4;
	add.s64 %rd4, %rd1, %rd4;
	st.global.u32 [%rd4], %r2;
	ret;
}`
	mem := NewMemory(0)
	out, _ := mem.Alloc(4 * 8)
	require.NoError(t, launch(t, src, "loc", [3]uint32{1, 1, 1}, [3]uint32{8, 1, 1}, mem, out))
	assert.Equal(t, []uint32{0, 2, 4, 6, 8, 10, 12, 14}, u32s(t, mem, out, 8))
}

// Special registers in three dimensions.
func TestSpecialRegisters(t *testing.T) {
	src := `
.visible .entry ids(.param .u64 out)
{
	.reg .b32 %r<16>;
	.reg .b64 %rd<4>;
	ld.param.u64 %rd1, [out];
	mov.u32 %r1, %tid.x;
	mov.u32 %r2, %tid.y;
	mov.u32 %r3, %tid.z;
	mov.u32 %r4, %ctaid.x;
	mov.u32 %r5, %ctaid.y;
	mov.u32 %r6, %ctaid.z;
	mov.u32 %r7, %ntid.x;
	mov.u32 %r8, %ntid.y;
	mov.u32 %r9, %nctaid.x;
	mov.u32 %r10, %nctaid.y;
	mov.u32 %r14, %nctaid.z;
	mov.u32 %r15, %ntid.z;
	// linear = (((ctaid.z*nctaid.y + ctaid.y)*nctaid.x + ctaid.x)*ntid.z + tid.z)*ntid.y*ntid.x + tid.y*ntid.x + tid.x
	mad.lo.s32 %r11, %r6, %r10, %r5;
	mad.lo.s32 %r11, %r11, %r9, %r4;
	mad.lo.s32 %r11, %r11, %r15, %r3;
	mad.lo.s32 %r11, %r11, %r8, %r2;
	mad.lo.s32 %r11, %r11, %r7, %r1;
	mul.wide.u32 %rd2, %r11, 4;
	add.s64 %rd2, %rd1, %rd2;
	add.s32 %r12, %r11, %r14;
	st.global.u32 [%rd2], %r12;
	ret;
}`
	mem := NewMemory(0)
	n := 2 * 3 * 2 * 4 * 2 * 3
	out, _ := mem.Alloc(4 * n)
	require.NoError(t, launch(t, src, "ids", [3]uint32{2, 3, 2}, [3]uint32{4, 2, 3}, mem, out))
	for i, v := range u32s(t, mem, out, n) {
		assert.Equal(t, uint32(i+2), v, "out[%d]", i)
	}
}

// trap, an access outside every allocation, a misaligned access and an
// endless loop fail the launch with the matching fault.
func TestFaults(t *testing.T) {
	for _, c := range []struct {
		body string
		kind FaultKind
	}{
		{"trap;", FaultTrap},
		{"ld.global.u32 %r1, [%rd1+4096];", FaultIllegalAddress},
		{"ld.global.u32 %r1, [%rd1+2];", FaultMisaligned},
		{"st.global.u32 [0], %r1;", FaultIllegalAddress},
		{"mov.u64 %rd2, sh; ld.shared.u32 %r1, [%rd2+8];", FaultIllegalAddress},
		{"$L: bra.uni $L;", FaultTimeout},
		{"call.uni ext;", FaultIllegalInstruction},
		{"bar.sync 0, 3;", FaultIllegalInstruction},
	} {
		src := ".extern .func ext;\n.shared .align 4 .b8 sh[8];\n.visible .entry f(.param .u64 p)\n{\n.reg .b32 %r<3>;\n.reg .b64 %rd<3>;\nld.param.u64 %rd1, [p];\n" + c.body + "\nret;\n}"
		m, err := Parse(header + src)
		require.NoError(t, err, c.body)
		k := m.Kernel("f")
		mem := NewMemory(0)
		p, _ := mem.Alloc(16)
		params, _ := k.ParamBuffer([]uint64{p})
		err = k.Run(Launch{Grid: [3]uint32{2, 1, 1}, Block: [3]uint32{2, 1, 1}, Params: params, Mem: mem, MaxSteps: 10000})
		f := FaultOf(err)
		require.NotNil(t, f, "%s: %v", c.body, err)
		assert.Equal(t, c.kind, f.Kind, "%s: %v", c.body, err)
		assert.Contains(t, err.Error(), "kernel f")
	}
}

// Parse names what it does not implement.
func TestUnsupported(t *testing.T) {
	for body, want := range map[string]string{
		"prmt.b32 %r1, %r1, %r1, %r1;":  "instruction prmt",
		"add.rz.f32 %r1, %r1, %r1;":     ".rz",
		"div.approx.f32 %r1, %r1, %r1;": "approx",
		"ld.const.u32 %r1, [%rd1];":     ".const",
		"add.sat.s32 %r1, %r1, %r1;":    ".sat",
		"frobnicate.u32 %r1;":           "frobnicate",
		"mov.u32 %r1, %warpid;":         "%warpid",
		"add.s32 %r9, %r1, %r1;":        "undeclared register %r9",
	} {
		src := header + ".visible .entry f(.param .u64 p)\n{\n.reg .b32 %r<3>;\n.reg .b64 %rd<3>;\n" + body + "\n}"
		_, err := Parse(src)
		require.Error(t, err, body)
		assert.Contains(t, err.Error(), want, body)
	}
	_, err := Parse(header + ".const .u32 g;\n")
	require.Error(t, err)
	assert.True(t, strings.Contains(err.Error(), ".const"), err)
}

// An extern function gets its arguments and writes its results; Barrier
// makes the call a barrier.
func TestCall(t *testing.T) {
	src := `
.extern .func (.param .b64 ret0) twice (.param .b32 a);
.visible .entry f(.param .u64 p)
{
	.reg .b32 %r<3>;
	.reg .b64 %rd<5>;
	ld.param.u64 %rd1, [p];
	mov.u32 %r1, %tid.x;
	{
	.param .b32 param0;
	st.param.b32 [param0+0], %r1;
	.param .b64 retval0;
	call.uni (retval0), twice, (param0);
	ld.param.b64 %rd2, [retval0+0];
	}
	mul.wide.u32 %rd3, %r1, 8;
	add.s64 %rd3, %rd1, %rd3;
	st.global.u64 [%rd3], %rd2;
	ret;
}`
	m, err := Parse(header + src)
	require.NoError(t, err)
	assert.Equal(t, []string{"twice"}, m.Externs())
	k := m.Kernel("f")
	mem := NewMemory(0)
	out, _ := mem.Alloc(8 * 4)
	params, _ := k.ParamBuffer([]uint64{out})
	calls := 0
	err = k.Run(Launch{Grid: [3]uint32{1, 1, 1}, Block: [3]uint32{4, 1, 1}, Params: params, Mem: mem,
		Externs: map[string]Extern{"twice": func(c *Call) error {
			calls++
			binary.LittleEndian.PutUint64(c.Results[0], 2*uint64(binary.LittleEndian.Uint32(c.Args[0])))
			return nil
		}}})
	require.NoError(t, err)
	assert.Equal(t, 4, calls)
	b, _ := mem.Bytes(out, 32)
	for i := 0; i < 4; i++ {
		assert.Equal(t, uint64(2*i), binary.LittleEndian.Uint64(b[8*i:]))
	}
	err = k.Run(Launch{Grid: [3]uint32{1, 1, 1}, Block: [3]uint32{4, 1, 1}, Params: params, Mem: mem,
		Externs: map[string]Extern{"twice": func(c *Call) error { return errors.New("boom") }}})
	assert.ErrorContains(t, err, "boom")
}

func TestMemory(t *testing.T) {
	m := NewMemory(1000)
	a, err := m.Alloc(600)
	require.NoError(t, err)
	_, err = m.Alloc(600)
	assert.ErrorIs(t, err, ErrOutOfMemory)
	b, err := m.Alloc(100)
	require.NoError(t, err)
	assert.Zero(t, a%allocAlign)
	_, err = m.Bytes(a+590, 20)
	assert.Error(t, err, "across the end")
	require.NoError(t, m.Free(a))
	assert.Error(t, m.Free(a))
	_, err = m.Bytes(a, 1)
	assert.Error(t, err, "freed")
	_, err = m.Bytes(b, 100)
	assert.NoError(t, err)
	assert.Equal(t, int64(100), m.Used())
}

// A name declared in a nested block is that block's: llc redeclares each
// call's parameters (here retval0, first 8 then 4 bytes) and temporaries.
func TestNestedScopes(t *testing.T) {
	src := `
.extern .func (.param .b64 r) wide ();
.extern .func (.param .b32 r) narrow ();
.visible .entry f(.param .u64 p)
{
	.reg .b32 %r<3>;
	.reg .b64 %rd<3>;
	ld.param.u64 %rd1, [p];
	{
	.param .b64 retval0;
	call.uni (retval0), wide, ();
	ld.param.b64 %rd2, [retval0+0];
	}
	{
	.reg .b32 temp;
	.param .b32 retval0;
	call.uni (retval0), narrow, ();
	ld.param.b32 temp, [retval0+0];
	mov.b32 %r1, temp;
	}
	st.global.u64 [%rd1], %rd2;
	st.global.u32 [%rd1+8], %r1;
	ret;
}`
	m, err := Parse(header + src)
	require.NoError(t, err)
	k := m.Kernel("f")
	mem := NewMemory(0)
	out, _ := mem.Alloc(16)
	params, _ := k.ParamBuffer([]uint64{out})
	sizes := map[string]int{}
	err = k.Run(Launch{Grid: [3]uint32{1, 1, 1}, Block: [3]uint32{1, 1, 1}, Params: params, Mem: mem,
		Externs: map[string]Extern{
			"wide": func(c *Call) error {
				sizes["wide"] = len(c.Results[0])
				binary.LittleEndian.PutUint64(c.Results[0], 1<<40)
				return nil
			},
			"narrow": func(c *Call) error {
				sizes["narrow"] = len(c.Results[0])
				binary.LittleEndian.PutUint32(c.Results[0], 7)
				return nil
			},
		}})
	require.NoError(t, err)
	assert.Equal(t, map[string]int{"wide": 8, "narrow": 4}, sizes)
	b, _ := mem.Bytes(out, 16)
	assert.Equal(t, uint64(1<<40), binary.LittleEndian.Uint64(b))
	assert.Equal(t, uint32(7), binary.LittleEndian.Uint32(b[8:]))
}

// Registers of the wrong size or class for the instruction's type are
// errors, as ptxas makes them.
func TestOperandTypes(t *testing.T) {
	for body, want := range map[string]string{
		"add.s32 %r1, %rd1, %r1;":     "64-bit register",
		"add.s64 %rd1, %rd1, %r1;":    "32-bit register",
		"add.s32 %r1, %f1, %r1;":      "float register",
		"add.rn.f32 %f1, %u1, %f1;":   "integer register",
		"mov.u32 %f1, %r1;":           "float register",
		"setp.eq.s32 %p1, %p1, %r1;":  "predicate register",
		"mul.lo.s64 %rd1, %r1, %rd1;": "32-bit register",
	} {
		src := header + ".visible .entry f()\n{\n.reg .pred %p<2>;\n.reg .b32 %r<2>;\n.reg .u32 %u<2>;\n.reg .b64 %rd<2>;\n.reg .f32 %f<2>;\n" + body + "\n}"
		_, err := Parse(src)
		require.Error(t, err, body)
		assert.Contains(t, err.Error(), want, body)
	}
	for _, body := range []string{
		"add.rn.f32 %f1, %r1, %f1;",   // .b registers go with every type of their size
		"st.global.u8 [%rd1], %r1;",   // st and ld may use wider registers
		"ld.global.s16 %rd1, [%rd1];", // ...
		"cvt.u32.u16 %r1, %r1;",       // and cvt
		"mul.wide.u32 %rd1, %r1, %r1;",
		"shl.b64 %rd1, %rd1, %r1;",
	} {
		src := header + ".visible .entry f()\n{\n.reg .pred %p<2>;\n.reg .b32 %r<2>;\n.reg .b64 %rd<2>;\n.reg .f32 %f<2>;\n" + body + "\n}"
		_, err := Parse(src)
		assert.NoError(t, err, body)
	}
}

// Vector loads and stores, red, inc/dec atomics, generic addresses of
// .shared, and mov's packing and unpacking.
func TestMoreMemoryForms(t *testing.T) {
	src := `
.shared .align 8 .b8 sh[16];
.visible .entry m(.param .u64 p)
{
	.reg .b16 %h<3>;
	.reg .b32 %r<8>;
	.reg .b64 %rd<8>;
	ld.param.u64 %rd1, [p];
	ld.global.v2.u32 {%r1, %r2}, [%rd1];
	add.s32 %r3, %r1, %r2;
	st.global.v2.u32 [%rd1+8], {%r3, %r1};
	red.global.add.u32 [%rd1+16], 5;
	atom.global.inc.u32 %r4, [%rd1+20], 2;
	atom.global.inc.u32 %r4, [%rd1+20], 2;
	atom.global.inc.u32 %r4, [%rd1+20], 2;
	atom.global.dec.u32 %r5, [%rd1+24], 3;
	mov.u64 %rd2, sh;
	cvta.shared.u64 %rd3, %rd2;
	st.u32 [%rd3+4], %r3;
	ld.shared.u32 %r6, [%rd2+4];
	cvta.to.shared.u64 %rd4, %rd3;
	ld.shared.u32 %r7, [%rd4+4];
	add.s32 %r6, %r6, %r7;
	st.global.u32 [%rd1+28], %r6;
	mov.b64 %rd5, {%r1, %r2};
	st.global.u64 [%rd1+32], %rd5;
	mov.b32 {%h1, %h2}, %r1;
	cvt.u32.u16 %r1, %h2;
	st.global.u32 [%rd1+40], %r1;
	ret;
}`
	mem := NewMemory(0)
	p, _ := mem.Alloc(48)
	b, _ := mem.Bytes(p, 48)
	binary.LittleEndian.PutUint32(b[0:], 0x00070003)
	binary.LittleEndian.PutUint32(b[4:], 4)
	require.NoError(t, launch(t, src, "m", [3]uint32{1, 1, 1}, [3]uint32{1, 1, 1}, mem, p))
	got := u32s(t, mem, p, 12)
	assert.Equal(t, uint32(0x00070007), got[2], "v2 load, add, v2 store")
	assert.Equal(t, uint32(0x00070003), got[3])
	assert.Equal(t, uint32(5), got[4], "red")
	assert.Equal(t, uint32(0), got[5], "inc wraps to 0 past 2: 0, 1, 2, 0")
	assert.Equal(t, uint32(3), got[6], "dec of 0 is the limit")
	assert.Equal(t, uint32(2*0x00070007), got[7], "generic and shared addresses of .shared")
	assert.Equal(t, uint64(4)<<32|0x00070003, uint64(got[8])|uint64(got[9])<<32, "mov packs low first")
	assert.Equal(t, uint32(7), got[10], "mov unpacks low first")
}
