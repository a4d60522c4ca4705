package ka

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/kago-dev/kago/ka/driver"
)

// TestDefaultGroup checks the shapes a launch without WithGroupSize gets:
// dimension 0 first, capped by the range, the device's limits and the
// total.
func TestDefaultGroup(t *testing.T) {
	gpu := driver.Capabilities{MaxGroupSize: 1024, MaxGroupDims: [3]int{1024, 1024, 64}}
	cpu := driver.Capabilities{MaxGroupSize: 4096, MaxGroupDims: [3]int{4096, 4096, 4096}}
	small := driver.Capabilities{MaxGroupSize: 64, MaxGroupDims: [3]int{16, 64, 64}}
	for _, c := range []struct {
		name string
		r    NDRange
		kind driver.Kind
		caps driver.Capabilities
		want [3]int // dimension order
	}{
		{"1-D on a GPU", Range(1 << 20), driver.GPU, gpu, [3]int{256, 1, 1}},
		{"1-D on a CPU", Range(1 << 20), driver.CPU, cpu, [3]int{256, 1, 1}},
		{"short 1-D", Range(10), driver.CPU, cpu, [3]int{10, 1, 1}},
		{"empty range", Range(0), driver.CPU, cpu, [3]int{1, 1, 1}},
		{"2-D on a GPU: a warp along the row", Range2(2048, 2048), driver.GPU, gpu, [3]int{32, 8, 1}},
		{"2-D on a CPU: the group along the row", Range2(2048, 2048), driver.CPU, cpu, [3]int{256, 1, 1}},
		{"narrow rows give the rest to dimension 1", Range2(1000, 10), driver.CPU, cpu, [3]int{10, 25, 1}},
		{"3-D on a GPU", Range3(64, 64, 64), driver.GPU, gpu, [3]int{32, 8, 1}},
		{"3-D on a GPU, narrow", Range3(64, 4, 8), driver.GPU, gpu, [3]int{8, 4, 8}},
		{"3-D on a CPU", Range3(64, 64, 64), driver.CPU, cpu, [3]int{64, 4, 1}},
		{"device limits", Range2(2048, 2048), driver.CPU, small, [3]int{16, 4, 1}},
	} {
		g := defaultGroup(c.r, c.kind, c.caps)
		assert.Equal(t, c.r.Dims, g.Dims, c.name)
		assert.Equal(t, c.want, g.Size, c.name)
	}
}

// TestWithGroupSizeOrder checks that WithGroupSize takes its sizes in
// Range2's order, the last one dimension 0, and prints them so.
func TestWithGroupSizeOrder(t *testing.T) {
	var k Kernel
	assert.NoError(t, WithGroupSize(4, 64)(&k))
	assert.Equal(t, NDRange{Dims: 2, Size: [3]int{64, 4, 1}}, k.group)
	assert.Equal(t, "(4, 64)", k.group.String())
	assert.Equal(t, "(4, 64)", Range2(4, 64).String())
	assert.Equal(t, "(2, 3, 4)", Range3(2, 3, 4).String())
	assert.Equal(t, [3]int{4, 3, 2}, Range3(2, 3, 4).Size)
	assert.ErrorContains(t, WithGroupSize(4, 0)(&k), "size 0 in dimension 0")
	assert.ErrorContains(t, WithGroupSize(-1, 4)(&k), "size -1 in dimension 1")
}

// TestMaxWorkItems checks the cap on a launch's work-items, rounded up to
// whole groups, on a device without limits of its own.
func TestMaxWorkItems(t *testing.T) {
	one := NDRange{Size: [3]int{1, 1, 1}}
	assert.NoError(t, checkGroups(NDRange{Size: [3]int{MaxWorkItems, 1, 1}}, one, Capabilities{}))
	assert.NoError(t, checkGroups(NDRange{Size: [3]int{1 << 24, 1 << 24, 1}}, one, Capabilities{}))
	assert.Error(t, checkGroups(NDRange{Size: [3]int{MaxWorkItems + 1, 1, 1}}, one, Capabilities{}))
	assert.Error(t, checkGroups(NDRange{Size: [3]int{1 << 24, 1<<24 + 1, 1}}, one, Capabilities{}))
	// Rounding up counts: 2^48-1 items in groups of 256 are 2^48 ...
	g := NDRange{Size: [3]int{256, 1, 1}}
	assert.NoError(t, checkGroups(NDRange{Size: [3]int{MaxWorkItems - 1, 1, 1}}, g, Capabilities{}))
	// ... and 2^48+1 are 2^48+256.
	assert.Error(t, checkGroups(NDRange{Size: [3]int{MaxWorkItems + 1, 1, 1}}, g, Capabilities{}))
	assert.ErrorContains(t, checkGroups(NDRange{Size: [3]int{1 << 47, 4, 1}}, one, Capabilities{}), "ka.MaxWorkItems")
}
