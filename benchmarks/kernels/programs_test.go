package kernels

import (
	"context"
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	_ "github.com/kago-dev/kago/backends/pocl"
	"github.com/kago-dev/kago/ka"
)

// TestProgramsMatchGo runs table 10's kernels on native and on PoCL and
// compares them with their plain-Go forms (programs_go.go), single and
// parallel: bit for bit on native, which runs the same Go arithmetic;
// within a few float32 ulps on PoCL, whose square root and division
// OpenCL lets be a few ulps off (docs/kernel-language.md, math).
func TestProgramsMatchGo(t *testing.T) {
	for _, b := range []string{"native", "pocl"} {
		t.Run(b, func(t *testing.T) {
			dev, err := ka.Open(b)
			if err != nil {
				t.Skipf("%s: %v", b, err)
			}
			defer dev.Close()
			same := func(t *testing.T, want, got []float32, what string) {
				if b == "native" {
					require.Equal(t, bits(want), bits(got), "%s: native runs Go's own arithmetic", what)
					return
				}
				require.Len(t, got, len(want))
				for i := range want {
					require.InDelta(t, want[i], got[i], 1e-5*math.Abs(float64(want[i]))+1e-6, "%s, element %d", what, i)
				}
			}
			t.Run("Sobel", func(t *testing.T) {
				const rows, cols = 13, 17
				in, out := vals(rows*cols, 1), vals(rows*cols, 2)
				got := runMatrices(t, dev, Sobel, rows, cols, in, out)
				SobelGo(cols, in, out, 0, rows)
				same(t, out, got, "Sobel")
			})
			t.Run("MatMul", func(t *testing.T) {
				const n = 37 // not a multiple of the tile
				a, bm := vals(n*n, 3), vals(n*n, 4)
				ctx := context.Background()
				ma, err := ka.MatrixFromSlice(ctx, dev, n, n, a)
				require.NoError(t, err)
				defer ma.Free()
				mb, err := ka.MatrixFromSlice(ctx, dev, n, n, bm)
				require.NoError(t, err)
				defer mb.Free()
				mc, err := ka.AllocMatrix[float32](dev, n, n)
				require.NoError(t, err)
				defer mc.Free()
				k, err := ka.NewKernel(dev, MatMul, ka.WithGroupSize(Tile, Tile))
				require.NoError(t, err)
				require.NoError(t, k.Launch(dev.Stream(), ka.Range2(n, n), ma, mb, mc))
				got := make([]float32, n*n)
				require.NoError(t, mc.Read(ctx, got))
				want := make([]float32, n*n)
				MatMulGo(n, a, bm, want, 0, n)
				// Both sum each element's products in k's order, without
				// FMA contraction: the same bits on every backend.
				require.Equal(t, bits(want), bits(got))
			})
			t.Run("NBodyAccel", func(t *testing.T) {
				const n = 37
				ps := make([]Particle, n)
				for i := range ps {
					ps[i] = Particle{val(i, 1), val(i, 2), val(i, 3), val(i, 4) + 2}
				}
				dps, err := ka.FromSlice(context.Background(), dev, ps)
				require.NoError(t, err)
				defer dps.Free()
				dacc, err := ka.Alloc[Accel](dev, n)
				require.NoError(t, err)
				defer dacc.Free()
				launch(t, dev, NBodyAccel, ka.Range(n), []any{float32(0.01), dps, dacc})
				got := make([]Accel, n)
				require.NoError(t, dacc.Read(context.Background(), got))
				want := make([]Accel, n)
				NBodyGo(0.01, ps, want, 0, n)
				same(t, flatAccel(want), flatAccel(got), "NBodyAccel")
			})
			t.Run("KMeansStep", func(t *testing.T) {
				// Coordinates in quarters and sums below 2^24: every order
				// of the float atomics' adds gives the same exact sums.
				const n, k = 1000, 5
				px, py := make([]float32, n), make([]float32, n)
				for i := range px {
					px[i], py[i] = float32(i*13%64)/4, float32(i*29%64)/4
				}
				cx, cy := []float32{1, 5, 9, 13, 3}, []float32{2, 14, 7, 11, 5}
				ctx := context.Background()
				arrs := make([]*ka.Array[float32], 6)
				for i, h := range [][]float32{px, py, cx, cy, make([]float32, k), make([]float32, k)} {
					arrs[i], err = ka.FromSlice(ctx, dev, h)
					require.NoError(t, err)
					defer arrs[i].Free()
				}
				dcount, err := ka.FromSlice(ctx, dev, make([]int32, k))
				require.NoError(t, err)
				defer dcount.Free()
				launch(t, dev, KMeansStep, ka.Range(n), []any{arrs[0], arrs[1], arrs[2], arrs[3], arrs[4], arrs[5], dcount})
				sx, sy, count := make([]float32, k), make([]float32, k), make([]int32, k)
				require.NoError(t, arrs[4].Read(ctx, sx))
				require.NoError(t, arrs[5].Read(ctx, sy))
				require.NoError(t, dcount.Read(ctx, count))
				wx, wy, wc := make([]float32, k), make([]float32, k), make([]int32, k)
				KMeansGo(px, py, cx, cy, wx, wy, wc, 0, n)
				assert.Equal(t, wc, count)
				assert.Equal(t, wx, sx)
				assert.Equal(t, wy, sy)
				px2, py2, pc2 := make([]float32, k), make([]float32, k), make([]int32, k)
				KMeansParallelGo(px, py, cx, cy, px2, py2, pc2)
				assert.Equal(t, wc, pc2, "the parallel Go baseline")
				assert.Equal(t, wx, px2, "the parallel Go baseline")
			})
		})
	}
}

// TestParallelGoBaselines checks the parallel forms of the plain-Go
// baselines against their single-goroutine forms.
func TestParallelGoBaselines(t *testing.T) {
	src := make([]uint32, 1001)
	for i := range src {
		src[i] = uint32(i*2654435761) >> 7
	}
	want, got := make([]uint32, len(src)), make([]uint32, len(src))
	ExclusiveScanGo(want, src)
	ExclusiveScanParallelGo(got, src)
	require.Equal(t, want, got)
	const rows, cols = 13, 17
	in := vals(rows*cols, 1)
	one, par := vals(rows*cols, 2), vals(rows*cols, 2)
	Stencil5Go(cols, in, one, 0, rows)
	ParallelFor(rows, func(lo, hi int) { Stencil5Go(cols, in, par, lo, hi) })
	require.Equal(t, bits(one), bits(par))
	require.Equal(t, bits(stencil2(rows, cols, 0.2, plus)), bits(one), "Stencil5Go is the stencil test's reference")
}

// runMatrices runs fn over ka.Range2(rows, cols) on two rows×cols matrices
// holding in and out, and returns the second.
func runMatrices(t *testing.T, dev *ka.Device, fn any, rows, cols int, in, out []float32) []float32 {
	ctx := context.Background()
	mi, err := ka.MatrixFromSlice(ctx, dev, rows, cols, in)
	require.NoError(t, err)
	defer mi.Free()
	mo, err := ka.MatrixFromSlice(ctx, dev, rows, cols, out)
	require.NoError(t, err)
	defer mo.Free()
	launch(t, dev, fn, ka.Range2(rows, cols), []any{mi, mo})
	got := make([]float32, rows*cols)
	require.NoError(t, mo.Read(ctx, got))
	return got
}

func flatAccel(as []Accel) []float32 {
	f := make([]float32, 0, 3*len(as))
	for _, a := range as {
		f = append(f, a.X, a.Y, a.Z)
	}
	return f
}
