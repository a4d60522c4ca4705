package cuda

import (
	"testing"

	"github.com/kago-dev/kago/ka/driver"
)

func TestPriorityMapping(t *testing.T) {
	for _, tc := range []struct {
		least, greatest   int
		levels            int
		high, normal, low int
	}{
		{0, -5, 6, -5, -1, 0}, // Hopper, Ampere
		{0, -2, 3, -2, -1, 0},
		{0, -1, 2, -1, 0, 0}, // two levels: Normal is CUDA's default
		{0, 0, 1, 0, 0, 0},   // no priorities
		{3, 7, 1, 3, 3, 3},   // nonsense range: one level
	} {
		if n := priorityLevels(tc.least, tc.greatest); n != tc.levels {
			t.Errorf("range [%d,%d]: %d levels, want %d", tc.greatest, tc.least, n, tc.levels)
		}
		for p, want := range map[driver.Priority]int{driver.High: tc.high, driver.Normal: tc.normal, driver.Low: tc.low} {
			got := cudaPriority(p, tc.least, tc.greatest)
			if got != want {
				t.Errorf("range [%d,%d]: %v -> %d, want %d", tc.greatest, tc.least, p, got, want)
			}
			if tc.levels > 1 && (got < tc.greatest || got > tc.least) {
				t.Errorf("range [%d,%d]: %v -> %d is outside the range", tc.greatest, tc.least, p, got)
			}
		}
	}
	// Priorities are ordered: High >= Normal >= Low in CUDA's sense (lower
	// numbers first).
	for g := 0; g >= -8; g-- {
		h, n, l := cudaPriority(driver.High, 0, g), cudaPriority(driver.Normal, 0, g), cudaPriority(driver.Low, 0, g)
		if h > n || n > l {
			t.Errorf("range [%d,0]: high %d, normal %d, low %d out of order", g, h, n, l)
		}
	}
}
