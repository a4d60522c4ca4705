package ka_test

import (
	"math"
	"testing"

	"github.com/stretchr/testify/require"

	_ "github.com/kago-dev/kago/backends/native"
	"github.com/kago-dev/kago/ka"
)

func localLen(it ka.Item, l ka.Local[float64], out []int64) {
	out[it.Global()] = int64(l.Len())
}

// TestLocalOfHuge: a ka.Local whose size in bytes overflows is refused at
// Launch, like one over the device's local memory, instead of wrapping
// around to a size that passes the check.
func TestLocalOfHuge(t *testing.T) {
	dev, err := ka.Open("native")
	require.NoError(t, err)
	defer dev.Close()
	k, err := ka.NewKernel(dev, localLen)
	require.NoError(t, err)
	out, err := ka.Alloc[int64](dev, 1)
	require.NoError(t, err)
	for _, n := range []int{1 << 61, math.MaxInt64/8 + 1, math.MaxInt} {
		err := k.Launch(dev.Stream(), ka.Range(1), ka.LocalOf[float64](n), out)
		require.ErrorIs(t, err, ka.ErrBadLaunch, "LocalOf(%d)", n)
	}
}

func localLens(it ka.Item, a ka.Local[uint8], b ka.Local[uint8], out []int64) {
	out[it.Global()] = int64(a.Len() + b.Len())
}

// TestLocalOfSumOverflows: two ka.Local arguments whose sizes add up past
// int64 are over the device's local memory, not under it.
func TestLocalOfSumOverflows(t *testing.T) {
	dev, err := ka.Open("native")
	require.NoError(t, err)
	defer dev.Close()
	k, err := ka.NewKernel(dev, localLens)
	require.NoError(t, err)
	out, err := ka.Alloc[int64](dev, 1)
	require.NoError(t, err)
	err = k.Launch(dev.Stream(), ka.Range(1), ka.LocalOf[uint8](16), ka.LocalOf[uint8](math.MaxInt64), out)
	require.ErrorIs(t, err, ka.ErrBadLaunch)
	require.NoError(t, k.Launch(dev.Stream(), ka.Range(1), ka.LocalOf[uint8](16), ka.LocalOf[uint8](16), out))
	got := make([]int64, 1)
	require.NoError(t, out.Read(t.Context(), got))
	require.Equal(t, []int64{32}, got)
}
