package algo

import (
	"math"

	"github.com/kago-dev/kago/ka"
)

// KFloat32Key maps x to radix keys whose unsigned order is x's order, NaNs
// last (every NaN gets the greatest key), and keeps x's bits.
//
//ka:kernel
func KFloat32Key(it ka.Item, x []float32, keys, bits []uint32) {
	i := it.Global()
	v := x[i]
	b := math.Float32bits(v)
	k := b | 0x80000000
	if b&0x80000000 != 0 {
		k = ^b
	}
	if v != v {
		k = 0xFFFFFFFF
	}
	keys[i] = k
	bits[i] = b
}

// KFloat32FromBits writes the floats whose bits are bits.
//
//ka:kernel
func KFloat32FromBits(it ka.Item, bits []uint32, x []float32) {
	i := it.Global()
	x[i] = math.Float32frombits(bits[i])
}

// SortFloat32 sorts x in place, ascending as slices.Sort orders floats
// except that NaNs come last (and -0 before +0), stably (equal values
// keep their order, NaN payloads are kept). It sorts order-preserving
// uint32 keys with SortPairsUint32, the floats' bits as values.
func SortFloat32(s *ka.Stream, x *ka.Array[float32]) error {
	n := x.Len()
	if n <= 1 {
		return nil
	}
	dev := s.Device()
	keys, err := ka.Alloc[uint32](dev, n)
	if err != nil {
		return err
	}
	defer keys.Free()
	bits, err := ka.Alloc[uint32](dev, n)
	if err != nil {
		return err
	}
	defer bits.Free()
	kk, err := NewKFloat32KeyKernel(dev)
	if err != nil {
		return err
	}
	kb, err := NewKFloat32FromBitsKernel(dev)
	if err != nil {
		return err
	}
	if err := kk.Launch(s, ka.Range(n), x, keys, bits); err != nil {
		return err
	}
	if err := SortPairsUint32(s, keys, bits); err != nil {
		return err
	}
	return kb.Launch(s, ka.Range(n), bits, x)
}
