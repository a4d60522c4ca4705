package sync_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	kasync "github.com/kago-dev/kago/sync"
	"github.com/kago-dev/kago/sync/internal/cthreads"
)

// Within the budget a wait blocks in op.Wait on its own goroutine; beyond
// it, waits park on their callbacks; the budget is returned afterwards.
func TestDirectBudget(t *testing.T) {
	const budget, n = 2, 5
	b := kasync.NewBudget(budget)
	s := streams(t, 1)[0]
	g := gate(t)
	blocked, parked := cthreads.BlockedWaits(), kasync.ParkedCallbacks()
	res := make([]<-chan outcome, n)
	for i := range res {
		op := s.Submit(cthreads.Spec{Gate: g})
		res[i] = goWait(context.Background(), op.Event(), kasync.Options{Spin: kasync.NoSpin, Direct: b})
	}
	eventually(t, "2 direct and 3 parked waits", func() bool {
		return cthreads.BlockedWaits()-blocked == budget && kasync.ParkedCallbacks()-parked == n-budget
	})
	assert.Equal(t, budget, b.InUse())
	g.Open()
	direct := 0
	for i := range res {
		o := receive(t, res[i], "Wait")
		require.NoError(t, o.err)
		if o.ran {
			direct++
		}
	}
	assert.Equal(t, budget, direct, "waits that ran op.Wait")
	assert.Equal(t, 0, b.InUse())
}

// A cancellable wait never blocks directly (a cgo call cannot see ctx), and
// a nil or empty budget means no direct wait.
func TestDirectBudgetSkipped(t *testing.T) {
	s := streams(t, 1)[0]
	for name, opts := range map[string]kasync.Options{
		"cancellable":  {Spin: kasync.NoSpin, Direct: kasync.NewBudget(4), Cancellable: true},
		"empty budget": {Spin: kasync.NoSpin, Direct: kasync.NewBudget(0)},
		"nil budget":   {Spin: kasync.NoSpin},
	} {
		t.Run(name, func(t *testing.T) {
			g := gate(t)
			parked := kasync.ParkedCallbacks()
			op := s.Submit(cthreads.Spec{Gate: g})
			res := goWait(context.Background(), op.Event(), opts)
			eventually(t, "a parked callback wait", func() bool { return kasync.ParkedCallbacks()-parked == 1 })
			g.Open()
			o := receive(t, res, "Wait")
			require.NoError(t, o.err)
			assert.False(t, o.ran)
			assert.Zero(t, op.Counts().Waits, "blocking waits")
		})
	}
}

// A direct wait reports op.Wait's error.
func TestDirectWaitError(t *testing.T) {
	s := streams(t, 1)[0]
	g := gate(t)
	blocked := cthreads.BlockedWaits()
	op := s.Submit(cthreads.Spec{Gate: g, Status: -5})
	res := goWait(context.Background(), op.Event(), kasync.Options{Spin: kasync.NoSpin, Direct: kasync.NewBudget(1)})
	eventually(t, "a direct wait", func() bool { return cthreads.BlockedWaits()-blocked == 1 })
	g.Open()
	o := receive(t, res, "Wait")
	assert.True(t, o.ran)
	var e *cthreads.Error
	require.ErrorAs(t, o.err, &e)
	assert.Equal(t, int32(-5), e.Status)
}

// TryAcquire and Release share the budget with Wait's direct waits.
func TestBudgetTryAcquire(t *testing.T) {
	b := kasync.NewBudget(1)
	require.True(t, b.TryAcquire())
	assert.False(t, b.TryAcquire(), "a second direct wait beyond a budget of 1")
	assert.Equal(t, 1, b.InUse())
	b.Release()
	assert.Equal(t, 0, b.InUse())
	var none *kasync.Budget
	assert.False(t, none.TryAcquire(), "a nil budget allows no direct wait")
}
