package algo

//go:generate go run ../cmd/kago gen

import "github.com/kago-dev/kago/ka"

// SumChunk is the number of elements one work-item of Sum adds (in
// chunkSum's order: see kPartialSum).
const SumChunk = 1024

// kFill sets every element of x to v.
//
//ka:kernel
func kFill[T ka.Number](it ka.Item, x []T, v T) { x[it.Global()] = v }

// kIota sets x[i] to T(i).
//
//ka:kernel
func kIota[T ka.Number](it ka.Item, x []T) {
	i := it.Global()
	x[i] = T(i)
}

// kPartialSum adds chunk w of x (elements [w*SumChunk, (w+1)*SumChunk))
// into out[w], in four accumulators from 0: element k of the chunk goes to
// accumulator k%4 while a whole group of four is left, the last (up to
// three) to accumulator 0, and the result is (a0+a1)+(a2+a3). Four
// independent chains of additions let a CPU overlap them: with one chain,
// Sum ran at 0.69× of copy's read bandwidth on PoCL, with four at 1.02×
// (docs/algorithms.md, "Measured").
//
//ka:kernel
func kPartialSum[T ka.Number](it ka.Item, x, out []T) {
	w := it.Global()
	out[w] = sumChunk(x, w)
}

// sumChunk is the sum of chunk w of x in kPartialSum's order, which the
// chained scan (chained.go) shares.
func sumChunk[T ka.Number](x []T, w int) T {
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
	return (a0 + a1) + (a2 + a3)
}

// instances are the element types the package is compiled for.
var instances = []any{
	kFill[int], kFill[int8], kFill[int16], kFill[int32], kFill[int64], kFill[uint], kFill[uint8], kFill[uint16], kFill[uint32], kFill[uint64], kFill[float32], kFill[float64],
	kIota[int], kIota[int8], kIota[int16], kIota[int32], kIota[int64], kIota[uint], kIota[uint8], kIota[uint16], kIota[uint32], kIota[uint64], kIota[float32], kIota[float64],
	kPartialSum[int], kPartialSum[int8], kPartialSum[int16], kPartialSum[int32], kPartialSum[int64], kPartialSum[uint], kPartialSum[uint8], kPartialSum[uint16], kPartialSum[uint32], kPartialSum[uint64], kPartialSum[float32], kPartialSum[float64],
}

// kScanChunk scans chunk w of x (as kPartialSum cuts it) into out, in
// order, starting from offs[w]: inclusive (out[i] includes x[i]) or
// exclusive.
//
//ka:kernel
func kScanChunk[T ka.Number](it ka.Item, x, out, offs []T, inclusive bool) {
	w := it.Global()
	scanChunk(x, out, w, offs[w], inclusive)
}

// scanChunk scans chunk w of x into out from acc, as kScanChunk does.
func scanChunk[T ka.Number](x, out []T, w int, acc T, inclusive bool) {
	lo := w * SumChunk
	hi := min(lo+SumChunk, len(x))
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

// kScanPartials writes to offs the exclusive scan of the chunk sums
// partial, in order: the float scans' chunk offsets (scanPartials).
//
//ka:kernel
func kScanPartials[T ka.Number](it ka.Item, partial, offs []T) {
	var acc T
	for w, v := range partial {
		offs[w] = acc
		acc += v
	}
}

// scanInstances are the instances of kScanChunk and kScanPartials.
var scanInstances = []any{
	kScanChunk[int], kScanChunk[int8], kScanChunk[int16], kScanChunk[int32], kScanChunk[int64], kScanChunk[uint], kScanChunk[uint8], kScanChunk[uint16], kScanChunk[uint32], kScanChunk[uint64], kScanChunk[float32], kScanChunk[float64],
	kScanPartials[float32], kScanPartials[float64],
}
