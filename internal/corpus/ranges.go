package corpus

import "github.com/kago-dev/kago/ka"

// Masked adds x to y with the README's 1-D guard. On a 2-D or 3-D range
// that is not a multiple of the group size, work-items past the range
// would alias valid elements (their linear index is in range) and add
// twice; a kernel without barriers never runs them
// (docs/kernel-language.md, "Ranges and groups").
//
//ka:kernel
func Masked(it ka.Item, x, y []float32) {
	if i := it.Global(); i < len(y) {
		y[i] += x[i]
	}
}

// MaskedBarrier is Masked with a barrier: it runs whole groups and
// guards with it.InRange, which the 1-D guard alone would not do right.
//
//ka:kernel
func MaskedBarrier(it ka.Item, x, y []float32) {
	it.Barrier()
	if i := it.Global(); it.InRange() && i < len(y) {
		y[i] += x[i]
	}
}
