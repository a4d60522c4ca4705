package cuda

import (
	"errors"
	"math"
	"testing"

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
	if n := len(layout); n != 12 {
		t.Fatalf("len(Layout()) = %d, want 12 (5 scalars + 2×2 slice + 3 hidden)", n)
	}
	p, err := cu.NewParams(len(layout))
	if err != nil {
		t.Fatal(err)
	}
	defer p.Free()
	args := []driver.Arg{{Value: float32(2.5)}, {Buffer: x, Len: 100}, {Value: true}, {Value: int16(-2)},
		{Buffer: y, Len: 100}, {Value: math.Pi}, {Value: int8(-1)}}
	r := driver.NDRange{Dims: 2, Size: [3]int{1000, 7, 1}}
	if err := packArgs(spec, layout, args, r, p.Slots()); err != nil {
		t.Fatal(err)
	}
	want := []uint64{uint64(math.Float32bits(2.5)), 0x7f0000001000, 100, 1, 0xfffe,
		0x7f0000002000, 100, math.Float64bits(math.Pi), 0xff, 1000, 7, 1}
	for i, w := range want {
		if got := p.Slots()[i]; got != w {
			t.Errorf("slot %d = %#x, want %#x", i, got, w)
		}
		if p.Pointer(i) != p.SlotAddr(i) {
			t.Errorf("kernelParams[%d] does not point at slot %d", i, i)
		}
	}
	// Packing allocates nothing.
	if n := testing.AllocsPerRun(100, func() { packArgs(spec, layout, args, r, p.Slots()) }); n != 0 {
		t.Errorf("packArgs allocates %v times per launch", n)
	}
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
		if !errors.Is(err, driver.ErrBadLaunch) {
			t.Errorf("%s: %v, want ErrBadLaunch", name, err)
		}
	}
	// A device parameter of a kind this backend does not know (a hidden
	// parameter newer than the backend) is refused, not left unset.
	unknown := append(layout[:len(layout):len(layout)], driver.DeviceParam{Kind: 99, Size: 8})
	err := packArgs(spec, unknown, []driver.Arg{{Value: int32(1)}, {Buffer: &buffer{size: 8}, Len: 2}}, driver.NDRange{Dims: 1, Size: [3]int{1, 1, 1}}, make([]uint64, len(unknown)))
	if !errors.Is(err, driver.ErrUnsupported) {
		t.Errorf("unknown kind: %v, want ErrUnsupported", err)
	}
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
	if err != nil || grid != [3]uint32{4, 1, 1} || block != [3]uint32{256, 1, 1} {
		t.Errorf("1-D: %v %v %v", grid, block, err)
	}
	grid, block, err = gridFor(r(33, 17, 2), r(8, 4, 2), 1024, grids)
	if err != nil || grid != [3]uint32{5, 5, 1} || block != [3]uint32{8, 4, 2} {
		t.Errorf("3-D: %v %v %v", grid, block, err)
	}
	for name, tc := range map[string][2]driver.NDRange{
		"block too big":   {r(4096), r(2048)},
		"threads per blk": {r(64, 64), r(64, 32)},
		"grid y too big":  {r(1, 65536*2), r(1, 1)},
	} {
		if _, _, err := gridFor(tc[0], tc[1], 1024, grids); err == nil {
			t.Errorf("%s: accepted", name)
		}
	}
}
