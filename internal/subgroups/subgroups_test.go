package subgroups

import (
	"context"
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	_ "github.com/kago-dev/kago/backends/native"
	_ "github.com/kago-dev/kago/backends/pocl"
	"github.com/kago-dev/kago/internal/spirvpocl"
	"github.com/kago-dev/kago/ka"
	"github.com/kago-dev/kago/ka/driver"
	"github.com/kago-dev/kago/ka/katest"
	"github.com/kago-dev/kago/ka/kernel"
	"github.com/kago-dev/kago/ka/kgen"
	"github.com/stretchr/testify/require"
)

// backends are the backends every test runs on; those without a device
// here are skipped.
var backends = []string{"native", "pocl", "pocl-spirv-sg"}

// groups are the group sizes tried: multiples of 8 and 32 and not.
var groups = []int{1, 7, 8, 13, 64, 100}

// groupsOn are the group sizes tried on dev. On PoCL, where subgroups
// have one work-item and every pair of a kernel and a group size is a
// compile of seconds (PoCL specializes a kernel for each local size),
// two sizes, one of them partial, show the same as six.
func groupsOn(dev *ka.Device) []int {
	if strings.HasPrefix(dev.Backend(), "pocl") {
		return []int{7, 64}
	}
	return groups
}

func open(t *testing.T, backend string) *ka.Device {
	if why := spirvpocl.Missing(false); backend == "pocl-spirv-sg" && why != "" {
		t.Skip(why)
	}
	return katest.Open(t, backend)
}

// TestCapabilities checks the subgroup sizes the backends report: 8
// emulated lanes on native, subgroups of one on OpenCL (docs/backends.md).
func TestCapabilities(t *testing.T) {
	for _, b := range backends[:2] {
		t.Run(b, func(t *testing.T) {
			caps := open(t, b).Capabilities()
			if b == "native" {
				require.Equal(t, kernel.NativeSubgroupSize, caps.SubgroupSize)
				require.True(t, caps.Features.Has(driver.Subgroups))
				return
			}
			require.Equal(t, 1, caps.SubgroupSize)
			require.False(t, caps.Features.Has(driver.Subgroups))
		})
	}
}

func TestOps(t *testing.T) {
	for _, b := range backends {
		t.Run(b, func(t *testing.T) {
			dev := open(t, b)
			t.Run("int8", func(t *testing.T) { check[int8](t, dev) })
			t.Run("int16", func(t *testing.T) { check[int16](t, dev) })
			t.Run("int32", func(t *testing.T) { check[int32](t, dev) })
			t.Run("int", func(t *testing.T) { check[int](t, dev) })
			t.Run("uint8", func(t *testing.T) { check[uint8](t, dev) })
			t.Run("uint64", func(t *testing.T) { check[uint64](t, dev) })
			t.Run("float32", func(t *testing.T) { check[float32](t, dev) })
			t.Run("float64", func(t *testing.T) { check[float64](t, dev) })
		})
	}
}

// subgroup is where linear local id j of a group of gs work-items sits
// with subgroups of s lanes: its subgroup's first id, size, and its lane.
func subgroup(j, gs, s int) (first, size, lane int) {
	first = j / s * s
	return first, min(s, gs-first), j - first
}

// values returns n random values of T: floats of mixed magnitudes and
// signs (so that the order of a sum shows in its bits), with an
// occasional NaN, -0 and +0 for min and max; integers over their whole
// range (sums wrap).
func values[T ka.Number](rng *rand.Rand, n int) []T {
	s := make([]T, n)
	for i := range s {
		switch p := any(&s[i]).(type) {
		case *float32:
			*p = float32((rng.Float64() - 0.3) * math.Pow(10, float64(rng.IntN(8)-2)))
			switch rng.IntN(40) {
			case 0:
				*p = float32(math.NaN())
			case 1:
				*p = float32(math.Copysign(0, -1))
			case 2:
				*p = 0
			}
		case *float64:
			*p = (rng.Float64() - 0.3) * math.Pow(10, float64(rng.IntN(12)-4))
			switch rng.IntN(40) {
			case 0:
				*p = math.NaN()
			case 1:
				*p = math.Copysign(0, -1)
			case 2:
				*p = 0
			}
		default:
			s[i] = T(rng.Uint64())
		}
	}
	return s
}

