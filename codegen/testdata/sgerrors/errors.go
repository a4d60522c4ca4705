// Package sgerrors holds kernels that call subgroup exchanges where not
// every work-item of the group reaches them; codegen's
// TestSubgroupErrors matches the diagnostics with the ERROR comments. The
// kernels without ERROR comments must compile.
package sgerrors

import "github.com/kago-dev/kago/ka"

//ka:kernel
func UnderGlobal(it ka.Item, x []float32) {
	if i := it.Global(); i < len(x) {
		x[i] = ka.SubgroupSum(it, x[i]) // ERROR: ka.SubgroupSum must be called by every work-item of the group
	}
}

//ka:kernel
func UnderLane(it ka.Item, x []int32) {
	if it.SubgroupLocalID() == 0 {
		x[0] = ka.SubgroupShuffle(it, x[0], 1) // ERROR: ka.SubgroupShuffle must be called by every work-item of the group
	}
}

//ka:kernel
func OnShuffle(it ka.Item, x []int32) {
	if ka.SubgroupShuffleXor(it, int32(it.Local()), 1) > 3 {
		x[0] = int32(ka.SubgroupBallot(it, true)) // ERROR: ka.SubgroupBallot must be called by every work-item of the group
	}
}

//ka:kernel
func InSubgroupLoop(it ka.Item, x []int32) {
	for k := 0; k < it.SubgroupSize(); k++ {
		x[0] = ka.SubgroupMax(it, x[k]) // ERROR: ka.SubgroupMax must be called by every work-item of the group
	}
}

// Uniform conditions and loops are fine, and the queries may be called
// anywhere.
//
//ka:kernel
func Uniform(it ka.Item, x []float32, n int) {
	var v float32
	if i := it.Global(); i < len(x) {
		v = x[i] + float32(it.SubgroupID())
	}
	if n > 0 {
		v = ka.SubgroupSum(it, v)
	}
	for k := 0; k < n; k++ {
		v = ka.SubgroupMin(it, v)
	}
	if i := it.Global(); i < len(x) {
		x[i] = v
	}
}
