// Package gemm benchmarks algo.MatMul on PoCL and on the native backend
// against what a Go program would do otherwise: call gonum's pure-Go
// Sgemm or Dgemm (gonum is a dependency of this benchmark only, not of
// the library), or write the triple loop:
//
//	go test -run '^$' -bench . -benchtime 5x ./benchmarks/gemm
//
// Each iteration runs all four, one after the other on the same inputs,
// so that the ratios (gonum's time over kago's: above 1 kago is faster)
// are measured sample by sample in one process; the metrics are the
// medians over the iterations. A backend that cannot be opened is left
// out of the metrics.
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
	_ "github.com/kago-dev/kago/backends/native"
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

// benchGEMM times algo.MatMul on PoCL and native, gonum's GEMM of T and
// the triple loop, one after the other in each iteration, for three
// shapes.
func benchGEMM[T float32 | float64](b *testing.B, gemm func(m, n, k int, a, bm, c []T)) {
	ctx := context.Background()
	var devs []*ka.Device
	for _, name := range []string{"pocl", "native"} {
		dev, err := ka.Open(name)
		if err != nil {
			b.Logf("%s left out: %v", name, err)
			continue
		}
		defer dev.Close()
		devs = append(devs, dev)
	}
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
			hc := make([]T, m*n)
			runs := []func() time.Duration{}
			names := []string{}
			for _, dev := range devs {
				run := matMulOn(ctx, b, dev, m, n, k, ha, hb)
				run() // loads the kernel
				runs, names = append(runs, run), append(names, "kago-"+dev.Backend())
			}
			runs = append(runs, func() time.Duration {
				t0 := time.Now()
				gemm(m, n, k, ha, hb, hc)
				return time.Since(t0)
			}, func() time.Duration {
				t0 := time.Now()
				tripleLoop(m, n, k, ha, hb, hc)
				return time.Since(t0)
			})
			names = append(names, "gonum", "loop")
			gonum := len(runs) - 2
			times := make([][]float64, len(runs))
			ratios := make([][]float64, len(runs))
			b.ResetTimer()
			for range b.N {
				d := make([]float64, len(runs))
				for i, run := range runs {
					d[i] = run().Seconds()
					times[i] = append(times[i], d[i])
				}
				for i := range runs {
					ratios[i] = append(ratios[i], d[gonum]/d[i])
				}
			}
			flops := 2 * float64(m) * float64(n) * float64(k)
			for i, name := range names {
				b.ReportMetric(flops/median(times[i])/1e9, name+"-GFLOP/s")
				if i != gonum {
					b.ReportMetric(median(ratios[i]), "gonum/"+name)
				}
			}
		})
	}
}

// matMulOn copies the inputs to dev and returns a function that runs
// algo.MatMul there and waits for it.
func matMulOn[T float32 | float64](ctx context.Context, b *testing.B, dev *ka.Device, m, n, k int, ha, hb []T) func() time.Duration {
	a, err := ka.MatrixFromSlice(ctx, dev, m, k, ha)
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { a.Free() })
	bm, err := ka.MatrixFromSlice(ctx, dev, k, n, hb)
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { bm.Free() })
	c, err := ka.AllocMatrix[T](dev, m, n)
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { c.Free() })
	s := dev.Stream()
	return func() time.Duration {
		t0 := time.Now()
		if err := algo.MatMul(s, false, false, 1, a, bm, 0, c); err != nil {
			b.Fatal(err)
		}
		if err := s.Synchronize(ctx); err != nil {
			b.Fatal(err)
		}
		return time.Since(t0)
	}
}

// tripleLoop is C = A·B as a Go programmer writes it first: i, j, then
// the sum over p.
func tripleLoop[T float32 | float64](m, n, k int, a, bm, c []T) {
	for i := range m {
		for j := range n {
			var sum T
			for p := range k {
				sum += a[i*k+p] * bm[p*n+j]
			}
			c[i*n+j] = sum
		}
	}
}

func median(x []float64) float64 {
	x = slices.Clone(x)
	slices.Sort(x)
	return x[len(x)/2]
}
