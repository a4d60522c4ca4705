package sync_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/require"

	kasync "github.com/kago-dev/kago/sync"
)

// goNotified is a Subscriber notified from Go inside Subscribe, after taking
// the C handle as a driver-facing backend does: it measures the callback
// strategy's own cost (waiter, handle, channel), without a driver.
type goNotified struct{}

func (goNotified) Wait() error { return nil }
func (goNotified) Subscribe(n kasync.Notifier) error {
	_ = n.Handle()
	n.Notify()
	return nil
}

// BenchmarkCallbackMachinery is one callback wait whose notification is
// already there when the waiter parks: the cost of the machinery alone.
func BenchmarkCallbackMachinery(b *testing.B) {
	b.ReportAllocs()
	ctx := context.Background()
	var err error
	for b.Loop() {
		// Checked after the loop: require calls t.Helper, which would be timed.
		if _, err = kasync.Wait(ctx, goNotified{}, kasync.Options{Spin: kasync.NoSpin}); err != nil {
			break
		}
	}
	require.NoError(b, err)
}
