package native_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kago-dev/kago/backends/native/internal/gftest"
	"github.com/kago-dev/kago/ka"
	"github.com/kago-dev/kago/ka/katest"
	"github.com/kago-dev/kago/ka/kgen"
)

// TestConformanceItems runs the conformance suite a work-item at a time,
// the path of kernels without group functions (TestConformance runs it
// through the group functions kago gen wrote). CancelClose, a minute of
// cancellations racing Close that this path runs as the other does (ka's
// logic; the path's own stop checks are cancel_test.go's), runs once.
func TestConformanceItems(t *testing.T) {
	t.Setenv("KAGO_NATIVE", "items")
	katest.Run(t, "native", katest.Skip("CancelClose"))
}

// TestConformanceDebug runs the conformance suite in KAGO_NATIVE=debug,
// every work-item on a goroutine of its own (the default of a -race
// build); CancelClose, ka's logic whatever the mode, runs only in
// TestConformance, as for TestConformanceItems.
func TestConformanceDebug(t *testing.T) {
	t.Setenv("KAGO_NATIVE", "debug")
	katest.Run(t, "native", katest.Skip("CancelClose"))
}

func TestBadKAGONATIVE(t *testing.T) {
	t.Setenv("KAGO_NATIVE", "fast")
	_, err := ka.Open("native")
	require.ErrorContains(t, err, "KAGO_NATIVE")
}

// gfCase is a launch of a gftest kernel and its outputs.
type gfCase struct {
	name  string
	fn    any
	group bool // whether kago gen wrote a group function for it
	run   func(t *testing.T, dev *ka.Device) [][]int32
}

func upload(t *testing.T, dev *ka.Device, s []int32) *ka.Array[int32] {
	a, err := ka.FromSlice(context.Background(), dev, s)
	require.NoError(t, err)
	return a
}

func download[T ka.Scalar](t *testing.T, a *ka.Array[T]) []T {
	s := make([]T, a.Len())
	require.NoError(t, a.Read(context.Background(), s))
	return s
}

func launch(t *testing.T, dev *ka.Device, fn any, r ka.NDRange, group []int, args ...any) {
	k, err := ka.NewKernel(dev, fn, ka.WithGroupSize(group...))
	require.NoError(t, err)
	require.NoError(t, k.Launch(dev.Stream(), r, args...))
	require.NoError(t, dev.Synchronize(context.Background()))
}

func ramp(n int, f func(i int) int32) []int32 {
	s := make([]int32, n)
	for i := range s {
		s[i] = f(i)
	}
	return s
}

