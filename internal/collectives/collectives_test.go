package collectives

import (
	"context"
	"math"
	"math/rand/v2"
	"reflect"
	"slices"
	"strings"
	"testing"

	_ "github.com/kago-dev/kago/backends/cuda"
	_ "github.com/kago-dev/kago/backends/native"
	_ "github.com/kago-dev/kago/backends/pocl"
	"github.com/kago-dev/kago/internal/spirvpocl"
	"github.com/kago-dev/kago/ka"
	"github.com/kago-dev/kago/ka/katest"
	"github.com/kago-dev/kago/ka/kernel"
	"github.com/kago-dev/kago/ka/kgen"
	"github.com/stretchr/testify/require"
)

// backends are the backends every collective runs on; those without a
// device here are skipped. "native" runs the kernels' group functions;
// "native-items" is the native backend with KAGO_NATIVE=items, a
// goroutine per work-item and ka/kernel's collectives.
var backends = []string{"native", "native-items", "pocl", "pocl-spirv-coll", "cuda"}

// groups are the group sizes tried, powers of two and not.
var groups = []int{1, 3, 7, 32, 64, 100, 256}

// onPoCL reports whether backend compiles with PoCL, where every pair of a
// kernel and a group size is a compile of seconds to tens of seconds
// (PoCL specializes a kernel for each local size, and for small and large
// grids). There the tests run the representative widths (poclTypes) in
// poclGroups: the group size steers only code that every target shares
// (the trees are built in the IR, which native and cuda-sim run over all
// of groups and types), while the element type changes what the OpenCL C
// and SPIR-V emitters write. A cold run of the whole type matrix on both
// PoCL routes took 38 minutes on a shared 2-core machine.
func onPoCL(backend string) bool { return strings.HasPrefix(backend, "pocl") }

// poclGroups are the group sizes tried on PoCL: 1, a non-power of two
// with a partial tree, a power of two and one above 64.
var poclGroups = []int{1, 7, 64, 100}

// poclTypes are the element types tried on PoCL: each width once, signed
// and unsigned, both floats, and bool.
var poclTypes = []string{"int8", "uint16", "int32", "uint64", "float32", "float64", "bool"}

// groupsOn are the group sizes tried on backend.
func groupsOn(backend string) []int {
	if onPoCL(backend) {
		return poclGroups
	}
	return groups
}

func open(t *testing.T, backend string) *ka.Device {
	if why := spirvpocl.Missing(true); backend == "pocl-spirv-coll" && why != "" {
		t.Skip(why)
	}
	if backend == "native-items" {
		t.Setenv("KAGO_NATIVE", "items")
		backend = "native"
	}
	return katest.Open(t, backend)
}

func TestCollectives(t *testing.T) {
	types := []struct {
		name string
		run  func(*testing.T, *ka.Device, []int)
	}{
		{"int", check[int]}, {"int8", check[int8]}, {"int16", check[int16]}, {"int32", check[int32]}, {"int64", check[int64]},
		{"uint", check[uint]}, {"uint8", check[uint8]}, {"uint16", check[uint16]}, {"uint32", check[uint32]}, {"uint64", check[uint64]},
		{"float32", check[float32]}, {"float64", check[float64]}, {"bool", checkBools},
	}
	for _, b := range backends {
		t.Run(b, func(t *testing.T) {
			dev := open(t, b)
			for _, ty := range types {
				t.Run(ty.name, func(t *testing.T) {
					if onPoCL(b) && !slices.Contains(poclTypes, ty.name) {
						t.Skipf("on PoCL the representative widths only (%v): native and cuda-sim run every type", poclTypes)
					}
					ty.run(t, dev, groupsOn(b))
				})
			}
		})
	}
}

// values returns n random values of T: floats of mixed magnitudes and
// signs (so that the order of a sum shows in its bits), integers over
// their whole range (sums wrap).
func values[T ka.Number](rng *rand.Rand, n int) []T {
	s := make([]T, n)
	for i := range s {
		switch p := any(&s[i]).(type) {
		case *float32:
			*p = float32((rng.Float64() - 0.3) * math.Pow(10, float64(rng.IntN(8)-2)))
		case *float64:
			*p = (rng.Float64() - 0.3) * math.Pow(10, float64(rng.IntN(12)-4))
		default:
			s[i] = T(rng.Uint64())
		}
	}
	return s
}

