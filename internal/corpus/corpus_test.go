package corpus

// Every corpus kernel runs on the native backend and on PoCL from the same
// source; the results must agree: exactly for integers and bools, within
// each case's ULP bound for floats.
//
// ULP bounds (observed with PoCL 3.1 on x86-64, OpenCL C with
// FP_CONTRACT OFF): add/mul/div kernels computed in the same order are
// exact (0 ULP), as is the tiled and naive matmul; math functions are
// within 4 ULP (the native backend computes float32 math in float64 and
// rounds, devices use their own libraries).

import (
	"context"
	"errors"
	"fmt"
	"math"
	"reflect"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	_ "github.com/kago-dev/kago/backends/native"
	_ "github.com/kago-dev/kago/backends/pocl"
	"github.com/kago-dev/kago/ka"
)

// harness uploads inputs and remembers the outputs to read back.
type harness struct {
	t    *testing.T
	ctx  context.Context
	dev  *ka.Device
	outs []func() any
}

// in uploads s.
func in[T ka.Scalar](h *harness, s []T) *ka.Array[T] {
	a, err := ka.FromSlice(h.ctx, h.dev, s)
	require.NoError(h.t, err)
	return a
}

// out uploads s and reads it back after the launch.
func out[T ka.Scalar](h *harness, s []T) *ka.Array[T] {
	a := in(h, s)
	h.outs = append(h.outs, func() any {
		dst := make([]T, len(s))
		require.NoError(h.t, a.Read(h.ctx, dst))
		return dst
	})
	return a
}

// launch runs fn on r with groups of size group.
func (h *harness) launch(fn any, r ka.NDRange, group []int, args ...any) {
	k, err := ka.NewKernel(h.dev, fn, ka.WithGroupSize(group...))
	require.NoError(h.t, err)
	require.NoError(h.t, k.Launch(h.dev.Stream(), r, args...))
	require.NoError(h.t, h.dev.Synchronize(h.ctx))
}

type corpusCase struct {
	name string
	ulp  uint64 // float tolerance
	run  func(h *harness)
}

func seq[T int32 | int64 | uint32 | uint8 | float32 | float64](n int, f func(i int) T) []T {
	s := make([]T, n)
	for i := range s {
		s[i] = f(i)
	}
	return s
}

