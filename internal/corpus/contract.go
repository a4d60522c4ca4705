package corpus

import "github.com/kago-dev/kago/ka"

// Contract is Saxpy marked //ka:contract: a*x[i] + y[i] may be one fused
// multiply-add on the devices (the native backend keeps Go's separate
// roundings), so y may differ from native's by the fused rounding. e[i] =
// float32(x[i]*x[i]) + n[i] must not fuse: the explicit conversion rounds
// the product, so with n[i] = -float32(x[i]*x[i]) it is exactly 0
// everywhere (fused, it would be the product's rounding error).
//
//ka:kernel
//ka:contract
func Contract(it ka.Item, a float32, x, y, n, e []float32) {
	if i := it.Global(); i < len(y) {
		y[i] = a*x[i] + y[i]
		e[i] = float32(x[i]*x[i]) + n[i]
	}
}
