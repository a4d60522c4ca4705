package ptxsim

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// linearPrologue computes, as codegen/ptx does for a kernel with
// subgroups, %r8 = the linear thread id, %r11 = its lane, %r14 = its warp's
// size and %r17 = the warp's membermask (1 << size) - 1.
const linearPrologue = `
	mov.u32 %r1, %tid.x;
	mov.u32 %r2, %ntid.x;
	mov.u32 %r3, %tid.y;
	mov.u32 %r4, %ntid.y;
	mov.u32 %r5, %tid.z;
	mov.u32 %r6, %ntid.z;
	mad.lo.s32 %r7, %r5, %r4, %r3;
	mad.lo.s32 %r8, %r7, %r2, %r1;
	mul.lo.s32 %r9, %r2, %r4;
	mul.lo.s32 %r10, %r9, %r6;
	and.b32 %r11, %r8, 31;
	and.b32 %r12, %r8, -32;
	sub.s32 %r13, %r10, %r12;
	min.u32 %r14, %r13, 32;
	mov.u32 %r15, 1;
	shl.b32 %r16, %r15, %r14;
	sub.s32 %r17, %r16, 1;
`

// Every thread takes the value 7*lin+3 of the next lane of its warp
// (wrapping at the warp's size) with shfl.sync.idx, and the ballot of
// lin%3 == 0, under the membermask of the lanes that exist: full warps,
// two warps, a partial last warp and blocks of two and three dimensions,
// whose warps are formed from the linear thread id.
func TestShuffleIdxAndBallot(t *testing.T) {
	src := `
.visible .entry sg(.param .u64 out)
{
	.reg .pred %p<2>;
	.reg .b32 %r<32>;
	.reg .b64 %rd<8>;
	ld.param.u64 %rd1, [out];
` + linearPrologue + `
	add.s32 %r18, %r11, 1;
	rem.u32 %r19, %r18, %r14;
	mad.lo.s32 %r20, %r8, 7, 3;
	shfl.sync.idx.b32 %r21, %r20, %r19, 31, %r17;
	rem.u32 %r22, %r8, 3;
	setp.eq.u32 %p1, %r22, 0;
	vote.sync.ballot.b32 %r23, %p1, %r17;
	mov.u32 %r24, %laneid;
	mul.wide.u32 %rd2, %r8, 12;
	add.s64 %rd3, %rd1, %rd2;
	st.global.u32 [%rd3], %r21;
	st.global.u32 [%rd3+4], %r23;
	st.global.u32 [%rd3+8], %r24;
	ret;
}`
	for _, block := range [][3]uint32{{32, 1, 1}, {64, 1, 1}, {40, 1, 1}, {8, 5, 1}, {4, 3, 5}, {1, 1, 70}} {
		t.Run(fmt.Sprint(block), func(t *testing.T) {
			n := int(block[0] * block[1] * block[2])
			mem := NewMemory(0)
			out, _ := mem.Alloc(12 * n)
			require.NoError(t, launch(t, src, "sg", [3]uint32{2, 1, 1}, block, mem, out))
			got := u32s(t, mem, out, 3*n)
			for lin := 0; lin < n; lin++ {
				first := lin &^ 31
				size := min(32, n-first)
				lane := lin - first
				var ballot uint32
				for l := 0; l < size; l++ {
					if (first+l)%3 == 0 {
						ballot |= 1 << l
					}
				}
				src := first + (lane+1)%size
				assert.Equal(t, uint32(7*src+3), got[3*lin], "shuffle of thread %d", lin)
				assert.Equal(t, ballot, got[3*lin+1], "ballot of thread %d", lin)
				assert.Equal(t, uint32(lane), got[3*lin+2], "%%laneid of thread %d", lin)
			}
		})
	}
}

