package kernel

// This file is the host side of running kernels as Go code: the state
// behind a ka.Item and the group a barrier synchronises, which the entry
// that kago gen writes for the native backend (driver.NativeFunc) runs on.
// Users never see it; package ka implements Item's methods, LocalArray and
// Barrier on top of it.

import (
	"errors"
	"fmt"
	"sync"
)

// Item is the representation of ka.Item. Package ka declares
//
//	type Item kernel.Item
//
// so that code which runs kernels as Go converts between the two at no
// cost: the native backend makes an Item with WorkItem.Item, and a native
// binder passes ka.Item(it) to the kernel. A defined type does not inherit
// methods, so ka.Item shows users only its own.
type Item struct{ w *WorkItem }

// WorkItem returns the state behind it.
func (it Item) WorkItem() *WorkItem { return it.w }

// WorkItem is the state behind an Item when a kernel runs as Go code. The
// backend that runs the kernel fills it in; the kernel reads it through
// ka.Item's methods.
type WorkItem struct {
	GlobalID, LocalID, GroupID       [3]int
	GroupSize, NumGroups, GlobalSize [3]int
	Global, Local, Group             int // linear indices
	// Shared is the state the work-items of one group share: barrier and
	// local memory. It is nil for kernels that use neither
	// (driver.KernelSpec.Barrier is false).
	Shared *Group

	nlocal int // LocalArray calls made so far by this work-item
}

// Item returns the Item that a kernel receives for w.
func (w *WorkItem) Item() Item { return Item{w} }

// Barrier implements ka.Item.Barrier: it waits until every work-item of
// w's group has reached it. After Group.Abort it panics with
// ErrGroupAborted.
func (w *WorkItem) Barrier() { w.Shared.barrier() }

// Group is what the work-items of one group share when they run as
// goroutines: a barrier for n work-items and the group's local arrays.
type Group struct {
	mu      sync.Mutex
	cond    sync.Cond
	n       int // work-items in the group
	arrived int
	phase   uint64
	aborted bool
	locals  []any
	colls   []any // the collectives' scratch space, one per element type (collective.go)
	dyn     []any // *localSlice[T] by ka.Local parameter (localmem.go)
}

// NewGroup returns the shared state of a group of n work-items.
func NewGroup(n int) *Group {
	g := &Group{n: n}
	g.cond.L = &g.mu
	return g
}

// Reset prepares g for another group of n work-items: local arrays keep
// their memory, zeroed here, so every group starts from zeroed local memory
// as the first one does.
func (g *Group) Reset(n int) {
	g.n, g.arrived, g.aborted = n, 0, false
	for _, l := range g.locals {
		l.(interface{ zero() }).zero()
	}
	for _, l := range g.dyn {
		if l != nil {
			l.(interface{ zero() }).zero()
		}
	}
}

// ErrGroupAborted is the panic value with which a barrier releases the
// work-items of a group after one of them panicked, so that the group ends
// instead of deadlocking. Backends recover it silently.
var ErrGroupAborted = errors.New("work-group aborted because a work-item panicked")

// Abort releases every work-item waiting at a barrier of g (they panic with
// ErrGroupAborted), for use when one work-item of the group panicked.
func (g *Group) Abort() {
	g.mu.Lock()
	g.aborted = true
	g.cond.Broadcast()
	g.mu.Unlock()
}

func (g *Group) barrier() {
	if g == nil {
		panic("ka: Item.Barrier called in a kernel registered without Barrier (the native backend ran its work-items one after the other); regenerate the kernel's code")
	}
	g.mu.Lock()
	if g.aborted {
		g.mu.Unlock()
		panic(ErrGroupAborted)
	}
	phase := g.phase
	g.arrived++
	if g.arrived == g.n {
		g.arrived = 0
		g.phase++
		g.cond.Broadcast()
	} else {
		for g.phase == phase && !g.aborted {
			g.cond.Wait()
		}
	}
	aborted := g.aborted
	g.mu.Unlock()
	if aborted {
		panic(ErrGroupAborted)
	}
}

// localSlice is one local array of a group.
type localSlice[T any] struct{ s []T }

func (l *localSlice[T]) zero() { clear(l.s) }

// LocalArray implements ka.LocalArray: it returns the group's k-th local
// array for w's k-th call, allocating it on the first call of any
// work-item of the group.
func LocalArray[T any](w *WorkItem, n int) []T {
	g := w.Shared
	if g == nil {
		panic("ka: LocalArray called in a kernel registered without Barrier (the native backend ran its work-items one after the other); regenerate the kernel's code")
	}
	k := w.nlocal
	w.nlocal++
	g.mu.Lock()
	defer g.mu.Unlock()
	for len(g.locals) <= k {
		g.locals = append(g.locals, nil)
	}
	if g.locals[k] == nil {
		g.locals[k] = &localSlice[T]{s: make([]T, n)}
	}
	l, ok := g.locals[k].(*localSlice[T])
	if !ok || len(l.s) != n {
		panic(fmt.Sprintf("ka: work-items of one group made different LocalArray calls (call %d)", k))
	}
	return l.s
}
