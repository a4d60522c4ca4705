package corpus

import "github.com/kago-dev/kago/ka"

// FusedMulAdd is ka.FMA of float32 and of float64 operands: one rounding
// on every target, so the results are the same bits everywhere, including
// where rounding the float64 sum to float32 would round twice.
//
//ka:kernel
func FusedMulAdd(it ka.Item, x, y, z, r []float32, a, b, c, s []float64) {
	i := it.Global()
	if i < len(r) {
		r[i] = ka.FMA(x[i], y[i], z[i])
	}
	if i < len(s) {
		s[i] = ka.FMA(a[i], b[i], c[i])
	}
}
