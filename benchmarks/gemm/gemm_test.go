// Package gemm benchmarks algo.MatMul against gonum's pure-Go Sgemm and Dgemm, what a
// Go program would call otherwise (gonum is a dependency of this
// benchmark only, not of the library):
//
//	go test -run '^$' -bench . ./benchmarks/gemm
//
// Each iteration runs both, one after the other on the same inputs, so
// that the ratio (gonum's time over kago's, above 1 kago is faster) is
// measured sample by sample in one process; the metrics are the medians
// over the iterations.
package gemm

import (
	"context"
	"fmt"
	"slices"
	"testing"
	"time"

	"gonum.org/v1/gonum/blas"
	"gonum.org/v1/gonum/blas/gonum"

	"github.com/kago-dev/kago/algo"
	_ "github.com/kago-dev/kago/backends/pocl"
	"github.com/kago-dev/kago/ka"
)

func BenchmarkSgemm(b *testing.B) {
	benchGEMM(b, func(m, n, k int, a, bm, c []float32) {
		gonum.Implementation{}.Sgemm(blas.NoTrans, blas.NoTrans, m, n, k, 1, a, k, bm, n, 0, c, n)
	})
}

func BenchmarkDgemm(b *testing.B) {
	benchGEMM(b, func(m, n, k int, a, bm, c []float64) {
		gonum.Implementation{}.Dgemm(blas.NoTrans, blas.NoTrans, m, n, k, 1, a, k, bm, n, 0, c, n)
	})
}

// benchGEMM times algo.MatMul on PoCL and gonum's GEMM of T, one after the
// other in each iteration, for three shapes.
func benchGEMM[T float32 | float64](b *testing.B, gemm func(m, n, k int, a, bm, c []T)) {
	ctx := context.Background()
	dev, err := ka.Open("pocl")
	if err != nil {
		b.Skip(err)
	}
	defer dev.Close()
	for _, sh := range [][3]int{{256, 256, 256}, {1024, 1024, 1024}, {4096, 64, 256}} {
		m, n, k := sh[0], sh[1], sh[2]
		b.Run(fmt.Sprintf("%dx%dx%d", m, n, k), func(b *testing.B) {
			ha, hb := make([]T, m*k), make([]T, k*n)
			for i := range ha {
				ha[i] = T(i%7) - 3
			}
			for i := range hb {
				hb[i] = T(i%5) - 2
			}
			a, err := ka.MatrixFromSlice(ctx, dev, m, k, ha)
			if err != nil {
				b.Fatal(err)
			}
			defer a.Free()
			bm, err := ka.MatrixFromSlice(ctx, dev, k, n, hb)
			if err != nil {
				b.Fatal(err)
			}
			defer bm.Free()
			c, err := ka.AllocMatrix[T](dev, m, n)
			if err != nil {
				b.Fatal(err)
			}
			defer c.Free()
			s := dev.Stream()
			hc := make([]T, m*n)
			kago := func() time.Duration {
				t0 := time.Now()
				if err := algo.MatMul(s, false, false, 1, a, bm, 0, c); err != nil {
					b.Fatal(err)
				}
				if err := s.Synchronize(ctx); err != nil {
					b.Fatal(err)
				}
				return time.Since(t0)
			}
			gon := func() time.Duration {
				t0 := time.Now()
				gemm(m, n, k, ha, hb, hc)
				return time.Since(t0)
			}
			kago() // loads the kernel
			var tk, tg, ratio []float64
			b.ResetTimer()
			for range b.N {
				dk, dg := kago(), gon()
				tk, tg = append(tk, dk.Seconds()), append(tg, dg.Seconds())
				ratio = append(ratio, dg.Seconds()/dk.Seconds())
			}
			flops := 2 * float64(m) * float64(n) * float64(k)
			b.ReportMetric(flops/median(tk)/1e9, "kago-GFLOP/s")
			b.ReportMetric(flops/median(tg)/1e9, "gonum-GFLOP/s")
			b.ReportMetric(median(ratio), "gonum/kago")
		})
	}
}

func median(x []float64) float64 {
	x = slices.Clone(x)
	slices.Sort(x)
	return x[len(x)/2]
}
