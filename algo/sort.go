package algo

import "github.com/kago-dev/kago/ka"

// kIntKey maps the integers x (of 8, 16 or 32 bits) to radix keys whose
// unsigned order is theirs: x's bits, the sign bit flipped for a signed
// type (flip), masked to the type's width (mask).
//
//ka:kernel
func kIntKey[T ka.Number](it ka.Item, x []T, keys []uint32, flip, mask uint32) {
	i := it.Global()
	keys[i] = (uint32(x[i]) ^ flip) & mask
}

// kIntFromKey inverts kIntKey.
//
//ka:kernel
func kIntFromKey[T ka.Number](it ka.Item, keys []uint32, x []T, flip uint32) {
	i := it.Global()
	x[i] = T(keys[i] ^ flip)
}

// kInt64Key is kIntKey for the 64-bit integers.
//
//ka:kernel
func kInt64Key[T ka.Number](it ka.Item, x []T, keys []uint64, flip uint64) {
	i := it.Global()
	keys[i] = uint64(x[i]) ^ flip
}

// kInt64FromKey inverts kInt64Key.
//
//ka:kernel
func kInt64FromKey[T ka.Number](it ka.Item, keys []uint64, x []T, flip uint64) {
	i := it.Global()
	x[i] = T(keys[i] ^ flip)
}

// kGather writes src[perm[i]] to dst[i].
//
//ka:kernel
func kGather[T ka.Scalar](it ka.Item, dst, src []T, perm []uint32) {
	i := it.Global()
	dst[i] = src[perm[i]]
}

// sortInstances are the instances of the key maps (the types that need
// one: uint32 and uint64 are their own keys) and of kGather (every
// value type of SortPairs).
var sortInstances = []any{
	kIntKey[int8], kIntKey[int16], kIntKey[int32], kIntKey[uint8], kIntKey[uint16],
	kIntFromKey[int8], kIntFromKey[int16], kIntFromKey[int32], kIntFromKey[uint8], kIntFromKey[uint16],
	kInt64Key[int], kInt64Key[int64], kInt64Key[uint],
	kInt64FromKey[int], kInt64FromKey[int64], kInt64FromKey[uint],
	kGather[bool], kGather[int], kGather[int8], kGather[int16], kGather[int32], kGather[int64], kGather[uint], kGather[uint8], kGather[uint16], kGather[uint32], kGather[uint64], kGather[float32], kGather[float64],
}

// Sort sorts x in place, ascending, ordered on s. Integers are in their
// numeric order. Floats are in slices.Sort's order except for -0 and the
// NaNs: -Inf, the negative numbers, -0, +0, the positive numbers, +Inf,
// then the NaNs: first those with the sign bit clear by increasing bits,
// then those with the sign bit set by decreasing bits (every NaN keeps
// its bits). Equal values (the same bits) are indistinguishable, so the
// order is fully determined.
//
// It is an LSD radix sort of 8-bit digits (radixSort: per-chunk digit counts, ExclusiveScan, an in-order scatter per chunk) over keys
// whose unsigned order is that order: the value itself for uint32 and
// uint64 (sorted in place), else a temporary array of uint32 keys for
// the types of 32 bits or fewer (one pass per byte of the type: one for
// int8, four for float32) and uint64 keys for int, int64, uint and
// float64 (eight passes), mapped back into x at the end.
func Sort[T ka.Number](s *ka.Stream, x *ka.Array[T]) error {
	if err := checkArgs("Sort", s, x); err != nil {
		return err
	}
	return sortKeys(s, x, nil)
}

// SortPairs sorts keys in place as Sort does and moves vals (of the same
// length, any scalar type, bool too) with them; keys that are equal (the
// same bits) keep the order of their values: the sort is stable. Values
// other than uint32 travel as a uint32 permutation (a temporary that
// starts as 0, 1, 2, ...), gathered into a temporary copy of vals and
// copied back at the end.
func SortPairs[K ka.Number, V ka.Scalar](s *ka.Stream, keys *ka.Array[K], vals *ka.Array[V]) error {
	if err := checkArgs("SortPairs", s, keys, vals); err != nil {
		return err
	}
	if err := checkLens("SortPairs", keys, vals); err != nil {
		return err
	}
	n := keys.Len()
	if n <= 1 {
		return nil
	}
	if v, ok := any(vals).(*ka.Array[uint32]); ok {
		return sortKeys(s, keys, v)
	}
	dev := s.Device()
	g, err := newKGatherKernel[V](dev)
	if err != nil {
		return err
	}
	perm, err := ka.Alloc[uint32](dev, n)
	if err != nil {
		return err
	}
	defer perm.Free()
	if err := Iota(s, perm); err != nil {
		return err
	}
	if err := sortKeys(s, keys, perm); err != nil {
		return err
	}
	tmp, err := ka.Alloc[V](dev, n)
	if err != nil {
		return err
	}
	defer tmp.Free()
	if err := g.Launch(s, ka.Range(n), tmp, vals, perm); err != nil {
		return err
	}
	return ka.Copy(s, vals, tmp)
}

