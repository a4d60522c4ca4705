package katest

import (
	"context"
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kago-dev/kago/ka"
)

// testIndices checks every Item query in 1, 2 and 3 dimensions, with
// ranges that are not multiples of the group size.
func testIndices(t *testing.T, dev *ka.Device) {
	cases := []struct {
		r     ka.NDRange
		group []int
	}{
		{ka.Range(100), []int{32}},
		{ka.Range(64), []int{64}},
		{ka.Range2(13, 7), []int{4, 3}},
		{ka.Range3(5, 6, 7), []int{2, 4, 3}},
	}
	for _, c := range cases {
		t.Run(fmt.Sprint(c.r, c.group), func(t *testing.T) {
			ctx := context.Background()
			n := c.r.Total()
			out, err := ka.FromSlice(ctx, dev, make([]int32, 21*n))
			require.NoError(t, err)
			defer out.Free()
			k, err := ka.NewKernel(dev, Indices, ka.WithGroupSize(c.group...))
			require.NoError(t, err)
			require.NoError(t, k.Launch(dev.Stream(), c.r, out))
			got := make([]int32, 21*n)
			require.NoError(t, out.Read(ctx, got))
			g := groupDims(c.group)
			rs := c.r.Size
			var ng [3]int
			for d := range 3 {
				ng[d] = (rs[d] + g[d] - 1) / g[d]
			}
			for z := range rs[2] {
				for y := range rs[1] {
					for x := range rs[0] {
						id := [3]int{x, y, z}
						lin := x + rs[0]*(y+rs[1]*z)
						var want [21]int32
						var lid, grp [3]int
						for d := range 3 {
							lid[d], grp[d] = id[d]%g[d], id[d]/g[d]
							want[d*6+0] = int32(id[d])
							want[d*6+1] = int32(lid[d])
							want[d*6+2] = int32(grp[d])
							want[d*6+3] = int32(g[d])
							want[d*6+4] = int32(ng[d])
							want[d*6+5] = int32(rs[d])
						}
						want[18] = int32(lin)
						want[19] = int32(lid[0] + g[0]*(lid[1]+g[1]*lid[2]))
						want[20] = int32(grp[0] + ng[0]*(grp[1]+ng[1]*grp[2]))
						require.Equal(t, want, [21]int32(got[21*lin:21*lin+21]),
							"work-item %v (per dimension: global, local, group, group size, groups, global size; then linear global, local, group)", id)
					}
				}
			}
		})
	}
}

// testWholeGroups checks the range rule on every backend: a kernel without
// barriers runs only the work-items inside the range; one with barriers
// runs whole groups, the last group of a range that is not a multiple of
// the group size with its work-items past the range, which it.InRange
// tells apart.
func testWholeGroups(t *testing.T, dev *ka.Device) {
	ctx := context.Background()
	for _, c := range []struct {
		kernel any
		want   []int32
		why    string
	}{
		{Count, []int32{20 * 10, 20 * 10}, "a kernel without barriers runs only the 20×10 range"},
		{CountBarrier, []int32{24 * 12, 20 * 10}, "a 20×10 range in 8×4 groups is 3×3 whole groups for a kernel with barriers"},
	} {
		counts, err := ka.FromSlice(ctx, dev, []int32{0, 0})
		require.NoError(t, err)
		defer counts.Free()
		k, err := ka.NewKernel(dev, c.kernel, ka.WithGroupSize(8, 4))
		require.NoError(t, err)
		require.NoError(t, k.Launch(dev.Stream(), ka.Range2(20, 10), counts))
		got := make([]int32, 2)
		require.NoError(t, counts.Read(ctx, got))
		assert.Equal(t, c.want, got, "%T: work-items run, in range (%s)", c.kernel, c.why)
	}
}

