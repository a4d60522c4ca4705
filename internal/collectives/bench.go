package collectives

import "github.com/kago-dev/kago/ka"

// BenchGroup is the group size of the benchmark kernels.
const BenchGroup = 256

// TreeSum is examples/reduce's hand-written reduction (a LocalArray tree
// with barriers), for float32: out[group] is the sum of the group's block
// of x. It is the baseline that GroupSumBlocks must not be slower than.
//
//ka:kernel
func TreeSum(it ka.Item, x []float32, out []float32) {
	tmp := ka.LocalArray[float32](it, BenchGroup)
	l := it.Local()
	var v float32
	if i := it.Global(); i < len(x) {
		v = x[i]
	}
	tmp[l] = v
	it.Barrier()
	for s := BenchGroup / 2; s > 0; s /= 2 {
		if l < s {
			tmp[l] += tmp[l+s]
		}
		it.Barrier()
	}
	if l == 0 {
		out[it.Group()] = tmp[0]
	}
}

// GroupSumBlocks is TreeSum written with ka.GroupSum.
//
//ka:kernel
func GroupSumBlocks(it ka.Item, x []float32, out []float32) {
	var v float32
	if i := it.Global(); i < len(x) {
		v = x[i]
	}
	s := ka.GroupSum(it, v)
	if it.Local() == 0 {
		out[it.Group()] = s
	}
}
