package algo

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	_ "github.com/kago-dev/kago/backends/cuda/cudasim"
	"github.com/kago-dev/kago/ka"
)

// refMatMul is MatMul's documented order on the host: row-major slices,
// op(A) m×k, op(B) k×n, c m×n.
func refMatMul[T float32 | float64](ta, tb bool, m, n, k int, alpha T, a, b []T, beta T, c []T) {
	for i := range m {
		for j := range n {
			var sum T
			for p := range k {
				av, bv := a[i*k+p], b[p*n+j]
				if ta {
					av = a[p*m+i]
				}
				if tb {
					bv = b[j*k+p]
				}
				sum += av * bv
			}
			v := alpha * sum
			if beta != 0 {
				v += beta * c[i*n+j]
			}
			c[i*n+j] = v
		}
	}
}

func randSlice[T float32 | float64](r *rand.Rand, n int) []T {
	s := make([]T, n)
	for i := range s {
		s[i] = T(r.NormFloat64())
	}
	return s
}

// TestMatMul checks MatMul against refMatMul bit for bit on every backend
// (cuda-sim: the smaller shapes), with both kernels on CPU devices (the
// row kernel they run, and the tiled one GPUs run): shapes that are not
// multiples of the block, both transposes, beta 0 (C's NaNs not read) and
// not, and views with a stride of their own.
func TestMatMul(t *testing.T) {
	type shape struct{ m, n, k int }
	shapes := []shape{{1, 1, 1}, {3, 7, 5}, {64, 64, 16}, {65, 63, 17}, {20, 130, 70}, {2, 3, 0}}
	routes := []string{"native", "pocl", "cuda", "cuda-sim", "native/tiled", "pocl/tiled"}
	for _, route := range routes {
		backend, tiled := strings.CutSuffix(route, "/tiled")
		t.Run(route, func(t *testing.T) {
			matMulTiledOnCPU = tiled // the tiled kernel on a CPU device too
			defer func() { matMulTiledOnCPU = false }()
			dev := open(t, backend)
			ctx := context.Background()
			s := dev.Stream()
			r := rand.New(rand.NewPCG(5, 6))
			for _, sh := range shapes {
				if backend == "cuda-sim" && (raceEnabled && sh.m*sh.n*sh.k > 5000 || sh.m*sh.n*sh.k > 200000) {
					continue
				}
				for _, tr := range [][2]bool{{false, false}, {true, false}, {false, true}, {true, true}} {
					for _, ab := range [][2]float32{{1, 0}, {0.5, -2}} {
						ha, hb := randSlice[float32](r, sh.m*sh.k), randSlice[float32](r, sh.k*sh.n)
						hc := randSlice[float32](r, sh.m*sh.n)
						if ab[1] == 0 && len(hc) > 0 {
							hc[0] = float32(math.NaN()) // not read
						}
						ar, ac := sh.m, sh.k
						if tr[0] {
							ar, ac = ac, ar
						}
						br, bc := sh.k, sh.n
						if tr[1] {
							br, bc = bc, br
						}
						a, err := ka.MatrixFromSlice(ctx, dev, ar, ac, ha)
						require.NoError(t, err)
						b, err := ka.MatrixFromSlice(ctx, dev, br, bc, hb)
						require.NoError(t, err)
						// C as a view into a wider matrix: its own stride.
						parent, err := ka.AllocMatrix[float32](dev, sh.m+1, sh.n+3)
						require.NoError(t, err)
						c, err := parent.Slice(1, sh.m+1, 2, sh.n+2)
						require.NoError(t, err)
						require.NoError(t, c.Write(ctx, hc))
						require.NoError(t, MatMul(s, tr[0], tr[1], ab[0], a, b, ab[1], c))
						got := make([]float32, sh.m*sh.n)
						require.NoError(t, c.Read(ctx, got))
						refMatMul(tr[0], tr[1], sh.m, sh.n, sh.k, ab[0], ha, hb, ab[1], hc)
						for i := range got {
							require.Equal(t, math.Float32bits(hc[i]), math.Float32bits(got[i]),
								"%v, transposes %v, alpha, beta %v: element (%d, %d): %v, want %v", sh, tr, ab, i/sh.n, i%sh.n, got[i], hc[i])
						}
						for _, x := range []*ka.Matrix[float32]{a, b, parent} {
							require.NoError(t, x.Free())
						}
					}
				}
			}
			// float64, once.
			ha, hb, hc := randSlice[float64](r, 70*33), randSlice[float64](r, 33*45), make([]float64, 70*45)
			a, _ := ka.MatrixFromSlice(ctx, dev, 70, 33, ha)
			b, _ := ka.MatrixFromSlice(ctx, dev, 33, 45, hb)
			c, err := ka.AllocMatrix[float64](dev, 70, 45)
			require.NoError(t, err)
			if backend == "cuda-sim" && raceEnabled {
				return
			}
			require.NoError(t, MatMul(s, false, false, 1.5, a, b, 0, c))
			got := make([]float64, 70*45)
			require.NoError(t, c.Read(ctx, got))
			refMatMul(false, false, 70, 45, 33, 1.5, ha, hb, 0, hc)
			require.Equal(t, hc, got)
		})
	}
}

