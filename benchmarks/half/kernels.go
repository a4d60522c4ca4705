// Package half measures what kago's 16-bit floats cost: the same scaling
// kernel over float32, ka.BFloat16 and ka.Float16 arrays, whose 16-bit
// forms convert each element to float32 and back (ka/internal/devmath's
// bit operations, inlined into the kernel):
//
//	go test -run '^$' -bench . -benchtime 20x ./benchmarks/half
//
// Each iteration runs the three kernels one after the other on the same
// device, so the ratios (a 16-bit kernel's time over float32's) are
// measured sample by sample; the metrics are medians.
package half

//go:generate go run ../../cmd/kago gen

import "github.com/kago-dev/kago/ka"

// Scale32 is y[i] = a·x[i] in float32.
//
//ka:kernel
func Scale32(it ka.Item, a float32, x, y []float32) {
	if i := it.Global(); i < len(x) && i < len(y) {
		y[i] = a * x[i]
	}
}

// ScaleBF16 is Scale32 on bfloat16 arrays, computed in float32.
//
//ka:kernel
func ScaleBF16(it ka.Item, a float32, x, y []ka.BFloat16) {
	if i := it.Global(); i < len(x) && i < len(y) {
		y[i] = ka.ToBFloat16(a * x[i].Float32())
	}
}

// ScaleF16 is Scale32 on float16 arrays, computed in float32.
//
//ka:kernel
func ScaleF16(it ka.Item, a float32, x, y []ka.Float16) {
	if i := it.Global(); i < len(x) && i < len(y) {
		y[i] = ka.ToFloat16(a * x[i].Float32())
	}
}
