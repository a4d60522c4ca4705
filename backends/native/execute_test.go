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

// TestExecuteGroups runs a group function over a 3-D range that is not a
// multiple of the group size: every group runs once, with its ids and
// sizes, and, warm, a launch allocates nothing and starts no goroutine.
func TestExecuteGroups(t *testing.T) {
	r := driver.NDRange{Size: [3]int{37, 5, 3}}
	g := driver.NDRange{Size: [3]int{8, 2, 1}}
	var seen [5 * 3 * 3]atomic.Int32
	var items atomic.Int64
	fn := &function{name: "test"}
	body := bound{group: func(wg *kernel.WorkGroup) {
		assert.Equal(t, g.Size, wg.Size)
		assert.Equal(t, [3]int{5, 3, 3}, wg.Count)
		assert.Equal(t, r.Size, wg.GlobalSize)
		assert.Equal(t, wg.Linear, wg.ID[0]+5*(wg.ID[1]+3*wg.ID[2]))
		seen[wg.Linear].Add(1)
		items.Add(int64(wg.Items))
		local := kernel.GroupLocal[int32](wg, 0, 16)
		assert.Equal(t, make([]int32, 16), local, "local memory starts zeroed")
		local[0] = 1
		kernel.GroupPrivate[float64](wg, 0)[wg.Items-1] = 1
	}}
	require.NoError(t, execute(fn, body, r, g))
	for i := range seen {
		assert.Equal(t, int32(1), seen[i].Load(), "group %d", i)
	}
	assert.Equal(t, int64(len(seen)*16), items.Load())

	quiet := bound{group: func(wg *kernel.WorkGroup) {
		kernel.GroupLocal[int32](wg, 0, 16)[0] = 1
		kernel.GroupPrivate[float64](wg, 0)[0] = 1
	}}
	require.NoError(t, execute(fn, quiet, r, g)) // warm the pool
	goroutines := runtime.NumGoroutine()
	allocs := testing.AllocsPerRun(100, func() { _ = execute(fn, quiet, r, g) })
	if !raceEnabled {
		assert.Zero(t, allocs, "allocations per launch")
	}
	assert.LessOrEqual(t, runtime.NumGoroutine(), goroutines, "goroutines after launches")
}

// TestExecuteGroupsPanic: a panic in a group function is the launch's
// error, naming a work-item found by running the group again a work-item
// at a time.
func TestExecuteGroupsPanic(t *testing.T) {
	r := driver.NDRange{Size: [3]int{64, 1, 1}}
	g := driver.NDRange{Size: [3]int{16, 1, 1}}
	fn := &function{name: "boom"}
	body := bound{
		group: func(wg *kernel.WorkGroup) {
			if wg.Linear == 2 {
				panic("group 2")
			}
		},
		item: func(it kernel.Item) {
			if w := it.WorkItem(); w.GlobalID[0] == 37 {
				panic("work-item 37")
			}
		},
	}
	err := execute(fn, body, r, g)
	require.ErrorIs(t, err, driver.ErrDevice)
	assert.Contains(t, err.Error(), "work-item 37")
	var kerr *driver.KernelError
	require.ErrorAs(t, err, &kerr)
	assert.Equal(t, [3]int{37, 0, 0}, kerr.GlobalID)

	// A panic that does not happen again names the group.
	body.item = func(kernel.Item) {}
	err = execute(fn, body, r, g)
	require.ErrorIs(t, err, driver.ErrDevice)
	assert.Contains(t, err.Error(), "group 2")
	require.ErrorAs(t, err, &kerr)
	assert.Equal(t, [3]int{2, 0, 0}, kerr.GroupID)
}
