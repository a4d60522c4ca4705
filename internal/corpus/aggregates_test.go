package corpus

import "github.com/kago-dev/kago/ka"

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
	)
}
