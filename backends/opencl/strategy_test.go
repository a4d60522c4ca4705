package opencl

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kago-dev/kago/ka/driver"
	kasync "github.com/kago-dev/kago/sync"
)

var allStrategies = []WaitStrategy{DeviceStrategy, WorkerStrategy, CallbackStrategy, AdaptiveStrategy, DirectStrategy, AdaptiveDirectStrategy, SpinDirectStrategy, BlockingStrategy}

// Every strategy waits for gated work, several times on one queue (the
// adaptive one learns from earlier waits), and leaves nothing behind.
func TestStrategiesWaitForGate(t *testing.T) {
	d := openTestDevice(t)
	for _, s := range allStrategies {
		t.Run(s.String(), func(t *testing.T) {
			q := newQueue(t, d)
			for range 3 {
				opened := gate(t, d, q, 5*time.Millisecond, false)
				require.NoError(t, SynchronizeWith(context.Background(), q, s))
				assert.True(t, opened.Load(), "returned before the gate opened")
				require.NoError(t, SynchronizeWith(context.Background(), q, s), "nothing enqueued")
			}
			assert.Zero(t, d.direct.InUse(), "direct waits in progress")
		})
	}
}

// A command that fails because a user event failed is ErrDevice with every
// strategy that waits on its event (clFinish reports none: see
// TestFailedCommandIsErrDevice).
func TestStrategiesReportFailedCommand(t *testing.T) {
	if kasync.Blocking() {
		t.Skip("KAGO_SYNC=blocking: every strategy is clFinish")
	}
	d := openTestDevice(t)
	for _, s := range allStrategies {
		if s == BlockingStrategy {
			continue
		}
		t.Run(s.String(), func(t *testing.T) {
			q := newQueue(t, d)
			gate(t, d, q, 5*time.Millisecond, true)
			assert.ErrorIs(t, SynchronizeWith(context.Background(), q, s), driver.ErrDevice)
		})
	}
}

// More concurrent waiters than the direct budget: the first ones block in
// clWaitForEvents, the others park on callbacks, and all return.
func TestDirectBeyondBudget(t *testing.T) {
	d := openTestDevice(t)
	n := 3 * d.direct.Max()
	qs := make([]driver.Queue, n)
	for i := range qs {
		qs[i] = newQueue(t, d)
	}
	u, err := NewUserEvent(d)
	require.NoError(t, err)
	for _, q := range qs {
		require.NoError(t, q.WaitEvent(u))
	}
	errs := make(chan error, n)
	for _, q := range qs {
		go func() { errs <- SynchronizeWith(context.Background(), q, DirectStrategy) }()
	}
	if !kasync.Blocking() {
		deadline := time.Now().Add(time.Minute)
		for d.direct.InUse() < d.direct.Max() && time.Now().Before(deadline) {
			time.Sleep(time.Millisecond)
		}
		assert.Equal(t, d.direct.Max(), d.direct.InUse(), "direct waits while the event is pending")
	}
	require.NoError(t, u.Complete())
	for range n {
		require.NoError(t, <-errs)
	}
	require.NoError(t, u.Release())
	assert.Zero(t, d.direct.InUse())
	assert.Zero(t, d.userEvents.Load(), "live user events")
}

// Without live user events a callback wait does not register with the
// device (the failed-command workaround is for user events only).
func TestCallbackWaitWithoutUserEventsIsUnlisted(t *testing.T) {
	d := openTestDevice(t)
	q := newQueue(t, d)
	op := &cpuEvent{}
	ev, err := q.(*queue).q.Marker()
	require.NoError(t, err)
	defer ev.Release()
	require.NoError(t, q.(*queue).q.Flush())
	require.NoError(t, waitEvent(context.Background(), d, op, ev, "wait", planCallback))
	assert.False(t, op.listed)
	d.subMu.Lock()
	assert.Empty(t, d.subs)
	d.subMu.Unlock()
}