// TestMatMulHostile, on native and PoCL: every bad call is an error
// wrapping ka.ErrInvalid before anything is enqueued, and C is left as it
// was; 8 tasks multiply at once, each on its own matrices; after Close a
// call is ka.ErrClosed.
func TestMatMulHostile(t *testing.T) {
	for _, backend := range []string{"native", "pocl"} {
		t.Run(backend, func(t *testing.T) { matMulHostile(t, backend) })
	}
}

func matMulHostile(t *testing.T, backend string) {
	ctx := context.Background()
	dev := open(t, backend)
	s := dev.Stream()
	a, err := ka.MatrixFromSlice(ctx, dev, 2, 3, []float32{1, 2, 3, 4, 5, 6})
	require.NoError(t, err)
	b, err := ka.AllocMatrix[float32](dev, 3, 4)
	require.NoError(t, err)
	c, err := ka.MatrixFromSlice(ctx, dev, 2, 4, []float32{9, 9, 9, 9, 9, 9, 9, 9})
	require.NoError(t, err)
	other := open(t, backend)
	elsewhere, err := ka.AllocMatrix[float32](other, 3, 4)
	require.NoError(t, err)
	wide, err := ka.AllocMatrix[float32](dev, 4, 4)
	require.NoError(t, err)
	aView, err := wide.Slice(0, 2, 0, 3)
	require.NoError(t, err)
	cView, err := wide.Slice(2, 4, 0, 4)
	require.NoError(t, err)
	for name, call := range map[string]func() error{
		"nil stream":          func() error { return MatMul(nil, false, false, 1, a, b, 0, c) },
		"nil A":               func() error { return MatMul(s, false, false, 1, nil, b, 0, c) },
		"zero C":              func() error { return MatMul(s, false, false, 1, a, b, 0, &ka.Matrix[float32]{}) },
		"B on another device": func() error { return MatMul(s, false, false, 1, a, elsewhere, 0, c) },
		"inner sizes":         func() error { return MatMul(s, true, false, 1, a, b, 0, c) },
		"C's shape":           func() error { return MatMul(s, false, false, 1, a, b, 0, wide) },
		"C is A":              func() error { return MatMul(s, false, false, 1, a, b, 0, a) },
		"C a view beside A":   func() error { return MatMul(s, false, false, 1, aView, b, 0, cView) },
	} {
		assert.ErrorIs(t, call(), ka.ErrInvalid, name)
	}
	got := make([]float32, 8)
	require.NoError(t, c.Read(ctx, got))
	assert.Equal(t, []float32{9, 9, 9, 9, 9, 9, 9, 9}, got, "C untouched")

	var tasks []*ka.Task
	for i := range 8 {
		tasks = append(tasks, ka.Spawn(dev, func(s *ka.Stream) error {
			m, n, k := 5+i, 70+i, 17
			r := rand.New(rand.NewPCG(uint64(i), 9))
			ha, hb := randSlice[float32](r, m*k), randSlice[float32](r, k*n)
			a, err := ka.MatrixFromSlice(ctx, dev, m, k, ha)
			if err != nil {
				return err
			}
			defer a.Free()
			b, err := ka.MatrixFromSlice(ctx, dev, k, n, hb)
			if err != nil {
				return err
			}
			defer b.Free()
			c, err := ka.AllocMatrix[float32](dev, m, n)
			if err != nil {
				return err
			}
			defer c.Free()
			if err := MatMul(s, false, false, 1, a, b, 0, c); err != nil {
				return err
			}
			got := make([]float32, m*n)
			if err := c.Read(ctx, got); err != nil {
				return err
			}
			want := make([]float32, m*n)
			refMatMul(false, false, m, n, k, 1, ha, hb, 0, want)
			if !slices.Equal(got, want) {
				return fmt.Errorf("task %d: %v, want %v", i, got, want)
			}
			return nil
		}))
	}
	for _, task := range tasks {
		assert.NoError(t, task.Wait(ctx))
	}
	require.NoError(t, dev.Close())
	assert.ErrorIs(t, MatMul(s, false, false, 1, a, b, 0, c), ka.ErrClosed, "after Close")
}
