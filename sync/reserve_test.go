package sync_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	kasync "github.com/kago-dev/kago/sync"
)

// gpuOp stands for a simulated GPU's stream: pollable, not done until
// released, and its blocking Wait holds a worker until then.
type gpuOp struct{ done chan struct{} }

func (o gpuOp) Wait() error { <-o.done; return nil }

func (o gpuOp) Poll() (bool, error) {
	select {
	case <-o.done:
		return true, nil
	default:
		return false, nil
	}
}

// waitAll starts one wait per op and returns a function that completes
// the ops and waits for the waits.
func waitAll(t *testing.T, ops []gpuOp) func() {
	res := make(chan error, len(ops))
	for _, op := range ops {
		go func() {
			_, err := kasync.Wait(context.Background(), op, kasync.Options{Spin: kasync.Iterations(1)})
			res <- err
		}()
	}
	return func() {
		for _, op := range ops {
			close(op.done)
		}
		for range ops {
			require.NoError(t, <-res)
		}
	}
}

func newGPUOps(n int) []gpuOp {
	ops := make([]gpuOp, n)
	for i := range ops {
		ops[i] = gpuOp{make(chan struct{})}
	}
	return ops
}

func TestReservedWorkersServeEightGPUs(t *testing.T) {
	if kasync.Blocking() {
		t.Skip("KAGO_SYNC=blocking waits on the caller")
	}
	base := kasync.WorkerLimit()
	release := kasync.ReserveWorkers(8) // what ka does for 8 open GPUs
	assert.Equal(t, base+8, kasync.WorkerLimit())

	before := kasync.BusyWaits()
	finish := waitAll(t, newGPUOps(8))
	eventually(t, "8 waits on workers", func() bool {
		_, busy, _ := kasync.WorkerStats()
		return busy == 8
	})
	assert.Equal(t, before, kasync.BusyWaits(), "a wait found every worker busy with 8 GPUs reserved")
	finish()

	release()
	release() // only the first call counts
	assert.Equal(t, base, kasync.WorkerLimit())
	eventually(t, "workers beyond the limit retired", func() bool {
		alive, _, _ := kasync.WorkerStats()
		return alive <= base
	})
}

func TestUnreservedGPUsBeyondFourPoll(t *testing.T) {
	if kasync.Blocking() {
		t.Skip("KAGO_SYNC=blocking waits on the caller")
	}
	require.Equal(t, kasync.MaxWorkers, kasync.WorkerLimit(), "a reservation leaked from another test")
	before := kasync.BusyWaits()
	finish := waitAll(t, newGPUOps(kasync.MaxWorkers+2))
	eventually(t, "waits beyond the four workers polling", func() bool {
		return kasync.BusyWaits()-before >= 2
	})
	finish()
}
