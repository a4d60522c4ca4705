//go:build cgo

package main

import (
	"testing"

	"github.com/stretchr/testify/require"

	_ "github.com/kago-dev/kago/backends/cuda/cudasim"
)

// The example on the simulated CUDA driver (backends/cuda/cudasim): its PTX
// and the CUDA backend, run without a GPU.
func TestRunSimulatedCUDA(t *testing.T) {
	require.NoError(t, run("cuda-sim", 7, 70, 33))
}
