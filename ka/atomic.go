package ka

import (
	"math"
	"sync/atomic"
	"unsafe"
)

// AtomicType is the set of types the atomic functions work on. 64-bit
// atomics need a device with 64-bit atomics (Capabilities.Features has Int64Atomics).
type AtomicType interface {
	int32 | uint32 | int64 | uint64 | float32 | float64
}

// The atomic functions operate on one element of global or local memory,
// given by its address (&s[i]). Each returns the value the element held
// before the operation. They are relaxed atomics: atomic for that element
// only, with no ordering of other memory (use Barrier for that).

// AtomicAdd adds v to *p.
func AtomicAdd[T AtomicType](p *T, v T) T {
	if isFloat[T]() {
		if unsafe.Sizeof(v) == 4 {
			return T(addFloat32((*float32)(unsafe.Pointer(p)), float32(v)))
		}
		return T(addFloat64((*float64)(unsafe.Pointer(p)), float64(v)))
	}
	return addInt(p, v)
}

// AtomicSub subtracts v from *p. For floats it adds -v, which IEEE 754
// defines to be the same.
func AtomicSub[T AtomicType](p *T, v T) T {
	return AtomicAdd(p, -v)
}

// isFloat reports whether T is float32 or float64: T(1)/2 is 0 for the
// integers. Each instantiation folds it to a constant.
func isFloat[T AtomicType]() bool {
	one := T(1)
	return one/2 != 0
}

// addInt is AtomicAdd for the integer types: sync/atomic's add on the
// bits, which two's complement makes the same for signed and unsigned.
func addInt[T AtomicType](p *T, v T) T {
	if unsafe.Sizeof(v) == 4 {
		q, b := (*uint32)(unsafe.Pointer(p)), bits32(v)
		return from32[T](atomic.AddUint32(q, b) - b)
	}
	q, b := (*uint64)(unsafe.Pointer(p)), bits64(v)
	return from64[T](atomic.AddUint64(q, b) - b)
}

// addFloat32 and addFloat64 are the float atomic adds: a compare-and-swap
// loop on the bits, as a Go programmer writes one with sync/atomic; not
// generic, so that AtomicAdd's float cases cost what that loop costs.
func addFloat32(p *float32, v float32) float32 {
	q := (*uint32)(unsafe.Pointer(p))
	for {
		cur := atomic.LoadUint32(q)
		old := math.Float32frombits(cur)
		if atomic.CompareAndSwapUint32(q, cur, math.Float32bits(old+v)) {
			return old
		}
	}
}

func addFloat64(p *float64, v float64) float64 {
	q := (*uint64)(unsafe.Pointer(p))
	for {
		cur := atomic.LoadUint64(q)
		old := math.Float64frombits(cur)
		if atomic.CompareAndSwapUint64(q, cur, math.Float64bits(old+v)) {
			return old
		}
	}
}

// AtomicInt is the set of integer types the bitwise atomics work on.
type AtomicInt interface {
	int32 | uint32 | int64 | uint64
}

// AtomicAnd stores *p & v in *p.
func AtomicAnd[T AtomicInt](p *T, v T) T {
	return casLoop(p, func(old T) T { return old & v })
}

// AtomicOr stores *p | v in *p.
func AtomicOr[T AtomicInt](p *T, v T) T {
	return casLoop(p, func(old T) T { return old | v })
}

// AtomicXor stores *p ^ v in *p.
func AtomicXor[T AtomicInt](p *T, v T) T {
	return casLoop(p, func(old T) T { return old ^ v })
}

// AtomicMax stores max(*p, v) in *p. For floats, a NaN in either operand
// follows Go's max: the result is NaN.
func AtomicMax[T AtomicType](p *T, v T) T {
	return casLoop(p, func(old T) T { return max(old, v) })
}

// AtomicMin stores min(*p, v) in *p, with Go's min semantics for floats.
func AtomicMin[T AtomicType](p *T, v T) T {
	return casLoop(p, func(old T) T { return min(old, v) })
}

// AtomicExchange stores v in *p.
func AtomicExchange[T AtomicType](p *T, v T) T {
	if unsafe.Sizeof(v) == 4 {
		return from32[T](atomic.SwapUint32((*uint32)(unsafe.Pointer(p)), bits32(v)))
	}
	return from64[T](atomic.SwapUint64((*uint64)(unsafe.Pointer(p)), bits64(v)))
}

// AtomicCAS stores new in *p if *p == old (compared bit for bit for
// floats). It returns the value *p held before, so the swap happened when
// the result equals old.
func AtomicCAS[T AtomicType](p *T, old, new T) T {
	switch unsafe.Sizeof(old) {
	case 4:
		q := (*uint32)(unsafe.Pointer(p))
		o, n := bits32(old), bits32(new)
		for {
			cur := atomic.LoadUint32(q)
			if cur != o {
				return from32[T](cur)
			}
			if atomic.CompareAndSwapUint32(q, o, n) {
				return old
			}
		}
	default:
		q := (*uint64)(unsafe.Pointer(p))
		o, n := bits64(old), bits64(new)
		for {
			cur := atomic.LoadUint64(q)
			if cur != o {
				return from64[T](cur)
			}
			if atomic.CompareAndSwapUint64(q, o, n) {
				return old
			}
		}
	}
}

// casLoop applies f atomically to *p with compare-and-swap on the bits.
func casLoop[T AtomicType](p *T, f func(T) T) T {
	switch unsafe.Sizeof(*p) {
	case 4:
		q := (*uint32)(unsafe.Pointer(p))
		for {
			cur := atomic.LoadUint32(q)
			old := from32[T](cur)
			if atomic.CompareAndSwapUint32(q, cur, bits32(f(old))) {
				return old
			}
		}
	default:
		q := (*uint64)(unsafe.Pointer(p))
		for {
			cur := atomic.LoadUint64(q)
			old := from64[T](cur)
			if atomic.CompareAndSwapUint64(q, cur, bits64(f(old))) {
				return old
			}
		}
	}
}

// bits32 and bits64 are v's bits (math.Float32bits for a float32), from32
// and from64 the value of bits b.
func bits32[T AtomicType](v T) uint32 { return *(*uint32)(unsafe.Pointer(&v)) }
func bits64[T AtomicType](v T) uint64 { return *(*uint64)(unsafe.Pointer(&v)) }

func from32[T AtomicType](b uint32) T { return *(*T)(unsafe.Pointer(&b)) }
func from64[T AtomicType](b uint64) T { return *(*T)(unsafe.Pointer(&b)) }