// tree is the documented combination order (docs/kernel-language.md,
// "Subgroups"), written as the lanes run it: every lane shuffles from
// min(lane+off, n-1) at each step, and lanes that are multiples of 2*off
// with lane+off < n combine; then every lane takes lane 0's value.
func tree[T ka.Number](v []T, op func(x, y T) T) T {
	n := len(v)
	cur := append([]T(nil), v...)
	for off := 1; off < n; off <<= 1 {
		next := append([]T(nil), cur...)
		for l := range n {
			o := cur[min(l+off, n-1)]
			if l%(2*off) == 0 && l+off < n {
				next[l] = op(cur[l], o)
			}
		}
		cur = next
	}
	return cur[0]
}

func check[T ka.Number](t *testing.T, dev *ka.Device) {
	ctx := context.Background()
	sgs := dev.Capabilities().SubgroupSize
	require.Positive(t, sgs)
	add := func(x, y T) T { return x + y }
	mn := func(x, y T) T { return min(x, y) }
	mx := func(x, y T) T { return max(x, y) }
	for _, gs := range groupsOn(dev) {
		rng := rand.New(rand.NewPCG(uint64(gs), 15))
		n := 3*gs - gs/2 // a partial last group, except for gs = 1
		in := values[T](rng, n)
		off, mask := 1+gs%3, 1+gs%5
		outs := make([]*ka.Array[T], 5)
		var err error
		for i := range outs {
			outs[i], err = ka.Alloc[T](dev, n)
			require.NoError(t, err)
		}
		a, err := ka.FromSlice(ctx, dev, in)
		require.NoError(t, err)
		k, err := NewOpsKernel[T](dev, ka.WithGroupSize(gs))
		require.NoError(t, err)
		require.NoError(t, k.Launch(dev.Stream(), ka.Range(n), off, mask, a, outs[0], outs[1], outs[2], outs[3], outs[4]))
		got := make([][]T, len(outs))
		for i, o := range outs {
			got[i] = make([]T, n)
			require.NoError(t, o.Read(ctx, got[i]))
		}
		for g0 := 0; g0 < n; g0 += gs {
			// The whole group's values: 0 past the range.
			v := make([]T, gs)
			copy(v, in[g0:min(g0+gs, n)])
			for j := range min(gs, n-g0) {
				i := g0 + j
				first, size, lane := subgroup(j, gs, sgs)
				sub := v[first : first+size]
				msg := []any{"group size %d, subgroup size %d, work-item %d", gs, sgs, i}
				want := v[j]
				if src := (lane*5+off)%(size+2) - 1; src >= 0 && src < size {
					want = sub[src]
				}
				eq(t, want, got[0][i], append([]any{"SubgroupShuffle: "}, msg...))
				want = v[j]
				if src := lane ^ mask; src < size {
					want = sub[src]
				}
				eq(t, want, got[1][i], append([]any{"SubgroupShuffleXor: "}, msg...))
				eq(t, tree(sub, add), got[2][i], append([]any{"SubgroupSum: "}, msg...))
				eq(t, tree(sub, mn), got[3][i], append([]any{"SubgroupMin: "}, msg...))
				eq(t, tree(sub, mx), got[4][i], append([]any{"SubgroupMax: "}, msg...))
			}
		}
	}
}

// eq compares bit for bit (floats included; any two NaNs are equal).
func eq[T ka.Number](t *testing.T, want, got T, msg []any) {
	t.Helper()
	msg = append([]any{"%s" + msg[1].(string)}, append([]any{msg[0]}, msg[2:]...)...)
	switch w := any(want).(type) {
	case float32:
		g := any(got).(float32)
		if w != w && g != g {
			return
		}
		require.Equal(t, math.Float32bits(w), math.Float32bits(g), msg...)
	case float64:
		g := any(got).(float64)
		if w != w && g != g {
			return
		}
		require.Equal(t, math.Float64bits(w), math.Float64bits(g), msg...)
	default:
		require.Equal(t, want, got, msg...)
	}
}

