package native

import (
	"fmt"
	"runtime"
	"sync"
	"sync/atomic"

	"github.com/kago-dev/kago/ka/driver"
	"github.com/kago-dev/kago/ka/kernel"
)

// Kernels with a group function (driver.KernelSpec.Group, written by kago
// gen) run a whole work-group per call, on a pool of goroutines that lives
// as long as the program: a launch takes no goroutine, and, once the pool
// and its scratch memory are warm, allocates nothing of its own beyond the
// bound arguments.

// groupLaunch is one launch of a group function being executed. It is
// reused from launch to launch (launches).
type groupLaunch struct {
	fn      *function
	body    bound
	r, g    driver.NDRange // g: what one call of the group function runs, a block of groups
	ng      [3]int         // calls (blocks) per dimension
	groups  int            // calls in all
	block   int            // the launch's groups per block, in dimension 0 (blocks.go)
	chunk   int            // calls taken at a time
	next    atomic.Int64
	failure atomic.Pointer[error]
	stop    *stopper       // the queue's stop flag, checked before each group; nil when none
	helpers sync.WaitGroup // pool goroutines working on the launch
}

var launches = sync.Pool{New: func() any { return new(groupLaunch) }}

// workGroups are the kernel.WorkGroup (with their scratch memory) of
// queue goroutines that run groups; pool goroutines keep their own.
var workGroups = sync.Pool{New: func() any { return new(kernel.WorkGroup) }}

// pool is the goroutines that help queues run groups. A helper blocks on
// work until a launch is handed to it; a launch is handed only to helpers
// that are waiting (a send that would block is skipped), so a launch never
// waits for a helper busy with another launch.
var pool struct {
	mu      sync.Mutex
	started int
	work    chan *groupLaunch
}

// helpers returns the channel of the pool, with at least n goroutines
// started.
func helpers(n int) chan *groupLaunch {
	pool.mu.Lock()
	defer pool.mu.Unlock()
	if pool.work == nil {
		pool.work = make(chan *groupLaunch)
	}
	for ; pool.started < n; pool.started++ {
		go helper(pool.work)
	}
	return pool.work
}

func helper(work chan *groupLaunch) {
	wg := new(kernel.WorkGroup)
	for l := range work {
		l.run(wg)
		l.helpers.Done()
	}
}

// executeGroups runs a launch with its group function: groups are taken
// from a shared counter, a chunk at a time, by the queue's goroutine and
// up to GOMAXPROCS-1 helpers.
func executeGroups(fn *function, body bound, r, g driver.NDRange, stop *stopper) error {
	l := launches.Get().(*groupLaunch)
	procs := runtime.GOMAXPROCS(0)
	l.fn, l.body, l.r, l.g, l.stop = fn, body, r, g, stop
	l.block = 1
	if fn.blocks {
		l.block = blockOf(r, g, procs)
		l.g.Size[0] *= l.block
	}
	l.ng, l.groups = groupCounts(r, l.g)
	// A few chunks per goroutine balance the load without contention on
	// the counter.
	l.chunk = max(1, l.groups/(8*procs))
	l.next.Store(0)
	l.failure.Store(nil)
	if n := min(procs, (l.groups+l.chunk-1)/l.chunk) - 1; n > 0 {
		work := helpers(procs - 1)
	hand:
		for range n {
			l.helpers.Add(1)
			select {
			case work <- l:
			default:
				l.helpers.Done()
				break hand
			}
		}
	}
	wg := workGroups.Get().(*kernel.WorkGroup)
	l.run(wg)
	workGroups.Put(wg)
	l.helpers.Wait()
	var err error
	if e := l.failure.Load(); e != nil {
		err = *e
	}
	l.fn, l.body, l.stop = nil, bound{}, nil
	launches.Put(l)
	return err
}

// run runs chunks of groups until none is left or a group failed.
func (l *groupLaunch) run(wg *kernel.WorkGroup) {
	wg.Size, wg.Count, wg.GlobalSize = l.g.Size, l.ng, l.r.Size
	wg.Items = l.g.Total()
	wg.Stop = nil
	if l.stop != nil {
		wg.Stop = &l.stop.flag
	}
	for l.failure.Load() == nil && !l.stop.stopped() {
		start := int(l.next.Add(int64(l.chunk))) - l.chunk
		if start >= l.groups {
			return
		}
		l.runChunk(wg, start, min(start+l.chunk, l.groups))
	}
}

func (l *groupLaunch) runChunk(wg *kernel.WorkGroup, start, end int) {
	gi := start
	defer func() {
		if p := recover(); p != nil {
			l.locateBlock(gi, p)
		}
	}()
	group := l.body.group
	wg.SetGroup(gi)
	for {
		group(wg)
		if gi++; gi == end || l.stop.stopped() {
			return
		}
		wg.NextGroup()
	}
}

// locate records the failure of the launch's groups first to last
// (linear indices, their shape g, ng of them per dimension), one call of
// whose group function panicked with p: it runs the groups again, in
// order, a work-item at a time, so that the error names the work-item and
// the kernel's line as it does for kernels without group functions. The
// groups' writes happen twice, which is no matter: the launch has failed.
func (l *groupLaunch) locate(g driver.NDRange, ng [3]int, first, last int, p any) {
	groups := ng[0] * ng[1] * ng[2]
	for gi := first; gi <= last; gi++ {
		il := &launch{fn: l.fn, body: l.body.item, r: l.r, g: g, ng: ng, groups: groups}
		var w kernel.WorkItem
		il.initGroup(&w, gi)
		if l.fn.barrier {
			n := g.Total()
			il.runGoroutines(&w, kernel.NewGroup(n), make([]kernel.WorkItem, n), false)
		} else {
			il.runSequential(&w)
		}
		if e := il.failure.Load(); e != nil {
			l.failure.CompareAndSwap(nil, e)
			return
		}
	}
	// They did not fail again: report the first group.
	il := &launch{fn: l.fn, body: l.body.item, r: l.r, g: g, ng: ng, groups: groups}
	var w kernel.WorkItem
	il.initGroup(&w, first)
	for d := range 3 {
		w.GlobalID[d] = w.GroupID[d] * g.Size[d]
	}
	il.fail(&w, fmt.Sprintf("%v (in the group function; no work-item of the group failed when it ran again alone)", p))
	l.failure.CompareAndSwap(nil, il.failure.Load())
}
