package driver

import (
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
