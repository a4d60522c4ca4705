package corpus

import "github.com/kago-dev/kago/ka"

// The one corpus kernel with a tolerance for contraction: positive inputs,
// so a fused a*x+y is within 1 ULP of the separately rounded one (the
// product's rounding error is at most half an ULP of the sum). e must be
// exactly 0 on every backend (1 ULP from 0 is the smallest subnormal; the
// rounding error of x*x is far larger).
func init() {
	cases = append(cases, corpusCase{"Contract", 1, func(h *harness) {
		n := 1000
		xs := seq(n, func(i int) float32 { return 0.1 + float32(i)*0.0137 })
		x := in(h, xs)
		y := out(h, seq(n, func(i int) float32 { return 0.3 + float32(i)*0.0071 }))
		ns := in(h, seq(n, func(i int) float32 { return -(xs[i] * xs[i]) }))
		e := out(h, make([]float32, n))
		h.launch(Contract, ka.Range(n), []int{64}, float32(1.7), x, y, ns, e)
	}})
}
