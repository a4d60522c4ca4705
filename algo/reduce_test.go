package algo

import (
	"context"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/kago-dev/kago/ka"
	"github.com/stretchr/testify/require"
)

// refMap is m of v, written independently of the kernel's apply.
func refMap[T ka.Number](v T, m Map) T {
	switch m {
	case MapAbs:
		switch w := any(v).(type) {
		case float32:
			return T(float32(math.Abs(float64(w))))
		case float64:
			return T(math.Abs(w))
		}
		if v < 0 {
			return -v
		}
	case MapSquare:
		return v * v
	}
	return v
}

// refCombine is op of a and b on the host.
func refCombine[T ka.Number](op Op, a, b T) T {
	switch op {
	case OpSum:
		return a + b
	case OpProd:
		return a * b
	case OpMin:
		return min(a, b)
	case OpMax:
		return max(a, b)
	case OpAnd:
		return T(uint64(a) & uint64(b))
	case OpOr:
		return T(uint64(a) | uint64(b))
	}
	return T(uint64(a) ^ uint64(b))
}

// refReduce is MapReduce in the order Reduce documents.
func refReduce[T ka.Number](x []T, m Map, op Op) T {
	level := make([]T, len(x))
	for i, v := range x {
		level[i] = refMap(v, m)
	}
	for first := true; first || len(level) > 1; first = false {
		p := make([]T, (len(level)+SumChunk-1)/SumChunk)
		for w := range p {
			chunk := level[w*SumChunk : min((w+1)*SumChunk, len(level))]
			if op == OpSum {
				p[w] = chunkSum(chunk)
				continue
			}
			acc := chunk[0]
			for _, v := range chunk[1:] {
				acc = refCombine(op, acc, v)
			}
			p[w] = acc
		}
		level = p
	}
	return level[0]
}

func TestReduce(t *testing.T) {
	for _, b := range testBackends {
		t.Run(b, func(t *testing.T) {
			dev := open(t, b)
			t.Run("float32", func(t *testing.T) { checkReduce[float32](t, dev) })
			t.Run("float64", func(t *testing.T) { checkReduce[float64](t, dev) })
			t.Run("int8", func(t *testing.T) { checkReduce[int8](t, dev) })
			t.Run("int32", func(t *testing.T) { checkReduce[int32](t, dev) })
			t.Run("int64", func(t *testing.T) { checkReduce[int64](t, dev) })
			t.Run("uint16", func(t *testing.T) { checkReduce[uint16](t, dev) })
			t.Run("uint64", func(t *testing.T) { checkReduce[uint64](t, dev) })
		})
	}
}

func checkReduce[T ka.Number](t *testing.T, dev *ka.Device) {
	ctx := context.Background()
	s := dev.Stream()
	rng := rand.New(rand.NewPCG(7, 15))
	kk := keyKindOf[T]()
	ops := []Op{OpSum, OpProd, OpMin, OpMax}
	if !kk.float {
		ops = append(ops, OpAnd, OpOr, OpXor)
	}
	for _, n := range sizes(t, false) {
		x := make([]T, n)
		for i := range x {
			if kk.float {
				// Near 1 in magnitude so that products stay finite for a
				// while; a few -0 and +0.
				v := (1 + rng.NormFloat64()/1000) * float64(1-2*rng.IntN(2))
				if rng.IntN(50) == 0 {
					v = math.Copysign(0, v)
				}
				x[i] = floatOf[T](v)
			} else {
				x[i] = T(rng.Uint64())
				if rng.IntN(3) == 0 {
					x[i] = T(rng.IntN(7)) - 3 // small, negative for signed types
				}
			}
		}
		xa, err := ka.FromSlice(ctx, dev, x)
		require.NoError(t, err)
		for _, m := range []Map{MapIdentity, MapAbs, MapSquare} {
			for _, op := range ops {
				got, err := MapReduce(ctx, s, xa, m, op)
				if n == 0 {
					if op == OpMin || op == OpMax {
						require.ErrorIs(t, err, ErrEmpty)
						continue
					}
					require.NoError(t, err)
					ones := ^uint64(0)
					want := map[Op]T{OpSum: 0, OpProd: 1, OpOr: 0, OpXor: 0, OpAnd: T(ones)}[op]
					require.Equal(t, want, got, "%v of nothing", op)
					continue
				}
				require.NoError(t, err)
				want := refReduce(x, m, op)
				require.Equal(t, bits(want), bits(got), "%v %v, n=%d", m, op, n)
				// Determinism: the same bits again.
				again, err := MapReduce(ctx, s, xa, m, op)
				require.NoError(t, err)
				require.Equal(t, bits(got), bits(again), "%v %v again, n=%d", m, op, n)
				if m == MapIdentity {
					r, err := Reduce(ctx, s, xa, op)
					require.NoError(t, err)
					require.Equal(t, bits(got), bits(r), "Reduce %v, n=%d", op, n)
				}
			}
		}
		if n > 0 {
			sum, err := Sum(ctx, s, xa)
			require.NoError(t, err)
			require.Equal(t, bits(refReduce(x, MapIdentity, OpSum)), bits(sum), "Sum, n=%d", n)
		}
		require.NoError(t, xa.Free())
	}
}

func TestReduceNaNAndErrors(t *testing.T) {
	for _, b := range testBackends {
		t.Run(b, func(t *testing.T) {
			dev := open(t, b)
			ctx := context.Background()
			s := dev.Stream()
			x := make([]float64, 3000)
			for i := range x {
				x[i] = float64(i) - 1500
			}
			x[2500] = math.Float64frombits(0xFFF8000000000000) // a NaN with the sign bit
			xa, err := ka.FromSlice(ctx, dev, x)
			require.NoError(t, err)
			for _, op := range []Op{OpSum, OpProd, OpMin, OpMax} {
				for _, m := range []Map{MapIdentity, MapAbs, MapSquare} {
					got, err := MapReduce(ctx, s, xa, m, op)
					require.NoError(t, err)
					require.True(t, math.IsNaN(got), "%v %v: %v", m, op, got)
				}
			}
			// MapAbs of -0 is +0.
			z, err := ka.FromSlice(ctx, dev, []float32{float32(math.Copysign(0, -1))})
			require.NoError(t, err)
			got, err := MapReduce(ctx, s, z, MapAbs, OpMax)
			require.NoError(t, err)
			require.Equal(t, uint32(0), math.Float32bits(got))
			got, err = Reduce(ctx, s, z, OpMax)
			require.NoError(t, err)
			require.Equal(t, uint32(0x80000000), math.Float32bits(got))
			// The most negative integer's MapAbs is itself, as in Go.
			y, err := ka.FromSlice(ctx, dev, []int8{-128, 5})
			require.NoError(t, err)
			lo, err := MapReduce(ctx, s, y, MapAbs, OpMin)
			require.NoError(t, err)
			require.Equal(t, int8(-128), lo)
			// Errors.
			_, err = Reduce(ctx, s, xa, OpAnd)
			require.ErrorIs(t, err, ka.ErrInvalid)
			_, err = Reduce(ctx, s, xa, Op(42))
			require.ErrorIs(t, err, ka.ErrInvalid)
			_, err = MapReduce(ctx, s, xa, Map(-1), OpSum)
			require.ErrorIs(t, err, ka.ErrInvalid)
		})
	}
}
