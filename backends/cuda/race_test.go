//go:build race

package cuda_test

// raceEnabled: the race detector makes internal/ptxsim about twenty times
// slower, so the simulated runs leave out the tests sized for GPUs.
const raceEnabled = true
