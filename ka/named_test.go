package ka_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kago-dev/kago/ka"
)

// Kelvin is a named scalar type, a kernel's parameter and element.
type Kelvin float64

// Heat adds d to every element of x and writes each as a Float16 too.
//
//ka:kernel
func Heat(it ka.Item, d Kelvin, x []Kelvin, h []ka.Float16) {
	if i := it.Global(); i < len(x) {
		x[i] += d
		h[i] = ka.ToFloat16(float32(x[i]))
	}
}

// TestNamedScalarsWithoutCode launches a kernel of named scalar types with
// no generated code (the reflective native binding): a scalar and arrays
// of named types bind and compute, and an array of the underlying type is
// refused before anything runs.
func TestNamedScalarsWithoutCode(t *testing.T) {
	ctx := context.Background()
	dev, err := ka.Open("native")
	require.NoError(t, err)
	defer dev.Close()
	k, err := ka.NewKernel(dev, Heat)
	require.NoError(t, err)
	x, err := ka.FromSlice(ctx, dev, []Kelvin{1, 2.5})
	require.NoError(t, err)
	h, err := ka.Alloc[ka.Float16](dev, 2)
	require.NoError(t, err)
	plain, err := ka.FromSlice(ctx, dev, []float64{1, 2.5})
	require.NoError(t, err)
	s := dev.Stream()
	assert.ErrorIs(t, k.Launch(s, ka.Range(2), Kelvin(1), plain, h), ka.ErrBadLaunch)
	require.NoError(t, k.Launch(s, ka.Range(2), Kelvin(0.5), x, h))
	got := make([]Kelvin, 2)
	require.NoError(t, x.Read(ctx, got))
	assert.Equal(t, []Kelvin{1.5, 3}, got)
	gh := make([]ka.Float16, 2)
	require.NoError(t, h.Read(ctx, gh))
	assert.Equal(t, []float32{1.5, 3}, ka.Float32s(gh))
}
