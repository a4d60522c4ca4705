package algo

import "github.com/kago-dev/kago/ka"

// InclusiveScan writes to dst the running sums of src: dst[i] = src[0] +
// ... + src[i]. dst and src have the same length and may be the same
// array. The order is fixed (see ExclusiveScan).
func InclusiveScan[T ka.Number](s *ka.Stream, dst, src *ka.Array[T]) error {
	return scan(s, dst, src, true)
}

// ExclusiveScan writes to dst the running sums of src before each
// element: dst[0] = 0, dst[i] = src[0] + ... + src[i-1]. The order is
// fixed, so float results are the same bits on every device and run: src
// is cut into chunks of SumChunk elements; each chunk's sum is computed
// as Sum does; a chunk's offset is the sum of the chunk sums before it,
// added in order; then each chunk is scanned in order starting from its
// offset. On a CPU device, for element types of 32 bits or fewer, it is
// one pass over src (a chained scan, chained.go); elsewhere three phases,
// no barriers (docs/algorithms.md).
func ExclusiveScan[T ka.Number](s *ka.Stream, dst, src *ka.Array[T]) error {
	return scan(s, dst, src, false)
}

func scan[T ka.Number](s *ka.Stream, dst, src *ka.Array[T], inclusive bool) error {
	op := "ExclusiveScan"
	if inclusive {
		op = "InclusiveScan"
	}
	if err := checkArgs(op, s, dst, src); err != nil {
		return err
	}
	if err := checkLens(op, dst, src); err != nil {
		return err
	}
	n := src.Len()
	if n == 0 {
		return nil
	}
	if ok, err := chainedScan(s, dst, src, inclusive); ok {
		return err
	}
	return threePhaseScan(s, dst, src, inclusive)
}

// threePhaseScan is the scan of devices the chained scan does not suit:
// chunk sums, their scan (scanPartials), the chunks' scans from their
// offsets.
func threePhaseScan[T ka.Number](s *ka.Stream, dst, src *ka.Array[T], inclusive bool) error {
	n := src.Len()
	dev := s.Device()
	m := (n + SumChunk - 1) / SumChunk
	offs, err := ka.Alloc[T](dev, m)
	if err != nil {
		return err
	}
	defer offs.Free()
	if m == 1 {
		if err := Fill(s, offs, 0); err != nil {
			return err
		}
	} else {
		partial, err := ka.Alloc[T](dev, m)
		if err != nil {
			return err
		}
		defer partial.Free()
		k, err := newKPartialSumKernel[T](dev)
		if err != nil {
			return err
		}
		if err := k.Launch(s, ka.Range(m), src, partial); err != nil {
			return err
		}
		if err := scanPartials(s, offs, partial); err != nil {
			return err
		}
	}
	k, err := newKScanChunkKernel[T](dev)
	if err != nil {
		return err
	}
	return k.Launch(s, ka.Range(m), src, dst, offs, inclusive)
}

// scanPartials writes the exclusive scan of the chunk sums partial to
// offs. For floats it adds them in order, one work-item (kScanPartials),
// the order of the chained scan; integer sums are the same in any order,
// so they are scanned as src is, in parallel.
func scanPartials[T ka.Number](s *ka.Stream, offs, partial *ka.Array[T]) error {
	if one := T(1); one/2 == 0 {
		return scan(s, offs, partial, false)
	}
	k, err := newKScanPartialsKernel[T](s.Device(), ka.WithGroupSize(1))
	if err != nil {
		return err
	}
	return k.Launch(s, ka.Range(1), partial, offs)
}