func TestQueries(t *testing.T) {
	ctx := context.Background()
	for _, b := range backends {
		t.Run(b, func(t *testing.T) {
			dev := open(t, b)
			sgs := dev.Capabilities().SubgroupSize
			for _, gs := range groupsOn(dev) {
				rng := rand.New(rand.NewPCG(uint64(gs), 16))
				n := 3*gs - gs/2
				in := make([]int32, n)
				for i := range in {
					in[i] = int32(rng.IntN(3)) - 1
				}
				a, err := ka.FromSlice(ctx, dev, in)
				require.NoError(t, err)
				ints := make([]*ka.Array[int32], 3)
				for i := range ints {
					ints[i], err = ka.Alloc[int32](dev, n)
					require.NoError(t, err)
				}
				ballot, err := ka.Alloc[uint32](dev, n)
				require.NoError(t, err)
				swapped, err := ka.Alloc[bool](dev, n)
				require.NoError(t, err)
				k, err := NewQueriesKernel(dev, ka.WithGroupSize(gs))
				require.NoError(t, err)
				require.NoError(t, k.Launch(dev.Stream(), ka.Range(n), a, ints[0], ints[1], ints[2], ballot, swapped))
				got := make([][]int32, 3)
				for i, o := range ints {
					got[i] = make([]int32, n)
					require.NoError(t, o.Read(ctx, got[i]))
				}
				gotB := make([]uint32, n)
				require.NoError(t, ballot.Read(ctx, gotB))
				gotS := make([]bool, n)
				require.NoError(t, swapped.Read(ctx, gotS))
				for i := range n {
					g0, j := i/gs*gs, i%gs
					first, size, lane := subgroup(j, gs, sgs)
					p := func(j int) bool { return g0+j < n && in[g0+j] > 0 }
					var wantB uint32
					for l := range min(size, 32) {
						if p(first + l) {
							wantB |= 1 << l
						}
					}
					wantS := p(j)
					if lane^1 < size {
						wantS = p(first + lane ^ 1)
					}
					msg := []any{"group size %d, subgroup size %d, work-item %d", gs, sgs, i}
					require.Equal(t, []int32{int32(size), int32(j / sgs), int32(lane)}, []int32{got[0][i], got[1][i], got[2][i]}, msg...)
					require.Equal(t, wantB, gotB[i], append([]any{"ballot, " + msg[0].(string)}, msg[1:]...)...)
					require.Equal(t, wantS, gotS[i], append([]any{"bool shuffle, " + msg[0].(string)}, msg[1:]...)...)
				}
			}
		})
	}
}

// TestQueries2 checks that subgroups follow the linear local id in a 2-D
// group: x fastest, then y.
func TestQueries2(t *testing.T) {
	ctx := context.Background()
	for _, b := range backends {
		t.Run(b, func(t *testing.T) {
			dev := open(t, b)
			sgs := dev.Capabilities().SubgroupSize
			const gx, gy, nx, ny = 5, 3, 10, 6
			outs := make([]*ka.Array[int32], 3)
			var err error
			for i := range outs {
				outs[i], err = ka.Alloc[int32](dev, nx*ny)
				require.NoError(t, err)
			}
			k, err := NewQueries2Kernel(dev, ka.WithGroupSize(gy, gx))
			require.NoError(t, err)
			require.NoError(t, k.Launch(dev.Stream(), ka.Range2(ny, nx), outs[0], outs[1], outs[2]))
			got := make([][]int32, 3)
			for i, o := range outs {
				got[i] = make([]int32, nx*ny)
				require.NoError(t, o.Read(ctx, got[i]))
			}
			for y := range ny {
				for x := range nx {
					i := x + nx*y
					j := x%gx + gx*(y%gy) // linear local id
					_, size, lane := subgroup(j, gx*gy, sgs)
					require.Equal(t, []int32{int32(size), int32(j / sgs), int32(lane)}, []int32{got[0][i], got[1][i], got[2][i]}, "work-item (%d, %d)", x, y)
				}
			}
		})
	}
}

