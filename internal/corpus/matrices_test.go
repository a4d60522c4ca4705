package corpus

import (
	"testing"

	"github.com/kago-dev/kago/ka"
	"github.com/stretchr/testify/require"
)

// inMatrix uploads a rows×cols matrix.
func inMatrix[T ka.Scalar](h *harness, rows, cols int, s []T) *ka.Matrix[T] {
	m, err := ka.MatrixFromSlice(h.ctx, h.dev, rows, cols, s)
	require.NoError(h.t, err)
	return m
}

// outMatrix uploads a matrix (or reads back the view v of it when v is
// not nil) and reads it back after the launch.
func outMatrix[T ka.Scalar](h *harness, m *ka.Matrix[T]) *ka.Matrix[T] {
	h.outs = append(h.outs, func() any {
		dst := make([]T, m.Rows()*m.Cols())
		require.NoError(h.t, m.Read(h.ctx, dst))
		return dst
	})
	return m
}

func init() {
	cases = append(cases,
		corpusCase{"MatrixTranspose", 0, func(h *harness) {
			rows, cols := 37, 23
			in := inMatrix(h, rows, cols, seq(rows*cols, func(i int) float32 { return float32(i) * 0.25 }))
			out := outMatrix(h, inMatrix(h, cols, rows, make([]float32, rows*cols)))
			h.launch(MatrixTranspose, ka.Range2(rows, cols), []int{8, 8}, in, out)
		}},
		corpusCase{"MatrixMulTiled", 0, func(h *harness) {
			n, m, p := 29, 19, 21
			a := inMatrix(h, n, m, seq(n*m, func(i int) float32 { return float32(i%11) - 5 }))
			b := inMatrix(h, m, p, seq(m*p, func(i int) float32 { return float32(i%7) * 0.5 }))
			c := outMatrix(h, inMatrix(h, n, p, make([]float32, n*p)))
			h.launch(MatrixMulTiled, ka.Range2(n, p), []int{Tile, Tile}, a, b, c)
		}},
		corpusCase{"MatrixAxpy", 0, func(h *harness) {
			rows, cols := 20, 30
			x := inMatrix(h, rows, cols, seq(rows*cols, func(i int) float32 { return float32(i%13) - 6 }))
			y := outMatrix(h, inMatrix(h, rows, cols, seq(rows*cols, func(i int) float32 { return float32(i % 5) })))
			neg := outMatrix(h, inMatrix(h, rows, 3, make([]int32, rows*3)))
			xv, err := x.Slice(2, 17, 5, 26)
			require.NoError(h.t, err)
			yv, err := y.Slice(3, 18, 1, 22)
			require.NoError(h.t, err)
			nv, err := neg.Slice(3, 18, 1, 3)
			require.NoError(h.t, err)
			h.launch(MatrixAxpy, ka.Range2(yv.Rows(), yv.Cols()), []int{4, 8}, float32(2), xv, yv, nv)
			got := make([]float32, yv.Rows()*yv.Cols())
			require.NoError(h.t, yv.Read(h.ctx, got))
			require.Len(h.t, got, 15*21)
		}},
		corpusCase{"Stencil3D", 0, func(h *harness) {
			d, r, c := 9, 11, 13
			in, err := ka.VolumeFromSlice(h.ctx, h.dev, d, r, c, seq(d*r*c, func(i int) float64 { return float64(i*i%97) * 0.125 }))
			require.NoError(h.t, err)
			out, err := ka.AllocVolume[float64](h.dev, d, r, c)
			require.NoError(h.t, err)
			h.outs = append(h.outs, func() any {
				dst := make([]float64, d*r*c)
				require.NoError(h.t, out.Read(h.ctx, dst))
				return dst
			})
			h.launch(Stencil3D, ka.Range3(d, r, c), []int{4, 4, 4}, in, out)
		}},
	)
}

// TestMatrixHost checks the host side: views, their reads and writes, and
// the launch's argument checks.
func TestMatrixHost(t *testing.T) {
	dev, err := ka.Open("native")
	require.NoError(t, err)
	defer dev.Close()
	ctx := t.Context()
	m, err := ka.MatrixFromSlice(ctx, dev, 3, 4, seq(12, func(i int) int32 { return int32(i) }))
	require.NoError(t, err)
	v, err := m.Slice(1, 3, 1, 3)
	require.NoError(t, err)
	require.Equal(t, 2, v.Rows())
	require.Equal(t, 2, v.Cols())
	require.Equal(t, 4, v.Stride())
	got := make([]int32, 4)
	require.NoError(t, v.Read(ctx, got))
	require.Equal(t, []int32{5, 6, 9, 10}, got)
	require.NoError(t, v.Write(ctx, []int32{-1, -2, -3, -4}))
	all := make([]int32, 12)
	require.NoError(t, m.Read(ctx, all))
	require.Equal(t, []int32{0, 1, 2, 3, 4, -1, -2, 7, 8, -3, -4, 11}, all)
	_, err = m.Slice(0, 4, 0, 1)
	require.ErrorIs(t, err, ka.ErrInvalid)
	require.ErrorIs(t, v.Read(ctx, make([]int32, 3)), ka.ErrInvalid)

	k, err := ka.NewKernel(dev, MatrixTranspose)
	require.NoError(t, err)
	f, err := ka.AllocMatrix[float32](dev, 2, 2)
	require.NoError(t, err)
	arr, err := ka.Alloc[float32](dev, 4)
	require.NoError(t, err)
	vol, err := ka.AllocVolume[float32](dev, 1, 2, 2)
	require.NoError(t, err)
	for _, bad := range []any{arr, vol, m} {
		err := k.Launch(dev.Stream(), ka.Range2(2, 2), f, bad)
		require.ErrorIs(t, err, ka.ErrBadLaunch, "%T", bad)
	}
	require.NoError(t, k.Launch(dev.Stream(), ka.Range2(2, 2), f, f))

	// The typed launcher takes *ka.Matrix[T] for a ka.Matrix[T].
	tk, err := NewMatrixTransposeKernel(dev)
	require.NoError(t, err)
	sq, err := ka.MatrixFromSlice(ctx, dev, 2, 2, []float32{1, 2, 3, 4})
	require.NoError(t, err)
	tr, err := ka.AllocMatrix[float32](dev, 2, 2)
	require.NoError(t, err)
	require.NoError(t, tk.Launch(dev.Stream(), ka.Range2(2, 2), sq, tr))
	out := make([]float32, 4)
	require.NoError(t, tr.Read(ctx, out))
	require.Equal(t, []float32{1, 3, 2, 4}, out)
}
