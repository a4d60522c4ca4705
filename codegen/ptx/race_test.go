//go:build race

package ptx

const raceEnabled = true
