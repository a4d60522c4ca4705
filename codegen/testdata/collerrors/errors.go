// Package collerrors holds kernels that call group collectives where not
// every work-item of the group reaches them; codegen's
// TestCollectiveErrors matches the diagnostics with the ERROR comments.
// The kernels without ERROR comments must compile.
package collerrors

import "github.com/kago-dev/kago/ka"

//ka:kernel
func UnderGlobal(it ka.Item, x []float32) {
	if i := it.Global(); i < len(x) {
		x[i] = ka.GroupSum(it, x[i]) // ERROR: must be called by every work-item of the group
	}
}

//ka:kernel
func InItemLoop(it ka.Item, x []int32, n int) {
	for i := it.Local(); i < n; i += 2 {
		x[0] = ka.GroupMax(it, int32(i)) // ERROR: must be called by every work-item of the group
	}
}

//ka:kernel
func OnLoadedValue(it ka.Item, x []int32) {
	if x[it.Global()] > 0 {
		ka.GroupBroadcast(it, x[0], 0) // ERROR: must be called by every work-item of the group
	}
}

//ka:kernel
func OnScan(it ka.Item, x []int32) {
	if ka.GroupInclusiveSum(it, int32(1)) > 3 {
		x[0] = ka.GroupMin(it, x[0]) // ERROR: must be called by every work-item of the group
	}
}

// Uniform conditions and loops are fine.
//
//ka:kernel
func Uniform(it ka.Item, x []float32, n int) {
	var v float32
	if i := it.Global(); i < len(x) {
		v = x[i]
	}
	if n > 0 {
		v = ka.GroupSum(it, v)
	}
	for k := 0; k < n; k++ {
		v = ka.GroupExclusiveSum(it, v)
	}
	if ka.GroupAny(it, v > 0) {
		v = ka.GroupMax(it, v)
	}
	if i := it.Global(); i < len(x) {
		x[i] = v
	}
}
