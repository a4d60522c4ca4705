//go:build race

package algo

const raceEnabled = true
