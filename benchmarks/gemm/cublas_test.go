package gemm

import (
	"context"
	"errors"
	"fmt"
	"os"
	"testing"
	"time"

	"github.com/kago-dev/kago/algo"
	_ "github.com/kago-dev/kago/backends/cuda"
	_ "github.com/kago-dev/kago/backends/cuda/cudasim"
	"github.com/kago-dev/kago/benchmarks/gemm/internal/cublas"
	"github.com/kago-dev/kago/ka"
	"github.com/stretchr/testify/require"
)

// BenchmarkCUBLAS compares algo.MatMul on the CUDA backend with cuBLAS's
// Sgemm and Dgemm (default math mode: no TF32) on the same GPU, in one
// process, interleaved per iteration:
//
//	go test -run '^$' -bench CUBLAS -benchtime 5x ./benchmarks/gemm
//
// (scripts/gpu-check.sh runs it). Both are timed on the device with events
// around the call (kago: ka.Stream.Record and Event.Elapsed; cuBLAS: CUDA
// events); kago-wall is algo.MatMul with its wait, from the host. The
// inputs are small integers, so that every sum is exact in both types and
// the two results must be equal: the benchmark fails where they are not.
// It skips without a CUDA device or without libcudart and libcublas
// (KAGO_CUDA_LIBS names their directories), and fails instead with
// KAGO_CUDA_REQUIRED=1.
func BenchmarkCUBLAS(b *testing.B) {
	skip := b.Skipf
	if os.Getenv("KAGO_CUDA_REQUIRED") == "1" { // scripts/gpu-check.sh: on the GPU machine, missing is a failure
		skip = b.Fatalf
	}
	dev, err := ka.Open("cuda")
	if err != nil {
		skip("no CUDA device: %v", err)
	}
	defer dev.Close()
	h, err := cublas.Open()
	if err != nil {
		skip("no cuBLAS: %v", err)
	}
	defer h.Close()
	b.Logf("%s; cuBLAS %d", dev, h.Version())
	for _, sh := range [][3]int{{1024, 1024, 1024}, {4096, 4096, 4096}, {8192, 64, 1024}} {
		b.Run(fmt.Sprintf("float32/%dx%dx%d", sh[0], sh[1], sh[2]), func(b *testing.B) { vsCUBLAS[float32](b, dev, h, sh) })
		b.Run(fmt.Sprintf("float64/%dx%dx%d", sh[0], sh[1], sh[2]), func(b *testing.B) { vsCUBLAS[float64](b, dev, h, sh) })
	}
}

// vsCUBLAS runs one shape: algo.MatMul and cuBLAS on the same inputs, each
// iteration one of each, then compares the results.
func vsCUBLAS[T float32 | float64](b *testing.B, dev *ka.Device, h *cublas.Handle, sh [3]int) {
	ctx := context.Background()
	m, n, k := sh[0], sh[1], sh[2]
	ha, hb := exactInputs[T](m, n, k)
	kago := matMulTimed(ctx, b, dev, m, n, k, ha, hb)
	ca, err := cublas.Upload(m, k, ha)
	require.NoError(b, err)
	defer ca.Free()
	cb, err := cublas.Upload(k, n, hb)
	require.NoError(b, err)
	defer cb.Free()
	cc, err := cublas.Upload(m, n, make([]T, m*n))
	require.NoError(b, err)
	defer cc.Free()
	vendor := func() time.Duration {
		d, err := cublas.Gemm(h, T(1), ca, cb, T(0), cc)
		require.NoError(b, err)
		return d
	}
	kago.run() // loads the kernel
	vendor()   // cuBLAS's first call chooses its kernel
	var kt, vt, wt, ratio []float64
	b.ResetTimer()
	for range b.N {
		dk, wall := kago.run()
		dv := vendor()
		kt, vt, wt = append(kt, dk.Seconds()), append(vt, dv.Seconds()), append(wt, wall.Seconds())
		ratio = append(ratio, dv.Seconds()/dk.Seconds())
	}
	b.StopTimer()
	flops := 2 * float64(m) * float64(n) * float64(k)
	b.ReportMetric(flops/median(kt)/1e12, "kago-TFLOP/s")
	b.ReportMetric(flops/median(wt)/1e12, "kago-wall-TFLOP/s")
	b.ReportMetric(flops/median(vt)/1e12, "cublas-TFLOP/s")
	b.ReportMetric(median(ratio), "kago/cublas")
	got, want := kago.result(), make([]T, m*n)
	require.NoError(b, cublas.Download(cc, want))
	for i := range want {
		if got[i] != want[i] {
			b.Fatalf("element (%d, %d): algo.MatMul %v, cuBLAS %v (both sums are exact)", i/n, i%n, got[i], want[i])
		}
	}
}

