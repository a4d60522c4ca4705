package ka

import (
	"context"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kago-dev/kago/ka/driver"
)

// The fake driver's events: every command completes at once, so its events
// are complete when recorded; the fake device counts the events alive so
// that tests can see that ka releases each one exactly once.

var (
	_ driver.HostEvent   = fakeEvent(0)
	_ driver.TimedEvent  = fakeEvent(0)
	_ driver.AsyncCopier = (*fakeQueue)(nil)
)

func (fakeEvent) Wait(context.Context) error { return nil }
func (fakeEvent) Query() (bool, error)       { return true, nil }

// Elapsed is the difference of the queue ids, so that tests can tell
// which events were compared.
func (e fakeEvent) Elapsed(start driver.Event) (time.Duration, error) {
	return time.Duration(int(e)-int(start.(fakeEvent))) * time.Millisecond, nil
}

func (q *fakeQueue) WriteAsync(b driver.Buffer, off int, src []byte) error {
	q.dev.logf("write async on q%d", q.id)
	return nil
}

func (q *fakeQueue) ReadAsync(b driver.Buffer, off int, dst []byte) error {
	q.dev.logf("read async on q%d", q.id)
	return nil
}

// trackedEvent is a fake event that counts its releases.
type trackedEvent struct {
	fakeEvent
	released *int
	mu       *sync.Mutex
}

func (e trackedEvent) Release() error {
	e.mu.Lock()
	*e.released++
	e.mu.Unlock()
	return nil
}

// countingQueue records events that count their releases.
type countingQueue struct {
	*fakeQueue
	mu       sync.Mutex
	released int
}

func (q *countingQueue) Record() (driver.Event, error) {
	return trackedEvent{fakeEvent(q.id), &q.released, &q.mu}, nil
}

func TestCloseReleasesEventsOnce(t *testing.T) {
	dev, _ := openFake(t, false)
	cq := &countingQueue{fakeQueue: dev.def.cur.q.(*fakeQueue)}
	dev.def.cur.q = cq
	s := dev.Stream()
	var evs []*Event
	for range 3 {
		ev, err := s.Record()
		require.NoError(t, err)
		evs = append(evs, ev)
	}
	require.NoError(t, evs[0].Release())
	require.NoError(t, evs[0].Release(), "a second Release is a no-op")
	require.NoError(t, dev.Close())
	cq.mu.Lock()
	assert.Equal(t, 3, cq.released, "driver events released")
	cq.mu.Unlock()
	for _, ev := range evs {
		assert.ErrorIs(t, ev.Wait(context.Background()), ErrClosed)
		assert.True(t, ev.Done(), "an event of a closed device is done")
		assert.NoError(t, ev.Release())
	}
	_, err := s.Record()
	assert.ErrorIs(t, err, ErrClosed)
}

func TestEventElapsedUsesTheDriversClock(t *testing.T) {
	dev, _ := openFake(t, false)
	a, err := dev.Stream().Record()
	require.NoError(t, err)
	var b *Event
	task := Spawn(dev, func(s *Stream) error {
		if err := s.WaitFor(a); err != nil {
			return err
		}
		b, err = s.Record()
		return err
	})
	require.NoError(t, task.Wait(context.Background()))
	d, err := b.Elapsed(a)
	require.NoError(t, err)
	assert.Equal(t, time.Millisecond, d, "the fake clock: queue 2's event minus queue 1's")
	_, err = b.Elapsed(nil)
	assert.ErrorIs(t, err, ErrInvalid)
	require.NoError(t, dev.Close())
}
