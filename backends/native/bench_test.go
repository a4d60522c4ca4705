package native_test

import (
	"context"
	"runtime"
	"sync"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/kago-dev/kago/ka"
	"github.com/kago-dev/kago/ka/driver"
	"github.com/kago-dev/kago/ka/katest"
	"github.com/kago-dev/kago/ka/kernel"
	"github.com/kago-dev/kago/ka/kgen"
	kasync "github.com/kago-dev/kago/sync"
)

// benchSaxpy is the kernel of BenchmarkSaxpy, registered below the way
// kago gen registers kernels: a typed native entry, no reflection.
//
//ka:kernel
func benchSaxpy(it ka.Item, a float32, x, y []float32) {
	if i := it.Global(); i < len(y) {
		y[i] = a*x[i] + y[i]
	}
}

func init() {
	kgen.RegisterKernel(benchSaxpy, &driver.KernelSpec{
		Name: "benchSaxpy", Entry: "benchSaxpy",
		Params: []driver.Param{{Name: "a", Type: driver.Float32}, {Name: "x", Type: driver.Float32, Slice: true}, {Name: "y", Type: driver.Float32, Slice: true}},
		Native: func(args []driver.Arg) func(kernel.Item) {
			a, x, y := args[0].Value.(float32), args[1].Value.([]float32), args[2].Value.([]float32)
			return func(it kernel.Item) { benchSaxpy(ka.Item(it), a, x, y) }
		},
	})
}

// BenchmarkSaxpy compares the native backend (launch + synchronize) with a
// plain Go loop over the same slices, in the same process: the ratio of
// their ns/op is the cost of running a kernel as Go.
func BenchmarkSaxpy(b *testing.B) {
	const n = 1 << 20
	hx, hy := make([]float32, n), make([]float32, n)
	for i := range hx {
		hx[i], hy[i] = float32(i), 1
	}
	b.Run("loop", func(b *testing.B) {
		b.SetBytes(3 * 4 * n)
		for b.Loop() {
			for i := range hy {
				hy[i] = 2*hx[i] + hy[i]
			}
		}
	})
	b.Run("loop-parallel", func(b *testing.B) {
		b.SetBytes(3 * 4 * n)
		procs := runtime.GOMAXPROCS(0)
		for b.Loop() {
			var wg sync.WaitGroup
			for p := range procs {
				wg.Go(func() {
					lo, hi := p*n/procs, (p+1)*n/procs
					x, y := hx[lo:hi], hy[lo:hi]
					for i := range y {
						y[i] = 2*x[i] + y[i]
					}
				})
			}
			wg.Wait()
		}
	})
	// katest.Saxpy has generated code with a group function; benchSaxpy
	// runs a work-item at a time.
	b.Run("native-groups", func(b *testing.B) { benchNative(b, katest.Saxpy, hx, hy) })
	b.Run("native", func(b *testing.B) { benchNative(b, benchSaxpy, hx, hy) })
}

func benchNative(b *testing.B, kernel any, hx, hy []float32) {
	n := len(hx)
	{
		ctx := context.Background()
		dev, err := ka.Open("native")
		require.NoError(b, err)
		defer dev.Close()
		x, _ := ka.FromSlice(ctx, dev, hx)
		y, _ := ka.FromSlice(ctx, dev, hy)
		k, err := ka.NewKernel(dev, kernel, ka.WithGroupSize(256))
		require.NoError(b, err)
		b.SetBytes(int64(3 * 4 * n))
		for b.Loop() {
			// Checked after the loop: require calls b.Helper, which would be timed.
			if err = k.Launch(dev.Stream(), ka.Range(n), float32(2), x, y); err != nil {
				break
			}
			if err = dev.Synchronize(ctx); err != nil {
				break
			}
		}
		require.NoError(b, err)
	}
}

// BenchmarkLaunchSync is the launch and synchronize of a one-work-item
// kernel, with cooperative waits (the default) and with KAGO_SYNC=blocking
// (kasync.SetBlocking), in the same process.
func BenchmarkLaunchSync(b *testing.B) {
	ctx := context.Background()
	dev, err := ka.Open("native")
	require.NoError(b, err)
	defer dev.Close()
	x, _ := ka.FromSlice(ctx, dev, []float32{1})
	y, _ := ka.FromSlice(ctx, dev, []float32{2})
	k, err := ka.NewKernel(dev, katest.Saxpy, ka.WithGroupSize(1))
	require.NoError(b, err)
	for _, blocking := range []bool{false, true} {
		name := "cooperative"
		if blocking {
			name = "blocking"
		}
		b.Run(name, func(b *testing.B) {
			defer kasync.SetBlocking(kasync.SetBlocking(blocking))
			var err error
			for b.Loop() {
				// Checked after the loop: require calls b.Helper, which would be timed.
				if err = k.Launch(dev.Stream(), ka.Range(1), float32(2), x, y); err != nil {
					break
				}
				if err = dev.Synchronize(ctx); err != nil {
					break
				}
			}
			require.NoError(b, err)
		})
	}
}
