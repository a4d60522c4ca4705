package native

import (
	"path"
	"reflect"
	"runtime"
	"slices"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/kago-dev/kago/ka/driver"
	"github.com/kago-dev/kago/ka/kernel"
)

// launch is one kernel launch being executed.
type launch struct {
	fn      *function
	body    func(kernel.Item)
	r, g    driver.NDRange
	ng      [3]int // groups per dimension
	groups  int
	next    atomic.Int64
	failure atomic.Pointer[error]
	stop    *stopper // the queue's stop flag; nil when nothing can stop the launch
}

// execute runs a launch: groups are taken from a shared counter by up to
// GOMAXPROCS goroutines (one of them the queue's own).
func execute(fn *function, body bound, r, g driver.NDRange) error {
	return executeStoppable(fn, body, r, g, nil)
}

// executeStoppable is execute with the stop flag of the launch's queue
// (stop.go), checked before each group and obeyed at barriers. A stopped
// launch is not an error.
func executeStoppable(fn *function, body bound, r, g driver.NDRange, stop *stopper) error {
	if body.group != nil {
		return executeGroups(fn, body, r, g, stop)
	}
	l := &launch{fn: fn, body: body.item, r: r, g: g, stop: stop}
	l.ng, l.groups = groupCounts(r, g)
	workers := min(runtime.GOMAXPROCS(0), l.groups)
	var wg sync.WaitGroup
	for range workers - 1 {
		wg.Go(l.work)
	}
	l.work()
	wg.Wait()
	if e := l.failure.Load(); e != nil {
		return *e
	}
	return nil
}

// groupCounts returns the number of groups of r, in groups of g, per
// dimension and in all.
func groupCounts(r, g driver.NDRange) (ng [3]int, groups int) {
	groups = 1
	for d := range 3 {
		ng[d] = (r.Size[d] + g.Size[d] - 1) / g.Size[d]
		groups *= ng[d]
	}
	return ng, groups
}

func (l *launch) work() {
	var w kernel.WorkItem
	var grp *kernel.Group
	var items []kernel.WorkItem
	for l.failure.Load() == nil && !l.stop.stopped() {
		gi := int(l.next.Add(1) - 1)
		if gi >= l.groups {
			return
		}
		l.initGroup(&w, gi)
		if !l.fn.barrier && !l.fn.debug {
			l.runSequential(&w)
			continue
		}
		n := l.g.Total()
		if grp == nil {
			grp = kernel.NewGroup(n)
		} else {
			grp.Reset(n)
		}
		if cap(items) < n {
			items = make([]kernel.WorkItem, n)
		}
		if !l.stop.enter(grp) {
			return
		}
		l.runGoroutines(&w, grp, items[:n], !l.fn.barrier)
		l.stop.leave(grp)
	}
}

// initGroup sets the fields of w that are the same for every work-item of
// group gi.
func (l *launch) initGroup(w *kernel.WorkItem, gi int) {
	*w = kernel.WorkItem{GroupSize: l.g.Size, NumGroups: l.ng, GlobalSize: l.r.Size, Group: gi}
	w.GroupID = [3]int{gi % l.ng[0], gi / l.ng[0] % l.ng[1], gi / (l.ng[0] * l.ng[1])}
}

// each calls f for every work-item of w's group, with w's per-item fields
// set. With masked, only for those inside the range, as devices run a
// kernel without barriers; otherwise for the whole group, as a kernel with
// barriers runs: in the last group of a range that is not a multiple of
// the group size, work-items past the range run too (docs/kernel-language.md,
// "Ranges and groups").
func (l *launch) each(w *kernel.WorkItem, masked bool, f func(w *kernel.WorkItem)) {
	var lo, hi [3]int
	for d := range 3 {
		lo[d] = w.GroupID[d] * l.g.Size[d]
		hi[d] = lo[d] + l.g.Size[d]
		if masked {
			hi[d] = min(hi[d], l.r.Size[d])
		}
	}
	gs, rs := l.g.Size, l.r.Size
	for z := lo[2]; z < hi[2]; z++ {
		for y := lo[1]; y < hi[1]; y++ {
			for x := lo[0]; x < hi[0]; x++ {
				w.GlobalID = [3]int{x, y, z}
				w.LocalID = [3]int{x - lo[0], y - lo[1], z - lo[2]}
				w.Global = x + rs[0]*(y+rs[1]*z)
				w.Local = w.LocalID[0] + gs[0]*(w.LocalID[1]+gs[1]*w.LocalID[2])
				f(w)
			}
		}
	}
}

