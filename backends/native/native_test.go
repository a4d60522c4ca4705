package native_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/kago-dev/kago/ka"

	"github.com/kago-dev/kago/ka/katest"

	_ "github.com/kago-dev/kago/backends/native"
)

func TestConformance(t *testing.T) { katest.Run(t, "native") }

// Unguarded writes x[i] with no check of len(x).
func Unguarded(it ka.Item, x []int32) { x[it.Global()] = 1 }

// PanicAtBarrier panics in one work-item while the others of its group
// wait at a barrier.
func PanicAtBarrier(it ka.Item, x []int32) {
	if it.Local() == 3 {
		panic("work-item 3 gives up")
	}
	it.Barrier()
	x[it.Global()] = 1
}

// TestPanicIsDeviceError checks the native backend's debugging promise: a
// panic in a work-item (here an index out of range, in the last group's
// work-items past the range) is an error wrapping ErrDevice from the next
// Synchronize, naming the work-item, and a panic in a group with barriers
// does not leave the other work-items waiting forever.
func TestPanicIsDeviceError(t *testing.T) {
	ctx := context.Background()
	dev, err := ka.Open("native")
	if err != nil {
		t.Fatal(err)
	}
	defer dev.Close()
	x, err := ka.Alloc[int32](dev, 100)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		fn   any
		says string
	}{
		{Unguarded, "with length 100"}, // whichever work-item past the range fails first
		{PanicAtBarrier, "work-item 3 gives up"},
	} {
		k, err := ka.NewKernel(dev, c.fn, ka.GroupSize(64))
		if err != nil {
			t.Fatal(err)
		}
		if err := k.Launch(dev.Stream(), ka.Range(100), x); err != nil {
			t.Fatal(err)
		}
		err = dev.Synchronize(ctx)
		if !errors.Is(err, ka.ErrDevice) || !strings.Contains(err.Error(), c.says) || !strings.Contains(err.Error(), "work-item") {
			t.Errorf("Synchronize after a panicking kernel: %v; want ErrDevice saying %q and naming the work-item", err, c.says)
		}
		// The error is reported once; the stream goes on.
		if err := dev.Synchronize(ctx); err != nil {
			t.Errorf("second Synchronize: %v", err)
		}
	}
}
