package ka_test

import (
	"context"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	_ "github.com/kago-dev/kago/backends/native"
	"github.com/kago-dev/kago/ka"
	"github.com/kago-dev/kago/ka/katest"
)

// TestMessages checks the words of launch errors that used to mislead:
// a sentinel named twice, a struct element type named as ScalarType(0),
// and one device name given for two different Devices.
func TestMessages(t *testing.T) {
	ctx := context.Background()
	dev, err := ka.Open("native")
	require.NoError(t, err)
	defer dev.Close()
	other, err := ka.Open("native")
	require.NoError(t, err)
	defer other.Close()

	k, err := ka.NewKernel(dev, localLen)
	require.NoError(t, err)
	out, err := ka.Alloc[int64](dev, 1)
	require.NoError(t, err)
	err = k.Launch(dev.Stream(), ka.Range(1), ka.LocalOf[float64](1<<61), out)
	require.ErrorIs(t, err, ka.ErrBadLaunch)
	assert.Equal(t, 1, strings.Count(err.Error(), "bad launch"), "%v", err)

	pk, err := ka.NewKernel(dev, katest.PairSum)
	require.NoError(t, err)
	floats, err := ka.FromSlice(ctx, dev, []float32{1, 2})
	require.NoError(t, err)
	err = pk.Launch(dev.Stream(), ka.Range(2), katest.Pair{}, floats, floats)
	require.ErrorIs(t, err, ka.ErrBadLaunch)
	assert.NotContains(t, err.Error(), "ScalarType(")
	assert.Contains(t, err.Error(), "is *ka.Array[float32], want *ka.Array[katest.Pair]")

	theirs, err := ka.FromSlice(ctx, other, []katest.Pair{{A: 1, B: 2}})
	require.NoError(t, err)
	err = pk.Launch(dev.Stream(), ka.Range(1), katest.Pair{}, theirs, floats)
	require.ErrorIs(t, err, ka.ErrBadLaunch)
	opened := regexp.MustCompile(`opened (\d+)(st|nd|rd|th)`).FindAllStringSubmatch(err.Error(), -1)
	require.Len(t, opened, 2, "%v", err)
	assert.NotEqual(t, opened[0][1], opened[1][1], "%v", err)
}

// matrixNoCode is a kernel with a ka.Matrix parameter that kago gen never
// compiled (ka's tests have no generated code).
func matrixNoCode(it ka.Item, m ka.Matrix[float32]) { m.Set(0, 0, 1) }

// TestNoCodeMessage checks the error for a kernel that needs generated
// code and has none: it says what to do, not that kernels take only
// scalars and slices.
func TestNoCodeMessage(t *testing.T) {
	dev, err := ka.Open("native")
	require.NoError(t, err)
	defer dev.Close()
	_, err = ka.NewKernel(dev, matrixNoCode)
	require.ErrorIs(t, err, ka.ErrUnsupported)
	assert.ErrorContains(t, err, "has no generated code")
	assert.ErrorContains(t, err, "run go generate, or import github.com/kago-dev/kago/jit")
	assert.NotContains(t, err.Error(), "kernels do not take")
}
