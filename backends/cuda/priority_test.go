package cuda

import (
	"testing"

	"github.com/stretchr/testify/assert"

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
		assert.Equal(t, tc.levels, priorityLevels(tc.least, tc.greatest), "range [%d,%d]: levels", tc.greatest, tc.least)
		for p, want := range map[driver.Priority]int{driver.High: tc.high, driver.Normal: tc.normal, driver.Low: tc.low} {
			got := cudaPriority(p, tc.least, tc.greatest)
			assert.Equal(t, want, got, "range [%d,%d]: %v", tc.greatest, tc.least, p)
			if tc.levels > 1 {
				assert.GreaterOrEqual(t, got, tc.greatest, "range [%d,%d]: %v -> %d is outside the range", tc.greatest, tc.least, p, got)
				assert.LessOrEqual(t, got, tc.least, "range [%d,%d]: %v -> %d is outside the range", tc.greatest, tc.least, p, got)
			}
		}
	}
	// Priorities are ordered: High >= Normal >= Low in CUDA's sense (lower
	// numbers first).
	for g := 0; g >= -8; g-- {
		h, n, l := cudaPriority(driver.High, 0, g), cudaPriority(driver.Normal, 0, g), cudaPriority(driver.Low, 0, g)
		assert.LessOrEqual(t, h, n, "range [%d,0]: high %d, normal %d, low %d out of order", g, h, n, l)
		assert.LessOrEqual(t, n, l, "range [%d,0]: high %d, normal %d, low %d out of order", g, h, n, l)
	}
}