// The other shuffle modes with their predicate, the clamp and segment
// mask of c (segments of 8 lanes, as CUDA's width argument makes them),
// and vote.sync's all, any and uni, in two warps.
func TestShuffleModesAndVotes(t *testing.T) {
	src := `
.visible .entry modes(.param .u64 out)
{
	.reg .pred %p<16>;
	.reg .b32 %r<48>;
	.reg .b64 %rd<8>;
	ld.param.u64 %rd1, [out];
` + linearPrologue + `
	mad.lo.s32 %r20, %r8, 10, 1;
	shfl.sync.up.b32 %r21|%p1, %r20, 1, 0, -1;
	shfl.sync.down.b32 %r22|%p2, %r20, 2, 31, -1;
	shfl.sync.bfly.b32 %r23, %r20, 5, 31, -1;
	add.s32 %r24, %r11, 1;
	shfl.sync.idx.b32 %r25|%p3, %r20, %r24, 0x181f, -1;
	shfl.sync.down.b32 %r26|%p4, %r20, 1, 0x181f, -1;
	shfl.sync.idx.b32 %r27|%p5, %r20, 40, 5, -1;
	setp.lt.u32 %p6, %r8, 40;
	setp.ge.u32 %p7, %r8, 64;
	vote.sync.all.pred %p8, %p6, -1;
	vote.sync.any.pred %p9, %p6, -1;
	vote.sync.uni.pred %p10, %p6, -1;
	vote.sync.all.pred %p11, %p7, -1;
	vote.sync.any.pred %p12, %p7, -1;
	vote.sync.uni.pred %p13, %p7, -1;
	vote.sync.all.pred %p14, !%p7, -1;
	vote.sync.ballot.b32 %r28, !%p6, -1;
	selp.u32 %r30, 1, 0, %p1;
	selp.u32 %r31, 2, 0, %p2;
	or.b32 %r30, %r30, %r31;
	selp.u32 %r31, 4, 0, %p3;
	or.b32 %r30, %r30, %r31;
	selp.u32 %r31, 8, 0, %p4;
	or.b32 %r30, %r30, %r31;
	selp.u32 %r31, 16, 0, %p5;
	or.b32 %r30, %r30, %r31;
	selp.u32 %r31, 32, 0, %p8;
	or.b32 %r30, %r30, %r31;
	selp.u32 %r31, 64, 0, %p9;
	or.b32 %r30, %r30, %r31;
	selp.u32 %r31, 128, 0, %p10;
	or.b32 %r30, %r30, %r31;
	selp.u32 %r31, 256, 0, %p11;
	or.b32 %r30, %r30, %r31;
	selp.u32 %r31, 512, 0, %p12;
	or.b32 %r30, %r30, %r31;
	selp.u32 %r31, 1024, 0, %p13;
	or.b32 %r30, %r30, %r31;
	selp.u32 %r31, 2048, 0, %p14;
	or.b32 %r30, %r30, %r31;
	mul.wide.u32 %rd2, %r8, 32;
	add.s64 %rd3, %rd1, %rd2;
	st.global.u32 [%rd3], %r21;
	st.global.u32 [%rd3+4], %r22;
	st.global.u32 [%rd3+8], %r23;
	st.global.u32 [%rd3+12], %r25;
	st.global.u32 [%rd3+16], %r26;
	st.global.u32 [%rd3+20], %r27;
	st.global.u32 [%rd3+24], %r28;
	st.global.u32 [%rd3+28], %r30;
	ret;
}`
	const n = 64
	mem := NewMemory(0)
	out, _ := mem.Alloc(32 * n)
	require.NoError(t, launch(t, src, "modes", [3]uint32{1, 1, 1}, [3]uint32{n, 1, 1}, mem, out))
	got := u32s(t, mem, out, 8*n)
	val := func(lin int) uint32 { return uint32(10*lin + 1) }
	for lin := 0; lin < n; lin++ {
		lane, first := lin%32, lin&^31
		r := got[8*lin : 8*lin+8]
		flag := func(bit int) bool { return r[7]&(1<<bit) != 0 }
		// up 1, clamp 0: lane 0 keeps its own value.
		if lane == 0 {
			assert.Equal(t, val(lin), r[0], "up, thread %d", lin)
			assert.False(t, flag(0), "up's p, thread %d", lin)
		} else {
			assert.Equal(t, val(lin-1), r[0], "up, thread %d", lin)
			assert.True(t, flag(0), "up's p, thread %d", lin)
		}
		// down 2, clamp 31: lanes 30 and 31 keep theirs.
		if lane >= 30 {
			assert.Equal(t, val(lin), r[1], "down, thread %d", lin)
			assert.False(t, flag(1), "down's p, thread %d", lin)
		} else {
			assert.Equal(t, val(lin+2), r[1], "down, thread %d", lin)
			assert.True(t, flag(1), "down's p, thread %d", lin)
		}
		assert.Equal(t, val(first+lane^5), r[2], "bfly 5, thread %d", lin)
		// idx lane+1 in segments of 8: wraps within the segment.
		assert.Equal(t, val(first+lane&^7|(lane+1)&7), r[3], "segmented idx, thread %d", lin)
		assert.True(t, flag(2), "segmented idx's p, thread %d", lin)
		// down 1 in segments of 8: the last lane of a segment keeps its own.
		if lane%8 == 7 {
			assert.Equal(t, val(lin), r[4], "segmented down, thread %d", lin)
			assert.False(t, flag(3), "segmented down's p, thread %d", lin)
		} else {
			assert.Equal(t, val(lin+1), r[4], "segmented down, thread %d", lin)
			assert.True(t, flag(3), "segmented down's p, thread %d", lin)
		}
		// idx 40 (lane 8, from b's low 5 bits), clamp 5: out of range.
		assert.Equal(t, val(lin), r[5], "clamped idx, thread %d", lin)
		assert.False(t, flag(4), "clamped idx's p, thread %d", lin)
		// lin < 40: all of warp 0, lanes 0..7 of warp 1.
		warp0 := lin < 32
		assert.Equal(t, warp0, flag(5), "all, thread %d", lin)
		assert.True(t, flag(6), "any, thread %d", lin)
		assert.Equal(t, warp0, flag(7), "uni, thread %d", lin)
		assert.False(t, flag(8), "all of false, thread %d", lin)
		assert.False(t, flag(9), "any of false, thread %d", lin)
		assert.True(t, flag(10), "uni of false, thread %d", lin)
		assert.True(t, flag(11), "all of a negated false, thread %d", lin)
		want := uint32(0)
		if !warp0 {
			want = 0xffffff00
		}
		assert.Equal(t, want, r[6], "ballot of a negated predicate, thread %d", lin)
	}
}

