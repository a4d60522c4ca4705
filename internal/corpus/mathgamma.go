package corpus

import (
	"math"

	"github.com/kago-dev/kago/ka"
)

// MathGamma computes package math's Gamma and Lgamma of x[i] (Go's own
// code, ka/internal/devmath, on the target's Exp, Log, Pow and Sin).
//
//ka:kernel
func MathGamma(it ka.Item, x []float64, out []float64, sign []int64) {
	i := it.Global()
	out[2*i] = math.Gamma(x[i])
	lg, s := math.Lgamma(x[i])
	out[2*i+1] = lg
	sign[i] = int64(s)
}
