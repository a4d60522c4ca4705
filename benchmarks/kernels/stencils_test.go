package kernels

import (
	"context"
	"math"
	"testing"

	"github.com/stretchr/testify/require"

	_ "github.com/kago-dev/kago/backends/native"
	"github.com/kago-dev/kago/ka"
)

// TestStencilsOnNative runs each of checkcost's stencils and row loops and
// its NoCheck twin on native over a small input whose sides differ, and
// requires the two results to be bit-identical and to agree with the same
// computation in plain Go: the interior points updated, the border as it
// was.
func TestStencilsOnNative(t *testing.T) {
	const rows, cols = 13, 17 // 2-D grids and the matrix–vector products' matrix
	const depth = 5           // with rows and cols, the volume's
	for _, c := range []struct {
		name    string
		on, off any
		run     func(t *testing.T, dev *ka.Device, fn any) []float32
		want    []float32
	}{
		{"Stencil5Matrix", Stencil5Matrix, Stencil5MatrixNoCheck, onMatrices(rows, cols, 2), stencil2(rows, cols, 0.2, plus)},
		{"Stencil5Slice", Stencil5Slice, Stencil5SliceNoCheck, onSlices(cols, rows), stencil2(rows, cols, 0.2, plus)},
		{"Stencil9Matrix", Stencil9Matrix, Stencil9MatrixNoCheck, onMatrices(rows, cols, 2), stencil2(rows, cols, 1.0/9, box)},
		{"Stencil9Slice", Stencil9Slice, Stencil9SliceNoCheck, onSlices(cols, rows), stencil2(rows, cols, 1.0/9, box)},
		{"Stencil7Volume", Stencil7Volume, Stencil7VolumeNoCheck, onVolume(depth, rows, cols), stencil3(depth, rows, cols)},
		{"FDTD", FDTD, FDTDNoCheck, onMatrices(rows, cols, 3), fdtd(rows, cols)},
		{"MatVecRows", MatVecRows, MatVecRowsNoCheck, onMatVec(rows, cols, rows, cols), matVec(rows, cols, false, false)},
		{"MatVecCols", MatVecCols, MatVecColsNoCheck, onMatVec(rows, cols, cols, rows), matVec(rows, cols, true, false)},
		{"Triangular", Triangular, TriangularNoCheck, onMatVec(rows, rows, rows, rows), matVec(rows, rows, false, true)},
	} {
		t.Run(c.name, func(t *testing.T) {
			dev, err := ka.Open("native")
			require.NoError(t, err)
			defer dev.Close()
			on, off := c.run(t, dev, c.on), c.run(t, dev, c.off)
			require.Equal(t, bits(on), bits(off), "checked and //ka:nocheck differ")
			require.InDeltaSlice(t, c.want, on, 1e-3)
		})
	}
}

// val is the deterministic input element i of input number seed: small
// values that float32 holds exactly.
func val(i, seed int) float32 { return float32((i*7+seed*11)%29)/8 - 1.5 }

func vals(n, seed int) []float32 {
	v := make([]float32, n)
	for i := range v {
		v[i] = val(i, seed)
	}
	return v
}

func bits(v []float32) []uint32 {
	b := make([]uint32, len(v))
	for i, x := range v {
		b[i] = math.Float32bits(x)
	}
	return b
}

// onMatrices runs fn over ka.Range2(rows, cols) with n rows×cols matrices,
// the k-th (from 1) holding vals(rows*cols, k), and returns the last one.
func onMatrices(rows, cols, n int) func(*testing.T, *ka.Device, any) []float32 {
	return func(t *testing.T, dev *ka.Device, fn any) []float32 {
		ctx := context.Background()
		args := make([]any, n)
		for k := range args {
			m, err := ka.MatrixFromSlice(ctx, dev, rows, cols, vals(rows*cols, k+1))
			require.NoError(t, err)
			defer m.Free()
			args[k] = m
		}
		out := make([]float32, rows*cols)
		launch(t, dev, fn, ka.Range2(rows, cols), args)
		require.NoError(t, args[n-1].(*ka.Matrix[float32]).Read(ctx, out))
		return out
	}
}

// onSlices runs fn over ka.Range2(h, w) (GlobalID(0) the column) with w,
// h, in (vals(w*h, 1)) and out (vals(w*h, 2)), and returns out.
func onSlices(w, h int) func(*testing.T, *ka.Device, any) []float32 {
	return func(t *testing.T, dev *ka.Device, fn any) []float32 {
		return onArrays(t, dev, fn, ka.Range2(h, w), []any{w, h}, w*h, w*h)
	}
}

