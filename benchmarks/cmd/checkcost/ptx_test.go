package main

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kago-dev/kago/ka"
)

// simCounts counts checkcost's pairs on cuda-sim, at sizes small enough
// for the race detector: every launch executes instructions, the same
// launch the same number every time, and the checked variant no fewer
// than the one marked //ka:nocheck. The figures are logged.
func TestSimCounts(t *testing.T) {
	ctx := context.Background()
	dev, err := ka.Open("cuda-sim")
	require.NoError(t, err)
	defer dev.Close()
	for _, b := range benches(sizes{saxpy: 4096, small: 1, matmul: 64, grid: 32, volume: 8, matvec: 64}) {
		if b.each {
			continue
		}
		t.Run(b.name, func(t *testing.T) {
			p, err := b.setup(ctx, dev)
			require.NoError(t, err)
			defer p.free()
			wOn, tOn, err := simCounts(dev, p.on)
			require.NoError(t, err)
			wOff, tOff, err := simCounts(dev, p.off)
			require.NoError(t, err)
			wAgain, tAgain, err := simCounts(dev, p.on)
			require.NoError(t, err)
			assert.Positive(t, wOff)
			assert.Positive(t, tOff)
			assert.Equal(t, [2]uint64{wOn, tOn}, [2]uint64{wAgain, tAgain}, "the same launch twice")
			assert.GreaterOrEqual(t, wOn, wOff, "warp instructions, checked vs nocheck")
			assert.GreaterOrEqual(t, tOn, tOff, "thread instructions, checked vs nocheck")
			t.Logf("%s: warp instructions checked %d, nocheck %d (%.3f×); thread instructions checked %d, nocheck %d (%.3f×)",
				b.name, wOn, wOff, float64(wOn)/float64(wOff), tOn, tOff, float64(tOn)/float64(tOff))
		})
	}
}

// simCounts refuses a device that is not on the simulated driver, and a
// closed one, and passes on the launch's error.
func TestSimCountsNotSimulated(t *testing.T) {
	dev, err := ka.Open("native")
	require.NoError(t, err)
	defer dev.Close()
	_, _, err = simCounts(dev, func(*ka.Stream) error { return nil })
	assert.ErrorContains(t, err, "cuda-sim only, not on native")

	sim, err := ka.Open("cuda-sim")
	require.NoError(t, err)
	_, _, err = simCounts(sim, func(*ka.Stream) error { return ka.ErrBadLaunch })
	assert.ErrorIs(t, err, ka.ErrBadLaunch)
	require.NoError(t, sim.Close())
	_, _, err = simCounts(sim, func(*ka.Stream) error { return nil })
	assert.ErrorIs(t, err, ka.ErrClosed)
}
