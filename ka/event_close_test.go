package ka_test

import (
	"context"
	"errors"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kago-dev/kago/ka"
)

// Goroutines wait for, query, time and release events while the device
// closes: every call succeeds or reports ErrClosed, and none reaches a
// released driver event (the race detector and the native backend's
// checks would see it).
func TestEventsWhileTheDeviceCloses(t *testing.T) {
	ctx := context.Background()
	dev, err := ka.Open("native")
	require.NoError(t, err)
	x, err := ka.Alloc[int32](dev, 64)
	require.NoError(t, err)
	k, err := ka.NewKernel(dev, CopyInts)
	require.NoError(t, err)
	s := dev.Stream()
	var evs []*ka.Event
	for range 16 {
		require.NoError(t, k.Launch(s, ka.Range(64), x, x))
		ev, err := s.Record()
		require.NoError(t, err)
		evs = append(evs, ev)
	}
	ok := func(err error) bool { return err == nil || errors.Is(err, ka.ErrClosed) }
	var wg sync.WaitGroup
	for i, ev := range evs {
		wg.Go(func() {
			assert.True(t, ok(ev.Wait(ctx)))
			ev.Done()
			// The other event may not have completed yet (ErrInvalid).
			_, err := ev.Elapsed(evs[(i+1)%len(evs)])
			assert.True(t, ok(err) || errors.Is(err, ka.ErrInvalid), "%v", err)
			if i%3 == 0 {
				assert.True(t, ok(ev.Release()))
			}
			assert.True(t, ok(s.WaitFor(ev)))
		})
	}
	require.NoError(t, dev.Close())
	wg.Wait()
	for _, ev := range evs {
		assert.ErrorIs(t, ev.Wait(ctx), ka.ErrClosed)
	}
}
