package algo

import (
	"cmp"
	"context"
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/kago-dev/kago/ka"
	"github.com/stretchr/testify/require"
)

// sortSizes are sizes(t, big) and, for big, a few hundred thousand (not
// with -short).
func sortSizes(t *testing.T, big bool) []int {
	s := sizes(t, big)
	if big && !testing.Short() {
		// Three levels of digit-count scans (293 chunks × 256 digits), for
		// one key type: the scans do not depend on it, and under the race
		// detector every type at this size took most of the package's
		// 250 s. The other types' key transforms are per element, and the
		// smaller sizes check them.
		s = append(s, 300_001)
	}
	return s
}

// docCmp is the order Sort documents, written out without keys: numbers
// by value, -0 before +0, then the NaNs without the sign bit by
// increasing bits, then those with it by decreasing bits.
func docCmp[T ka.Number](a, b T) int {
	an, bn := a != a, b != b
	switch {
	case an && bn:
		ba, bb := floatBits(a), floatBits(b)
		sa, sb := int64(ba) < 0, int64(bb) < 0
		switch {
		case sa != sb:
			if sa {
				return 1
			}
			return -1
		case sa:
			return cmp.Compare(bb, ba)
		}
		return cmp.Compare(ba, bb)
	case an:
		return 1
	case bn:
		return -1
	case a < b:
		return -1
	case a > b:
		return 1
	}
	// Equal numbers: only ±0 differ.
	sa, sb := int64(floatBits(a)) < 0, int64(floatBits(b)) < 0
	switch {
	case sa && !sb:
		return -1
	case !sa && sb:
		return 1
	}
	return 0
}

// floatBits is a float's bits as a float64's (sign first), 0 for integers.
func floatBits[T ka.Number](v T) uint64 {
	switch v := any(v).(type) {
	case float32:
		b := uint64(math.Float32bits(v))
		return b>>31<<63 | b&(1<<31-1)
	case float64:
		return math.Float64bits(v)
	}
	return 0
}

// sortInput makes n keys of one kind.
func sortInput[T ka.Number](rng *rand.Rand, n int, kind string) []T {
	x := make([]T, n)
	_, isFloat := any(x).([]float32)
	if _, ok := any(x).([]float64); ok {
		isFloat = true
	}
	nan32 := math.Float32frombits(0x7FC00001)
	specials := []float64{math.NaN(), math.Float64frombits(0xFFF8000000000000), math.Float64frombits(0x7FF0000000000123),
		float64(nan32), math.Copysign(0, -1), 0, math.Inf(1), math.Inf(-1), 1, -1, 2.5}
	lo, hi := minMaxOf[T]()
	for i := range x {
		switch kind {
		case "random":
			if isFloat {
				x[i] = T(rng.NormFloat64() * math.Pow(10, float64(rng.IntN(8)-4)))
			} else {
				x[i] = T(rng.Uint64())
			}
		case "duplicates":
			x[i] = T(rng.IntN(5)) + lo/2
		case "sorted":
			x[i] = T(i) + lo/2
		case "reverse":
			x[i] = T(n-i) + lo/2
		case "special":
			if isFloat {
				x[i] = floatOf[T](specials[rng.IntN(len(specials))])
			} else {
				x[i] = []T{lo, hi, 0, 1, lo + 1, hi - 1, T(rng.Uint64())}[rng.IntN(7)]
			}
		}
	}
	if kind == "sorted" || kind == "reverse" {
		// Narrow integers wrap: make the input really sorted.
		slices.SortFunc(x, docCmp[T])
		if kind == "reverse" {
			slices.Reverse(x)
		}
	}
	return x
}

// floatOf converts v to T keeping a NaN's bits as well as float32 can.
func floatOf[T ka.Number](v float64) T {
	var t T
	switch p := any(&t).(type) {
	case *float32:
		*p = float32(v)
	case *float64:
		*p = v
	}
	return t
}

// minMaxOf is T's least and greatest value (-Inf, +Inf for floats).
func minMaxOf[T ka.Number]() (T, T) {
	kk := keyKindOf[T]()
	switch {
	case kk.float:
		return floatOf[T](math.Inf(-1)), floatOf[T](math.Inf(1))
	case kk.flip != 0:
		hi := T(uint64(1)<<(kk.bits-1) - 1)
		return -hi - 1, hi
	}
	return 0, T(^uint64(0) >> (64 - kk.bits))
}

var sortKinds = []string{"random", "duplicates", "sorted", "reverse", "special"}

