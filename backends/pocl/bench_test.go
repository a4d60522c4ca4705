package pocl_test

import (
	"context"
	"slices"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/kago-dev/kago/ka"
	"github.com/kago-dev/kago/ka/driver"
	"github.com/kago-dev/kago/ka/katest"
	"github.com/kago-dev/kago/ka/kgen"
)

// saxpyExact is the hand-written saxpy with contraction off, as kago's
// OpenCL C emitter writes it (#pragma OPENCL FP_CONTRACT OFF: a*x+y is not
// fused into an fma, so results match the native backend bit for bit).
func saxpyExact(it ka.Item, a float32, x, y []float32) { Saxpy(it, a, x, y) }

func init() {
	kgen.RegisterKernel(saxpyExact, &driver.KernelSpec{
		Name: "saxpyExact", Entry: "saxpyExact",
		Params: []driver.Param{{Name: "a", Type: driver.Float32}, {Name: "x", Type: driver.Float32, Slice: true}, {Name: "y", Type: driver.Float32, Slice: true}},
		Code: driver.CodeMap{driver.OpenCLC: []byte(`#pragma OPENCL FP_CONTRACT OFF
__kernel void saxpyExact(float a, __global float *x, long x_len, __global float *y, long y_len,
                         long gsize0, long gsize1, long gsize2) {
	long i = get_global_id(0);
	if (i < y_len) y[i] = a * x[i] + y[i];
}`)},
	})
}

// BenchmarkSaxpy compares the saxpy that kago gen made of Go source
// (katest.Saxpy) with hand-written OpenCL C saxpys, through the same launch
// path, n = 2^24, group size 256, all interleaved: "hand" as OpenCL C
// compiles it by default (contraction on: PoCL fuses a*x+y into an fma) and
// "hand-exact" with contraction off, as kago emits it. The -speed metrics
// are ratios of median launch+synchronize times (1 = as fast as the
// generated kernel's baseline); run with -count to see the noise:
//
//	go test -run '^$' -bench Saxpy -count 5 ./backends/pocl
func BenchmarkSaxpy(b *testing.B) {
	const n = 1 << 24
	dev := katest.Open(b, "pocl")
	ctx := context.Background()
	hx, hy := make([]float32, n), make([]float32, n)
	for i := range hx {
		hx[i], hy[i] = float32(i%100), 1
	}
	x, err := ka.FromSlice(ctx, dev, hx)
	require.NoError(b, err)
	defer x.Free()
	y, err := ka.FromSlice(ctx, dev, hy)
	require.NoError(b, err)
	defer y.Free()
	fns := []any{katest.Saxpy, Saxpy, saxpyExact}
	ks := make([]*ka.Kernel, len(fns))
	for i, fn := range fns {
		ks[i], err = ka.NewKernel(dev, fn, ka.WithGroupSize(256))
		require.NoError(b, err)
	}
	// The kernels alternate, so that the machine's load changes all alike;
	// each launch is timed on its own.
	times := make([][]float64, len(ks))
	for b.Loop() {
		for i, k := range ks {
			start := time.Now()
			require.NoError(b, k.Launch(dev.Stream(), ka.Range(n), float32(2), x, y))
			require.NoError(b, dev.Synchronize(ctx))
			times[i] = append(times[i], float64(time.Since(start).Microseconds()))
		}
	}
	gen, hand, exact := median(times[0]), median(times[1]), median(times[2])
	b.ReportMetric(gen, "generated-µs")
	b.ReportMetric(hand/gen, "generated-speed/hand")
	b.ReportMetric(exact/gen, "generated-speed/hand-exact")
}

func median(v []float64) float64 {
	slices.Sort(v)
	return v[len(v)/2]
}

// BenchmarkEventWaits measures what the waits of events cost with a
// checked kernel (katest.Saxpy over 1024 elements, which has fault sites):
// a launch and the stream's Synchronize; the same with an event recorded
// after the launch and waited for first; and a timed launch waited for,
// then the Synchronize. The modes alternate sample by sample; the metrics
// are their medians in µs. Run it with -count, on the code before and
// after a change, alternating, to compare:
//
//	go test -run '^$' -bench EventWaits -count 5 ./backends/pocl
func BenchmarkEventWaits(b *testing.B) {
	const n = 1024
	dev := katest.Open(b, "pocl")
	ctx := context.Background()
	x, err := ka.FromSlice(ctx, dev, make([]float32, n))
	require.NoError(b, err)
	defer x.Free()
	y, err := ka.FromSlice(ctx, dev, make([]float32, n))
	require.NoError(b, err)
	defer y.Free()
	k, err := ka.NewKernel(dev, katest.Saxpy, ka.WithGroupSize(256))
	require.NoError(b, err)
	s := dev.Stream()
	// The modes return their first error, checked once the sample is
	// timed: require calls b.Helper, which would be timed with them.
	modes := []struct {
		name string
		run  func() error
	}{
		{"sync", func() error {
			if err := k.Launch(s, ka.Range(n), float32(2), x, y); err != nil {
				return err
			}
			return s.Synchronize(ctx)
		}},
		{"record+wait+sync", func() error {
			if err := k.Launch(s, ka.Range(n), float32(2), x, y); err != nil {
				return err
			}
			ev, err := s.Record()
			if err != nil {
				return err
			}
			if err := ev.Wait(ctx); err != nil {
				return err
			}
			if err := ev.Release(); err != nil {
				return err
			}
			return s.Synchronize(ctx)
		}},
		{"timed+wait+sync", func() error {
			kt, err := k.LaunchTimed(s, ka.Range(n), float32(2), x, y)
			if err != nil {
				return err
			}
			if _, err := kt.Wait(ctx); err != nil {
				return err
			}
			return s.Synchronize(ctx)
		}},
	}
	times := make([][]float64, len(modes))
	for b.Loop() {
		for i, m := range modes {
			start := time.Now()
			err := m.run()
			times[i] = append(times[i], float64(time.Since(start).Nanoseconds())/1e3)
			require.NoError(b, err, m.name)
		}
	}
	for i, m := range modes {
		b.ReportMetric(median(times[i]), m.name+"-µs")
	}
}