// Warp instructions at different places of the code meet when they have
// the same qualifiers and membermask (sm_70 and later): even lanes shuffle
// one register, odd lanes another, each from its xor-1 neighbour; then a
// loop of butterfly steps sums the lanes' ids.
func TestShuffleDivergentAndLoop(t *testing.T) {
	src := `
.visible .entry div(.param .u64 out)
{
	.reg .pred %p<4>;
	.reg .b32 %r<40>;
	.reg .b64 %rd<8>;
	ld.param.u64 %rd1, [out];
` + linearPrologue + `
	xor.b32 %r18, %r11, 1;
	mul.lo.s32 %r19, %r8, 2;
	and.b32 %r20, %r11, 1;
	setp.ne.u32 %p1, %r20, 0;
	@%p1 bra $ODD;
	shfl.sync.idx.b32 %r21, %r8, %r18, 31, %r17;
	bra.uni $JOIN;
$ODD:
	shfl.sync.idx.b32 %r21, %r19, %r18, 31, %r17;
$JOIN:
	mov.u32 %r22, %r8;
	mov.u32 %r23, 16;
$LOOP:
	shfl.sync.bfly.b32 %r24, %r22, %r23, 31, -1;
	add.s32 %r22, %r22, %r24;
	shr.u32 %r23, %r23, 1;
	setp.ne.u32 %p2, %r23, 0;
	@%p2 bra $LOOP;
	mul.wide.u32 %rd2, %r8, 8;
	add.s64 %rd3, %rd1, %rd2;
	st.global.u32 [%rd3], %r21;
	st.global.u32 [%rd3+4], %r22;
	ret;
}`
	const n = 64
	mem := NewMemory(0)
	out, _ := mem.Alloc(8 * n)
	require.NoError(t, launch(t, src, "div", [3]uint32{1, 1, 1}, [3]uint32{n, 1, 1}, mem, out))
	got := u32s(t, mem, out, 2*n)
	for lin := 0; lin < n; lin++ {
		other := lin ^ 1
		want := uint32(other) // an even neighbour gives lin
		if other%2 == 1 {
			want = uint32(2 * other) // an odd one gives 2*lin
		}
		assert.Equal(t, want, got[2*lin], "thread %d", lin)
		first := lin &^ 31
		assert.Equal(t, uint32(32*first+31*32/2), got[2*lin+1], "warp sum, thread %d", lin)
	}
}

// Exited lanes are absent: they do not hold the others up, a shuffle reads
// poison from them and the ballot counts them out. So are the lanes past
// the end of a partial warp under a full membermask.
func TestWarpExitedLanes(t *testing.T) {
	src := `
.visible .entry ex(.param .u64 out, .param .u32 live)
{
	.reg .pred %p<4>;
	.reg .b32 %r<32>;
	.reg .b64 %rd<8>;
	ld.param.u64 %rd1, [out];
	ld.param.u32 %r30, [live];
` + linearPrologue + `
	setp.ge.u32 %p1, %r11, %r30;
	@%p1 bra $DONE;
	add.s32 %r18, %r11, 4;
	mad.lo.s32 %r20, %r8, 7, 3;
	shfl.sync.idx.b32 %r21, %r20, %r18, 31, -1;
	setp.eq.u32 %p2, 0, 0;
	vote.sync.ballot.b32 %r22, %p2, -1;
	mul.wide.u32 %rd2, %r8, 8;
	add.s64 %rd3, %rd1, %rd2;
	st.global.u32 [%rd3], %r21;
	st.global.u32 [%rd3+4], %r22;
$DONE:
	ret;
}`
	for _, c := range []struct {
		n, live int
	}{{32, 24}, {40, 32}, {64, 32}} {
		t.Run(fmt.Sprintf("block %d, lanes below %d", c.n, c.live), func(t *testing.T) {
			mem := NewMemory(0)
			out, _ := mem.Alloc(8 * c.n)
			require.NoError(t, launch(t, src, "ex", [3]uint32{1, 1, 1}, [3]uint32{uint32(c.n), 1, 1}, mem, out, uint64(c.live)))
			got := u32s(t, mem, out, 2*c.n)
			for lin := 0; lin < c.n; lin++ {
				first := lin &^ 31
				lanes := min(c.live, c.n-first) // the lanes of its warp that take part
				if lin-first >= lanes {
					continue
				}
				want := uint32(poison32)
				if src := (lin - first + 4) % 32; src < lanes { // b's low 5 bits
					want = uint32(7*(first+src) + 3)
				}
				assert.Equal(t, want, got[2*lin], "shuffle, thread %d", lin)
				assert.Equal(t, uint32(1<<lanes-1), got[2*lin+1], "ballot, thread %d", lin)
			}
		})
	}
}

