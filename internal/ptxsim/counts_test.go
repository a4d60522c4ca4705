package ptxsim

import (
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// countsOf runs kernel name of src over grid × block, its parameter 0,
// and returns what it executed and how it failed.
func countsOf(t *testing.T, src, name string, grid, block [3]uint32, maxSteps int64) (Counts, error) {
	t.Helper()
	m, err := Parse(header + src)
	require.NoError(t, err)
	k := m.Kernel(name)
	require.NotNil(t, k)
	params, err := k.ParamBuffer([]uint64{0})
	require.NoError(t, err)
	var c Counts
	err = k.Run(Launch{Grid: grid, Block: block, Params: params, MaxSteps: maxSteps, Counts: &c})
	return c, err
}

// Five instructions, one of them a barrier, for every thread: each is
// issued once per warp, the partial second warp of a block of 48 too.
const lineSrc = `
.visible .entry line(.param .u64 out)
{
	.reg .b32 %r<4>;
	mov.u32 %r1, %tid.x;
	add.s32 %r2, %r1, 1;
	bar.sync 0;
	mul.lo.s32 %r3, %r2, 3;
	ret;
}`

// Thread i runs the three-instruction loop body i%4 + 1 times, after four
// instructions and before one: a warp issues the body as often as its
// longest-running lanes run it.
const loopSrc = `
.visible .entry loop(.param .u64 out)
{
	.reg .pred %p<2>;
	.reg .b32 %r<4>;
	mov.u32 %r1, %tid.x;
	and.b32 %r2, %r1, 3;
	add.s32 %r2, %r2, 1;
	mov.u32 %r3, 0;
LOOP:
	add.s32 %r3, %r3, 1;
	setp.lt.u32 %p1, %r3, %r2;
	@%p1 bra LOOP;
	ret;
}`

// Three trips of a four-instruction body with a barrier in it, between
// one instruction and one: each trip is issued again, in each pass of the
// block between barriers.
const barrierLoopSrc = `
.visible .entry barloop(.param .u64 out)
{
	.reg .pred %p<2>;
	.reg .b32 %r<2>;
	mov.u32 %r1, 0;
LOOP:
	add.s32 %r1, %r1, 1;
	bar.sync 0;
	setp.lt.u32 %p1, %r1, 3;
	@%p1 bra LOOP;
	ret;
}`

// Odd threads take a side of three instructions, even ones a side of
// five, after four instructions (the branch among them, executed by every
// lane whatever its guard) and before one: a warp issues both sides.
const divergeSrc = `
.visible .entry diverge(.param .u64 out)
{
	.reg .pred %p<2>;
	.reg .b32 %r<4>;
	mov.u32 %r1, %tid.x;
	and.b32 %r2, %r1, 1;
	setp.eq.u32 %p1, %r2, 0;
	@%p1 bra EVEN;
	add.s32 %r3, %r1, 1;
	add.s32 %r3, %r3, 1;
	bra DONE;
EVEN:
	mul.lo.s32 %r3, %r1, 2;
	mul.lo.s32 %r3, %r3, 2;
	mul.lo.s32 %r3, %r3, 2;
	mul.lo.s32 %r3, %r3, 2;
	mul.lo.s32 %r3, %r3, 2;
DONE:
	ret;
}`

// The counts of small kernels, derived by hand from their instructions.
func TestCounts(t *testing.T) {
	for _, tc := range []struct {
		name        string
		src, kernel string
		grid, block [3]uint32
		want        Counts
	}{
		// 3 blocks × 2 warps × 5; 3 × 48 threads × 5.
		{"straight line", lineSrc, "line", [3]uint32{3, 1, 1}, [3]uint32{48, 1, 1}, Counts{Warp: 30, Thread: 720}},
		// One warp: 4 + 3×4 + 1; threads: 32×5 + 3×8×(1+2+3+4).
		{"loop", loopSrc, "loop", [3]uint32{1, 1, 1}, [3]uint32{32, 1, 1}, Counts{Warp: 17, Thread: 400}},
		// Two warps × (1 + 4×3 + 1), each of the 64 threads the same.
		{"barrier in a loop", barrierLoopSrc, "barloop", [3]uint32{1, 1, 1}, [3]uint32{64, 1, 1}, Counts{Warp: 28, Thread: 896}},
		// Each of the two warps: 4 + 3 + 5 + 1; threads: 24 odd × 8 +
		// 24 even × 10.
		{"divergent branch", divergeSrc, "diverge", [3]uint32{1, 1, 1}, [3]uint32{48, 1, 1}, Counts{Warp: 26, Thread: 432}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c, err := countsOf(t, tc.src, tc.kernel, tc.grid, tc.block, 0)
			require.NoError(t, err)
			assert.Equal(t, tc.want, c)
		})
	}
}

