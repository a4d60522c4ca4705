package cuda

import (
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kago-dev/kago/backends/cuda/internal/cu"
	"github.com/kago-dev/kago/ka/driver"
)

// The kernelParams layout of docs/ir.md: slices as (pointer, length),
// scalars in the low bytes of their slot, bools as 0/1, then gsize0..2 with
// unused dimensions 1. The slots live in C memory, as a launch uses them.
func TestPackArgsLayout(t *testing.T) {
	dev := &Device{}
	x := &buffer{dev: dev, ptr: 0x7f0000001000, size: 400}
	y := &buffer{dev: dev, ptr: 0x7f0000002000, size: 800}
	spec := &driver.KernelSpec{Name: "K", Entry: "K", Params: []driver.Param{
		{Name: "a", Type: driver.Float32},
		{Name: "x", Type: driver.Float32, Slice: true},
		{Name: "flag", Type: driver.Bool},
		{Name: "n", Type: driver.Int16},
		{Name: "y", Type: driver.Float64, Slice: true},
		{Name: "d", Type: driver.Float64},
		{Name: "i8", Type: driver.Int8},
	}}
	layout := spec.Layout()
	require.Len(t, layout, 12, "Layout(): want 5 scalars + 2×2 slice + 3 hidden")
	p, err := cu.NewParams(len(layout))
	require.NoError(t, err)
	defer p.Free()
	args := []driver.Arg{{Value: float32(2.5)}, {Buffer: x, Len: 100}, {Value: true}, {Value: int16(-2)},
		{Buffer: y, Len: 100}, {Value: math.Pi}, {Value: int8(-1)}}
	r := driver.NDRange{Dims: 2, Size: [3]int{1000, 7, 1}}
	require.NoError(t, packArgs(spec, layout, args, r, p.Slots()))
	want := []uint64{uint64(math.Float32bits(2.5)), 0x7f0000001000, 100, 1, 0xfffe,
		0x7f0000002000, 100, math.Float64bits(math.Pi), 0xff, 1000, 7, 1}
	for i, w := range want {
		assert.Equal(t, w, p.Slots()[i], "slot %d = %#x, want %#x", i, p.Slots()[i], w)
		assert.Equal(t, p.SlotAddr(i), p.Pointer(i), "kernelParams[%d] does not point at slot %d", i, i)
	}
	// Packing allocates nothing.
	assert.Zero(t, testing.AllocsPerRun(100, func() { packArgs(spec, layout, args, r, p.Slots()) }), "packArgs's allocations per launch")
}

func TestPackArgsErrors(t *testing.T) {
	spec := &driver.KernelSpec{Name: "K", Params: []driver.Param{{Name: "a", Type: driver.Int32}, {Name: "x", Type: driver.Int32, Slice: true}}}
	layout := spec.Layout()
	slots := make([]uint64, len(layout))
	for name, args := range map[string][]driver.Arg{
		"scalar type": {{Value: int64(1)}, {Buffer: &buffer{size: 8}, Len: 2}},
		"nil buffer":  {{Value: int32(1)}, {Len: 2}},
	} {
		err := packArgs(spec, layout, args, driver.NDRange{Dims: 1, Size: [3]int{1, 1, 1}}, slots)
		assert.ErrorIs(t, err, driver.ErrBadLaunch, name)
	}
	// A device parameter of a kind this backend does not know (a hidden
	// parameter newer than the backend) is refused, not left unset.
	unknown := append(layout[:len(layout):len(layout)], driver.DeviceParam{Kind: 99, Size: 8})
	err := packArgs(spec, unknown, []driver.Arg{{Value: int32(1)}, {Buffer: &buffer{size: 8}, Len: 2}}, driver.NDRange{Dims: 1, Size: [3]int{1, 1, 1}}, make([]uint64, len(unknown)))
	assert.ErrorIs(t, err, driver.ErrUnsupported, "unknown kind")
}

// gridFor rounds up to whole blocks and checks what ka cannot: the
// function's threads per block and the grid limits. (ka checks ranges and
// blocks against driver.Capabilities before a backend sees them.)
func TestGridFor(t *testing.T) {
	grids := [3]int{math.MaxInt32, 65535, 65535}
	r := func(s ...int) driver.NDRange {
		n := driver.NDRange{Dims: len(s), Size: [3]int{1, 1, 1}}
		copy(n.Size[:], s)
		return n
	}
	grid, block, err := gridFor(r(1000), r(256), 1024, grids)
	if assert.NoError(t, err, "1-D") {
		assert.Equal(t, [3]uint32{4, 1, 1}, grid, "1-D grid")
		assert.Equal(t, [3]uint32{256, 1, 1}, block, "1-D block")
	}
	grid, block, err = gridFor(r(33, 17, 2), r(8, 4, 2), 1024, grids)
	if assert.NoError(t, err, "3-D") {
		assert.Equal(t, [3]uint32{5, 5, 1}, grid, "3-D grid")
		assert.Equal(t, [3]uint32{8, 4, 2}, block, "3-D block")
	}
	for name, tc := range map[string][2]driver.NDRange{
		"block too big":   {r(4096), r(2048)},
		"threads per blk": {r(64, 64), r(64, 32)},
		"grid y too big":  {r(1, 65536*2), r(1, 1)},
	} {
		_, _, err := gridFor(tc[0], tc[1], 1024, grids)
		assert.Error(t, err, "%s: accepted", name)
	}
}
