package kernel

// This file is the native side of the work-group collectives (ka.GroupSum
// and the others, ka/collective.go), in the order that compiled kernels
// use (docs/kernel-language.md, "Group collectives"), written once
// (treeSteps, scanSteps) for the two ways the native backend runs them:
//
//   - a goroutine per work-item (GroupReduce, GroupScan, GroupBroadcast):
//     the work-items of a group hand their values to the group, the first
//     one combines them, and every work-item takes its result;
//   - group functions (codegen/groupfn): a work-item loop stores the
//     values in a slice, the group combines it once (ReduceSum, ScanSum,
//     Broadcast, ...), and the next loop reads the result.

import (
	"fmt"
	"iter"
)

// MaxCollectiveGroup is the largest work-group, in work-items, that the
// collectives handle: compiled kernels keep one element per work-item in a
// local array of this length.
const MaxCollectiveGroup = 1024

// collective is a group's scratch space for the collectives of one
// element type: the work-items' values and their results.
type collective[T any] struct{ vals, out []T }

// groupCollective returns g's scratch space for T, sized for its group.
func groupCollective[T any](g *Group) *collective[T] {
	if g == nil {
		panic("ka: a group collective called in a kernel registered without Barrier (the native backend ran its work-items one after the other); regenerate the kernel's code")
	}
	if g.n > MaxCollectiveGroup {
		panic(fmt.Sprintf("ka: group collectives need groups of at most %d work-items, not %d", MaxCollectiveGroup, g.n))
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	for _, c := range g.colls {
		if c, ok := c.(*collective[T]); ok {
			if len(c.vals) != g.n {
				c.vals, c.out = make([]T, g.n), make([]T, g.n)
			}
			return c
		}
	}
	c := &collective[T]{vals: make([]T, g.n), out: make([]T, g.n)}
	g.colls = append(g.colls, c)
	return c
}

// collect runs a collective for w: every work-item stores v, the first
// combines them all with combine (which fills c.out), and each work-item
// returns its element of c.out. Two barriers: one after the stores, one
// after combine; the next collective's stores come after the second, and
// its combine after its own first barrier, when every work-item has read
// this one's result.
func collect[T any](w *WorkItem, v T, combine func(c *collective[T])) T {
	c := groupCollective[T](w.Shared)
	c.vals[w.Local] = v
	w.Barrier()
	if w.Local == 0 {
		combine(c)
	}
	w.Barrier()
	return c.out[w.Local]
}

// treeSteps yields the steps of the reductions' order over n values:
// with P the smallest power of two >= n, for s = P/2, P/4, ..., 1, the
// m = min(s, n-s) elements i < m each combine with element i+s, as
// a[i] = op(a[i], a[i+s]). Every reduction here (TreeReduce and the
// Reduce functions) takes its order from it.
func treeSteps(n int) iter.Seq2[int, int] {
	return func(yield func(s, m int) bool) {
		p := 1
		for p < n {
			p *= 2
		}
		for s := p / 2; s >= 1; s /= 2 {
			if !yield(s, min(s, n-s)) {
				return
			}
		}
	}
}

// scanSteps yields the steps of the scans' order (Hillis–Steele) over n
// values: d = 1, 2, 4, ... < n; at step d every element i >= d becomes
// op(a[i-d], a[i]) of the previous step's values (done in place from the
// top down). Every scan here takes its order from it.
func scanSteps(n int) iter.Seq[int] {
	return func(yield func(d int) bool) {
		for d := 1; d < n; d *= 2 {
			if !yield(d) {
				return
			}
		}
	}
}

// TreeReduce combines a in the order of the compiled collectives: with P
// the smallest power of two >= len(a), for s = P/2, P/4, ..., 1, element
// i < s combines with element i+s when that exists: a[i] = op(a[i],
// a[i+s]). It returns a[0] and overwrites a.
func TreeReduce[T any](a []T, op func(x, y T) T) T {
	for s, m := range treeSteps(len(a)) {
		for i := range m {
			a[i] = op(a[i], a[i+s])
		}
	}
	return a[0]
}

// HillisSteeleScan is the inclusive scan of a in the order of the
// compiled collectives: for d = 1, 2, 4, ... < len(a), every element i >=
// d becomes op(a[i-d], a[i]) of the previous step's values. It works in
// place.
func HillisSteeleScan[T any](a []T, op func(x, y T) T) {
	for d := range scanSteps(len(a)) {
		for i := len(a) - 1; i >= d; i-- {
			a[i] = op(a[i-d], a[i])
		}
	}
}

// shiftUp turns an inclusive scan into the exclusive one: a moves up by
// one, identity first.
func shiftUp[T any](a []T, identity T) {
	copy(a[1:], a)
	a[0] = identity
}

// number is the element types of the Reduce and Scan functions: those of
// ka.Number.
type number interface {
	~int | ~int8 | ~int16 | ~int32 | ~int64 | ~uint | ~uint8 | ~uint16 | ~uint32 | ~uint64 | ~float32 | ~float64
}

// The Reduce and Scan functions are the collectives over a slice that
// holds one value per work-item, a[i] that of the work-item with linear
// local id i: group functions (codegen/groupfn) store the values in one
// work-item loop, call one of these once per group, and read the result
// in the next loop. They combine in exactly the order of TreeReduce and
// HillisSteeleScan, with the operation written out (x + y, Go's min and
// max, with the operands in the same places) instead of called through a
// function value, which costs about three times as much per element. The
// Reduce functions overwrite a; a must not be empty.

// ReduceSum returns the sum of a in the tree order (ka.GroupSum).
func ReduceSum[T number](a []T) T {
	for s, m := range treeSteps(len(a)) {
		x, y := a[:m], a[s:s+m]
		for i := range x {
			x[i] = x[i] + y[i]
		}
	}
	return a[0]
}

// ReduceMin returns the least element of a, by Go's min, in the tree order
// (ka.GroupMin).
func ReduceMin[T number](a []T) T {
	for s, m := range treeSteps(len(a)) {
		x, y := a[:m], a[s:s+m]
		for i := range x {
			x[i] = min(x[i], y[i])
		}
	}
	return a[0]
}

// ReduceMax returns the greatest element of a, by Go's max, in the tree
// order (ka.GroupMax).
func ReduceMax[T number](a []T) T {
	for s, m := range treeSteps(len(a)) {
		x, y := a[:m], a[s:s+m]
		for i := range x {
			x[i] = max(x[i], y[i])
		}
	}
	return a[0]
}

// ReduceAll reports whether every element of a is true (ka.GroupAll).
func ReduceAll(a []bool) bool { return TreeReduce(a, and) }

// ReduceAny reports whether some element of a is true (ka.GroupAny).
func ReduceAny(a []bool) bool { return TreeReduce(a, or) }

func and(x, y bool) bool { return x && y }
func or(x, y bool) bool  { return x || y }

// ScanSum turns a into its inclusive prefix sums in the Hillis–Steele
// order (ka.GroupInclusiveSum), or the exclusive ones, 0 first
// (ka.GroupExclusiveSum).
func ScanSum[T number](a []T, exclusive bool) {
	for d := range scanSteps(len(a)) {
		for i := len(a) - 1; i >= d; i-- {
			a[i] = a[i-d] + a[i]
		}
	}
	if exclusive {
		shiftUp(a, 0)
	}
}

// ScanMin turns a into its inclusive prefix minima (ka.GroupInclusiveMin),
// or the exclusive ones with identity first (ka.GroupExclusiveMin passes
// ka.MaxOf[T]()).
func ScanMin[T number](a []T, exclusive bool, identity T) {
	for d := range scanSteps(len(a)) {
		for i := len(a) - 1; i >= d; i-- {
			a[i] = min(a[i-d], a[i])
		}
	}
	if exclusive {
		shiftUp(a, identity)
	}
}

// ScanMax turns a into its inclusive prefix maxima (ka.GroupInclusiveMax),
// or the exclusive ones with identity first (ka.GroupExclusiveMax passes
// ka.MinOf[T]()).
func ScanMax[T number](a []T, exclusive bool, identity T) {
	for d := range scanSteps(len(a)) {
		for i := len(a) - 1; i >= d; i-- {
			a[i] = max(a[i-d], a[i])
		}
	}
	if exclusive {
		shiftUp(a, identity)
	}
}

// BroadcastFault is the message of ka.GroupBroadcast from a work-item
// outside the group, a fmt format of from and the group's size in
// work-items: that of the native backend's check and of the compiled one
// (codegen/asserts.go), so that the driver.KernelError reads the same on every
// backend.
const BroadcastFault = "GroupBroadcast from work-item %d of a group of %d"

// IndexFault is a failure that the collectives raise in a kernel that
// runs as Go code where compiled kernels check at a fault site of kind
// driver.FaultIndex with the same message (ka.GroupBroadcast from outside
// the group: BroadcastFault), so that the driver.KernelError is the same
// on every backend: driver.ClassifyPanic reports it as a FaultIndex with
// its message. (It carries no FaultKind because package driver, which
// declares FaultKind, imports this package.)
type IndexFault struct{ Message string }

// Error returns the message.
func (f IndexFault) Error() string { return f.Message }

// checkBroadcast panics with the IndexFault of ka.GroupBroadcast when
// from is not a work-item of a group of n.
func checkBroadcast(from, n int) {
	if from < 0 || from >= n {
		panic(IndexFault{fmt.Sprintf(BroadcastFault, from, n)})
	}
}

// Broadcast returns a[from[0]] (ka.GroupBroadcast), and panics as the
// collective does when some from is not a work-item of the group, as
// every work-item checks its own on devices: from holds the from of every
// work-item, by linear local id, or one value when the kernel's from is
// the same expression in every work-item. from must not be empty.
func Broadcast[T any](a []T, from ...int) T {
	for _, f := range from {
		checkBroadcast(f, len(a))
	}
	return a[from[0]]
}

// GroupReduce implements ka.GroupSum, GroupMin, GroupMax, GroupAll and
// GroupAny: the TreeReduce of the group's values, by local linear id.
func GroupReduce[T any](w *WorkItem, v T, op func(x, y T) T) T {
	return collect(w, v, func(c *collective[T]) {
		tmp := c.out
		copy(tmp, c.vals)
		r := TreeReduce(tmp, op)
		for i := range c.out {
			c.out[i] = r
		}
	})
}

// GroupScan implements the inclusive and exclusive group scans: the
// HillisSteeleScan of the group's values, by local linear id; the
// exclusive scan is the inclusive one moved up by one, with identity
// first.
func GroupScan[T any](w *WorkItem, v T, op func(x, y T) T, exclusive bool, identity T) T {
	return collect(w, v, func(c *collective[T]) {
		copy(c.out, c.vals)
		HillisSteeleScan(c.out, op)
		if exclusive {
			shiftUp(c.out, identity)
		}
	})
}

// GroupBroadcast implements ka.GroupBroadcast: the value of the work-item
// with local linear id from. Every work-item checks its from before the
// group's first barrier, as on devices, and one outside the group panics
// with the broadcast's IndexFault (which the native backend reports at the
// kernel's call, and the group's other work-items leave their barrier).
func GroupBroadcast[T any](w *WorkItem, v T, from int) T {
	checkBroadcast(from, w.GroupSize[0]*w.GroupSize[1]*w.GroupSize[2])
	return collect(w, v, func(c *collective[T]) {
		v := c.vals[from]
		for i := range c.out {
			c.out[i] = v
		}
	})
}
