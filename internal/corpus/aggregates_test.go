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
	)
}
