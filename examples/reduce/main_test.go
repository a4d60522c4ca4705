package main

import (
	"errors"
	"slices"
	"testing"

	"github.com/kago-dev/kago/ka"
	"github.com/kago-dev/kago/ka/kgen"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestRun(t *testing.T) {
	for _, backend := range []string{"native", "pocl"} {
		t.Run(backend, func(t *testing.T) {
			if !slices.Contains(ka.Backends(), backend) {
				t.Skipf("%s is not in this build (it needs cgo)", backend)
			}
			err := run(backend, 70001)
			if errors.Is(err, ka.ErrNoDevice) {
				t.Skipf("%s: %v", backend, err)
			}
			require.NoError(t, err)
		})
	}
}

// BlockSum calls ka.GroupSum, and kago gen still writes its group
// function: the native backend runs its groups as loops over the
// work-items, not a goroutine per work-item.
func TestBlockSumHasAGroupFunction(t *testing.T) {
	spec, err := kgen.LookupKernel(BlockSum)
	require.NoError(t, err)
	assert.NotNil(t, spec.Group)
	assert.True(t, spec.Barrier)
}
