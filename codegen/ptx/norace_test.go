//go:build !race

package ptx

const raceEnabled = false
