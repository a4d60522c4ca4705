package katest

// This file checks that every wait that covers a failed launch reports its
// fault (docs/sync.md, "Which waits report a fault"): the stream's waits
// once, the waits for events recorded after it every time, from any
// goroutine, while the stream goes on; and no wait reports a fault of a
// launch it does not cover.

import (
	"context"
	"errors"
	"strconv"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kago-dev/kago/ka"
)

func init() { add("WaitFaults", testWaitFaults) }

// pokeFault checks that err is the fault of Poke writing x[i] of an array of
// 4 (from work-item 0), as every wait that covers the launch reports it.
func pokeFault(t *testing.T, err error, i int, what string) {
	t.Helper()
	var ke *ka.KernelError
	if !assert.ErrorAs(t, err, &ke, "%s: want Poke's fault at x[%d]", what, i) {
		return
	}
	assert.ErrorIs(t, err, ka.ErrDevice, what)
	assert.Equal(t, "Poke", ke.Kernel, what)
	assert.Equal(t, ka.FaultIndex, ke.Kind, what)
	assert.Equal(t, [3]int{}, ke.GlobalID, what)
	assert.Equal(t, "index out of range ["+strconv.Itoa(i)+"] with length 4", ke.Message, what)
}

func testWaitFaults(t *testing.T, dev *ka.Device) {
	ctx := context.Background()
	x, err := ka.Alloc[int32](dev, 4)
	require.NoError(t, err)
	defer x.Free()
	k, err := ka.NewKernel(dev, Poke)
	require.NoError(t, err)
	s := dev.Stream()
	require.NoError(t, s.Synchronize(ctx))
	record := func() *ka.Event {
		t.Helper()
		ev, err := s.Record()
		require.NoError(t, err)
		return ev
	}
	buf := make([]int32, 4)

	// A clean launch, an event; the failing launch, timed, and an event
	// after it; then the stream's own wait (a Read), which reports it once.
	require.NoError(t, k.Launch(s, ka.Range(4), x, 0, int32(1)))
	before := record()
	kt, err := k.LaunchTimed(s, ka.Range(4), x, 7, int32(2))
	timed := !errors.Is(err, ka.ErrUnsupported)
	if !timed {
		require.NoError(t, k.Launch(s, ka.Range(4), x, 7, int32(2)))
	} else {
		require.NoError(t, err)
	}
	after := record()
	waits := func(what string) {
		t.Helper()
		assert.NoError(t, before.Wait(ctx), "%s: the event before the failed launch", what)
		pokeFault(t, after.Wait(ctx), 7, what+": Event.Wait after the failed launch")
		if timed {
			_, err := kt.Wait(ctx)
			pokeFault(t, err, 7, what+": KernelTime.Wait of the failed launch")
		}
	}
	waits("before the stream's wait")
	pokeFault(t, x.Read(ctx, buf), 7, "Array.Read")
	assert.NoError(t, s.Synchronize(ctx), "the stream's waits report a fault once")
	waits("after the stream's wait")

	// A fault after an event is not the event's, even while the record
	// holds it; waits from other goroutines while the stream goes on with
	// more launches and its own waits report the same.
	clean := record()
	require.NoError(t, k.Launch(s, ka.Range(4), x, 9, int32(3)))
	later := record()
	assert.NoError(t, clean.Wait(ctx), "an event before the second failed launch")
	var wg sync.WaitGroup
	for range 4 {
		wg.Go(func() {
			for range 5 {
				assert.NoError(t, clean.Wait(ctx), "a concurrent wait for the clean event")
				pokeFault(t, later.Wait(ctx), 9, "a concurrent wait for the event after x[9]")
				pokeFault(t, after.Wait(ctx), 7, "a concurrent wait for the event after x[7]")
			}
		})
	}
	for range 5 {
		require.NoError(t, k.Launch(s, ka.Range(4), x, 1, int32(4)))
	}
	pokeFault(t, dev.Synchronize(ctx), 9, "Device.Synchronize")
	require.NoError(t, k.Launch(s, ka.Range(4), x, 11, int32(5)))
	pokeFault(t, s.Synchronize(ctx), 11, "Stream.Synchronize")
	wg.Wait()

	// A Write waits for the stream too; a task's Wait reports its work's
	// fault, and so does the wait for an event it recorded, on another
	// goroutine.
	require.NoError(t, k.Launch(s, ka.Range(4), x, 4, int32(6)))
	pokeFault(t, x.Write(ctx, []int32{10, 20, 30, 40}), 4, "Array.Write")
	evs := make(chan *ka.Event, 1)
	task := ka.Spawn(dev, func(s *ka.Stream) error {
		if err := k.Launch(s, ka.Range(4), x, 5, int32(7)); err != nil {
			return err
		}
		ev, err := s.Record()
		if err != nil {
			return err
		}
		evs <- ev
		return k.Launch(s, ka.Range(4), x, 2, int32(8))
	})
	pokeFault(t, (<-evs).Wait(ctx), 5, "Event.Wait of a task's event")
	pokeFault(t, task.Wait(ctx), 5, "Task.Wait")
	require.NoError(t, x.Read(ctx, buf), "nothing left to report")
	assert.Equal(t, []int32{10, 20, 8, 40}, buf, "the Write that reported a fault wrote, and the task's last launch ran")
}
