package kernel

import (
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestNextGroup: stepping through the groups is SetGroup of each linear
// index in turn.
func TestNextGroup(t *testing.T) {
	g := &WorkGroup{Count: [3]int{3, 2, 4}}
	want := &WorkGroup{Count: g.Count}
	g.SetGroup(0)
	for i := range 3 * 2 * 4 {
		want.SetGroup(i)
		require.Equal(t, want.ID, g.ID, "group %d", i)
		require.Equal(t, i, g.Linear)
		g.NextGroup()
	}
}

// TestScratch: local arrays are zeroed per call, private arrays have one
// element per work-item, and both reuse their memory.
func TestScratch(t *testing.T) {
	g := &WorkGroup{Items: 8}
	l := GroupLocal[int32](g, 1, 4)
	require.Len(t, l, 4)
	l[0] = 7
	l2 := GroupLocal[int32](g, 1, 4)
	assert.Equal(t, []int32{0, 0, 0, 0}, l2)
	assert.Same(t, &l[0], &l2[0], "memory reused")
	p := GroupPrivate[float64](g, 0)
	assert.Len(t, p, 8)
	p[7] = 1
	assert.Same(t, &p[0], &GroupPrivate[float64](g, 0)[0])
	assert.Len(t, GroupPrivate[uint8](g, 0), 8, "another type in the same slot")
}

// StripEnd ends a strip StripTurns turns on, or at the bound when fewer
// are left, for every integer width, near the types' limits too.
func TestStripEnd(t *testing.T) {
	assert.Equal(t, 1024, StripEnd(0, 5000))
	assert.Equal(t, 5000, StripEnd(4000, 5000))
	assert.Equal(t, 3, StripEnd(7, 3), "an empty loop keeps its bound")
	assert.Equal(t, -1000, StripEnd(-2024, 0))
	assert.Equal(t, int64(math.MinInt64+1024), StripEnd(int64(math.MinInt64), math.MaxInt64), "the signed difference overflows")
	assert.Equal(t, int64(math.MaxInt64), StripEnd(int64(math.MaxInt64-10), math.MaxInt64))
	assert.Equal(t, uint32(1<<32-1), StripEnd(uint32(1<<32-100), 1<<32-1))
	assert.Equal(t, uint64(1024), StripEnd(uint64(0), math.MaxUint64))
	assert.Equal(t, int8(127), StripEnd(int8(-128), 127), "8 bits never span a strip")
	assert.Equal(t, uint16(2024), StripEnd(uint16(1000), 60000))
}