// The third instruction stores to address 0, which faults: the first
// thread to run executed three instructions, and the warp issued them, not
// the two after the fault in their basic block; no other thread ran.
const wildSrc = `
.visible .entry wild(.param .u64 out)
{
	.reg .b32 %r<3>;
	.reg .b64 %rd<2>;
	mov.u32 %r1, 1;
	ld.param.u64 %rd1, [out];
	st.global.u32 [%rd1], %r1;
	add.s32 %r2, %r1, 1;
	add.s32 %r2, %r2, 1;
	ret;
}`

// A launch that faults counts what ran until the fault: a wild store, a
// loop stopped by MaxSteps in its body (the fifth instruction runs, the
// sixth does not), and a branch to itself stopped at the branch, the first
// instruction of its block, after it ran three times.
func TestCountsOfFaults(t *testing.T) {
	c, err := countsOf(t, wildSrc, "wild", [3]uint32{2, 1, 1}, [3]uint32{40, 1, 1}, 0)
	require.NotNil(t, FaultOf(err), "%v", err)
	require.Equal(t, FaultIllegalAddress, FaultOf(err).Kind)
	assert.Equal(t, Counts{Warp: 3, Thread: 3}, c)
	c, err = countsOf(t, loopSrc, "loop", [3]uint32{1, 1, 1}, [3]uint32{1, 1, 1}, 5)
	require.NotNil(t, FaultOf(err), "%v", err)
	require.Equal(t, FaultTimeout, FaultOf(err).Kind)
	assert.Equal(t, Counts{Warp: 5, Thread: 5}, c)
	c, err = countsOf(t, spinSrc, "spin", [3]uint32{1, 1, 1}, [3]uint32{1, 1, 1}, 4)
	require.NotNil(t, FaultOf(err), "%v", err)
	require.Equal(t, FaultTimeout, FaultOf(err).Kind)
	assert.Equal(t, Counts{Warp: 4, Thread: 4}, c)
}

// One instruction, then a branch to itself.
const spinSrc = `
.visible .entry spin(.param .u64 out)
{
	.reg .b32 %r<2>;
	mov.u32 %r1, 1;
$L:
	bra.uni $L;
}`

// Run adds to Launch.Counts, and a launch counts the same every time, also
// when several run the same kernel at once: the count's state belongs to
// the launch, not to the kernel.
func TestCountsDeterministic(t *testing.T) {
	m, err := Parse(header + loopSrc + divergeSrc)
	require.NoError(t, err)
	params := []byte{0, 0, 0, 0, 0, 0, 0, 0}
	run := func(name string, c *Counts) error {
		return m.Kernel(name).Run(Launch{Grid: [3]uint32{5, 1, 1}, Block: [3]uint32{96, 1, 1}, Params: params, Counts: c})
	}
	var once, twice Counts
	require.NoError(t, run("loop", &once))
	require.NoError(t, run("loop", &twice))
	require.NoError(t, run("loop", &twice))
	assert.Equal(t, once.Add(once), twice)
	assert.Equal(t, Counts{Warp: 5 * 3 * 17, Thread: 5 * 3 * 400}, once)

	const n = 8
	got := make([]Counts, n)
	errs := make([]error, n)
	var wg sync.WaitGroup
	for i := range got {
		wg.Go(func() { errs[i] = run([]string{"loop", "diverge"}[i%2], &got[i]) })
	}
	wg.Wait()
	for i := range got {
		require.NoError(t, errs[i])
		assert.Equal(t, got[i%2], got[i], "launch %d", i)
	}
	assert.Equal(t, once, got[0])
	assert.Equal(t, Counts{Warp: 5 * 3 * 13, Thread: 5 * 96 * 9}, got[1])
}
