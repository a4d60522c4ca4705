//go:build race

package native

// raceEnabled is whether the program is built with the race detector
// (go build -race): then a device runs in KAGO_NATIVE=debug mode unless
// KAGO_NATIVE says otherwise, so that the detector sees races between
// work-items (perItemMode).
const raceEnabled = true
