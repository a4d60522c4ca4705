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
