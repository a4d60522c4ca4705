package kernel

// This file is the host side of group functions: the Go function that
// kago gen writes for a kernel to run a whole work-group as loops over its
// work-items (see driver.KernelSpec.Group and docs/backends.md).

import "sync/atomic"

// WorkGroup is what a group function knows about the group it runs. The
// backend fills it in before each call, and keeps it (with the scratch
// memory behind GroupLocal and GroupPrivate) from group to group, so that
// running a group allocates nothing once the first one has run.
type WorkGroup struct {
	ID         [3]int // the group's index in each dimension
	Linear     int    // the group's linear index
	Size       [3]int // work-items per group in each dimension
	Count      [3]int // groups in each dimension
	GlobalSize [3]int // the launch's range, as the user gave it
	Items      int    // Size[0]*Size[1]*Size[2]
	// Stop is the stop flag of the launch's queue (driver.Stopper), or nil: group
	// functions of kernels marked //ka:cancel check it (Stopped).
	Stop *atomic.Bool

	locals   []any // *localSlice[T] by LocalArray call
	privates []any // *localSlice[T] by spilled variable
}

// Stopped reports whether the launch's queue asks its kernels to stop.
func (g *WorkGroup) Stopped() bool { return g.Stop != nil && g.Stop.Load() }

// SetGroup sets the fields of g that differ from group to group.
func (g *WorkGroup) SetGroup(linear int) {
	g.Linear = linear
	g.ID = [3]int{linear % g.Count[0], linear / g.Count[0] % g.Count[1], linear / (g.Count[0] * g.Count[1])}
}

// NextGroup moves g to the group after it in linear order: SetGroup(g.Linear
// + 1) without its divisions, which cost as much as running a small group.
func (g *WorkGroup) NextGroup() {
	g.Linear++
	if g.ID[0]++; g.ID[0] < g.Count[0] {
		return
	}
	g.ID[0] = 0
	if g.ID[1]++; g.ID[1] < g.Count[1] {
		return
	}
	g.ID[1] = 0
	g.ID[2]++
}

// GroupLocal returns the group's k-th local array (the k-th
// ka.LocalArray call of the kernel), n elements of zero.
func GroupLocal[T any](g *WorkGroup, k, n int) []T {
	s := scratch[T](&g.locals, k, n)
	clear(s)
	return s
}

// GroupPrivate returns an array of one T per work-item of the group, for
// the k-th variable of a group function that lives across a barrier. Its
// contents are unspecified: the group function writes each element before
// it reads it.
func GroupPrivate[T any](g *WorkGroup, k int) []T { return scratch[T](&g.privates, k, g.Items) }

// scratch returns (*list)[k] as a []T of n elements, reusing its memory
// when it has room.
func scratch[T any](list *[]any, k, n int) []T {
	for len(*list) <= k {
		*list = append(*list, nil)
	}
	l, ok := (*list)[k].(*localSlice[T])
	if !ok {
		l = &localSlice[T]{}
		(*list)[k] = l
	}
	if cap(l.s) < n {
		l.s = make([]T, n)
	}
	l.s = l.s[:n]
	return l.s
}

// StripEnd is where a strip of a counted loop that starts at from ends in
// a group function of a //ka:cancel kernel (codegen/groupfn): bound, or
// from+StripTurns when more than StripTurns turns are left. The group
// function checks Stopped between strips, so that the loop itself runs as
// without checks.
func StripEnd[T integer](from, bound T) T {
	// bound-from in 64 bits, modulo 2^64: exact even where it overflows T,
	// since bound > from (signed values widen with their sign).
	if bound > from && uint64(bound)-uint64(from) > StripTurns {
		return T(uint64(from) + StripTurns)
	}
	return bound
}

// StripTurns is the most turns of a strip (StripEnd).
const StripTurns = 1024

type integer interface {
	~int | ~int8 | ~int16 | ~int32 | ~int64 | ~uint | ~uint8 | ~uint16 | ~uint32 | ~uint64
}
