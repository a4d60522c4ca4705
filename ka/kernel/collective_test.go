package kernel

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// treeReference is the tree order as ka/collective.go words it, written
// without treeSteps.
func treeReference[T any](a []T, op func(x, y T) T) T {
	n, p := len(a), 1
	for p < n {
		p *= 2
	}
	for s := p / 2; s >= 1; s /= 2 {
		for i := 0; i < s && i+s < n; i++ {
			a[i] = op(a[i], a[i+s])
		}
	}
	return a[0]
}

// scanReference is the Hillis–Steele order written without scanSteps, a
// step at a time from a copy of the previous one.
func scanReference[T any](a []T, op func(x, y T) T) {
	for d := 1; d < len(a); d *= 2 {
		prev := slices.Clone(a)
		for i := d; i < len(a); i++ {
			a[i] = op(prev[i-d], prev[i])
		}
	}
}

func mixed(rng *rand.Rand, n int) []float32 {
	a := make([]float32, n)
	for i := range a {
		a[i] = float32((rng.Float64() - 0.3) * math.Pow(10, float64(rng.IntN(8)-2)))
	}
	return a
}

func float32Bits(a []float32) []uint32 {
	b := make([]uint32, len(a))
	for i, v := range a {
		b[i] = math.Float32bits(v)
	}
	return b
}

// The Reduce and Scan functions of the group functions give the bits of
// the documented order, and so of TreeReduce and HillisSteeleScan, which
// the goroutine path uses.
func TestSliceCollectivesFollowTheOrder(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	add := func(x, y float32) float32 { return x + y }
	for n := 1; n <= 300; n++ {
		a := mixed(rng, n)
		if n%7 == 0 {
			a[rng.IntN(n)] = float32(math.NaN())
		}
		if n%5 == 0 {
			a[rng.IntN(n)] = float32(math.Copysign(0, -1))
		}
		want := treeReference(slices.Clone(a), add)
		require.Equal(t, math.Float32bits(want), math.Float32bits(ReduceSum(slices.Clone(a))), "sum of %d", n)
		require.Equal(t, math.Float32bits(want), math.Float32bits(TreeReduce(slices.Clone(a), add)), "TreeReduce of %d", n)
		lo := treeReference(slices.Clone(a), func(x, y float32) float32 { return min(x, y) })
		require.Equal(t, math.Float32bits(lo), math.Float32bits(ReduceMin(slices.Clone(a))), "min of %d", n)
		hi := treeReference(slices.Clone(a), func(x, y float32) float32 { return max(x, y) })
		require.Equal(t, math.Float32bits(hi), math.Float32bits(ReduceMax(slices.Clone(a))), "max of %d", n)

		inc := slices.Clone(a)
		scanReference(inc, add)
		got := slices.Clone(a)
		ScanSum(got, false)
		require.Equal(t, float32Bits(inc), float32Bits(got), "inclusive sum of %d", n)
		hs := slices.Clone(a)
		HillisSteeleScan(hs, add)
		require.Equal(t, float32Bits(inc), float32Bits(hs), "HillisSteeleScan of %d", n)
		got = slices.Clone(a)
		ScanSum(got, true)
		require.Equal(t, float32Bits(append([]float32{0}, inc[:n-1]...)), float32Bits(got), "exclusive sum of %d", n)

		imin := slices.Clone(a)
		scanReference(imin, func(x, y float32) float32 { return min(x, y) })
		got = slices.Clone(a)
		ScanMin(got, true, float32(math.Inf(1)))
		require.Equal(t, float32Bits(append([]float32{float32(math.Inf(1))}, imin[:n-1]...)), float32Bits(got), "exclusive min of %d", n)
		imax := slices.Clone(a)
		scanReference(imax, func(x, y float32) float32 { return max(x, y) })
		got = slices.Clone(a)
		ScanMax(got, false, 0)
		require.Equal(t, float32Bits(imax), float32Bits(got), "inclusive max of %d", n)
	}
}

func TestSliceCollectivesOfIntsAndBools(t *testing.T) {
	a := []int8{100, 100, 100, -3, 7}
	assert.Equal(t, int8(48), ReduceSum(slices.Clone(a))) // wraps
	assert.Equal(t, int8(-3), ReduceMin(slices.Clone(a)))
	assert.Equal(t, int8(100), ReduceMax(slices.Clone(a)))
	s := slices.Clone(a)
	ScanSum(s, true)
	assert.Equal(t, []int8{0, 100, -56, 44, 41}, s)
	assert.True(t, ReduceAll([]bool{true, true, true}))
	assert.False(t, ReduceAll([]bool{true, false, true}))
	assert.True(t, ReduceAny([]bool{false, false, true}))
	assert.False(t, ReduceAny([]bool{false}))
	assert.Equal(t, int8(-3), Broadcast(a, 3))
	assert.Equal(t, int8(100), Broadcast(a, 0, 0, 0, 0, 0), "every work-item's from")
	for _, c := range []struct {
		from []int
		bad  int
	}{{[]int{5}, 5}, {[]int{-1}, -1}, {[]int{math.MinInt}, math.MinInt}, {[]int{1, 1, 1, 1, 5}, 5}, {[]int{-1, 0, 0, 0, 0}, -1}} {
		want := IndexFault{fmt.Sprintf("GroupBroadcast from work-item %d of a group of 5", c.bad)}
		assert.PanicsWithValue(t, want, func() { Broadcast(a, c.from...) }, "from %v", c.from)
	}
}
