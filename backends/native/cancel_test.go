package native_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kago-dev/kago/ka"
)

// Spin makes every work-item busy for about n iterations of arithmetic,
// and writes the result.
func Spin(it ka.Item, x []int32, n int32) {
	i := it.Global()
	v := int32(i)
	for k := int32(0); k < n; k++ {
		v = v*1664525 + 1013904223
	}
	if i < len(x) {
		x[i] = v | 1 // never 0
	}
}

// SpinBarrier is Spin in rounds separated by barriers.
func SpinBarrier(it ka.Item, x []int32, rounds, n int32) {
	i := it.Global()
	v := int32(i)
	for r := int32(0); r < rounds; r++ {
		for k := int32(0); k < n; k++ {
			v = v*1664525 + 1013904223
		}
		it.Barrier()
	}
	if i < len(x) {
		x[i] = v | 1
	}
}

// Mark writes v into every element of x.
func Mark(it ka.Item, x []int32, v int32) {
	if i := it.Global(); i < len(x) {
		x[i] = v
	}
}

// TestCancelStopsRunningKernel cancels a stream running a kernel of
// seconds, with launches queued behind it: the wait returns ctx's error
// promptly, the queued launches are skipped, and the stream runs a fresh
// launch correctly afterwards.
func TestCancelStopsRunningKernel(t *testing.T) {
	for _, c := range []struct {
		name    string
		barrier bool
	}{{"Spin", false}, {"SpinBarrier", true}} {
		t.Run(c.name, func(t *testing.T) {
			dev, err := ka.Open("native")
			require.NoError(t, err)
			defer dev.Close()
			assert.True(t, dev.Capabilities().Features.Has(ka.Cancel))
			const n = 1 << 14
			x, err := ka.Alloc[int32](dev, n)
			require.NoError(t, err)
			spin, err := ka.NewKernel(dev, Spin, ka.WithGroupSize(16))
			require.NoError(t, err)
			spinB, err := ka.NewKernel(dev, SpinBarrier, ka.WithGroupSize(16))
			require.NoError(t, err)
			mark, err := ka.NewKernel(dev, Mark, ka.WithGroupSize(64))
			require.NoError(t, err)
			s := dev.Stream()

			ctx, cancel := context.WithCancel(context.Background())
			var cancelled time.Time
			time.AfterFunc(50*time.Millisecond, func() { cancelled = time.Now(); cancel() })
			start := time.Now()
			err = s.WithContext(ctx, func(s *ka.Stream) error {
				if c.barrier {
					// About 10 s of work on one core, in 64 rounds.
					require.NoError(t, spinB.Launch(s, ka.Range(n), x, int32(64), int32(10_000)))
				} else {
					require.NoError(t, spin.Launch(s, ka.Range(n), x, int32(60_000)))
				}
				for range 3 {
					require.NoError(t, mark.Launch(s, ka.Range(n), x, int32(7)))
				}
				return s.Synchronize(context.Background())
			})
			end := time.Now()
			require.ErrorIs(t, err, context.Canceled)
			t.Logf("stopped %v after the cancel (%v in all)", end.Sub(cancelled), end.Sub(start))
			assert.Less(t, end.Sub(start), 2*time.Second, "the kernel was stopped")

			got := make([]int32, n)
			require.NoError(t, x.Read(context.Background(), got))
			assert.False(t, slices.Contains(got, 7), "the queued launches were skipped")

			// The stream goes on: a fresh launch runs in full.
			require.NoError(t, mark.Launch(s, ka.Range(n), x, int32(3)))
			require.NoError(t, x.Read(context.Background(), got))
			for i, v := range got {
				require.Equal(t, int32(3), v, "x[%d] after a fresh launch", i)
			}
		})
	}
}

// TestCancelBarrierKernelNoDeadlock cancels a barrier kernel of many
// groups at random times, many times: every run ends, none deadlocks.
func TestCancelBarrierKernelNoDeadlock(t *testing.T) {
	dev, err := ka.Open("native")
	require.NoError(t, err)
	defer dev.Close()
	const n = 1 << 10
	x, err := ka.Alloc[int32](dev, n)
	require.NoError(t, err)
	k, err := ka.NewKernel(dev, SpinBarrier, ka.WithGroupSize(32))
	require.NoError(t, err)
	for range 50 {
		ctx, cancel := context.WithTimeout(context.Background(), time.Duration(rand.IntN(3000))*time.Microsecond)
		task := ka.SpawnContext(ctx, dev, func(s *ka.Stream) error {
			if err := k.Launch(s, ka.Range(n), x, int32(16), int32(2_000)); err != nil {
				return err
			}
			return s.Synchronize(ctx)
		})
		select {
		case <-task.Done():
		case <-time.After(30 * time.Second):
			require.FailNow(t, "a cancelled barrier kernel did not end")
		}
		cancel()
	}
}

// TestCancelRacesCompletion cancels small launches at random times: a
// WithContext that returns nil has its result in full; every one returns;
// and the stream's next launch is right.
func TestCancelRacesCompletion(t *testing.T) {
	dev, err := ka.Open("native")
	require.NoError(t, err)
	defer dev.Close()
	const n = 256
	x, err := ka.Alloc[int32](dev, n)
	require.NoError(t, err)
	k, err := ka.NewKernel(dev, Mark, ka.WithGroupSize(32))
	require.NoError(t, err)
	got := make([]int32, n)
	done, stopped := 0, 0
	// The task runs on a goroutine of its own: assert, never require.
	err = ka.Spawn(dev, func(s *ka.Stream) error {
		for run := range 1000 {
			v := int32(run + 1)
			ctx, cancel := context.WithCancel(context.Background())
			timer := time.AfterFunc(time.Duration(rand.IntN(2000))*time.Microsecond, cancel)
			err := s.WithContext(ctx, func(s *ka.Stream) error {
				if err := k.Launch(s, ka.Range(n), x, v); err != nil {
					return err
				}
				if err := x.ReadAsync(s, got); err != nil {
					return err
				}
				return s.Synchronize(ctx)
			})
			timer.Stop()
			cancel()
			if err != nil {
				if !assert.ErrorIs(t, err, context.Canceled) {
					return err
				}
				stopped++
				continue
			}
			done++
			for i, g := range got {
				if !assert.Equal(t, v, g, "run %d: x[%d]: a completed result was lost", run, i) {
					return fmt.Errorf("run %d: a completed result was lost", run)
				}
			}
		}
		// The stream is usable afterwards.
		if err := k.Launch(s, ka.Range(n), x, int32(-1)); err != nil {
			return err
		}
		if err := x.ReadAsync(s, got); err != nil {
			return err
		}
		return s.Synchronize(context.Background())
	}).Wait(context.Background())
	require.NoError(t, err)
	for _, g := range got {
		require.Equal(t, int32(-1), g)
	}
	t.Logf("%d completed, %d cancelled", done, stopped)
}
