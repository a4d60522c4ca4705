package corpus

import (
	"math"

	"github.com/kago-dev/kago/ka"
)

// MathErf computes package math's Erf, Erfc, Erfinv and Erfcinv of x[i]
// (Go's algorithms on the target's Exp, Log and Sqrt: codegen/matherf.go).
//
//ka:kernel
func MathErf(it ka.Item, x, p []float64, out []float64) {
	i := it.Global()
	out[4*i] = math.Erf(x[i])
	out[4*i+1] = math.Erfc(x[i])
	out[4*i+2] = math.Erfinv(p[i])
	out[4*i+3] = math.Erfcinv(1 - p[i])
}