var gfCases = []gfCase{
	{"Scan", gftest.Scan, true, func(t *testing.T, dev *ka.Device) [][]int32 {
		n := 4*gftest.Group + 10 // a partial last group
		x := upload(t, dev, ramp(n, func(i int) int32 { return int32(i%7 - 3) }))
		out := upload(t, dev, make([]int32, n))
		launch(t, dev, gftest.Scan, ka.Range(n), []int{gftest.Group}, x, out)
		got := download(t, out)
		want := make([]int32, n)
		for i := range want {
			if i%gftest.Group != 0 {
				want[i] = want[i-1]
			}
			want[i] += int32(i%7 - 3)
		}
		assert.Equal(t, want, got, "prefix sums")
		return [][]int32{got}
	}},
	{"Rotate", gftest.Rotate, true, func(t *testing.T, dev *ka.Device) [][]int32 {
		n := 4 * gftest.Group
		var outs [][]int32
		for _, shift := range []int{0, 5} {
			x := upload(t, dev, ramp(n, func(i int) int32 { return int32(i) }))
			launch(t, dev, gftest.Rotate, ka.Range(n), []int{gftest.Group}, shift, x)
			got := download(t, x)
			for i, v := range got {
				g, l := i/gftest.Group, i%gftest.Group
				want := int32(i)
				switch {
				case shift != 0:
					want = int32(g*gftest.Group + (l+shift)%gftest.Group)
				case g%2 == 1:
					want = -want
				default:
					want *= 2
				}
				require.Equal(t, want, v, "shift %d, element %d", shift, i)
			}
			outs = append(outs, got)
		}
		return outs
	}},
	{"TwoBarriers", gftest.TwoBarriers, true, func(t *testing.T, dev *ka.Device) [][]int32 {
		n := 3 * gftest.Group
		hx := make([]float32, n)
		for i := range hx {
			hx[i] = float32(i%11) - 5
		}
		x, err := ka.FromSlice(context.Background(), dev, hx)
		require.NoError(t, err)
		out, err := ka.Alloc[float32](dev, n-7) // the last work-items return early
		require.NoError(t, err)
		launch(t, dev, gftest.TwoBarriers, ka.Range(n), []int{gftest.Group}, x, out)
		got := download(t, out)
		bits := make([]int32, len(got))
		for i := range got {
			base, l := i/gftest.Group*gftest.Group, i%gftest.Group
			scale := func(l int) float32 { return float32(l) + 0.5 }
			first := func(l int) float32 { r := gftest.Group - 1 - l; return hx[base+r] * scale(r) }
			l1 := (l + 1) % gftest.Group
			want := first(l1) + scale(l1) - 2*scale(l) + first(l)
			require.Equal(t, want, got[i], "element %d", i)
			bits[i] = int32(got[i] * 4)
		}
		return [][]int32{bits}
	}},
	{"Accumulate", gftest.Accumulate, true, func(t *testing.T, dev *ka.Device) [][]int32 {
		n := 2 * gftest.Group
		hx := ramp(n, func(i int) int32 { return int32(i%13) - 6 })
		out := upload(t, dev, make([]int32, n))
		launch(t, dev, gftest.Accumulate, ka.Range(n), []int{gftest.Group}, upload(t, dev, hx), out)
		got := download(t, out)
		for i := range got {
			base, l := i/gftest.Group*gftest.Group, i%gftest.Group
			at := func(j int) int32 { return hx[base+j%gftest.Group] }
			var want, sum int32
			for k, w := range []int32{1, 10, 100, 1000} {
				want += w * at(l+k) * int32(k+1)
				sum += at(l+1) * int32(k+1)
			}
			require.Equal(t, want+7*sum+4, got[i], "element %d", i)
		}
		return [][]int32{got}
	}},
	{"Grid2D", gftest.Grid2D, true, func(t *testing.T, dev *ka.Device) [][]int32 {
		cols, rows := 24, 16
		m := upload(t, dev, ramp(cols*rows, func(i int) int32 { return int32(i) }))
		launch(t, dev, gftest.Grid2D, ka.Range2(rows, cols), []int{8, 8}, cols, m)
		got := download(t, m)
		for y := range rows {
			for x := range cols {
				gy, ly := y/8, y%8
				want := int32((gy*8+7-ly)*cols+x) + int32(gy*1000+gy*(cols/8)+x/8)
				require.Equal(t, want, got[y*cols+x], "(%d, %d)", x, y)
			}
		}
		return [][]int32{got}
	}},
	{"Collectives", gftest.Collectives, true, func(t *testing.T, dev *ka.Device) [][]int32 {
		n, rounds := 4*gftest.Group+10, 3 // a partial last group
		hx := ramp(n, func(i int) int32 {
			if i/gftest.Group == 1 {
				return int32(i % 20) // no value > 40 in group 1
			}
			return int32(i*37%100 - 30)
		})
		x := upload(t, dev, hx)
		out, err := ka.Alloc[int32](dev, n)
		require.NoError(t, err)
		launch(t, dev, gftest.Collectives, ka.Range(n), []int{gftest.Group}, rounds, x, out)
		got := download(t, out)
		for g0 := 0; g0 < n; g0 += gftest.Group {
			v := make([]int32, gftest.Group) // past the range: 0
			copy(v, hx[g0:min(g0+gftest.Group, n)])
			acc := make([]int32, gftest.Group)
			anyBig, hi := false, v[0]
			for _, w := range v {
				anyBig, hi = anyBig || w > 40, max(hi, w)
			}
			for l := range acc {
				for r := range int32(rounds) {
					for k, w := range v {
						acc[l] += w + r
						if k < l {
							acc[l] -= w + r
						}
					}
				}
				if anyBig {
					acc[l]++
				}
			}
			m := v[0] - acc[0]
			for l := range min(gftest.Group, n-g0) {
				m = min(m, v[l]-acc[l])
				require.Equal(t, acc[l]+v[5]+2*hi+m, got[g0+l], "element %d", g0+l)
			}
		}
		return [][]int32{got}
	}},
	{"SwitchBarrier", gftest.SwitchBarrier, false, func(t *testing.T, dev *ka.Device) [][]int32 {
		n := 2 * gftest.Group
		x := upload(t, dev, ramp(n, func(i int) int32 { return int32(i) }))
		launch(t, dev, gftest.SwitchBarrier, ka.Range(n), []int{gftest.Group}, 1, x)
		got := download(t, x)
		for i, v := range got {
			require.Equal(t, int32(i/gftest.Group*gftest.Group+gftest.Group-1-i%gftest.Group), v, "element %d", i)
		}
		return [][]int32{got}
	}},
}

// TestGroupFunctions runs kernels whose group functions split at barriers
// (and collectives) inside loops and ifs and keep values across several
// barriers, and one
// whose group function groupfn refuses, through group functions and a
// work-item at a time: each result is right, and the two paths agree.
func TestGroupFunctions(t *testing.T) {
	for _, c := range gfCases {
		t.Run(c.name, func(t *testing.T) {
			spec, err := kgen.LookupKernel(c.fn)
			require.NoError(t, err)
			assert.Equal(t, c.group, spec.Group != nil, "has a group function")
			results := map[string][][]int32{}
			for _, mode := range []string{"groups", "items"} {
				t.Setenv("KAGO_NATIVE", mode)
				dev, err := ka.Open("native")
				require.NoError(t, err)
				results[mode] = c.run(t, dev)
				require.NoError(t, dev.Close())
			}
			assert.Equal(t, results["items"], results["groups"])
		})
	}
}
