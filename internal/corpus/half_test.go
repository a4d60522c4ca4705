package corpus

import (
	"context"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/kago-dev/kago/ka"
)

// halfInputs are every 16-bit encoding and float32 values around the
// rounding boundaries of both 16-bit types (each encoding's value, the
// midpoint to the next) and random bit patterns.
func halfInputs() ([]uint16, []float32) {
	h := make([]uint16, 1<<16)
	var x []float32
	for i := range h {
		h[i] = uint16(i)
		if i+1 < len(h) {
			for _, v := range [][2]float32{{ka.Float16(i).Float32(), ka.Float16(i + 1).Float32()}, {ka.BFloat16(i).Float32(), ka.BFloat16(i + 1).Float32()}} {
				x = append(x, v[0], float32((float64(v[0])+float64(v[1]))/2))
			}
		}
	}
	r := rand.New(rand.NewPCG(16, 16))
	for range 1 << 14 {
		x = append(x, math.Float32frombits(r.Uint32()))
	}
	return h, x
}

func init() {
	cases = append(cases, corpusCase{"HalfBits", 0, func(h *harness) {
		hs, x := halfInputs()
		f16, bf16 := out(h, make([]uint32, len(hs))), out(h, make([]uint32, len(hs)))
		xh, xb := out(h, make([]ka.Float16, len(x))), out(h, make([]ka.BFloat16, len(x)))
		h.launch(HalfBits, ka.Range(len(x)), []int{64}, in(h, hs), in(h, x), f16, bf16, xh, xb)
	}}, corpusCase{"HalfMatVec", 0, func(h *harness) {
		av, vv := halfMatVecInputs()
		a, err := ka.MatrixFromSlice(h.ctx, h.dev, matRows, matCols, av)
		require.NoError(h.t, err)
		h.t.Cleanup(func() { a.Free() })
		y := out(h, make([]ka.Float16, matRows))
		h.launch(HalfMatVec, ka.Range(matRows), []int{32}, a, in(h, vv), y)
	}})
}

// The HalfMatVec case's matrix shape.
const matRows, matCols = 37, 300

// halfMatVecInputs are the case's matrix (row-major) and vector, normally
// distributed values rounded to the 16-bit types.
func halfMatVecInputs() ([]ka.BFloat16, []ka.Float16) {
	r := rand.New(rand.NewPCG(3, 7))
	av, vv := make([]float32, matRows*matCols), make([]float32, matCols)
	for i := range av {
		av[i] = float32(r.NormFloat64())
	}
	for i := range vv {
		vv[i] = float32(r.NormFloat64())
	}
	return ka.ToBFloat16s(av), ka.ToFloat16s(vv)
}

// TestHalfMatVecHost checks HalfMatVec on native against the same sums
// on the host, so that the corpus, which compares the other routes with
// native, compares with something right.
func TestHalfMatVecHost(t *testing.T) {
	dev, err := ka.Open("native")
	require.NoError(t, err)
	defer dev.Close()
	h := &harness{t: t, ctx: context.Background(), dev: dev}
	av, vv := halfMatVecInputs()
	a, err := ka.MatrixFromSlice(h.ctx, dev, matRows, matCols, av)
	require.NoError(t, err)
	y := out(h, make([]ka.Float16, matRows))
	h.launch(HalfMatVec, ka.Range(matRows), []int{32}, a, in(h, vv), y)
	got := h.outs[0]().([]ka.Float16)
	for row := range matRows {
		var sum float32
		for col := range matCols {
			sum += av[row*matCols+col].Float32() * vv[col].Float32()
		}
		require.Equal(t, ka.ToFloat16(sum), got[row], "row %d", row)
	}
}
