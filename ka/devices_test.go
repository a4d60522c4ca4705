package ka

import (
	"context"
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	kasync "github.com/kago-dev/kago/sync"
)

// N fake GPUs open at once, each driven by its own task: each reserves a
// sync worker while open.
func TestFakeGPUsReserveWorkers(t *testing.T) {
	base := kasync.WorkerLimit()
	var devs []*Device
	for range 8 {
		dev, _ := openFake(t, false) // fake devices are GPUs
		devs = append(devs, dev)
	}
	assert.Equal(t, base+8, kasync.WorkerLimit(), "one worker reserved per open GPU")
	var tasks []*Task
	for i, dev := range devs {
		k, err := NewKernel(dev, fakeKernel)
		require.NoError(t, err)
		x, err := Alloc[float32](dev, 4)
		require.NoError(t, err)
		tasks = append(tasks, Spawn(dev, func(s *Stream) error {
			if err := k.Launch(s, Range(4), x); err != nil {
				return fmt.Errorf("device %d: %w", i, err)
			}
			ev, err := s.Record()
			if err != nil {
				return err
			}
			return ev.Wait(context.Background())
		}))
	}
	for _, task := range tasks {
		require.NoError(t, task.Wait(context.Background()))
	}
	for _, dev := range devs {
		require.NoError(t, dev.Close())
	}
	assert.Equal(t, base, kasync.WorkerLimit(), "reservations end with Close")
}
