package ka

import "github.com/kago-dev/kago/ka/driver"

// This file picks a launch's group shape when the kernel was loaded
// without WithGroupSize. The shape walks memory in order: dimension 0, the
// column of a ka.Range2(rows, cols), gets the most work-items, so that a
// group's neighbouring work-items touch neighbouring elements of a
// row-major Matrix.

// groupItems is the number of work-items a default group aims at: a
// multiple of every GPU's warp or wavefront, and enough work per group on a
// CPU device to pay for the group's overhead.
const groupItems = 256

// rowItems is how many of a default group's work-items lie along dimension
// 0 on a device of kind k. A GPU gets one warp's worth (32 work-items:
// 128 contiguous bytes of float32 per warp, a full coalesced transaction)
// and spends the rest on dimension 1, which keeps a 2-D stencil's group
// square enough to reuse its neighbours' rows from cache; a CPU device
// (PoCL vectorizes and loops along dimension 0, the native backend runs it
// as the innermost loop) gets the whole group along the row.
func rowItems(k driver.Kind) int {
	if k == driver.GPU {
		return 32
	}
	return groupItems
}

// defaultGroup returns the group shape for a launch over r on a device of
// kind k with capabilities caps: dimension 0 takes up to rowItems(k)
// work-items (all of groupItems in 1-D), each next dimension as many as still fit in groupItems,
// each capped by the range (a range narrower than a row gives its
// work-items to the next dimension) and by the device's limits.
func defaultGroup(r NDRange, k driver.Kind, caps driver.Capabilities) NDRange {
	g := NDRange{Dims: r.Dims, Size: [3]int{1, 1, 1}}
	budget := groupItems
	if caps.MaxGroupSize > 0 {
		budget = min(budget, caps.MaxGroupSize)
	}
	for d := range r.Dims {
		n := budget
		if d == 0 && r.Dims > 1 {
			n = min(n, rowItems(k))
		}
		n = min(n, max(r.Size[d], 1))
		if m := caps.MaxGroupDims[d]; m > 0 {
			n = min(n, m)
		}
		g.Size[d] = n
		budget /= n
	}
	return g
}
