package native

import (
	"github.com/kago-dev/kago/ka/driver"
)

// Blocks of groups. A kernel whose work-items see the same values in any
// group shape (driver.KernelSpec.GroupBlocks: no barrier, local memory or
// collective, no id relative to the group) runs many of the launch's
// groups per call of its group function: a block of them side by side in
// dimension 0, which the group function takes for one wide group. Its x
// loop then runs over the block, not a group of 256, so a saxpy's inner
// loop is as long as a plain Go loop's chunk and the per-call work (the
// call, the group's bounds, the stop check between calls) is paid once per
// block. A panic is located in the launch's own groups (locateBlock), so
// the error names the group as it would without blocks.

// blockItems is about how many work-items a block holds: enough that the
// per-call work is a few percent of a memory-bound body, few enough that
// the stop flag, checked between calls, is seen within microseconds.
const blockItems = 8192

// blockOf returns how many of the launch's groups of shape g a block puts
// side by side in dimension 0 for a range r on procs goroutines: about
// blockItems work-items, no more groups than the dimension has, and at
// least 4 blocks per goroutine where the range has that many groups, so
// that the load still balances.
func blockOf(r, g driver.NDRange, procs int) int {
	ng, groups := groupCounts(r, g)
	k := max(1, blockItems/g.Total())
	k = min(k, ng[0], max(1, groups/(4*procs)))
	return k
}

// locateBlock records the failure of call gi of the group function, which
// panicked with p, in the launch's own groups: those of block gi, found
// again a work-item at a time (locate).
func (l *groupLaunch) locateBlock(gi int, p any) {
	g := l.g
	g.Size[0] /= l.block
	ng, _ := groupCounts(l.r, g)
	id := [3]int{gi % l.ng[0], gi / l.ng[0] % l.ng[1], gi / (l.ng[0] * l.ng[1])}
	first := id[0] * l.block
	last := min(first+l.block, ng[0]) - 1
	row := ng[0] * (id[1] + ng[1]*id[2])
	l.locate(g, ng, row+first, row+last, p)
}
