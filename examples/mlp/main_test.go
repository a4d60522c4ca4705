package main

import (
	"errors"
	"slices"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/kago-dev/kago/ka"
)

func TestRun(t *testing.T) {
	for _, backend := range []string{"native", "pocl"} {
		t.Run(backend, func(t *testing.T) {
			if !slices.Contains(ka.Backends(), backend) {
				t.Skipf("%s is not in this build (it needs cgo)", backend)
			}
			err := run(backend, 7, 70, 33)
			if errors.Is(err, ka.ErrNoDevice) {
				t.Skipf("%s: %v", backend, err)
			}
			require.NoError(t, err)
		})
	}
}

// TestRunBadSizes: negative and huge sizes are errors before anything is
// allocated; empty ones run.
func TestRunBadSizes(t *testing.T) {
	for _, sh := range [][3]int{{-1, 4, 4}, {4, -3, 4}, {4, 4, -1}, {1 << 20, 1 << 20, 2}, {2, 1 << 40, 1 << 40}} {
		require.ErrorContains(t, run("native", sh[0], sh[1], sh[2]), "each must be ≥ 0", "%v", sh)
	}
	require.NoError(t, run("native", 0, 5, 3))
	require.NoError(t, run("native", 2, 0, 3))
}