var cases = []corpusCase{
	{"Saxpy", 0, func(h *harness) {
		n := 1000
		x := in(h, seq(n, func(i int) float32 { return float32(i) * 0.37 }))
		y := out(h, seq(n, func(i int) float32 { return 1 - float32(i)*0.11 }))
		h.launch(Saxpy, ka.Range(n), []int{64}, float32(2.5), x, y)
	}},
	{"MemCopy", 0, func(h *harness) {
		n := 777
		src := in(h, seq(n, func(i int) uint8 { return uint8(i * 7) }))
		dst := out(h, make([]uint8, n))
		h.launch(MemCopy, ka.Range(n), []int{32}, dst, src)
	}},
	{"Transpose", 0, func(h *harness) {
		rows, cols := 37, 53
		a := in(h, seq(rows*cols, func(i int) float32 { return float32(i) }))
		b := out(h, make([]float32, rows*cols))
		h.launch(Transpose, ka.Range2(rows, cols), []int{8, 8}, rows, cols, a, b)
	}},
	{"MatMul", 0, func(h *harness) {
		n := 29
		a := in(h, seq(n*n, func(i int) float32 { return float32(i%7) - 3 }))
		b := in(h, seq(n*n, func(i int) float32 { return float32(i%5) * 0.5 }))
		c := out(h, make([]float32, n*n))
		h.launch(MatMul, ka.Range2(n, n), []int{8, 8}, n, a, b, c)
	}},
	{"MatMulTiled", 0, func(h *harness) {
		n := 29
		a := in(h, seq(n*n, func(i int) float32 { return float32(i%7) - 3 }))
		b := in(h, seq(n*n, func(i int) float32 { return float32(i%5) * 0.5 }))
		c := out(h, make([]float32, n*n))
		r := (n + Tile - 1) / Tile * Tile
		h.launch(MatMulTiled, ka.Range2(r, r), []int{Tile, Tile}, n, a, b, c)
	}},
	{"ReduceSum", 0, func(h *harness) {
		n := 1000
		groups := (n + ReduceGroup - 1) / ReduceGroup
		x := in(h, seq(n, func(i int) int64 { return int64(i*i) - 5000 }))
		o := out(h, make([]int64, groups))
		h.launch(ReduceSum, ka.Range(groups*ReduceGroup), []int{ReduceGroup}, x, o)
	}},
	{"Histogram", 0, func(h *harness) {
		n := 5000
		x := in(h, seq(n, func(i int) uint32 { return uint32(i * i * 31) }))
		bins := out(h, make([]uint32, 17))
		h.launch(Histogram, ka.Range(n), []int{64}, x, bins)
	}},
	{"Scale[float32]", 0, func(h *harness) {
		x := out(h, seq(300, func(i int) float32 { return float32(i) / 3 }))
		h.launch(Scale[float32], ka.Range(300), []int{64}, float32(1.25), x)
	}},
	{"Scale[float64]", 0, func(h *harness) {
		x := out(h, seq(300, func(i int) float64 { return float64(i) / 3 }))
		h.launch(Scale[float64], ka.Range(300), []int{64}, 1.25, x)
	}},
	{"BitOps", 0, func(h *harness) {
		n := 200
		x := in(h, seq(n, func(i int) int32 { return int32(i*2654435761) ^ int32(i<<20) }))
		s := in(h, seq(n, func(i int) uint8 { return uint8(i % 70) }))
		o := out(h, make([]int64, n))
		h.launch(BitOps, ka.Range(n), []int{32}, x, s, o)
	}},
	{"Loops", 0, func(h *harness) {
		n := 150
		x := in(h, seq(n, func(i int) int32 { return int32(i) - 20 }))
		o := out(h, make([]int32, n))
		h.launch(Loops, ka.Range(n), []int{32}, x, o)
	}},
	{"Gotos", 0, func(h *harness) {
		n := 200
		x := in(h, seq(n, func(i int) int32 { return int32(i) - 60 }))
		o := out(h, make([]int32, n))
		h.launch(Gotos, ka.Range(n), []int{32}, x, o)
	}},
	{"Switch", 0, func(h *harness) {
		n := 300
		x := in(h, seq(n, func(i int) int32 { return int32(i) - 100 }))
		o := out(h, make([]float64, n))
		h.launch(Switch, ka.Range(n), []int{32}, x, o)
	}},
	{"Helpers", 0, func(h *harness) {
		n := 100
		a := in(h, seq(n, func(i int) int64 { return int64(i*37) - 1000 }))
		b := in(h, seq(n, func(i int) int64 { return int64(i%9) - 4 }))
		q, r := out(h, make([]int64, n)), out(h, make([]int64, n))
		f := out(h, make([]float32, n))
		h.launch(Helpers, ka.Range(n), []int{16}, a, b, q, r, f)
	}},
	{"MathFuncs", 4, func(h *harness) {
		n := 64
		x := in(h, seq(n, func(i int) float32 { return float32(i) * 0.173 }))
		y := in(h, seq(n, func(i int) float64 { return float64(i) * 0.219 }))
		o32, o64 := out(h, make([]float32, 4*n)), out(h, make([]float64, 4*n))
		h.launch(MathFuncs, ka.Range(n), []int{16}, x, y, o32, o64)
	}},
	{"Convert", 0, func(h *harness) {
		n := 100
		x := in(h, seq(n, func(i int) float64 { return (float64(i) - 50) * 37.3 }))
		o := out(h, make([]int64, 8*n))
		h.launch(Convert, ka.Range(n), []int{16}, x, o)
	}},
	{"Partial2D", 0, func(h *harness) {
		rows, cols := 19, 23
		o := out(h, make([]int32, rows*cols))
		h.launch(Partial2D, ka.Range2(rows, cols), []int{4, 8}, rows, cols, o)
	}},
	{"MinMax", 0, func(h *harness) {
		n := 500
		x := in(h, seq(n, func(i int) float32 { return float32((i*37)%201 - 100) }))
		o := out(h, []float32{0, -1000, 1000})
		io := out(h, []int32{math.MinInt32, math.MaxInt32})
		uo := out(h, []uint64{0})
		h.launch(MinMax, ka.Range(n), []int{64}, x, o, io, uo)
	}},
	{"BitAtomics", 0, func(h *harness) {
		n := 300
		x := in(h, seq(n, func(i int) uint32 { return uint32(i*i*7 + 3) }))
		u := out(h, []uint32{1 << 31, math.MaxUint32, 0, 0x5a5a5a5a})
		i := out(h, []int64{0, -1, 0, 12345})
		f := out(h, []float32{1e6})
		h.launch(BitAtomics, ka.Range(n), []int{64}, x, u, i, f)
	}},
	{"SignedDiv", 0, func(h *harness) {
		xs := []int64{math.MinInt64, math.MinInt32, math.MinInt16, math.MinInt8, -128 << 8, 127, -7, 7, 0, 1 << 40}
		ys := []int64{-1, 3, -2, 5}
		var x, y []int64
		for _, a := range xs {
			for _, b := range ys {
				x, y = append(x, a), append(y, b)
			}
		}
		// Narrower widths see -1 too: the low bits of -1 are all ones.
		o := out(h, make([]int64, 8*len(x)))
		h.launch(SignedDiv, ka.Range(len(x)), []int{16}, in(h, x), in(h, y), o)
	}},
	{"PrivateArray", 0, func(h *harness) {
		n := 90
		x := in(h, seq(n, func(i int) int32 { return int32(i*i) % 101 }))
		o := out(h, make([]int32, n))
		h.launch(PrivateArray, ka.Range(n), []int{16}, x, o)
	}},
	{"BoolFlags", 0, func(h *harness) {
		n := 70
		x := in(h, seq(n, func(i int) int32 { return int32(i) - 35 }))
		o := out(h, make([]bool, n))
		h.launch(BoolFlags, ka.Range(n), []int{16}, true, x, o)
	}},
}

