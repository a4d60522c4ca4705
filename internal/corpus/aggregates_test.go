package corpus

import (
	"github.com/stretchr/testify/require"

	"github.com/kago-dev/kago/ka"
)

func init() {
	cases = append(cases,
		corpusCase{"Private3x3", 0, func(h *harness) {
			n := 45
			x := in(h, seq(29, func(i int) float32 { return float32(i%7) - 2.5 }))
			o := out(h, make([]float32, 4*n))
			h.launch(Private3x3, ka.Range(n), []int{16}, x, o)
		}},
		corpusCase{"PrivateStructs", 0, func(h *harness) {
			n := 50
			x := in(h, seq(17, func(i int) float32 { return float32(i) * 0.5 }))
			o := out(h, make([]float32, n))
			h.launch(PrivateStructs, ka.Range(n), []int{16}, x, o)
		}},
		corpusCase{"StructParam", 0, func(h *harness) {
			n := 40
			x := in(h, seq(13, func(i int) float32 { return float32(i) - 6 }))
			o := out(h, make([]float32, 4*n))
			p := StepParams{Dt: 0.25, Steps: 7, Flags: [3]bool{true, false, true}, Scale: -3, Gain: [2]float64{0.5, -1}}
			p.Box.Min, p.Box.Max = Vec3{-4, -5, -6}, Vec3{4, 30, 6}
			h.launch(StructParam, ka.Range(n), []int{16}, p, x, o)
		}},
		corpusCase{"NBody", 2, func(h *harness) {
			n := 45
			bodies := make([]Body, n)
			for i := range bodies {
				f := float32(i)
				bodies[i] = Body{Pos: Vec3{f * 0.5, float32(i%7) - 3, float32(i%5) * 0.25}, Vel: Vec3{0, 0.5, -0.25},
					Mass: 1 + float32(i%3), Fixed: i%11 == 0}
			}
			inB := records(h, bodies)
			outB := records(h, make([]Body, n))
			enc, err := ka.FromSlice(h.ctx, h.dev, make([]Encounters, n))
			require.NoError(h.t, err)
			h.outs = append(h.outs, func() any {
				dst := make([]Encounters, n)
				require.NoError(h.t, enc.Read(h.ctx, dst))
				var near []int32
				for _, e := range dst {
					near = append(near, e.Near, int32(e.Close))
				}
				return near
			})
			h.launch(NBody, ka.Range(n), []int{16}, NBodyParams{Dt: 0.01, Soft: 0.1, Radius: 1.5}, inB, outB, enc)
		}},
	)
}

// records uploads s and reads it back after the launch, as its fields
// (the comparison walks scalars and slices of them).
func records(h *harness, s []Body) *ka.Array[Body] {
	a, err := ka.FromSlice(h.ctx, h.dev, s)
	require.NoError(h.t, err)
	read := func() []Body {
		dst := make([]Body, len(s))
		require.NoError(h.t, a.Read(h.ctx, dst))
		return dst
	}
	h.outs = append(h.outs, func() any {
		var fs []float32
		for _, b := range read() {
			fs = append(fs, b.Pos.X, b.Pos.Y, b.Pos.Z, b.Vel.X, b.Vel.Y, b.Vel.Z, b.Mass)
		}
		return fs
	}, func() any {
		var is []int32
		for _, b := range read() {
			is = append(is, b.Hits)
			if b.Fixed {
				is = append(is, 1)
			}
		}
		return is
	})
	return a
}
