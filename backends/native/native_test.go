package native_test

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kago-dev/kago/ka"
	"github.com/kago-dev/kago/ka/katest"

	_ "github.com/kago-dev/kago/backends/native"
)

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

// DivideByLen divides by len(x)-100, which is zero in the test.
func DivideByLen(it ka.Item, x []int32) {
	if i := it.Global(); i < len(x) {
		x[i] = x[i] / int32(len(x)-100)
	}
}

// TestConformance runs the conformance suite through the group functions
// kago gen wrote (KAGO_NATIVE=groups, which a -race build must be told:
// its default is debug).
func TestConformance(t *testing.T) {
	t.Setenv("KAGO_NATIVE", "groups")
	katest.Run(t, "native")
}

// TestPanicIsKernelError checks the native backend's debugging promise: a
// panic in a work-item (an index out of range in the last group's
// work-items past the range, a division by zero, a panic with a value) is a
// *ka.KernelError from the next Synchronize, wrapping ErrDevice, naming the
// work-item, the kernel's file and line, and the values; a panic in a group
// with barriers does not leave the other work-items waiting forever; and
// the stream goes on.
func TestPanicIsKernelError(t *testing.T) {
	ctx := context.Background()
	dev, err := ka.Open("native")
	require.NoError(t, err)
	defer dev.Close()
	x, err := ka.Alloc[int32](dev, 100)
	require.NoError(t, err)
	for _, c := range []struct {
		fn   any
		kind ka.FaultKind
		line string // the faulting line's text, found in this file
		says string
	}{
		{Unguarded, ka.FaultIndex, "func Unguarded(", "with length 100"}, // whichever work-item past the range fails first
		{PanicAtBarrier, ka.FaultPanic, `panic("work-item 3 gives up")`, "work-item 3 gives up"},
		{DivideByLen, ka.FaultDivideByZero, "x[i] = x[i] / int32(len(x)-100)", "integer divide by zero"},
	} {
		k, err := ka.NewKernel(dev, c.fn, ka.WithGroupSize(64))
		require.NoError(t, err)
		require.NoError(t, k.Launch(dev.Stream(), ka.Range(100), x))
		err = dev.Synchronize(ctx)
		require.ErrorIs(t, err, ka.ErrDevice)
		var kerr *ka.KernelError
		require.ErrorAs(t, err, &kerr)
		assert.Equal(t, k.Name(), kerr.Kernel)
		assert.Equal(t, c.kind, kerr.Kind, "%v", kerr)
		assert.Equal(t, "native_test.go", filepath.Base(kerr.File))
		assert.Equal(t, katest.LineOf(t, "native_test.go", c.line), kerr.Line, "%v", kerr)
		assert.Contains(t, kerr.Error(), c.says)
		assert.Contains(t, kerr.Error(), "native_test.go:")
		assert.Equal(t, kerr.GlobalID[0]/64, kerr.GroupID[0], "the group holds the work-item")
		// The error is reported once; the stream goes on.
		assert.NoError(t, dev.Synchronize(ctx), "second Synchronize")
	}
}
