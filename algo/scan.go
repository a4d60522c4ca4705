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
// as Sum does; the chunk sums are exclusive-scanned the same way
// (recursively); then each chunk is scanned in order starting from its
// offset. Three phases, no barriers.
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
		if err := scan(s, offs, partial, false); err != nil {
			return err
		}
	}
	k, err := newKScanChunkKernel[T](dev)
	if err != nil {
		return err
	}
	return k.Launch(s, ka.Range(m), src, dst, offs, inclusive)
}