// exactInputs are A and B whose products and sums are small integers, exact
// in float32 for the shapes here (|sum| ≤ 6k < 2^24).
func exactInputs[T float32 | float64](m, n, k int) (a, b []T) {
	a, b = make([]T, m*k), make([]T, k*n)
	for i := range a {
		a[i] = T(i%7) - 3
	}
	for i := range b {
		b[i] = T(i%5) - 2
	}
	return a, b
}

// timedMatMul is algo.MatMul on a device with its inputs there.
type timedMatMul[T float32 | float64] struct {
	run    func() (device, wall time.Duration)
	result func() []T
}

// matMulTimed copies the inputs to dev and returns a function that runs
// algo.MatMul there between two recorded events and waits for it.
func matMulTimed[T float32 | float64](ctx context.Context, b testing.TB, dev *ka.Device, m, n, k int, ha, hb []T) timedMatMul[T] {
	a, err := ka.MatrixFromSlice(ctx, dev, m, k, ha)
	require.NoError(b, err)
	b.Cleanup(func() { a.Free() })
	bm, err := ka.MatrixFromSlice(ctx, dev, k, n, hb)
	require.NoError(b, err)
	b.Cleanup(func() { bm.Free() })
	c, err := ka.AllocMatrix[T](dev, m, n)
	require.NoError(b, err)
	b.Cleanup(func() { c.Free() })
	s := dev.Stream()
	return timedMatMul[T]{
		run: func() (time.Duration, time.Duration) {
			t0 := time.Now()
			e0, err := s.Record()
			require.NoError(b, err)
			defer e0.Release()
			require.NoError(b, algo.MatMul(s, false, false, 1, a, bm, 0, c))
			e1, err := s.Record()
			require.NoError(b, err)
			defer e1.Release()
			require.NoError(b, e1.Wait(ctx))
			wall := time.Since(t0)
			d, err := e1.Elapsed(e0)
			require.NoError(b, err)
			return d, wall
		},
		result: func() []T {
			out := make([]T, m*n)
			require.NoError(b, c.Read(ctx, out))
			return out
		},
	}
}

// TestMatMulTimed checks the benchmark's kago half where there is no GPU:
// on the simulated CUDA driver, a small shape, its result against the
// host's (its timing calls must not fail; their figures are not asserted).
func TestMatMulTimed(t *testing.T) {
	dev, err := ka.Open("cuda-sim")
	if err != nil {
		t.Skipf("no cuda-sim: %v", err)
	}
	defer dev.Close()
	m, n, k := 33, 70, 9
	ha, hb := exactInputs[float32](m, n, k)
	mm := matMulTimed(context.Background(), t, dev, m, n, k, ha, hb)
	mm.run() // its device time and wall time are figures, not asserted
	got, want := mm.result(), make([]float32, m*n)
	tripleLoop(m, n, k, ha, hb, want)
	require.Equal(t, want, got)
	// Without the libraries, Open says which and where it looked.
	h, err := cublas.Open()
	switch {
	case err == nil:
		h.Close()
	case errors.Is(err, cublas.ErrNotFound):
		require.ErrorContains(t, err, "KAGO_CUDA_LIBS")
	}
}

// TestCUBLASBadShapes: wrong sizes are errors before any library call, so
// they are checked on every machine.
func TestCUBLASBadShapes(t *testing.T) {
	_, err := cublas.Upload(2, 3, make([]float32, 5))
	require.ErrorContains(t, err, "5 elements for a 2×3 matrix")
	_, err = cublas.Upload(2, 3, make([]float64, 7))
	require.Error(t, err)
}
