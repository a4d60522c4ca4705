package katest

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/kago-dev/kago/ka"
)

// testBadLaunch checks that every kind of wrong launch is an ErrBadLaunch
// that names what is wrong, and that none of them runs anything.
func testBadLaunch(t *testing.T, dev *ka.Device) {
	ctx := context.Background()
	h := []float32{1, 2, 3, 4}
	x, err := ka.FromSlice(ctx, dev, h)
	must(t, err)
	defer x.Free()
	y, err := ka.FromSlice(ctx, dev, h)
	must(t, err)
	defer y.Free()
	d64, err := ka.Alloc[float64](dev, 4)
	must(t, err)
	defer d64.Free()
	freed, err := ka.Alloc[float32](dev, 4)
	must(t, err)
	must(t, freed.Free())
	k, err := ka.NewKernel(dev, Saxpy, ka.WithGroupSize(2))
	must(t, err)
	k2, err := ka.NewKernel(dev, Saxpy, ka.WithGroupSize(2, 2))
	must(t, err)
	caps := dev.Capabilities()
	s := dev.Stream()
	cases := []struct {
		name   string
		launch func() error
		says   string
	}{
		{"too few arguments", func() error { return k.Launch(s, ka.Range(4), float32(2), x) }, "2 arguments for 3 parameters"},
		{"too many arguments", func() error { return k.Launch(s, ka.Range(4), float32(2), x, y, y) }, "4 arguments for 3 parameters"},
		{"untyped constant", func() error { return k.Launch(s, ka.Range(4), 2, x, y) }, "argument 1"},
		{"float64 for float32", func() error { return k.Launch(s, ka.Range(4), 2.0, x, y) }, "want float32"},
		{"slice for array", func() error { return k.Launch(s, ka.Range(4), float32(2), h, y) }, "argument 2"},
		{"array of other type", func() error { return k.Launch(s, ka.Range(4), float32(2), x, d64) }, "argument 3"},
		{"freed array", func() error { return k.Launch(s, ka.Range(4), float32(2), freed, y) }, "freed"},
		{"nil stream", func() error { return k.Launch(nil, ka.Range(4), float32(2), x, y) }, "nil stream"},
		{"no dimensions", func() error { return k.Launch(s, ka.NDRange{}, float32(2), x, y) }, "dimensions"},
		{"four dimensions", func() error { return k.Launch(s, ka.NDRange{Dims: 4, Size: [3]int{1, 1, 1}}, float32(2), x, y) }, "dimensions"},
		{"negative range", func() error { return k.Launch(s, ka.Range2(4, -1), float32(2), x, y) }, "size -1"},
		{"group has more dimensions than range", func() error { return k2.Launch(s, ka.Range(4), float32(2), x, y) }, "more dimensions"},
	}
	if m := caps.MaxGroupSize; m > 0 {
		kbig, err := ka.NewKernel(dev, Saxpy, ka.WithGroupSize(m+1))
		must(t, err)
		cases = append(cases, struct {
			name   string
			launch func() error
			says   string
		}{"group above the device limit", func() error { return kbig.Launch(s, ka.Range(4*m), float32(2), x, y) }, "limit"})
	}
	for _, c := range cases {
		err := c.launch()
		if !errors.Is(err, ka.ErrBadLaunch) {
			t.Errorf("%s: got %v, want an error wrapping ErrBadLaunch", c.name, err)
			continue
		}
		if !strings.Contains(err.Error(), c.says) {
			t.Errorf("%s: error %q does not say %q", c.name, err, c.says)
		}
	}
	if _, err := ka.NewKernel(dev, Saxpy, ka.WithGroupSize(0)); !errors.Is(err, ka.ErrBadLaunch) {
		t.Errorf("GroupSize(0): got %v, want ErrBadLaunch", err)
	}
	if _, err := ka.NewKernel(dev, Saxpy, ka.WithGroupSize(1, 2, 3, 4)); !errors.Is(err, ka.ErrBadLaunch) {
		t.Errorf("GroupSize with 4 sizes: got %v, want ErrBadLaunch", err)
	}
	must(t, dev.Synchronize(ctx))
	got := make([]float32, 4)
	must(t, y.Read(ctx, got))
	for i := range got {
		if got[i] != h[i] {
			t.Fatalf("a bad launch ran: y = %v, want %v", got, h)
		}
	}
}