// runSequential runs the work-items of w's group that are inside the
// range, one after the other: a kernel without barriers.
func (l *launch) runSequential(w *kernel.WorkItem) {
	defer func() {
		if p := recover(); p != nil {
			l.fail(w, p)
		}
	}()
	if l.r.Size[1] == 1 && l.r.Size[2] == 1 {
		// 1-D: the common case, without the general loop nest.
		lo := w.GroupID[0] * l.g.Size[0]
		hi := min(lo+l.g.Size[0], l.r.Size[0])
		it, body := w.Item(), l.body
		for x := lo; x < hi; x++ {
			w.GlobalID[0], w.LocalID[0] = x, x-lo
			w.Global, w.Local = x, x-lo
			body(it)
		}
		return
	}
	l.each(w, true, func(w *kernel.WorkItem) { l.body(w.Item()) })
}

// runGoroutines runs the work-items of w's group each on a goroutine of
// its own: the whole group for a kernel with barriers, only the work-items
// inside the range when masked (KAGO_NATIVE=debug's barrier-free kernels).
func (l *launch) runGoroutines(w *kernel.WorkItem, grp *kernel.Group, items []kernel.WorkItem, masked bool) {
	var wg sync.WaitGroup
	i := 0
	l.each(w, masked, func(w *kernel.WorkItem) {
		it := &items[i]
		i++
		*it = *w
		it.Shared = grp
		wg.Go(func() {
			defer func() {
				if p := recover(); p != nil && p != kernel.ErrGroupAborted {
					l.fail(it, p)
					grp.Abort()
				}
			}()
			l.body(it.Item())
		})
	})
	wg.Wait()
}

// fail records the launch's first failure, a panic p in work-item w, as a
// *driver.KernelError with the position of the panicking Go code. It runs
// in the deferred function that recovered p, so the panicking frames are
// still on the stack.
func (l *launch) fail(w *kernel.WorkItem, p any) {
	kind, msg := driver.ClassifyPanic(p)
	file, line := panicPosition()
	var err error = &driver.KernelError{Kernel: l.fn.name, Kind: kind, GlobalID: w.GlobalID, GroupID: w.GroupID, File: file, Line: line, Message: msg}
	l.failure.CompareAndSwap(nil, &err)
}

// passedOver are the prefixes of the functions whose frames panicPosition
// passes over: the runtime's, and packages ka's and ka/kernel's, whose
// panics in a kernel (GroupBroadcast from outside the group) are the
// kernel's fault at its call, where devices report them.
var passedOver = func() []string {
	kernelPath := reflect.TypeFor[kernel.WorkItem]().PkgPath()
	return []string{"runtime.", kernelPath + ".", path.Dir(kernelPath) + "."}
}()

// panicPosition returns the position of the code that panicked: the first
// frame below runtime.gopanic that is not in passedOver.
func panicPosition() (file string, line int) {
	var pcs [32]uintptr
	frames := runtime.CallersFrames(pcs[:runtime.Callers(2, pcs[:])])
	below := false
	for {
		f, more := frames.Next()
		if below && !slices.ContainsFunc(passedOver, func(p string) bool { return strings.HasPrefix(f.Function, p) }) {
			return f.File, f.Line
		}
		if f.Function == "runtime.gopanic" {
			below = true
		}
		if !more {
			return "", 0
		}
	}
}
