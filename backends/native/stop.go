package native

import (
	"sync"
	"sync/atomic"

	"github.com/kago-dev/kago/ka/kernel"
)

// stopper is a queue's stop flag (driver.Stopper). The native backend
// checks it where a kernel running as Go code can be left as a whole
// work-group: before each launch (a raised flag skips it), before each
// work-group, and at barriers of kernels that run a goroutine per
// work-item (raising the flag aborts the groups that are running, which
// releases their barriers: every work-item that is at a barrier, or gets
// to one, leaves). Code between those points runs to its end: a
// work-item's own loops are the kernel's Go code, which the backend
// cannot interrupt.
type stopper struct {
	flag atomic.Bool

	mu     sync.Mutex
	groups map[*kernel.Group]struct{} // groups of goroutines now running
}

func (s *stopper) stopped() bool { return s != nil && s.flag.Load() }

// Stop implements driver.Stopper.
func (q *queue) Stop(raised bool) error {
	s := &q.stop
	s.flag.Store(raised)
	if raised {
		s.mu.Lock()
		for g := range s.groups {
			g.Abort()
		}
		s.mu.Unlock()
	}
	return nil
}

// enter registers g, which is about to run, so that raising the flag
// aborts it; it reports false, registering nothing, when the flag is
// already raised. The flag is stored before Stop takes s.mu, so a group
// entered after Stop's sweep sees it raised here.
func (s *stopper) enter(g *kernel.Group) bool {
	if s == nil {
		return true
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.flag.Load() {
		return false
	}
	if s.groups == nil {
		s.groups = map[*kernel.Group]struct{}{}
	}
	s.groups[g] = struct{}{}
	return true
}

// leave unregisters g once its work-items have all returned, so that it
// can be reset for the next group.
func (s *stopper) leave(g *kernel.Group) {
	if s == nil {
		return
	}
	s.mu.Lock()
	delete(s.groups, g)
	s.mu.Unlock()
}