// TestNoGroupFunctions checks that kago gen wrote no group function for
// the subgroup kernels: groupfn refuses them, so the native backend runs
// the ones with exchanges a goroutine per work-item (Barrier), where
// ka/kernel emulates the subgroups over the group's barrier.
func TestNoGroupFunctions(t *testing.T) {
	for _, k := range []any{Ops[float32], Ops[int8], Queries, Queries2} {
		spec, err := kgen.LookupKernel(k)
		require.NoError(t, err)
		require.Nil(t, spec.Group, spec.Name)
	}
	for _, k := range []any{Ops[float32], Queries} {
		spec, err := kgen.LookupKernel(k)
		require.NoError(t, err)
		require.True(t, spec.Barrier, spec.Name)
	}
}

// TestLanes checks the documented result of a shuffle from a lane outside
// the subgroup, the caller's own value, on every backend: lanes -1, the
// subgroup's size and just past it, the most negative and positive ints,
// and lanes and masks whose low 32 bits are a lane of the subgroup (a
// target that dropped the high bits would read that lane), each
// work-item asking for its own, among lanes inside the subgroup.
func TestLanes(t *testing.T) {
	for _, b := range backends {
		t.Run(b, func(t *testing.T) {
			dev := open(t, b)
			t.Run("int32", func(t *testing.T) { checkLanes[int32](t, dev) })
			t.Run("uint64", func(t *testing.T) { checkLanes[uint64](t, dev) })
		})
	}
}

func checkLanes[T ka.Number](t *testing.T, dev *ka.Device) {
	ctx := context.Background()
	sgs := dev.Capabilities().SubgroupSize
	for _, gs := range groupsOn(dev) {
		rng := rand.New(rand.NewPCG(uint64(gs), 17))
		n := 3*gs - gs/2
		in := values[T](rng, n)
		lanes, masks := make([]int, n), make([]int, n)
		for i := range n {
			_, size, lane := subgroup(i%gs, gs, sgs)
			far := []int{-1, size, size + 1, -size, math.MinInt, math.MaxInt, 1 << 31, 1 << 32, 1<<32 + lane, 1<<32 + (lane+1)%size, -1<<32 + lane, 1 << 40}
			near := []int{lane, (lane + 1) % size, size - 1, 0}
			if rng.IntN(3) == 0 {
				lanes[i] = near[rng.IntN(len(near))]
			} else {
				lanes[i] = far[rng.IntN(len(far))]
			}
			masks[i] = []int{0, 1, 3, size, -1, math.MinInt, math.MaxInt, 1 << 32, 1<<32 | 1, -1 << 32}[rng.IntN(10)]
		}
		l, err := ka.FromSlice(ctx, dev, lanes)
		require.NoError(t, err)
		m, err := ka.FromSlice(ctx, dev, masks)
		require.NoError(t, err)
		a, err := ka.FromSlice(ctx, dev, in)
		require.NoError(t, err)
		shuf, err := ka.Alloc[T](dev, n)
		require.NoError(t, err)
		xor, err := ka.Alloc[T](dev, n)
		require.NoError(t, err)
		k, err := NewLanesKernel[T](dev, ka.WithGroupSize(gs))
		require.NoError(t, err)
		require.NoError(t, k.Launch(dev.Stream(), ka.Range(n), l, m, a, shuf, xor))
		gotS, gotX := make([]T, n), make([]T, n)
		require.NoError(t, shuf.Read(ctx, gotS))
		require.NoError(t, xor.Read(ctx, gotX))
		for g0 := 0; g0 < n; g0 += gs {
			v := make([]T, gs)
			copy(v, in[g0:min(g0+gs, n)])
			for j := range min(gs, n-g0) {
				i := g0 + j
				first, size, lane := subgroup(j, gs, sgs)
				pick := func(src int) T {
					if src >= 0 && src < size {
						return v[first+src]
					}
					return v[j]
				}
				msg := "group size %d, subgroup size %d, work-item %d, lane %d of %d, "
				require.Equal(t, pick(lanes[i]), gotS[i], msg+"SubgroupShuffle from lane %d", gs, sgs, i, lane, size, lanes[i])
				require.Equal(t, pick(lane^masks[i]), gotX[i], msg+"SubgroupShuffleXor by %#x", gs, sgs, i, lane, size, masks[i])
			}
		}
	}
}
