//go:build cgo

package main

import (
	"testing"

	_ "github.com/kago-dev/kago/backends/cuda/cudasim"
)

// The example on the simulated CUDA driver (backends/cuda/cudasim): its PTX
// and the CUDA backend, run without a GPU.
func TestRunSimulatedCUDA(t *testing.T) {
	if err := run("cuda-sim", 67); err != nil {
		t.Fatal(err)
	}
}
