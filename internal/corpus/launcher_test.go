package corpus

import (
	"context"
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kago-dev/kago/ka"
	"github.com/kago-dev/kago/ka/katest"
)

// TestTypedLaunchers runs kago gen's typed launchers on native and PoCL: an
// untyped constant for a float32 parameter, a generic kernel's instance,
// and the zero launcher. (cmd/kago's tests check that a wrong argument
// does not compile and that an instance kago gen did not compile is
// ErrUnsupported.)
func TestTypedLaunchers(t *testing.T) {
	for _, backend := range []string{"native", "pocl"} {
		t.Run(backend, func(t *testing.T) {
			ctx := context.Background()
			dev := katest.Open(t, backend)
			x, err := ka.FromSlice(ctx, dev, []float32{1, 2, 3})
			require.NoError(t, err)
			y, err := ka.FromSlice(ctx, dev, []float32{10, 20, 30})
			require.NoError(t, err)

			k, err := NewSaxpyKernel(dev, ka.WithGroupSize(64))
			require.NoError(t, err)
			assert.Equal(t, "Saxpy", k.Kernel().Name())
			require.NoError(t, k.Launch(dev.Stream(), ka.Range(3), 2, x, y)) // 2 is a float32
			got := make([]float32, 3)
			require.NoError(t, y.Read(ctx, got))
			assert.Equal(t, []float32{12, 24, 36}, got)

			z, err := ka.FromSlice(ctx, dev, []float64{1, 2, 3})
			require.NoError(t, err)
			scale, err := NewScaleKernel[float64](dev)
			require.NoError(t, err)
			assert.Equal(t, "Scale[float64]", scale.Kernel().Name())
			require.NoError(t, scale.Launch(dev.Stream(), ka.Range(3), 0.5, z))
			got64 := make([]float64, 3)
			require.NoError(t, z.Read(ctx, got64))
			assert.Equal(t, []float64{0.5, 1, 1.5}, got64)

			var zero SaxpyKernel
			assert.ErrorIs(t, zero.Launch(dev.Stream(), ka.Range(3), 2, x, y), ka.ErrInvalid)
			assert.Nil(t, zero.Kernel())
		})
	}
}

// ExampleNewSaxpyKernel loads Saxpy with its typed launcher and runs it on
// the native backend.
func ExampleNewSaxpyKernel() {
	ctx := context.Background()
	dev, err := ka.Open("native")
	if err != nil {
		fmt.Println(err)
		return
	}
	defer dev.Close()
	x, _ := ka.FromSlice(ctx, dev, []float32{1, 2, 3})
	y, _ := ka.FromSlice(ctx, dev, []float32{10, 20, 30})
	saxpy, err := NewSaxpyKernel(dev)
	if err != nil {
		fmt.Println(err)
		return
	}
	// Arguments are checked by the compiler: 2 is a float32 here, and
	// passing a []float32 or an *ka.Array[float64] does not compile.
	if err := saxpy.Launch(dev.Stream(), ka.Range(3), 2, x, y); err != nil {
		fmt.Println(err)
		return
	}
	out := make([]float32, 3)
	if err := y.Read(ctx, out); err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(out)
	// Output: [12 24 36]
}
