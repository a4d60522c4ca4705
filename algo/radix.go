package algo

import "github.com/kago-dev/kago/ka"

// radixBins is the number of buckets of one radix pass (8 bits).
const radixBins = 256

// kRadixHist counts the digits (keys[i] >> shift) & 255 of chunk w of keys
// (as kPartialSum cuts it) into hist[d*m + w]: digit-major, so that an
// exclusive scan of hist gives each chunk's first position per digit.
//
//ka:kernel
func kRadixHist[K uint32 | uint64](it ka.Item, keys []K, hist []uint32, shift uint32, m int) {
	w := it.Global()
	var c [radixBins]uint32
	lo := w * SumChunk
	hi := min(lo+SumChunk, len(keys))
	for i := lo; i < hi; i++ {
		c[uint32(keys[i]>>shift)&(radixBins-1)]++
	}
	for d := 0; d < radixBins; d++ {
		hist[d*m+w] = c[d]
	}
}

// kRadixScatter moves chunk w of keys (and vals) to out (and outVals), in
// order, from the positions offs[d*m + w]: a stable pass.
//
//ka:kernel
func kRadixScatter[K uint32 | uint64](it ka.Item, keys, out []K, vals, outVals, offs []uint32, shift uint32, m int, pairs bool) {
	w := it.Global()
	var o [radixBins]uint32
	for d := 0; d < radixBins; d++ {
		o[d] = offs[d*m+w]
	}
	lo := w * SumChunk
	hi := min(lo+SumChunk, len(keys))
	for i := lo; i < hi; i++ {
		k := keys[i]
		d := uint32(k>>shift) & (radixBins - 1)
		out[o[d]] = k
		if pairs {
			outVals[o[d]] = vals[i]
		}
		o[d]++
	}
}

// radixInstances are the instances of the radix passes: 32-bit keys and
// 64-bit keys, each with uint32 values.
var radixInstances = []any{
	kRadixHist[uint32], kRadixHist[uint64], kRadixScatter[uint32], kRadixScatter[uint64],
}

// radixSort sorts keys in place by their low bits bits (a multiple of 8,
// at most K's width) and moves vals (nil: none) with them, in bits/8
// stable 8-bit passes, least significant digit first. After an odd
// number of passes the result is copied back from the temporaries.
func radixSort[K uint32 | uint64](s *ka.Stream, keys *ka.Array[K], vals *ka.Array[uint32], bits int) error {
	n := keys.Len()
	if n <= 1 {
		return nil
	}
	dev := s.Device()
	m := (n + SumChunk - 1) / SumChunk
	hk, err := newKRadixHistKernel[K](dev)
	if err != nil {
		return err
	}
	sk, err := newKRadixScatterKernel[K](dev)
	if err != nil {
		return err
	}
	hist, err := ka.Alloc[uint32](dev, radixBins*m)
	if err != nil {
		return err
	}
	defer hist.Free()
	tmpK, err := ka.Alloc[K](dev, n)
	if err != nil {
		return err
	}
	defer tmpK.Free()
	pairs := vals != nil
	tmpV := hist // a placeholder when there are no values
	if pairs {
		if tmpV, err = ka.Alloc[uint32](dev, n); err != nil {
			return err
		}
		defer tmpV.Free()
	} else {
		vals = hist
	}
	src, dst, srcV, dstV := keys, tmpK, vals, tmpV
	for shift := uint32(0); shift < uint32(bits); shift += 8 {
		if err := hk.Launch(s, ka.Range(m), src, hist, shift, m); err != nil {
			return err
		}
		if err := ExclusiveScan(s, hist, hist); err != nil {
			return err
		}
		if err := sk.Launch(s, ka.Range(m), src, dst, srcV, dstV, hist, shift, m, pairs); err != nil {
			return err
		}
		src, dst, srcV, dstV = dst, src, dstV, srcV
	}
	if src == keys {
		return nil
	}
	if err := ka.Copy(s, keys, src); err != nil {
		return err
	}
	if pairs {
		return ka.Copy(s, vals, srcV)
	}
	return nil
}
