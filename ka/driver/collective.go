package driver

// This file is the native side of the work-group collectives (ka.GroupSum
// and the others, ka/collective.go): the work-items of a group hand their
// values to the group, the first one combines them in the order that
// compiled kernels use (docs/kernel-language.md, "Group collectives"), and
// every work-item takes its result.

import "fmt"

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

// TreeReduce combines a in the order of the compiled collectives: with P
// the smallest power of two >= len(a), for s = P/2, P/4, ..., 1, element
// i < s combines with element i+s when that exists: a[i] = op(a[i],
// a[i+s]). It returns a[0] and overwrites a.
func TreeReduce[T any](a []T, op func(x, y T) T) T {
	n := len(a)
	p := 1
	for p < n {
		p *= 2
	}
	for s := p / 2; s >= 1; s /= 2 {
		for i := 0; i < s && i+s < n; i++ {
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
	for d := 1; d < len(a); d *= 2 {
		for i := len(a) - 1; i >= d; i-- {
			a[i] = op(a[i-d], a[i])
		}
	}
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
			copy(c.out[1:], c.out)
			c.out[0] = identity
		}
	})
}

// GroupBroadcast implements ka.GroupBroadcast: the value of the work-item
// with local linear id from.
func GroupBroadcast[T any](w *WorkItem, v T, from int) T {
	return collect(w, v, func(c *collective[T]) {
		if from < 0 || from >= len(c.vals) {
			panic(fmt.Sprintf("ka: GroupBroadcast from work-item %d of a group of %d", from, len(c.vals)))
		}
		for i := range c.out {
			c.out[i] = c.vals[from]
		}
	})
}