func isFloat[T ka.Number]() bool {
	var z T
	switch any(z).(type) {
	case float32, float64:
		return true
	}
	return false
}

// reference computes the collectives of one group's values on the host:
// integers sequentially (their order does not matter), floats in the
// documented order (kernel.TreeReduce, kernel.HillisSteeleScan).
func reference[T ka.Number](g []T, from int) (sum, mn, mx T, isum, esum, imin, emin, imax, emax []T) {
	n := len(g)
	add := func(x, y T) T { return x + y }
	if isFloat[T]() {
		sum = kernel.TreeReduce(append([]T(nil), g...), add)
		isum = append([]T(nil), g...)
		kernel.HillisSteeleScan(isum, add)
	} else {
		isum = make([]T, n)
		for i, v := range g {
			sum += v
			isum[i] = sum
		}
	}
	esum = append([]T{0}, isum[:n-1]...)
	mn, mx = g[0], g[0]
	imin, imax = make([]T, n), make([]T, n)
	emin, emax = make([]T, n), make([]T, n)
	emin[0], emax[0] = ka.MaxOf[T](), ka.MinOf[T]()
	for i, v := range g {
		mn, mx = min(mn, v), max(mx, v)
		imin[i], imax[i] = mn, mx
		if i+1 < n {
			emin[i+1], emax[i+1] = mn, mx
		}
	}
	return
}

func check[T ka.Number](t *testing.T, dev *ka.Device, groups []int) {
	ctx := context.Background()
	for _, gs := range groups {
		rng := rand.New(rand.NewPCG(uint64(gs), 15))
		ngroups := 3
		n := ngroups*gs - gs/2 // a partial last group, except for gs = 1
		in := values[T](rng, n)
		from := (gs * 2) / 3
		outs := make([]*ka.Array[T], 10)
		var err error
		for i := range outs {
			outs[i], err = ka.Alloc[T](dev, n)
			require.NoError(t, err)
		}
		a, err := ka.FromSlice(ctx, dev, in)
		require.NoError(t, err)
		k, err := NewAllKernel[T](dev, ka.WithGroupSize(gs))
		require.NoError(t, err)
		require.NoError(t, k.Launch(dev.Stream(), ka.Range(n), from, a, outs[0], outs[1], outs[2], outs[3], outs[4], outs[5], outs[6], outs[7], outs[8], outs[9]))
		got := make([][]T, len(outs))
		for i, o := range outs {
			got[i] = make([]T, n)
			require.NoError(t, o.Read(ctx, got[i]))
		}
		for g0 := 0; g0 < n; g0 += gs {
			g := append([]T(nil), in[g0:min(g0+gs, n)]...)
			// Work-items past the range take part with 0, and with
			// in[0] in min and max.
			full := append(append([]T(nil), g...), make([]T, gs-len(g))...)
			fullW := append([]T(nil), g...)
			for len(fullW) < gs {
				fullW = append(fullW, in[0])
			}
			sum, _, _, isum, esum, _, _, _, _ := reference(full, from)
			_, mn, mx, _, _, imin, emin, imax, emax := reference(fullW, from)
			for j := range g {
				i := g0 + j
				msg := []any{"group size %d, work-item %d", gs, i}
				eq(t, sum, got[0][i], msg)
				eq(t, mn, got[1][i], msg)
				eq(t, mx, got[2][i], msg)
				eq(t, isum[j], got[3][i], msg)
				eq(t, esum[j], got[4][i], msg)
				eq(t, imin[j], got[5][i], msg)
				eq(t, emin[j], got[6][i], msg)
				eq(t, imax[j], got[7][i], msg)
				eq(t, emax[j], got[8][i], msg)
				eq(t, full[from], got[9][i], msg)
			}
		}
	}
}

