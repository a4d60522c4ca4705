package ka

import "github.com/kago-dev/kago/ka/kernel"

// Item is a work-item's view of a launch, the first parameter of every
// kernel. Its methods are the kernel's way to ask where it is; in compiled
// kernels each becomes a device instruction (docs/ir.md), and on the native
// backend it reads the state the backend keeps for the work-item.
// Dimensions d are 0, 1 or 2; a dimension the launch does not have has size
// 1 and index 0.
//
// Methods have value receivers on purpose: the compiler sees a plain value
// parameter, not an allocation.
//
// Item is defined on kernel.Item, the representation the native backend
// and generated code convert to and from; it has only the methods below.
type Item kernel.Item

// w is the state behind it.
func (it Item) w() *kernel.WorkItem { return kernel.Item(it).WorkItem() }

// Global is the linear global index: GlobalID(0) + GlobalSize(0) *
// (GlobalID(1) + GlobalSize(1) * GlobalID(2)). For a 1-D launch it is
// GlobalID(0); over ka.Range2(rows, cols) it is row*cols + col, the
// row-major index.
func (it Item) Global() int { return it.w().Global }

// Local is the linear index within the group, like Global for LocalID and
// GroupSize.
func (it Item) Local() int { return it.w().Local }

// Group is the linear index of the group, like Global for GroupID and
// NumGroups.
func (it Item) Group() int { return it.w().Group }

// GlobalID is the work-item's index in dimension d of the range.
func (it Item) GlobalID(d int) int { return it.w().GlobalID[d] }

// LocalID is the work-item's index in dimension d of its group.
func (it Item) LocalID(d int) int { return it.w().LocalID[d] }

// GroupID is the index of the work-item's group in dimension d.
func (it Item) GroupID(d int) int { return it.w().GroupID[d] }

// GroupSize is the launch's group size in dimension d (the kernel's
// WithGroupSize option). It is the same in every group, also in a partial last
// group.
func (it Item) GroupSize(d int) int { return it.w().GroupSize[d] }

// NumGroups is the number of groups in dimension d: GlobalSize(d) divided by
// GroupSize(d), rounded up.
func (it Item) NumGroups(d int) int { return it.w().NumGroups[d] }

// GlobalSize is the size of the launched range in dimension d, as the user
// gave it (not rounded up to whole groups). Only a kernel with barriers
// runs work-items with GlobalID(d) >= GlobalSize(d), in the last group of a
// range that is not a multiple of the group size: guard it with InRange
// (docs/kernel-language.md, "Ranges and groups").
func (it Item) GlobalSize(d int) int { return it.w().GlobalSize[d] }

// Barrier waits until every work-item of the group has reached it, and makes
// the group's writes to local and global memory before it visible to the
// group after it. Every work-item of a group must reach the same Barrier
// calls (as in OpenCL and CUDA).
func (it Item) Barrier() { it.w().Barrier() }

// InRange reports whether the work-item is inside the launched range:
// GlobalID(d) < GlobalSize(d) in every dimension. Only kernels with
// barriers (or ka.LocalArray) need it: they run whole groups, so in the
// last group of a range that is not a multiple of the group size,
// work-items past the range run too and must still reach the barriers. A
// kernel without barriers never runs outside its range, and InRange is
// then always true (docs/kernel-language.md, "Ranges and groups").
func (it Item) InRange() bool {
	w := it.w()
	return w.GlobalID[0] < w.GlobalSize[0] && w.GlobalID[1] < w.GlobalSize[1] && w.GlobalID[2] < w.GlobalSize[2]
}
