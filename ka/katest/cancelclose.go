package katest

// This file checks that a cancellation that comes before or while the
// device closes is never lost: tasks of ka.SpawnContext whose context is
// cancelled as their device closes end with the context's error or
// ErrClosed, never nil, since their work cannot have run to completion.

import (
	"context"
	"errors"
	"math/rand/v2"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kago-dev/kago/ka"
)

func init() { add("CancelClose", testCancelClose) }

// testCancelClose runs 40 tasks per round, 100 rounds (10 with -short),
// each on a device of its own that closes at the moment their context is
// cancelled. Their kernels run for a second or more unless stopped (in
// groups of one work-item, so that the native backend's stop check
// between groups stops them whatever its route): a lost cancellation
// shows as a task that returns nil, or one that fails or hangs when its
// kernel runs to the end.
func testCancelClose(t *testing.T, dev *ka.Device) {
	if !dev.Capabilities().Features.Has(ka.Cancel) {
		t.Skipf("%v cannot stop device work", dev)
	}
	rounds := 100
	if testing.Short() {
		rounds = 10
	}
	for round := range rounds {
		cancelClose(t, dev.Backend(), round)
		require.False(t, t.Failed(), "round %d failed", round)
	}
}

func cancelClose(t *testing.T, backend string, round int) {
	const tasks = 40
	d, err := ka.Open(backend)
	require.NoError(t, err)
	k, err := ka.NewKernel(d, Busy, ka.WithGroupSize(1))
	require.NoError(t, err)
	// About a second of work a launch on a CPU core, stopped a group (a
	// millisecond) at a time; a GPU runs the work-items at once, for some
	// 50 ms on an H200.
	items, iterations := 1024, int32(1<<20)
	if d.Kind() == ka.GPU {
		items, iterations = 64, 1<<24
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var all []*ka.Task
	for i := range tasks {
		x, err := ka.Alloc[int32](d, items)
		require.NoError(t, err)
		out := make([]int32, items)
		all = append(all, ka.SpawnContext(ctx, d, func(s *ka.Stream) error {
			if err := k.Launch(s, ka.Range(items), x, iterations); err != nil {
				return err
			}
			switch i % 3 {
			case 0: // the task's work completes after fn returns
				return nil
			case 1:
				return s.Synchronize(ctx)
			default:
				return x.Read(ctx, out)
			}
		}))
	}
	time.Sleep(time.Duration(rand.IntN(2000)) * time.Microsecond)
	start := make(chan struct{})
	var wg sync.WaitGroup
	wg.Go(func() { <-start; cancel() })
	wg.Go(func() { <-start; assert.NoError(t, d.Close(), "round %d: Close", round) })
	close(start)
	wctx, stop := context.WithTimeout(context.Background(), 2*time.Minute)
	defer stop()
	for i, task := range all {
		err := task.Wait(wctx)
		require.NotErrorIs(t, err, context.DeadlineExceeded, "round %d: task %d hung", round, i)
		require.Truef(t, errors.Is(err, context.Canceled) || errors.Is(err, ka.ErrClosed),
			"round %d: task %d returned %v, want context.Canceled or ErrClosed: its cancellation was lost", round, i, err)
	}
	wg.Wait()
}
