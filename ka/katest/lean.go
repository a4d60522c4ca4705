package katest

import (
	"context"
	"fmt"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kago-dev/kago/ka"
	"github.com/kago-dev/kago/ka/driver"
)

func init() {
	add("LeanVariant", testLeanVariant)
	add("ExactCopy", testExactCopy)
}

// testLeanVariant checks a kernel whose checks its launches decide (docs/
// kernel-language.md, "Checks that only the launch can decide"): Saxpy's
// x[i] under its guard on len(y) needs len(x) ≥ min(range, len(y)). Eight
// tasks launch it at once, half with an x shorter than y, whose launches
// run the checked kernel (loaded then, by whichever comes first) and
// report the fault, half with an x that fits, whose launches run the lean
// variant and compute; then a launch on a closed device is ErrClosed.
func testLeanVariant(t *testing.T, dev *ka.Device) {
	ctx := context.Background()
	const n = 1000
	k, err := ka.NewKernel(dev, Saxpy, ka.WithGroupSize(64))
	require.NoError(t, err)
	var tasks []*ka.Task
	for i := range 8 {
		nx := n
		if i%2 == 0 {
			nx = n / 2
		}
		tasks = append(tasks, ka.Spawn(dev, func(s *ka.Stream) error {
			x, err := ka.FromSlice(ctx, dev, make([]float32, nx))
			if err != nil {
				return err
			}
			defer x.Free()
			hy := make([]float32, n)
			for j := range hy {
				hy[j] = float32(j)
			}
			y, err := ka.FromSlice(ctx, dev, hy)
			if err != nil {
				return err
			}
			defer y.Free()
			if err := k.Launch(s, ka.Range(n), float32(2), x, y); err != nil {
				return err
			}
			got := make([]float32, n)
			if err := y.Read(ctx, got); err != nil {
				return err
			}
			for j := range got {
				if got[j] != float32(j) {
					return fmt.Errorf("y[%d] = %v, want %v", j, got[j], float32(j))
				}
			}
			return nil
		}))
	}
	for i, task := range tasks {
		err := task.Wait(ctx)
		if i%2 == 1 {
			assert.NoError(t, err, "task %d: an x that fits", i)
			continue
		}
		var ke *ka.KernelError
		if assert.ErrorAs(t, err, &ke, "task %d: an x shorter than y", i) {
			assert.Equal(t, driver.FaultIndex, ke.Kind)
			assert.Regexp(t, `^index out of range \[(5[0-9][0-9]|[6-9][0-9][0-9])\] with length 500$`, ke.Message)
			assert.Equal(t, "kernels.go", filepath.Base(ke.File))
		}
	}

	d, err := ka.Open(dev.Backend())
	require.NoError(t, err)
	k2, err := ka.NewKernel(d, Saxpy)
	require.NoError(t, err)
	x, err := ka.Alloc[float32](d, n/2)
	require.NoError(t, err)
	y, err := ka.Alloc[float32](d, n)
	require.NoError(t, err)
	s := d.Stream()
	require.NoError(t, d.Close())
	assert.ErrorIs(t, k2.Launch(s, ka.Range(n), float32(2), x, y), ka.ErrClosed, "a launch that would load the checked kernel, after Close")
}

// testExactCopy checks the lean variant's exact copy (driver.Lean.Exact:
// the lean variant without its range test, which the CUDA backends run
// when every dimension of a range divides by its group) on a device of
// its own. A Saxpy loaded WithGroupSize(128) is launched from 8 tasks at
// once over ranges that divide by the group and ranges that do not, so
// that the copy (loaded by NewKernel) and the lean variant (loaded by the
// first partial launch, whichever task makes it) run side by side and
// compute what the host does. Then the hostile cases: an empty range runs
// nothing; a partial range over longer arrays runs no work-item past it
// (the copy must not run there); a whole-group range whose x is too short for it runs the
// checked kernel, not the copy, and reports the fault; a launch after
// Close is ErrClosed.
func testExactCopy(t *testing.T, dev *ka.Device) {
	ctx := context.Background()
	d, err := ka.Open(dev.Backend())
	require.NoError(t, err)
	k, err := ka.NewKernel(d, Saxpy, ka.WithGroupSize(128))
	require.NoError(t, err)
	ranges := []int{1024, 129, 1280, 1, 128, 1000, 4096, 127}
	var tasks []*ka.Task
	for _, n := range ranges {
		tasks = append(tasks, ka.Spawn(d, saxpyTask(d, k, n, 3)))
	}
	for i, task := range tasks {
		assert.NoError(t, task.Wait(ctx), "ka.Range(%d) in groups of 128", ranges[i])
	}

	s := d.Stream()
	const n = 1024
	x, err := ka.Alloc[float32](d, n/2)
	require.NoError(t, err)
	y, err := ka.FromSlice(ctx, d, make([]float32, n))
	require.NoError(t, err)
	require.NoError(t, k.Launch(s, ka.Range(0), float32(2), x, y), "an empty range")
	ones := make([]float32, n)
	for i := range ones {
		ones[i] = 1
	}
	short, err := ka.FromSlice(ctx, d, ones)
	require.NoError(t, err)
	require.NoError(t, k.Launch(s, ka.Range(129), float32(2), short, short))
	got := make([]float32, n)
	require.NoError(t, short.Read(ctx, got))
	for i, v := range got {
		want := float32(1)
		if i < 129 {
			want = 3
		}
		require.Equal(t, want, v, "element %d after ka.Range(129) over 1024 elements: only the range's run", i)
	}
	err = k.Launch(s, ka.Range(n), float32(2), x, y)
	if err == nil {
		err = s.Synchronize(ctx)
	}
	var ke *ka.KernelError
	if assert.ErrorAs(t, err, &ke, "a whole-group range past the end of x") {
		assert.Equal(t, driver.FaultIndex, ke.Kind)
		assert.Regexp(t, `^index out of range \[([5-9][0-9][0-9]|10[0-2][0-9])\] with length 512$`, ke.Message)
	}
	require.NoError(t, d.Close())
	assert.ErrorIs(t, k.Launch(s, ka.Range(n), float32(2), y, y), ka.ErrClosed, "after Close")
}