// What a GPU leaves undefined (and may hang on) is a fault, never a hang.
func TestWarpFaults(t *testing.T) {
	for _, c := range []struct {
		name, body string
		tid        uint32 // the faulting thread's tid.x
		detail     string
	}{
		{"not in its own membermask", `
	shfl.sync.idx.b32 %r2, %r1, 0, 31, 0xfffffffe;`, 0, "lane 0 is not in its membermask 0xfffffffe"},
		{"a lane at a barrier", `
	setp.lt.u32 %p1, %r1, 16;
	@%p1 bra $BAR;
	vote.sync.ballot.b32 %r2, %p1, -1;
	bra.uni $END;
$BAR:
	bar.sync 0;
$END:`, 16, "names lane 0, which waits at a barrier"},
		{"another membermask", `
	mov.u32 %r3, -1;
	setp.lt.u32 %p1, %r1, 16;
	@%p1 mov.u32 %r3, 0xffff;
	shfl.sync.idx.b32 %r2, %r1, 0, 31, %r3;`, 16, "names lane 0, which waits at shfl.sync.idx.b32 with membermask 0xffff"},
		{"other qualifiers", `
	setp.lt.u32 %p1, %r1, 16;
	@%p1 bra $A;
	shfl.sync.bfly.b32 %r2, %r1, 1, 31, -1;
	bra.uni $END;
$A:
	shfl.sync.idx.b32 %r2, %r1, 1, 31, -1;
$END:`, 0, "names lane 16, which waits at shfl.sync.bfly.b32"},
		{"a lane that never arrives", `
	setp.lt.u32 %p1, %r1, 31;
	@%p1 bra $END;
$SPIN:
	bar.sync 0;
	bra.uni $SPIN;
$END:
	vote.sync.ballot.b32 %r2, %p1, -1;`, 0, "names lane 31, which waits at a barrier"},
	} {
		t.Run(c.name, func(t *testing.T) {
			src := `
.visible .entry f(.param .u64 out)
{
	.reg .pred %p<2>;
	.reg .b32 %r<4>;
	mov.u32 %r1, %tid.x;` + c.body + `
	ret;
}`
			err := launch(t, src, "f", [3]uint32{1, 1, 1}, [3]uint32{32, 1, 1}, NewMemory(0), 0)
			f := FaultOf(err)
			require.NotNil(t, f, "%v", err)
			assert.Equal(t, FaultIllegalInstruction, f.Kind, "%v", err)
			assert.Equal(t, [3]uint32{c.tid, 0, 0}, f.Tid, "%v", err)
			assert.Contains(t, f.Detail, c.detail)
		})
	}
}

// Only the .sync forms with PTX's operands are accepted.
func TestWarpParseErrors(t *testing.T) {
	for _, inst := range []string{
		"shfl.idx.b32 %r2, %r1, 0, 31",
		"shfl.sync.idx.b32 %r2, %r1, 0, 31",
		"shfl.sync.xor.b32 %r2, %r1, 0, 31, -1",
		"shfl.sync.idx.b64 %rd1, %rd1, 0, 31, -1",
		"vote.ballot.b32 %r2, %p1",
		"vote.sync.ballot.b32 %r2, %r1, -1",
		"vote.sync.all.pred %r2, %p1, -1",
		"vote.sync.ballot.pred %p1, %p1, -1",
	} {
		_, err := Parse(header + `
.visible .entry e()
{
	.reg .pred %p<2>;
	.reg .b32 %r<4>;
	.reg .b64 %rd<2>;
	` + inst + `;
	ret;
}`)
		assert.Error(t, err, inst)
	}
}