// runAll runs every case on the backend and returns the outputs per case.
func runAll(t *testing.T, backend string) (map[string][]any, error) {
	dev, err := ka.Open(backend)
	if err != nil {
		return nil, err
	}
	defer dev.Close()
	res := map[string][]any{}
	for _, c := range cases {
		h := &harness{t: t, ctx: context.Background(), dev: dev}
		c.run(h)
		for _, o := range h.outs {
			res[c.name] = append(res[c.name], o())
		}
	}
	return res, nil
}

func TestCorpusNativeVsPoCL(t *testing.T) { compareWithNative(t, "pocl") }

// compareWithNative runs every case on the native backend and on backend,
// and compares the outputs. It skips when backend has no device here.
func compareWithNative(t *testing.T, backend string) {
	native, err := runAll(t, "native")
	require.NoError(t, err)
	other, err := runAll(t, backend)
	if errors.Is(err, ka.ErrNoDevice) {
		t.Skipf("%s not available: %v", backend, err)
	}
	require.NoError(t, err)
	for _, c := range cases {
		if !assert.Equal(t, len(native[c.name]), len(other[c.name]), "%s: outputs on native, then on %s", c.name, backend) {
			continue
		}
		for i := range native[c.name] {
			assert.NoError(t, compare(native[c.name][i], other[c.name][i], c.ulp), "%s, output %d: native vs %s", c.name, i, backend)
		}
	}
}

// compare requires equal slices, floats within ulp units in the last place:
// of the same type and length first, so that a short or missing device
// result is a failure that says so, not an index panic.
func compare(a, b any, ulp uint64) error {
	va, vb := reflect.ValueOf(a), reflect.ValueOf(b)
	if !vb.IsValid() || va.Type() != vb.Type() {
		return fmt.Errorf("output of type %T, want %T", b, a)
	}
	if va.Kind() == reflect.Slice && va.Len() != vb.Len() {
		return fmt.Errorf("%d elements, want %d", vb.Len(), va.Len())
	}
	switch a := a.(type) {
	case []float32:
		b := b.([]float32)
		for i := range a {
			if d := ulpDiff(float64(a[i]), float64(b[i]), true); d > ulp {
				return fmt.Errorf("[%d]: %v vs %v (%d ULP, bound %d)", i, a[i], b[i], d, ulp)
			}
		}
		return nil
	case []float64:
		b := b.([]float64)
		for i := range a {
			if d := ulpDiff(a[i], b[i], false); d > ulp {
				return fmt.Errorf("[%d]: %v vs %v (%d ULP, bound %d)", i, a[i], b[i], d, ulp)
			}
		}
		return nil
	}
	if !reflect.DeepEqual(a, b) {
		av, bv := reflect.ValueOf(a), reflect.ValueOf(b)
		for i := 0; i < av.Len(); i++ {
			if av.Index(i).Interface() != bv.Index(i).Interface() {
				return fmt.Errorf("[%d]: %v vs %v", i, av.Index(i), bv.Index(i))
			}
		}
		return fmt.Errorf("%v vs %v", a, b)
	}
	return nil
}

// ulpDiff is the distance of x and y in units in the last place of
// float32 (single) or float64; NaNs are equal to each other.
func ulpDiff(x, y float64, single bool) uint64 {
	if math.IsNaN(x) && math.IsNaN(y) {
		return 0
	}
	var ix, iy int64
	if single {
		ix, iy = int64(ordered32(math.Float32bits(float32(x)))), int64(ordered32(math.Float32bits(float32(y))))
	} else {
		ix, iy = ordered64(math.Float64bits(x)), ordered64(math.Float64bits(y))
	}
	if ix > iy {
		return uint64(ix - iy)
	}
	return uint64(iy - ix)
}

func ordered32(b uint32) int32 {
	if int32(b) < 0 {
		return math.MinInt32 - int32(b)
	}
	return int32(b)
}

func ordered64(b uint64) int64 {
	if int64(b) < 0 {
		return math.MinInt64 - int64(b)
	}
	return int64(b)
}

// TestCompareLengths: a device result shorter than native's, or of
// another type, is a failure that says so, not a panic of the comparison.
func TestCompareLengths(t *testing.T) {
	require.ErrorContains(t, compare([]float32{1, 2}, []float32{1}, 0), "1 elements, want 2")
	require.ErrorContains(t, compare([]int32{1}, []int32{1, 2}, 0), "2 elements, want 1")
	require.ErrorContains(t, compare([]int32{1}, []float32{1}, 0), "output of type []float32")
	require.ErrorContains(t, compare([]int32{1}, nil, 0), "output of type <nil>")
	require.NoError(t, compare([]float64{1, 2}, []float64{1, 2}, 0))
}