func TestSort(t *testing.T) {
	for _, b := range testBackends {
		t.Run(b, func(t *testing.T) {
			dev := open(t, b)
			t.Run("int8", func(t *testing.T) { checkSort[int8, uint32](t, dev, false) })
			t.Run("uint8", func(t *testing.T) { checkSort[uint8, int64](t, dev, false) })
			t.Run("int16", func(t *testing.T) { checkSort[int16, bool](t, dev, false) })
			t.Run("uint16", func(t *testing.T) { checkSort[uint16, float32](t, dev, false) })
			t.Run("int32", func(t *testing.T) { checkSort[int32, uint32](t, dev, true) })
			t.Run("uint32", func(t *testing.T) { checkSort[uint32, int8](t, dev, false) })
			t.Run("int64", func(t *testing.T) { checkSort[int64, uint32](t, dev, false) })
			t.Run("uint64", func(t *testing.T) { checkSort[uint64, int32](t, dev, false) })
			t.Run("int", func(t *testing.T) { checkSort[int, uint64](t, dev, false) })
			t.Run("uint", func(t *testing.T) { checkSort[uint, uint16](t, dev, false) })
			t.Run("float32", func(t *testing.T) { checkSort[float32, uint32](t, dev, false) })
			t.Run("float64", func(t *testing.T) { checkSort[float64, float64](t, dev, false) })
		})
	}
}

// checkSort checks Sort of keys K and SortPairs with values V (the
// keys' original positions as V, wrapping for narrow V; bool: their
// parity) against a stable host sort in docCmp's order.
func checkSort[K ka.Number, V ka.Scalar](t *testing.T, dev *ka.Device, big bool) {
	ctx := context.Background()
	s := dev.Stream()
	rng := rand.New(rand.NewPCG(6, 15))
	for _, n := range sortSizes(t, big) {
		for _, kind := range sortKinds {
			keys := sortInput[K](rng, n, kind)
			idx := make([]int, n)
			for i := range idx {
				idx[i] = i
			}
			slices.SortStableFunc(idx, func(a, b int) int { return docCmp(keys[a], keys[b]) })
			want := make([]K, n)
			for i, j := range idx {
				want[i] = keys[j]
			}
			// Sort.
			xa, err := ka.FromSlice(ctx, dev, keys)
			require.NoError(t, err)
			require.NoError(t, Sort(s, xa))
			got := make([]K, n)
			require.NoError(t, xa.ReadAsync(s, got))
			require.NoError(t, s.Synchronize(ctx))
			requireSameBits(t, want, got, "Sort, %s, n=%d", kind, n)
			// Apart from the NaNs' place, slices.Sort's order.
			ref := slices.Clone(keys)
			slices.Sort(ref)
			nan := 0
			for _, v := range ref {
				if v != v {
					nan++
				}
			}
			require.True(t, slices.Equal(ref[nan:], got[:n-nan]), "Sort vs slices.Sort, %s, n=%d", kind, n)
			// SortPairs.
			vals := make([]V, n)
			for i := range vals {
				vals[i] = valueOf[V](i)
			}
			require.NoError(t, xa.WriteAsync(s, keys))
			va, err := ka.FromSlice(ctx, dev, vals)
			require.NoError(t, err)
			require.NoError(t, SortPairs(s, xa, va))
			gotV := make([]V, n)
			require.NoError(t, xa.ReadAsync(s, got))
			require.NoError(t, va.ReadAsync(s, gotV))
			require.NoError(t, s.Synchronize(ctx))
			requireSameBits(t, want, got, "SortPairs keys, %s, n=%d", kind, n)
			for i, j := range idx {
				if gotV[i] != valueOf[V](j) {
					require.Equal(t, valueOf[V](j), gotV[i], "SortPairs values (stable), %s, n=%d, at %d", kind, n, i)
				}
			}
			require.NoError(t, xa.Free())
			require.NoError(t, va.Free())
		}
	}
}

func valueOf[V ka.Scalar](i int) V {
	var v V
	switch p := any(&v).(type) {
	case *bool:
		*p = i%2 == 1
	case *float32:
		*p = float32(i)
	case *float64:
		*p = float64(i)
	case *int:
		*p = i
	case *int8:
		*p = int8(i)
	case *int16:
		*p = int16(i)
	case *int32:
		*p = int32(i)
	case *int64:
		*p = int64(i)
	case *uint:
		*p = uint(i)
	case *uint8:
		*p = uint8(i)
	case *uint16:
		*p = uint16(i)
	case *uint32:
		*p = uint32(i)
	case *uint64:
		*p = uint64(i)
	}
	return v
}

// requireSameBits requires want and got to be the same values, floats bit
// for bit (NaN payloads and the signs of zeros).
func requireSameBits[T ka.Number](t *testing.T, want, got []T, msg string, args ...any) {
	t.Helper()
	require.Len(t, got, len(want))
	for i := range want {
		if bits(want[i]) != bits(got[i]) {
			require.Equal(t, bits(want[i]), bits(got[i]), append([]any{msg + ", at %d"}, append(args, i)...)...)
		}
	}
}

func TestSortPairsErrors(t *testing.T) {
	dev := open(t, "native")
	ctx := context.Background()
	k, err := ka.FromSlice(ctx, dev, []int32{3, 1, 2})
	require.NoError(t, err)
	v, err := ka.FromSlice(ctx, dev, []float32{1, 2})
	require.NoError(t, err)
	require.Error(t, SortPairs(dev.Stream(), k, v))
}
