package sync

import "sync/atomic"

// Budget bounds the waits that block in Op.Wait directly on their own
// goroutine (see Options.Direct). A goroutine blocked in a cgo call gives
// its P to another thread, so a direct wait costs one OS thread, not the
// scheduler's attention; the budget bounds those threads, and waits beyond
// it take the op's cooperative strategy (callback or worker). The zero
// value allows no direct wait. A Budget is safe for concurrent use; share
// one per device.
type Budget struct {
	max  int32
	used atomic.Int32
}

// NewBudget returns a budget of n concurrent direct waits (n ≤ 0: none).
func NewBudget(n int) *Budget { return &Budget{max: int32(max(0, n))} }

// Max is the number of concurrent direct waits the budget allows.
func (b *Budget) Max() int { return int(b.max) }

// InUse is the number of direct waits in progress.
func (b *Budget) InUse() int { return int(b.used.Load()) }

// acquire takes a slot, or reports false when all are in use.
func (b *Budget) acquire() bool {
	if b == nil {
		return false
	}
	for {
		u := b.used.Load()
		if u >= b.max {
			return false
		}
		if b.used.CompareAndSwap(u, u+1) {
			return true
		}
	}
}

func (b *Budget) release() { b.used.Add(-1) }

// TryAcquire takes one of the budget's direct waits for a caller that waits
// in the driver itself (without Wait), reporting false when all are in
// use; a true result must be followed by one Release.
func (b *Budget) TryAcquire() bool { return b.acquire() }

// Release returns a direct wait taken with TryAcquire.
func (b *Budget) Release() { b.release() }