// testMemoryOrder checks the mapping of docs/kernel-language.md's
// "Ranges walk memory in order" on every backend: over
// ka.Range2(rows, cols) with it.Global2(), the column is dimension 0, so
// Global() is the row-major index, and a launch without WithGroupSize
// puts neighbouring columns in one group's consecutive work-items.
func testMemoryOrder(t *testing.T, dev *ka.Device) {
	ctx := context.Background()
	const rows, cols = 5, 7
	ms := make([]*ka.Matrix[int32], 3)
	for i := range ms {
		m, err := ka.MatrixFromSlice(ctx, dev, rows, cols, make([]int32, rows*cols))
		require.NoError(t, err)
		defer m.Free()
		ms[i] = m
	}
	k, err := ka.NewKernel(dev, MemoryOrder)
	require.NoError(t, err)
	require.NoError(t, k.Launch(dev.Stream(), ka.Range2(rows, cols), ms[0], ms[1], ms[2]))
	got := make([][]int32, 3)
	for i, m := range ms {
		got[i] = make([]int32, rows*cols)
		require.NoError(t, m.Read(ctx, got[i]))
	}
	for i := range rows {
		for j := range cols {
			e := i*cols + j
			assert.Equal(t, int32(e), got[0][e], "Global() at (%d, %d): the row-major index", i, j)
			assert.Equal(t, int32(j), got[1][e], "GlobalID(0) at (%d, %d): the column", i, j)
			assert.Equal(t, int32(j), got[2][e], "LocalID(0) at (%d, %d): a default group spans the row's %d columns", i, j, cols)
		}
	}
}

// testLinearIndices checks Global, Local and Group of a kernel that names
// no dimension, launched over 1, 2 and 3 dimensions: its lean variant
// (1-D) runs the first, its checked kernel the others, and both agree with
// the definitions.
func testLinearIndices(t *testing.T, dev *ka.Device) {
	cases := []struct {
		r     ka.NDRange
		group []int
	}{
		{ka.Range(100), []int{32}},
		{ka.Range(64), []int{64}},
		{ka.Range2(13, 7), []int{4, 3}},
		{ka.Range3(5, 6, 7), []int{2, 4, 3}},
		{ka.Range3(50, 1, 1), []int{8, 1, 1}},
	}
	for _, c := range cases {
		t.Run(fmt.Sprint(c.r, c.group), func(t *testing.T) {
			ctx := context.Background()
			n := c.r.Total()
			out, err := ka.FromSlice(ctx, dev, make([]int32, 3*n))
			require.NoError(t, err)
			defer out.Free()
			k, err := ka.NewKernel(dev, LinearIndices, ka.WithGroupSize(c.group...))
			require.NoError(t, err)
			require.NoError(t, k.Launch(dev.Stream(), c.r, out))
			got := make([]int32, 3*n)
			require.NoError(t, out.Read(ctx, got))
			g := groupDims(c.group)
			rs := c.r.Size
			var ng [3]int
			for d := range 3 {
				ng[d] = (rs[d] + g[d] - 1) / g[d]
			}
			want := make([]int32, 3*n)
			for z := range rs[2] {
				for y := range rs[1] {
					for x := range rs[0] {
						id := [3]int{x, y, z}
						var l, gr [3]int
						for d := range 3 {
							l[d], gr[d] = id[d]%g[d], id[d]/g[d]
						}
						lin := x + rs[0]*(y+rs[1]*z)
						want[3*lin] = int32(lin)
						want[3*lin+1] = int32(l[0] + g[0]*(l[1]+g[1]*l[2]))
						want[3*lin+2] = int32(gr[0] + ng[0]*(gr[1]+ng[1]*gr[2]))
					}
				}
			}
			require.Equal(t, want, got)
		})
	}
}

// groupDims returns the group shape WithGroupSize(sizes...) sets, in
// dimension order: its last size is dimension 0.
func groupDims(sizes []int) [3]int {
	g := [3]int{1, 1, 1}
	for i, n := range sizes {
		g[len(sizes)-1-i] = n
	}
	return g
}
