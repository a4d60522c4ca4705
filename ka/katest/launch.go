package katest

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kago-dev/kago/ka"
)

// testBadLaunch checks that every kind of wrong launch is an ErrBadLaunch
// that names what is wrong, and that none of them runs anything.
func testBadLaunch(t *testing.T, dev *ka.Device) {
	ctx := context.Background()
	h := []float32{1, 2, 3, 4}
	x, err := ka.FromSlice(ctx, dev, h)
	require.NoError(t, err)
	defer x.Free()
	y, err := ka.FromSlice(ctx, dev, h)
	require.NoError(t, err)
	defer y.Free()
	d64, err := ka.Alloc[float64](dev, 4)
	require.NoError(t, err)
	defer d64.Free()
	freed, err := ka.Alloc[float32](dev, 4)
	require.NoError(t, err)
	require.NoError(t, freed.Free())
	k, err := ka.NewKernel(dev, Saxpy, ka.WithGroupSize(2))
	require.NoError(t, err)
	k2, err := ka.NewKernel(dev, Saxpy, ka.WithGroupSize(2, 2))
	require.NoError(t, err)
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
		require.NoError(t, err)
		cases = append(cases, struct {
			name   string
			launch func() error
			says   string
		}{"group above the device limit", func() error { return kbig.Launch(s, ka.Range(4*m), float32(2), x, y) }, "limit"})
	}
	for _, c := range cases {
		err := c.launch()
		if assert.ErrorIs(t, err, ka.ErrBadLaunch, c.name) {
			assert.ErrorContains(t, err, c.says, c.name)
		}
	}
	_, err = ka.NewKernel(dev, Saxpy, ka.WithGroupSize(0))
	assert.ErrorIs(t, err, ka.ErrBadLaunch, "GroupSize(0)")
	_, err = ka.NewKernel(dev, Saxpy, ka.WithGroupSize(1, 2, 3, 4))
	assert.ErrorIs(t, err, ka.ErrBadLaunch, "GroupSize with 4 sizes")
	require.NoError(t, dev.Synchronize(ctx))
	got := make([]float32, 4)
	require.NoError(t, y.Read(ctx, got))
	require.Equal(t, h, got, "a bad launch ran")
}
