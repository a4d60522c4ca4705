package katest

// This file checks the 16-bit float element types (ka.Float16,
// ka.BFloat16) on every backend: a kernel converts every one of the
// 65,536 encodings of each to float32, and float32 values around every
// rounding boundary to each, and must give the host's bits (the
// conversions are one Go code, ka/internal/devmath, whose own test checks
// it against a reference); another keeps Float16 values in local memory
// and a struct.

import (
	"context"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/kago-dev/kago/ka"
)

func init() { add("HalfPrecision", testHalfPrecision) }

// HalfConvert converts h and b to float32 into hf and bf, and x to
// Float16 and BFloat16 into xh and xb.
//
//ka:kernel
func HalfConvert(it ka.Item, h []ka.Float16, b []ka.BFloat16, hf, bf []float32, x []float32, xh []ka.Float16, xb []ka.BFloat16) {
	i := it.Global()
	if i < len(h) {
		hf[i], bf[i] = h[i].Float32(), b[i].Float32()
	}
	if i < len(x) {
		xh[i], xb[i] = ka.ToFloat16(x[i]), ka.ToBFloat16(x[i])
	}
}

// HalfPair is a struct with 16-bit float fields.
type HalfPair struct {
	H ka.Float16
	B ka.BFloat16
}

// HalfReverse reverses x within each group of 64 through local memory of
// Float16, and writes a times each value, rounded to both 16-bit types,
// into out.
//
//ka:kernel
func HalfReverse(it ka.Item, a float32, x []ka.Float16, out []HalfPair) {
	tile := ka.LocalArray[ka.Float16](it, 64)
	l := it.Local()
	tile[l] = x[it.Global()]
	it.Barrier()
	v := a * tile[63-l].Float32()
	out[it.Global()] = HalfPair{H: ka.ToFloat16(v), B: ka.ToBFloat16(v)}
}

func testHalfPrecision(t *testing.T, dev *ka.Device) {
	ctx := context.Background()
	const n = 1 << 16
	h, b := make([]ka.Float16, n), make([]ka.BFloat16, n)
	for i := range n {
		h[i], b[i] = ka.Float16(i), ka.BFloat16(i)
	}
	// Every encoding's value and the midpoint (a tie) to the next, then
	// random bit patterns (NaNs among them). The ties' float32 neighbours
	// are ka/internal/devmath's test's.
	var x []float32
	for i := range n - 1 {
		for _, v := range [][2]float32{{h[i].Float32(), h[i+1].Float32()}, {b[i].Float32(), b[i+1].Float32()}} {
			x = append(x, v[0], float32((float64(v[0])+float64(v[1]))/2))
		}
	}
	r := rand.New(rand.NewPCG(3, 4))
	for range 1 << 12 {
		x = append(x, math.Float32frombits(r.Uint32()))
	}
	k, err := ka.NewKernel(dev, HalfConvert)
	require.NoError(t, err)
	dh, err := ka.FromSlice(ctx, dev, h)
	require.NoError(t, err)
	defer dh.Free()
	db, err := ka.FromSlice(ctx, dev, b)
	require.NoError(t, err)
	defer db.Free()
	dx, err := ka.FromSlice(ctx, dev, x)
	require.NoError(t, err)
	defer dx.Free()
	hf, err := ka.Alloc[float32](dev, n)
	require.NoError(t, err)
	defer hf.Free()
	bf, err := ka.Alloc[float32](dev, n)
	require.NoError(t, err)
	defer bf.Free()
	xh, err := ka.Alloc[ka.Float16](dev, len(x))
	require.NoError(t, err)
	defer xh.Free()
	xb, err := ka.Alloc[ka.BFloat16](dev, len(x))
	require.NoError(t, err)
	defer xb.Free()
	s := dev.Stream()
	bits, err := ka.Alloc[uint16](dev, n)
	require.NoError(t, err)
	defer bits.Free()
	require.ErrorIs(t, k.Launch(s, ka.Range(n), bits, db, hf, bf, dx, xh, xb), ka.ErrBadLaunch, "a []uint16 for a []ka.Float16")
	require.ErrorIs(t, k.Launch(s, ka.Range(n), db, dh, hf, bf, dx, xh, xb), ka.ErrBadLaunch, "BFloat16 and Float16 swapped")
	require.NoError(t, k.Launch(s, ka.Range(len(x)), dh, db, hf, bf, dx, xh, xb))
	gotHF, gotBF := make([]float32, n), make([]float32, n)
	require.NoError(t, hf.Read(ctx, gotHF))
	require.NoError(t, bf.Read(ctx, gotBF))
	for i := range n {
		require.Equal(t, math.Float32bits(h[i].Float32()), math.Float32bits(gotHF[i]), "Float16(%#04x).Float32()", i)
		require.Equal(t, math.Float32bits(b[i].Float32()), math.Float32bits(gotBF[i]), "BFloat16(%#04x).Float32()", i)
	}
	gotXH, gotXB := make([]ka.Float16, len(x)), make([]ka.BFloat16, len(x))
	require.NoError(t, xh.Read(ctx, gotXH))
	require.NoError(t, xb.Read(ctx, gotXB))
	for i, v := range x {
		require.Equal(t, ka.ToFloat16(v), gotXH[i], "ToFloat16(%v) (%#08x)", v, math.Float32bits(v))
		require.Equal(t, ka.ToBFloat16(v), gotXB[i], "ToBFloat16(%v) (%#08x)", v, math.Float32bits(v))
	}

	// Local memory and a struct of both types, finite values only (a
	// product's NaN payload is the target's).
	kr, err := ka.NewKernel(dev, HalfReverse, ka.WithGroupSize(64))
	require.NoError(t, err)
	const m = 256
	hx := ka.ToFloat16s(x[:m])
	for i := range hx {
		if v := hx[i].Float32(); math.IsNaN(float64(v)) || math.IsInf(float64(v), 0) {
			hx[i] = ka.ToFloat16(float32(i))
		}
	}
	rx, err := ka.FromSlice(ctx, dev, hx)
	require.NoError(t, err)
	defer rx.Free()
	out, err := ka.Alloc[HalfPair](dev, m)
	require.NoError(t, err)
	defer out.Free()
	require.NoError(t, kr.Launch(s, ka.Range(m), float32(-1.5), rx, out))
	got := make([]HalfPair, m)
	require.NoError(t, out.Read(ctx, got))
	for i := range got {
		v := -1.5 * hx[i/64*64+63-i%64].Float32()
		require.Equal(t, HalfPair{ka.ToFloat16(v), ka.ToBFloat16(v)}, got[i], "element %d", i)
	}
}
