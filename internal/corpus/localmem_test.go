package corpus

import (
	"testing"

	"github.com/kago-dev/kago/ka"
	"github.com/stretchr/testify/require"
)

func init() {
	cases = append(cases,
		corpusCase{"LocalHistogram", 0, func(h *harness) {
			// 256 bins, more than the group's 64 work-items.
			n := 5000
			x := in(h, seq(n, func(i int) uint32 { return uint32(i*i*7 + i) }))
			bins := out(h, make([]uint32, 256))
			h.launch(LocalHistogram, ka.Range(n), []int{64}, ka.LocalOf[uint32](256), x, bins)
			// LocalOf(0): one bin per work-item of the group, 128.
			n = 3001
			x = in(h, seq(n, func(i int) uint32 { return uint32(i*31 + i/3) }))
			bins = out(h, make([]uint32, 128))
			h.launch(LocalHistogram, ka.Range(n), []int{128}, ka.LocalOf[uint32](0), x, bins)
		}},
	)
}

// TestLocalHistogram checks the counts on the native backend, and the
// launch's checks of a ka.Local argument.
func TestLocalHistogram(t *testing.T) {
	dev, err := ka.Open("native")
	require.NoError(t, err)
	defer dev.Close()
	ctx := t.Context()
	data := seq(1000, func(i int) uint32 { return uint32(i * 7) })
	for _, c := range []struct{ group, nbins, arg int }{{32, 50, 50}, {64, 64, 0}, {16, 100, 100}} {
		x, err := ka.FromSlice(ctx, dev, data)
		require.NoError(t, err)
		bins, err := ka.Alloc[uint32](dev, c.nbins)
		require.NoError(t, err)
		k, err := NewLocalHistogramKernel(dev, ka.WithGroupSize(c.group))
		require.NoError(t, err)
		require.NoError(t, k.Launch(dev.Stream(), ka.Range(len(data)), ka.LocalOf[uint32](c.arg), x, bins))
		got := make([]uint32, c.nbins)
		require.NoError(t, bins.Read(ctx, got))
		want := make([]uint32, c.nbins)
		for _, v := range data {
			want[v%uint32(c.nbins)]++
		}
		require.Equal(t, want, got, "group %d, %d bins", c.group, c.nbins)
	}

	k, err := ka.NewKernel(dev, LocalHistogram)
	require.NoError(t, err)
	x, err := ka.Alloc[uint32](dev, 4)
	require.NoError(t, err)
	tooBig := ka.LocalOf[uint32](dev.Capabilities().LocalMemBytes/4 + 1) // checked by ka before the backend sees it
	for _, bad := range []any{ka.LocalOf[int32](4), ka.Local[uint32]{}, ka.LocalOf[uint32](-1), tooBig, x} {
		err := k.Launch(dev.Stream(), ka.Range(4), bad, x, x)
		require.ErrorIs(t, err, ka.ErrBadLaunch, "%#v", bad)
	}
}
