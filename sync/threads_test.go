package sync_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	kasync "github.com/kago-dev/kago/sync"
	"github.com/kago-dev/kago/sync/internal/cthreads"
)

// 10,000 goroutines waiting at once, on driver callbacks, hold no OS thread
// each: the process's thread count stays near where it started.
func TestTenThousandWaitersBoundedThreads(t *testing.T) {
	const n = 10000
	if testing.Short() {
		t.Skip("10,000 goroutines: skipped in -short mode")
	}
	idleWorkers(t)
	before := threads(t)
	ss := streams(t, 4)
	g := gate(t)
	parked := kasync.ParkedCallbacks()
	results := make(chan error, n)
	for i := range n {
		op := ss[i%len(ss)].Submit(cthreads.Spec{Gate: g})
		go func() {
			_, err := kasync.Wait(context.Background(), op.Event(), kasync.Options{Spin: kasync.NoSpin})
			results <- err
		}()
	}
	eventually(t, "10,000 parked waiters", func() bool { return kasync.ParkedCallbacks()-parked == n })
	during := threads(t)
	g.Open()
	for range n {
		require.NoError(t, <-results)
	}
	// 4 stream threads, and a few the runtime may start; never one per waiter.
	const slack = 4 + 28
	t.Logf("threads: %d before, %d with %d waiters", before, during, n)
	require.LessOrEqual(t, during, before+slack, "threads with %d waiters (%d before); want at most %d more", n, before, slack)
}

// The blocking switch, for comparison, holds one thread per waiter. It is
// bounded to 200 waiters here (Go aborts past 10,000 threads); the
// benchmark measures more.
func TestBlockingSwitchHoldsThreads(t *testing.T) {
	const n = 200
	prev := kasync.SetBlocking(true)
	defer kasync.SetBlocking(prev)
	before := threads(t)
	s := streams(t, 1)[0]
	g := gate(t)
	blocked := cthreads.BlockedWaits()
	results := make(chan error, n)
	for range n {
		op := s.Submit(cthreads.Spec{Gate: g})
		go func() {
			_, err := kasync.Wait(context.Background(), op.Event(), kasync.Options{})
			results <- err
		}()
	}
	eventually(t, "200 blocked waits", func() bool { return cthreads.BlockedWaits()-blocked == n })
	during := threads(t)
	g.Open()
	for range n {
		require.NoError(t, <-results)
	}
	t.Logf("threads: %d before, %d with %d blocking waiters", before, during, n)
	// Idle threads from before may be reused.
	require.GreaterOrEqual(t, during, n, "threads with %d blocking waiters (%d before); want one per waiter", n, before)
}

// With a budget of direct waits, 10,000 waiters add the budget's threads
// (blocked in the driver's wait) and a handful more, not one per waiter:
// the others park on their callbacks.
func TestTenThousandWaitersWithDirectBudget(t *testing.T) {
	const n, budget = 10000, 4
	if testing.Short() {
		t.Skip("10,000 goroutines: skipped in -short mode")
	}
	idleWorkers(t)
	before := threads(t)
	ss := streams(t, 4)
	g := gate(t)
	b := kasync.NewBudget(budget)
	parked, blocked := kasync.ParkedCallbacks(), cthreads.BlockedWaits()
	results := make(chan error, n)
	for i := range n {
		op := ss[i%len(ss)].Submit(cthreads.Spec{Gate: g})
		go func() {
			_, err := kasync.Wait(context.Background(), op.Event(), kasync.Options{Spin: kasync.NoSpin, Direct: b})
			results <- err
		}()
	}
	eventually(t, "4 direct and 9,996 parked waiters", func() bool {
		return kasync.ParkedCallbacks()-parked == n-budget && cthreads.BlockedWaits()-blocked == budget
	})
	during := threads(t)
	g.Open()
	for range n {
		require.NoError(t, <-results)
	}
	// 4 stream threads, 4 direct waits, and a few the runtime may start.
	const slack = 4 + budget + 28
	t.Logf("threads: %d before, %d with %d waiters (%d direct)", before, during, n, budget)
	assert.LessOrEqual(t, during, before+slack, "threads with %d waiters", n)
}
