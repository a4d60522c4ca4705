package native

import (
	"runtime"
	"sync/atomic"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kago-dev/kago/ka/driver"
	"github.com/kago-dev/kago/ka/kernel"
)

// TestExecuteBlocks runs a group function that takes blocks of groups
// over a 3-D range that is not a multiple of the group size: every
// work-item inside the range is run once, by a call whose size is a whole
// number of groups; a panic names the work-item and its own group, or,
// when it does not happen again, the first group of its block.
func TestExecuteBlocks(t *testing.T) {
	r := driver.NDRange{Size: [3]int{1000, 3, 2}}
	g := driver.NDRange{Size: [3]int{8, 1, 1}}
	k := blockOf(r, g, runtime.GOMAXPROCS(0))
	require.Greater(t, k, 1, "this range has room for blocks")
	var seen [1000 * 3 * 2]atomic.Int32
	fn := &function{name: "blocks", blocks: true}
	body := bound{group: func(wg *kernel.WorkGroup) {
		assert.Equal(t, [3]int{8 * k, 1, 1}, wg.Size)
		assert.Equal(t, r.Size, wg.GlobalSize)
		for x := wg.ID[0] * wg.Size[0]; x < min((wg.ID[0]+1)*wg.Size[0], r.Size[0]); x++ {
			seen[x+1000*(wg.ID[1]+3*wg.ID[2])].Add(1)
		}
	}}
	require.NoError(t, execute(fn, body, r, g))
	for i := range seen {
		require.Equal(t, int32(1), seen[i].Load(), "work-item %d", i)
	}

	bad := [3]int{537, 1, 1}
	body = bound{
		group: func(wg *kernel.WorkGroup) {
			if wg.ID[1] == bad[1] && wg.ID[2] == bad[2] && wg.ID[0]*wg.Size[0] <= bad[0] && bad[0] < (wg.ID[0]+1)*wg.Size[0] {
				panic("in the block")
			}
		},
		item: func(it kernel.Item) {
			if it.WorkItem().GlobalID == bad {
				panic("work-item 537")
			}
		},
	}
	err := execute(fn, body, r, g)
	require.ErrorIs(t, err, driver.ErrDevice)
	var kerr *driver.KernelError
	require.ErrorAs(t, err, &kerr)
	assert.Contains(t, err.Error(), "work-item 537")
	assert.Equal(t, bad, kerr.GlobalID)
	assert.Equal(t, [3]int{537 / 8, 1, 1}, kerr.GroupID, "the work-item's own group, not its block")

	body.item = func(kernel.Item) {}
	err = execute(fn, body, r, g)
	require.ErrorAs(t, err, &kerr)
	assert.Contains(t, err.Error(), "in the block")
	assert.Equal(t, [3]int{537 / (8 * k) * k, 1, 1}, kerr.GroupID, "the first group of the block")
}

// TestBlockOf checks the block sizes: about blockItems work-items, never
// more groups than dimension 0 has, and enough blocks to share out.
func TestBlockOf(t *testing.T) {
	for _, c := range []struct {
		r, g     [3]int
		procs, k int
	}{
		{[3]int{1 << 20, 1, 1}, [3]int{256, 1, 1}, 2, 32},    // 4096 groups: 8192 items a block
		{[3]int{1 << 16, 1, 1}, [3]int{256, 1, 1}, 16, 4},    // 256 groups on 16 goroutines: 4 blocks each
		{[3]int{100, 1, 1}, [3]int{256, 1, 1}, 2, 1},         // one group
		{[3]int{64, 4096, 1}, [3]int{16, 16, 1}, 2, 4},       // only 4 groups across
		{[3]int{1 << 20, 1, 1}, [3]int{1 << 14, 1, 1}, 2, 1}, // groups larger than a block
	} {
		got := blockOf(driver.NDRange{Size: c.r}, driver.NDRange{Size: c.g}, c.procs)
		assert.Equal(t, c.k, got, "range %v, groups %v, %d goroutines", c.r, c.g, c.procs)
	}
}