// onVolume runs fn over ka.Range3(d, r, c) with two d×r×c volumes
// holding vals(d*r*c, 1) and vals(d*r*c, 2), and returns the second.
func onVolume(d, r, c int) func(*testing.T, *ka.Device, any) []float32 {
	return func(t *testing.T, dev *ka.Device, fn any) []float32 {
		ctx := context.Background()
		in, err := ka.VolumeFromSlice(ctx, dev, d, r, c, vals(d*r*c, 1))
		require.NoError(t, err)
		defer in.Free()
		out, err := ka.VolumeFromSlice(ctx, dev, d, r, c, vals(d*r*c, 2))
		require.NoError(t, err)
		defer out.Free()
		launch(t, dev, fn, ka.Range3(d, r, c), []any{in, out})
		got := make([]float32, d*r*c)
		require.NoError(t, out.Read(ctx, got))
		return got
	}
}

// onMatVec runs fn over ka.Range(ny) with a rows×cols matrix
// (vals(rows*cols, 0)), x (vals(nx, 1)) and y (vals(ny, 2)), and returns
// y.
func onMatVec(rows, cols, ny, nx int) func(*testing.T, *ka.Device, any) []float32 {
	return func(t *testing.T, dev *ka.Device, fn any) []float32 {
		ctx := context.Background()
		a, err := ka.MatrixFromSlice(ctx, dev, rows, cols, vals(rows*cols, 0))
		require.NoError(t, err)
		defer a.Free()
		return onArrays(t, dev, fn, ka.Range(ny), []any{a}, nx, ny)
	}
}

// onArrays runs fn over r with args, then two arrays of n0 and n1
// elements holding vals(n0, 1) and vals(n1, 2) (the input and the output),
// and returns the second.
func onArrays(t *testing.T, dev *ka.Device, fn any, r ka.NDRange, args []any, n0, n1 int) []float32 {
	ctx := context.Background()
	in, err := ka.FromSlice(ctx, dev, vals(n0, 1))
	require.NoError(t, err)
	defer in.Free()
	out, err := ka.FromSlice(ctx, dev, vals(n1, 2))
	require.NoError(t, err)
	defer out.Free()
	launch(t, dev, fn, r, append(args, in, out))
	got := make([]float32, n1)
	require.NoError(t, out.Read(ctx, got))
	return got
}

func launch(t *testing.T, dev *ka.Device, fn any, r ka.NDRange, args []any) {
	k, err := ka.NewKernel(dev, fn)
	require.NoError(t, err)
	s := dev.Stream()
	require.NoError(t, k.Launch(s, r, args...))
	require.NoError(t, s.Synchronize(context.Background()))
}

// The plain Go computations, on the inputs the on* functions make.

var (
	plus = [][2]int{{0, 0}, {-1, 0}, {1, 0}, {0, -1}, {0, 1}}
	box  = [][2]int{{-1, -1}, {-1, 0}, {-1, 1}, {0, -1}, {0, 0}, {0, 1}, {1, -1}, {1, 0}, {1, 1}}
)

// stencil2 is scale times the sum of the points at the offsets pts around
// each interior point of a rows×cols grid.
func stencil2(rows, cols int, scale float32, pts [][2]int) []float32 {
	in, out := vals(rows*cols, 1), vals(rows*cols, 2)
	for i := 1; i < rows-1; i++ {
		for j := 1; j < cols-1; j++ {
			var s float32
			for _, p := range pts {
				s += in[(i+p[0])*cols+j+p[1]]
			}
			out[i*cols+j] = scale * s
		}
	}
	return out
}

func stencil3(d, r, c int) []float32 {
	in, out := vals(d*r*c, 1), vals(d*r*c, 2)
	at := func(i, j, k int) float32 { return in[(i*r+j)*c+k] }
	for i := 1; i < d-1; i++ {
		for j := 1; j < r-1; j++ {
			for k := 1; k < c-1; k++ {
				s := at(i-1, j, k) + at(i+1, j, k) + at(i, j-1, k) + at(i, j+1, k) + at(i, j, k-1) + at(i, j, k+1)
				out[(i*r+j)*c+k] = 0.4*at(i, j, k) + 0.1*s
			}
		}
	}
	return out
}

func fdtd(rows, cols int) []float32 {
	ex, ey, hz := vals(rows*cols, 1), vals(rows*cols, 2), vals(rows*cols, 3)
	for i := 0; i < rows-1; i++ {
		for j := 0; j < cols-1; j++ {
			p := i*cols + j
			hz[p] -= 0.7 * (ex[p+1] - ex[p] + ey[p+cols] - ey[p])
		}
	}
	return hz
}

// matVec is a·x for the rows×cols matrix a, or aᵀ·x when byCol, or the
// product with a's lower triangle when lower.
func matVec(rows, cols int, byCol, lower bool) []float32 {
	a := vals(rows*cols, 0)
	if byCol {
		x, y := vals(rows, 1), make([]float32, cols)
		for j := range y {
			for i := range rows {
				y[j] += a[i*cols+j] * x[i]
			}
		}
		return y
	}
	x, y := vals(cols, 1), make([]float32, rows)
	for i := range y {
		for j := range cols {
			if lower && j > i {
				break
			}
			y[i] += a[i*cols+j] * x[j]
		}
	}
	return y
}
