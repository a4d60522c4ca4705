package algo

import "github.com/kago-dev/kago/ka"

// radixBins is the number of buckets of one radix pass (8 bits).
const radixBins = 256

// KRadixHist counts the digits (keys[i] >> shift) & 255 of chunk w of keys
// (as KPartialSum cuts it) into hist[d*m + w]: digit-major, so that an
// exclusive scan of hist gives each chunk's first position per digit.
//
//ka:kernel
func KRadixHist(it ka.Item, keys, hist []uint32, shift uint32, m int) {
	w := it.Global()
	var c [radixBins]uint32
	lo := w * SumChunk
	hi := min(lo+SumChunk, len(keys))
	for i := lo; i < hi; i++ {
		c[(keys[i]>>shift)&(radixBins-1)]++
	}
	for d := 0; d < radixBins; d++ {
		hist[d*m+w] = c[d]
	}
}

// KRadixScatter moves chunk w of keys (and vals) to out (and outVals), in
// order, from the positions offs[d*m + w]: a stable pass.
//
//ka:kernel
func KRadixScatter(it ka.Item, keys, out, vals, outVals, offs []uint32, shift uint32, m int, pairs bool) {
	w := it.Global()
	var o [radixBins]uint32
	for d := 0; d < radixBins; d++ {
		o[d] = offs[d*m+w]
	}
	lo := w * SumChunk
	hi := min(lo+SumChunk, len(keys))
	for i := lo; i < hi; i++ {
		k := keys[i]
		d := (k >> shift) & (radixBins - 1)
		out[o[d]] = k
		if pairs {
			outVals[o[d]] = vals[i]
		}
		o[d]++
	}
}

// SortUint32 sorts keys in place, ascending, with an LSD radix sort of
// four stable 8-bit passes (per-chunk digit counts, ExclusiveScan, an
// in-order scatter per chunk), ordered on s.
func SortUint32(s *ka.Stream, keys *ka.Array[uint32]) error {
	return radixSort(s, keys, nil)
}

// SortPairsUint32 sorts keys in place and moves vals (of the same length)
// with them; equal keys keep their order (the sort is stable).
func SortPairsUint32(s *ka.Stream, keys, vals *ka.Array[uint32]) error {
	return radixSort(s, keys, vals)
}

func radixSort(s *ka.Stream, keys, vals *ka.Array[uint32]) error {
	n := keys.Len()
	if n <= 1 {
		return nil
	}
	dev := s.Device()
	m := (n + SumChunk - 1) / SumChunk
	hk, err := NewKRadixHistKernel(dev)
	if err != nil {
		return err
	}
	sk, err := NewKRadixScatterKernel(dev)
	if err != nil {
		return err
	}
	var temps []*ka.Array[uint32]
	defer func() {
		for _, t := range temps {
			t.Free()
		}
	}()
	alloc := func(n int) (*ka.Array[uint32], error) {
		a, err := ka.Alloc[uint32](dev, n)
		if err == nil {
			temps = append(temps, a)
		}
		return a, err
	}
	hist, err := alloc(radixBins * m)
	if err != nil {
		return err
	}
	tmpK, err := alloc(n)
	if err != nil {
		return err
	}
	pairs := vals != nil
	tmpV := tmpK // a placeholder when there are no values
	if pairs {
		if tmpV, err = alloc(n); err != nil {
			return err
		}
	} else {
		vals = keys
	}
	src, dst, srcV, dstV := keys, tmpK, vals, tmpV
	for shift := uint32(0); shift < 32; shift += 8 {
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
	// Four passes: the keys are back in keys, the values in vals.
	return nil
}