// eq compares bit for bit (floats included).
func eq[T ka.Number](t *testing.T, want, got T, msg []any) {
	t.Helper()
	switch w := any(want).(type) {
	case float32:
		require.Equal(t, math.Float32bits(w), math.Float32bits(any(got).(float32)), msg...)
	case float64:
		require.Equal(t, math.Float64bits(w), math.Float64bits(any(got).(float64)), msg...)
	default:
		require.Equal(t, want, got, msg...)
	}
}

func checkBools(t *testing.T, dev *ka.Device, groups []int) {
	ctx := context.Background()
	for _, gs := range groups {
		k, err := NewBoolsKernel(dev, ka.WithGroupSize(gs))
		require.NoError(t, err)
		rng := rand.New(rand.NewPCG(uint64(gs), 16))
		n := 4*gs - gs/2
		in := make([]bool, n)
		for i := range in {
			// group 0 all true, group 1 all false, the others mixed.
			switch i / gs {
			case 0:
				in[i] = true
			case 1:
			default:
				in[i] = rng.IntN(2) == 0
			}
		}
		from := gs / 2
		a, err := ka.FromSlice(ctx, dev, in)
		require.NoError(t, err)
		outs := make([]*ka.Array[bool], 3)
		for i := range outs {
			outs[i], err = ka.Alloc[bool](dev, n)
			require.NoError(t, err)
		}
		require.NoError(t, k.Launch(dev.Stream(), ka.Range(n), from, a, outs[0], outs[1], outs[2]))
		got := make([][]bool, 3)
		for i, o := range outs {
			got[i] = make([]bool, n)
			require.NoError(t, o.Read(ctx, got[i]))
		}
		for g0 := 0; g0 < n; g0 += gs {
			g := in[g0:min(g0+gs, n)]
			all, anyOf := true, false
			for _, p := range g {
				all, anyOf = all && p, anyOf || p
			}
			bc := from < len(g) && g[from]
			for j := range g {
				i := g0 + j
				require.Equal(t, all, got[0][i], "GroupAll, group size %d, work-item %d", gs, i)
				require.Equal(t, anyOf, got[1][i], "GroupAny, group size %d, work-item %d", gs, i)
				require.Equal(t, bc, got[2][i], "GroupBroadcast, group size %d, work-item %d", gs, i)
			}
		}
	}
}

// TestGroupFunctions checks that kago gen wrote a group function for the
// collectives' kernels, so that the native backend runs them as loops over
// the work-items (codegen/groupfn), and TestCollectives runs that path on
// "native" and the goroutine per work-item path on "native-items". A
// generic kernel's instance gets its group function from its typed
// launcher (NewAllKernel), which TestCollectives uses; the spec that
// ka.NewKernel(dev, All[T]) finds has none (kgen.Generic).
func TestGroupFunctions(t *testing.T) {
	for _, k := range []any{Bools, GroupSumBlocks, TreeSum} {
		spec, err := kgen.LookupKernel(k)
		require.NoError(t, err)
		require.NotNil(t, spec.Group, spec.Name)
		require.True(t, spec.Barrier, spec.Name)
	}
	dev, err := ka.Open("native")
	require.NoError(t, err)
	defer dev.Close()
	typed := func(newKernel func() error, fn any) {
		require.NoError(t, newKernel())
		// The spec the launcher made: Typed returns it, whatever it is given.
		spec, err := kagoGenericAll.Typed(reflect.TypeOf(fn), nil, nil)
		require.NoError(t, err)
		require.NotNil(t, spec.Native, spec.Name)
		require.NotNil(t, spec.Group, spec.Name)
		require.True(t, spec.Barrier, spec.Name)
		untyped, err := kgen.LookupKernel(fn)
		require.NoError(t, err)
		require.Nil(t, untyped.Group, untyped.Name)
	}
	typed(func() error { _, err := NewAllKernel[float32](dev); return err }, All[float32])
	typed(func() error { _, err := NewAllKernel[int8](dev); return err }, All[int8])
	typed(func() error { _, err := NewAllKernel[uint64](dev); return err }, All[uint64])
}