// keyKind is how sortKeys maps a key type to radix keys.
type keyKind struct {
	bits  int    // the type's width: the keys' significant bits
	flip  uint64 // the sign bit of a signed integer type, else 0
	float bool
}

func keyKindOf[T ka.Number]() keyKind {
	switch any(*new(T)).(type) {
	case int8:
		return keyKind{bits: 8, flip: 1 << 7}
	case uint8:
		return keyKind{bits: 8}
	case int16:
		return keyKind{bits: 16, flip: 1 << 15}
	case uint16:
		return keyKind{bits: 16}
	case int32:
		return keyKind{bits: 32, flip: 1 << 31}
	case uint32:
		return keyKind{bits: 32}
	case float32:
		return keyKind{bits: 32, float: true}
	case int, int64: // int is 64-bit on devices
		return keyKind{bits: 64, flip: 1 << 63}
	case float64:
		return keyKind{bits: 64, float: true}
	}
	return keyKind{bits: 64} // uint, uint64
}

// sortKeys sorts x in place and moves vals (nil: none) with it, stably.
func sortKeys[T ka.Number](s *ka.Stream, x *ka.Array[T], vals *ka.Array[uint32]) error {
	n := x.Len()
	if n <= 1 {
		return nil
	}
	switch x := any(x).(type) {
	case *ka.Array[uint32]:
		return radixSort(s, x, vals, 32)
	case *ka.Array[uint64]:
		return radixSort(s, x, vals, 64)
	}
	kk := keyKindOf[T]()
	dev := s.Device()
	r := ka.Range(n)
	if kk.bits <= 32 {
		keys, err := ka.Alloc[uint32](dev, n)
		if err != nil {
			return err
		}
		defer keys.Free()
		if kk.float {
			xf := any(x).(*ka.Array[float32])
			k, err := newKFloat32KeyKernel(dev)
			if err != nil {
				return err
			}
			kb, err := newKFloat32FromKeyKernel(dev)
			if err != nil {
				return err
			}
			if err := k.Launch(s, r, xf, keys); err != nil {
				return err
			}
			if err := radixSort(s, keys, vals, 32); err != nil {
				return err
			}
			return kb.Launch(s, r, keys, xf)
		}
		k, err := newKIntKeyKernel[T](dev)
		if err != nil {
			return err
		}
		kb, err := newKIntFromKeyKernel[T](dev)
		if err != nil {
			return err
		}
		flip, mask := uint32(kk.flip), uint32(1<<kk.bits-1)
		if err := k.Launch(s, r, x, keys, flip, mask); err != nil {
			return err
		}
		if err := radixSort(s, keys, vals, kk.bits); err != nil {
			return err
		}
		return kb.Launch(s, r, keys, x, flip)
	}
	keys, err := ka.Alloc[uint64](dev, n)
	if err != nil {
		return err
	}
	defer keys.Free()
	if kk.float {
		xf := any(x).(*ka.Array[float64])
		k, err := newKFloat64KeyKernel(dev)
		if err != nil {
			return err
		}
		kb, err := newKFloat64FromKeyKernel(dev)
		if err != nil {
			return err
		}
		if err := k.Launch(s, r, xf, keys); err != nil {
			return err
		}
		if err := radixSort(s, keys, vals, 64); err != nil {
			return err
		}
		return kb.Launch(s, r, keys, xf)
	}
	k, err := newKInt64KeyKernel[T](dev)
	if err != nil {
		return err
	}
	kb, err := newKInt64FromKeyKernel[T](dev)
	if err != nil {
		return err
	}
	if err := k.Launch(s, r, x, keys, kk.flip); err != nil {
		return err
	}
	if err := radixSort(s, keys, vals, 64); err != nil {
		return err
	}
	return kb.Launch(s, r, keys, x, kk.flip)
}
