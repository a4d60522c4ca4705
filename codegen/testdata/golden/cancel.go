package golden

import "github.com/kago-dev/kago/ka"

// CancelSpin is a loop with stop checks (//ka:cancel): every back-edge
// reads the stop flag, and a work-item that sees it raised returns.
//
//ka:kernel
//ka:cancel
func CancelSpin(it ka.Item, x []uint32, n int32) {
	i := it.Global()
	v := uint32(i)
	for k := int32(0); k < n; k++ {
		v = v*1664525 + 1013904223
	}
	if i < len(x) {
		x[i] = v
	}
}

// CancelBarrier checks at its barriers, for the whole group at once.
//
//ka:kernel
//ka:cancel
func CancelBarrier(it ka.Item, x []uint32, rounds int32) {
	tile := ka.LocalArray[uint32](it, 64)
	l := it.Local()
	v := uint32(it.Global())
	for r := int32(0); r < rounds; r++ {
		tile[l] = v
		it.Barrier()
		v = v*1664525 + tile[(l+1)%64]
		it.Barrier()
	}
	if i := it.Global(); i < len(x) {
		x[i] = v
	}
}
