package algo

//go:generate go run ../cmd/kago gen

import "github.com/kago-dev/kago/ka"

// SumChunk is the number of elements one work-item of Sum adds (in
// chunkSum's order: see KPartialSum).
const SumChunk = 1024

// KFill sets every element of x to v.
//
//ka:kernel
func KFill[T ka.Number](it ka.Item, x []T, v T) { x[it.Global()] = v }

// KIota sets x[i] to T(i).
//
//ka:kernel
func KIota[T ka.Number](it ka.Item, x []T) {
	i := it.Global()
	x[i] = T(i)
}

// KCopy copies src to dst (of the same length).
//
//ka:kernel
func KCopy[T ka.Scalar](it ka.Item, dst, src []T) {
	i := it.Global()
	dst[i] = src[i]
}

// KPartialSum adds chunk w of x (elements [w*SumChunk, (w+1)*SumChunk))
// into out[w], in four accumulators from 0: element k of the chunk goes to
// accumulator k%4 while a whole group of four is left, the last (up to
// three) to accumulator 0, and the result is (a0+a1)+(a2+a3). Four
// independent chains of additions let a CPU overlap them: with one chain,
// Sum ran at 0.69× of copy's read bandwidth on PoCL, with four at 1.02×
// (docs/algorithms.md, "Measured").
//
//ka:kernel
func KPartialSum[T ka.Number](it ka.Item, x, out []T) {
	w := it.Global()
	lo := w * SumChunk
	hi := min(lo+SumChunk, len(x))
	var a0, a1, a2, a3 T
	i := lo
	for ; i+4 <= hi; i += 4 {
		a0 += x[i]
		a1 += x[i+1]
		a2 += x[i+2]
		a3 += x[i+3]
	}
	for ; i < hi; i++ {
		a0 += x[i]
	}
	out[w] = (a0 + a1) + (a2 + a3)
}

// Instances are the element types the package is compiled for.
var Instances = []any{
	KFill[int], KFill[int8], KFill[int16], KFill[int32], KFill[int64], KFill[uint], KFill[uint8], KFill[uint16], KFill[uint32], KFill[uint64], KFill[float32], KFill[float64],
	KIota[int], KIota[int8], KIota[int16], KIota[int32], KIota[int64], KIota[uint], KIota[uint8], KIota[uint16], KIota[uint32], KIota[uint64], KIota[float32], KIota[float64],
	KCopy[bool], KCopy[int], KCopy[int8], KCopy[int16], KCopy[int32], KCopy[int64], KCopy[uint], KCopy[uint8], KCopy[uint16], KCopy[uint32], KCopy[uint64], KCopy[float32], KCopy[float64],
	KPartialSum[int], KPartialSum[int8], KPartialSum[int16], KPartialSum[int32], KPartialSum[int64], KPartialSum[uint], KPartialSum[uint8], KPartialSum[uint16], KPartialSum[uint32], KPartialSum[uint64], KPartialSum[float32], KPartialSum[float64],
}

// KScanChunk scans chunk w of x (as KPartialSum cuts it) into out, in
// order, starting from offs[w]: inclusive (out[i] includes x[i]) or
// exclusive.
//
//ka:kernel
func KScanChunk[T ka.Number](it ka.Item, x, out, offs []T, inclusive bool) {
	w := it.Global()
	lo := w * SumChunk
	hi := min(lo+SumChunk, len(x))
	acc := offs[w]
	for i := lo; i < hi; i++ {
		v := x[i]
		if inclusive {
			acc += v
			out[i] = acc
		} else {
			out[i] = acc
			acc += v
		}
	}
}

// ScanInstances are the instances of KScanChunk.
var ScanInstances = []any{
	KScanChunk[int], KScanChunk[int8], KScanChunk[int16], KScanChunk[int32], KScanChunk[int64], KScanChunk[uint], KScanChunk[uint8], KScanChunk[uint16], KScanChunk[uint32], KScanChunk[uint64], KScanChunk[float32], KScanChunk[float64],
}
