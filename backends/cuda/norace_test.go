//go:build !race

package cuda_test

// raceEnabled: see race_test.go.
const raceEnabled = false
