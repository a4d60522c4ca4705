//go:build race

package native

// raceEnabled: sync.Pool drops items at random under the race detector,
// so allocation counts are not measured.
const raceEnabled = true
