package cudasim_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kago-dev/kago/backends/cuda/cudasim"
	"github.com/kago-dev/kago/ka"
	"github.com/kago-dev/kago/ka/katest"
)

// Executed counts what kago's Saxpy executes through the CUDA backend: the
// same launch counts the same every time, and twice the elements, a
// multiple of the launch's groups of 256, execute exactly twice the
// instructions, per warp and per thread.
func TestExecuted(t *testing.T) {
	ctx := context.Background()
	dev, err := ka.Open("cuda-sim")
	require.NoError(t, err)
	defer dev.Close()
	k, err := katest.NewSaxpyKernel(dev)
	require.NoError(t, err)
	s := dev.Stream()
	// count returns what a Saxpy over m elements executes.
	count := func(m int) (warp, thread uint64) {
		x, err := ka.FromSlice(ctx, dev, make([]float32, m))
		require.NoError(t, err)
		defer x.Free()
		y, err := ka.FromSlice(ctx, dev, make([]float32, m))
		require.NoError(t, err)
		defer y.Free()
		require.NoError(t, s.Synchronize(ctx))
		w0, t0 := cudasim.Default.Executed()
		require.NoError(t, k.Launch(s, ka.Range(m), 2, x, y))
		require.NoError(t, s.Synchronize(ctx))
		w1, t1 := cudasim.Default.Executed()
		return w1 - w0, t1 - t0
	}
	const n = 2048
	w1, t1 := count(n / 2)
	w1again, t1again := count(n / 2)
	w2, t2 := count(n)
	t.Logf("Saxpy over %d elements: %d warp instructions, %d thread instructions", n/2, w1, t1)
	assert.Positive(t, w1)
	// Every thread executes at least one instruction per warp that
	// issues it, at most 32.
	assert.GreaterOrEqual(t, t1, w1)
	assert.LessOrEqual(t, t1, 32*w1)
	assert.Equal(t, [2]uint64{w1, t1}, [2]uint64{w1again, t1again}, "the same launch twice")
	assert.Equal(t, [2]uint64{2 * w1, 2 * t1}, [2]uint64{w2, t2}, "twice the elements")
}
