//go:build !race

package native

// raceEnabled is whether the program is built with the race detector
// (race.go says what it changes).
const raceEnabled = false
